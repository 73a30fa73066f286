/**
 * Every i18n key the code uses exists in the Spanish messages. The scan reads the sources for
 * quoted strings that start with a message namespace (translate('…'), label="…", declaration
 * titles, yup messages 'validation.…') and resolves each one to a text.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AREAS } from '../resources/areas';
import { spanishMessages } from './es/index';
import { lookup, type MessageTree } from './translate';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SCANNED = ['src', 'dataProvider', 'authProvider', 'resources'];
const NAMESPACES = Object.keys(spanishMessages);
/**
 * Quoted strings that look like keys but are not messages: the area table's keys (`settings.siteTypes`, resources/areas.ts)
 * and form paths of nested values (the audience field's `audience.departments`).
 */
const NOT_MESSAGES = new Set<string>([...Object.keys(AREAS), 'audience.departments']);
const KEY = new RegExp(`(['"\`])((?:${NAMESPACES.join('|')})\\.[A-Za-z0-9_.]*[A-Za-z0-9_])\\1`, 'g');

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

export function usedKeys(): Map<string, string[]> {
  const used = new Map<string, string[]>();
  for (const dir of SCANNED) {
    for (const file of sourceFiles(path.join(root, dir))) {
      const text = fs.readFileSync(file, 'utf8');
      for (const match of text.matchAll(KEY)) {
        const key = match[2]!;
        if (NOT_MESSAGES.has(key)) continue;
        used.set(key, [...(used.get(key) ?? []), path.relative(root, file)]);
      }
    }
  }
  return used;
}

describe('i18n keys used by the code', () => {
  const used = usedKeys();

  it('finds the keys (the scan cannot pass vacuously)', () => {
    expect(used.size).toBeGreaterThanOrEqual(60);
    for (const expected of ['validation.login.email_required', 'resources.audit.title', 'menu.sites', 'pages.not_found.title', 'errors.forbidden']) {
      expect(used.has(expected), expected).toBe(true);
    }
    const dirs = new Set([...used.values()].flat().map((file) => file.split(path.sep)[0]));
    expect([...dirs].sort()).toEqual(expect.arrayContaining(['authProvider', 'resources', 'src']));
  });

  it('every used key has a Spanish text', () => {
    const missing = [...used.entries()]
      .filter(([key]) => lookup(spanishMessages as unknown as MessageTree, key) === undefined)
      .map(([key, files]) => `${key} (${[...new Set(files)].join(', ')})`);
    expect(missing).toEqual([]);
  });
});
