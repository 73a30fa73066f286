/** The row rules of the load files (server/loads/rows.ts), table-driven. */
import { describe, expect, it } from 'vitest';
import { cellValue } from './sheet';
import { dayOf, decimalNumber, duplicates, parseEmailRow, parseGovIndexRow, parsePopulationRow, parseSiteUpdateRow, wholeNumber } from './rows';

const row = (...cells: (string | number | Date | null)[]) => ({ line: 7, cells });
const errorKey = (parsed: { ok: boolean; error?: { key: string } }) => (parsed.ok ? null : parsed.error!.key);

describe('cells', () => {
  it.each([
    [null, null],
    ['  ', null],
    [' a ', 'a'],
    [{ richText: [{ text: 'Bo' }, { text: 'gotá' }] }, 'Bogotá'],
    [{ text: 'x@y.co', hyperlink: 'mailto:x@y.co' }, 'x@y.co'],
    [{ formula: 'A1*2', result: 42 }, 42],
    [true, '1'],
  ])('cellValue(%j) = %j', (value, expected) => expect(cellValue(value)).toEqual(expected));

  it.each([
    [12, 12],
    [12.5, null],
    ['1.234.567', 1234567],
    ['12 000', 12000],
    ['-3', null],
    ['abc', null],
    [null, null],
  ])('wholeNumber(%j) = %j', (cell, expected) => expect(wholeNumber(cell)).toBe(expected));

  it.each([
    ['30,25', 30.25],
    ['30.5', 30.5],
    [7, 7],
    ['7,', null],
    ['', null],
  ])('decimalNumber(%j) = %j', (cell, expected) => expect(decimalNumber(cell)).toBe(expected));

  it('days: date cells, Excel serials, AAAA-MM-DD; empty is null; impossible dates are refused', () => {
    expect(dayOf(null)).toBeNull();
    expect(dayOf('2024-02-29')?.toISOString()).toBe('2024-02-29T00:00:00.000Z');
    expect(dayOf('2023-02-29')).toBeUndefined();
    expect(dayOf(45000)?.toISOString()).toBe('2023-03-15T00:00:00.000Z');
    expect(dayOf('ayer')).toBeUndefined();
  });
});

describe('rows', () => {
  it.each([
    [row('05001', 100), null],
    [row(5001, 100), null],
    [row('5001', '1.000'), null],
    [row('501', 1), 'loads.rows.dane_code'],
    [row('050011', 1), 'loads.rows.dane_code'],
    [row('05001', -1), 'loads.rows.population'],
    [row('05001', 2_147_483_648), 'loads.rows.population'],
    [row('05001', null), 'loads.rows.population'],
  ])('population %j → %s', (input, key) => expect(errorKey(parsePopulationRow(input))).toBe(key));

  it('population keeps the code with its leading zero', () => {
    expect(parsePopulationRow(row(5001, 3))).toEqual({ ok: true, line: 7, value: { locationId: 5001, code: '05001', population: 3 } });
  });

  it.each([
    [row(1, 'A@B.CO', null), null],
    [row(1, 'a@b.co', '2024-01-01'), null],
    [row(0, 'a@b.co'), 'loads.rows.site_id'],
    [row('x', 'a@b.co'), 'loads.rows.site_id'],
    [row(1, 'sin arroba'), 'loads.rows.email'],
    [row(1, null), 'loads.rows.email'],
    [row(1, 'a@b.co', '2024-13-01'), 'loads.rows.last_login'],
  ])('e-mail %j → %s', (input, key) => expect(errorKey(parseEmailRow(input))).toBe(key));

  it('e-mails are lower-cased and carry the line in their message values', () => {
    expect(parseEmailRow(row(3, ' A@B.CO '))).toMatchObject({ ok: true, value: { siteId: 3, email: 'a@b.co', lastLogin: null } });
    expect(parseEmailRow(row(3, 'malo'))).toEqual({ ok: false, error: { line: 7, key: 'loads.rows.email', values: { line: 7 } } });
  });

  it.each([
    [row(1, 0, 100, '50,5', 1), null],
    [row(1, 0, 101, 1, 1), 'loads.rows.index'],
    [row(1, 0, 1, 1), 'loads.rows.index'],
    [row(null, 1, 1, 1, 1), 'loads.rows.site_id'],
  ])('gov index %j → %s', (input, key) => expect(errorKey(parseGovIndexRow(input, (name) => name))).toBe(key));

  it('gov index names the bad column', () => {
    expect(parseGovIndexRow(row(1, 1, 1, 'x', 1), (name) => `«${name}»`)).toMatchObject({ ok: false, error: { values: { name: '«index3»' } } });
  });

  it.each([
    [row(1, 'n', 'd', 'm', 't', 'ABC', 1), null],
    [row(1, 'n', 'd', 'm', 't', null, 0), null],
    [row(1, 'n', 'd', 'm', 't', 1234567890, '1'), null],
    [row(1, 'n', 'd', 'm', 't', '12345678901', 1), 'loads.rows.registry_code'],
    [row(1, 'n', 'd', 'm', 't', 'A', 2), 'loads.rows.order'],
    [row(1, 'n', 'd', 'm', 't', 'A', null), 'loads.rows.order'],
    [row(-1, 'n', 'd', 'm', 't', 'A', 1), 'loads.rows.site_id'],
  ])('bulk update %j → %s', (input, key) => expect(errorKey(parseSiteUpdateRow(input))).toBe(key));

  it('duplicates name the first line of the key', () => {
    const rows = [2, 3, 4].map((line, index) => ({ line, value: { id: index === 2 ? 1 : index + 1 } }));
    expect(duplicates(rows, (value) => String(value.id), (value) => `id ${value.id}`)).toEqual([
      { line: 4, key: 'loads.rows.duplicate', values: { line: 4, value: 'id 1', first: 2 } },
    ]);
  });
});
