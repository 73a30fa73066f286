import { describe, expect, it } from 'vitest';
import { checkLine, createDuplicateTracker, headerMatches, orderTypeOf, type BulkLookups } from './bulkFileRules';

const lookups: BulkLookups = {
  siteTypes: new Set([1, 2, 3, 4, 5]),
  departments: new Set([5, 11]),
  municipalities: new Map([
    [5001, 5],
    [11001, 11],
  ]),
  takenAliases: new Set(['usado']),
  takenUrls: new Set(['https://usada.gov.co']),
};
const cells = (overrides: Partial<Record<number, string>> = {}) =>
  ['Alcaldía de Prueba', 'prueba', '2', '05', '05001', 'https://prueba.gov.co', 'Calle 1 # 2-3', '6.2', '-75.5'].map((cell, index) => overrides[index] ?? cell);

describe('bulk portal file lines (spec 01 §5 site rules)', () => {
  it('accepts the header without case or accents, and refuses another', () => {
    expect(headerMatches(['Nombre', 'ALIAS', 'tipo entidad', 'Departamento', 'municipio', 'URL', 'Dirección', 'latitud', 'longitud'])).toBe(true);
    expect(headerMatches(['nombre', 'alias'])).toBe(false);
  });

  it.each([
    [{}, []],
    [{ 0: 'Abc' }, ['name']],
    [{ 1: 'con espacio' }, ['alias']],
    [{ 2: '9' }, ['site_type']],
    [{ 3: '99' }, ['department']],
    [{ 4: '11001' }, ['municipality_department']],
    [{ 4: '' }, ['municipality_required']],
    [{ 5: 'www.sin-esquema.co' }, ['url']],
    [{ 6: 'C1' }, ['address']],
    [{ 7: '-90.5' }, ['latitude']],
    [{ 8: '180,1' }, ['longitude']],
    [{ 1: 'USADO' }, ['alias_taken']],
    [{ 5: 'https://usada.gov.co/' }, ['url_taken']],
  ] as const)('%o → %o', (overrides, keys) => {
    expect(checkLine(2, cells(overrides), lookups).errors.map((error) => error.key)).toEqual(keys);
  });

  it('derives the order type from the entity type, else from the municipality', () => {
    expect([orderTypeOf(1, null), orderTypeOf(2, 5001), orderTypeOf(5, null), orderTypeOf(5, 5001)]).toEqual([0, 1, 0, 1]);
  });

  it('names the first line of a repeated alias or URL', () => {
    const track = createDuplicateTracker();
    const first = checkLine(2, cells(), lookups).site!;
    const second = checkLine(3, cells({ 1: 'PRUEBA', 5: 'https://PRUEBA.gov.co/' }), lookups).site!;
    expect(track(first)).toEqual([]);
    expect(track(second).map((error) => [error.key, error.values?.first])).toEqual([
      ['alias_repeated', 2],
      ['url_repeated', 2],
    ]);
  });
});
