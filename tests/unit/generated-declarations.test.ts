/**
 * The files `npm run db:generate` writes from the catalogue declarations (scripts/catalogueFiles.ts) are rendered again
 * here: a declaration changed or added without regenerating fails, naming the stale file.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { discoverCatalogues, renderCatalogueFiles, ROOT, tsLiteral } from '../../scripts/catalogueFiles';

describe('files generated from the catalogue declarations', () => {
  it('finds the catalogues under resources/catalogues/, in the order of the settings index', async () => {
    const found = (await discoverCatalogues()).map((catalogue) => [catalogue.module, catalogue.exportName, catalogue.declaration.settingsPage.position] as const);
    const known = [
      ['sitetypes', 'siteTypesResource', 2],
      ['proceduretypes', 'procedureTypesResource', 3],
      ['documenttypes', 'documentTypesResource', 7],
      ['chatcategories', 'chatCategoriesResource', 18],
    ];
    // Another catalogue may be added; these four stay, in this order.
    expect(found.filter(([module]) => known.some(([name]) => name === module))).toEqual(known);
    const positions = found.map(([, , position]) => position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it('are up to date (else: run npm run db:generate)', async () => {
    const files = renderCatalogueFiles(await discoverCatalogues());
    expect(Object.keys(files).length).toBe(3);
    for (const [file, text] of Object.entries(files)) {
      expect(fs.readFileSync(path.join(ROOT, file), 'utf8'), `${file} is stale: run npm run db:generate`).toBe(text);
    }
  });

  it('writes plain data in the project quotes, and refuses what is not', () => {
    expect(tsLiteral({ name: "it's", 'settings.x': [1, true, null], skipped: undefined })).toBe("{ name: 'it\\'s', 'settings.x': [1, true, null] }");
    expect(() => tsLiteral({ rule: () => true })).toThrow(/not plain data/);
  });
});
