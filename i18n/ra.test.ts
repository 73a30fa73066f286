/** Every react-admin 5 message has a Spanish text with the same placeholders. */
import englishMessages from 'ra-language-english';
import { describe, expect, it } from 'vitest';
import { ra } from './es/ra';
import { spanishMessages } from './es/index';

type Tree = { [key: string]: string | Tree };

export function flatten(tree: Tree, prefix = ''): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') result[path] = value;
    else Object.assign(result, flatten(value, path));
  }
  return result;
}

const placeholders = (text: string) => [...new Set(text.match(/%\{\w+\}/g) ?? [])].sort();

const english = flatten(englishMessages as unknown as Tree);
const spanish = flatten(ra as unknown as Tree);

describe('react-admin messages in Spanish', () => {
  it('covers the whole English catalogue of react-admin 5', () => {
    expect(Object.keys(english).length).toBeGreaterThan(150);
    const missing = Object.keys(english).filter((key) => !(key in spanish));
    expect(missing).toEqual([]);
  });

  it('has no key react-admin does not know', () => {
    expect(Object.keys(spanish).filter((key) => !(key in english))).toEqual([]);
  });

  /**
   * Texts that use another value react-admin passes: the sort label gets both `field` and
   * `field_lower_first`, and lowering the first letter spoils acronyms ('Ordenar por iD').
   */
  const OTHER_PLACEHOLDERS: Record<string, string[]> = { 'ra.sort.sort_by': ['%{field}', '%{order}'] };

  it('keeps the same placeholders and plural forms', () => {
    const mismatched = Object.keys(english).filter(
      (key) =>
        JSON.stringify(OTHER_PLACEHOLDERS[key] ?? placeholders(english[key]!)) !== JSON.stringify(placeholders(spanish[key] ?? '')) ||
        english[key]!.includes('||||') !== (spanish[key] ?? '').includes('||||'),
    );
    expect(mismatched).toEqual([]);
  });

  it('is translated (no English sentence left) and accented', () => {
    const untranslated = Object.keys(english).filter(
      (key) =>
        /[a-z]{3,}/i.test(english[key]!.replace(/%\{\w+\}/g, '')) &&
        english[key] === spanish[key] &&
        key !== 'ra.configurable.inspector.title', // 'Inspector' is the same word in Spanish
    );
    expect(untranslated).toEqual([]);
    expect(spanish['ra.auth.logout']).toBe('Cerrar sesión');
    expect(spanish['ra.boolean.true']).toBe('Sí');
  });

  it('is the base of the aggregated messages', () => {
    expect((spanishMessages as unknown as Tree).ra).toBe(ra.ra);
  });
});
