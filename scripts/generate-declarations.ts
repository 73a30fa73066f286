/** `npm run db:generate`, before drizzle-kit: writes the files generated from the catalogue declarations (scripts/catalogueFiles.ts). */
import fs from 'node:fs';
import path from 'node:path';
import { discoverCatalogues, renderCatalogueFiles, ROOT } from './catalogueFiles';

const files = renderCatalogueFiles(await discoverCatalogues());
for (const [file, text] of Object.entries(files)) {
  const target = path.join(ROOT, file);
  if (fs.existsSync(target) && fs.readFileSync(target, 'utf8') === text) continue;
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, text);
  console.log(`written ${file}`);
}
