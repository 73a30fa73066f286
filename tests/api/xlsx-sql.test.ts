/**
 * The XLSX text cell written by the database (migration 0025 `xlsx_text_cell`, server/exports/xlsxSql.ts) against Node's
 * `sheetCell` (xmlText's escaping, server/exports/xmlText.ts) on arbitrary text, on PGlite and on PostgreSQL
 * (TEST_DATABASE_URL): worksheets built by the database must hold the same cells.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sheetCell } from '../../server/exports/xlsxSheet';
import { xlsxBatchSql, xlsxDateCellSql, xlsxLiteralCellSql, xlsxNumberCellSql, xlsxRowSql, xlsxTextCellSql, type XlsxBatchRow } from '../../server/exports/xlsxSql';
import { createTestApp, type TestApp } from '../helpers/testApp';
import { sqlCells } from '../helpers/sqlCells';
import { propertyRuns } from '../helpers/propertyRuns';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp({ seed: 'none' });
});
afterAll(async () => {
  await test?.close();
});

/** The database's cells of the texts at `B7`, in their order. */
const cellsOf = (texts: readonly (string | null)[]) => sqlCells(test.database, "xlsx_text_cell('B7', x.value)", texts);

// PostgreSQL text holds no NUL (and, UTF-8, no lone surrogate: fast-check's plain strings may hold one, PostgreSQL
// refuses them before any cell is written, so they are left out).
const storable = (text: string) => !text.includes('\u0000') && !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);
const tricky = fc.string({
  unit: fc.constantFrom('a', 'Ñ', '😀', ' ', '&', '<', '>', '"', "'", '=', '\r', '\n', '\t', '\u0001', '\u0008', '\u000B', '\u000C', '\u001F', '\u007F',
    '\uFFFE', '\uFFFF', '\uFEFF', '\u00A0', '\u2028', '\u2029', '\u3000', '\u200A', '\u0085', '\\', '#'),
  maxLength: 12,
});
const text = fc.oneof(tricky, fc.string({ unit: 'grapheme', maxLength: 20 }), fc.string({ unit: 'binary', maxLength: 20 })).filter(storable);

describe('xlsx_text_cell (migration 0025)', () => {
  it('writes what sheetCell writes for the tricky cases, and no cell for null or what is empty once escaped', async () => {
    const cases = ['=SUMA(A1)', 'a & b', '<b>', 'di "hola"', 'línea\r\nnueva', '\r', ' borde', 'borde ', '\tx', 'x\n', '\u00A0x', 'x\u3000', '\uFEFFx',
      '\u0001\u0007\u001F', 'a\u0001b\u007Fc', '\uFFFEx\uFFFF', '😀', 'ñandú', '', ' ', '\u0085x', 'a\u2028b'];
    expect(await cellsOf(cases)).toEqual(cases.map((value) => sheetCell('B7', value)));
    expect(await cellsOf([null])).toEqual(['']);
  });

  it('writes what sheetCell writes for any text', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(text, { minLength: 1, maxLength: 40 }), async (texts) => {
        expect(await cellsOf(texts)).toEqual(texts.map((value) => sheetCell('B7', value)));
      }),
      { numRuns: propertyRuns(150) },
    );
  });

  it('numbers and dates as sheetCell writes them, whatever the instant', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.date({ min: new Date('1971-01-01T00:00:00Z'), max: new Date('2200-01-01T00:00:00Z'), noInvalidDate: true }), { minLength: 1, maxLength: 20 }),
        fc.array(fc.integer({ min: -2147483648, max: 2147483647 }), { minLength: 1, maxLength: 20 }),
        async (dates, numbers) => {
          const dateCell = xlsxDateCellSql('x.value')("'C3'");
          const rows = await test.database.query<{ cell: string }>(
            `select ${dateCell} as cell from unnest($1::timestamptz[]) with ordinality as x(value, position) order by x.position`,
            [dates.map((date) => date.toISOString())],
          );
          expect(rows.map((row) => row.cell)).toEqual(dates.map((date) => sheetCell('C3', date)));
          const numberCell = xlsxNumberCellSql('x.value')("'D4'");
          const counted = await test.database.query<{ cell: string }>(
            `select ${numberCell} as cell from unnest($1::int[]) with ordinality as x(value, position) order by x.position`,
            [numbers],
          );
          expect(counted.map((row) => row.cell)).toEqual(numbers.map((value) => sheetCell('D4', value)));
        },
      ),
      { numRuns: propertyRuns(40) },
    );
  });

  it('a batch answers its rows numbered from the given first row, in the order of the ordered statement', async () => {
    const row = xlsxRowSql([xlsxTextCellSql('b.label'), xlsxNumberCellSql('b.n'), xlsxLiteralCellSql(' Sí ')]);
    const batch = `select x.label, x.n, x.n::text as "__orderKey", x.n::text as "__tieKey"
      from (values ('b', 2), ('<a>', 1), (null, 3), ('', null)) as x(label, n) order by x.n desc nulls last limit 3`;
    const [answer] = await test.database.query<XlsxBatchRow>(xlsxBatchSql(batch, row, '$1'), [7]);
    const preserve = '<is><t xml:space="preserve"> Sí </t></is>';
    expect(answer).toEqual({
      xml: `<row r="7"><c r="B7"><v>3</v></c><c r="C7" t="inlineStr">${preserve}</c></row>`
        + `<row r="8"><c r="A8" t="inlineStr"><is><t>b</t></is></c><c r="B8"><v>2</v></c><c r="C8" t="inlineStr">${preserve}</c></row>`
        + `<row r="9"><c r="A9" t="inlineStr"><is><t>&lt;a&gt;</t></is></c><c r="B9"><v>1</v></c><c r="C9" t="inlineStr">${preserve}</c></row>`,
      rows: 3,
      __orderKey: '1',
      __tieKey: '1',
    });
    const [empty] = await test.database.query<XlsxBatchRow>(xlsxBatchSql(batch.replace('limit 3', 'limit 0'), row, '$1'), [2]);
    expect(empty).toEqual({ xml: null, rows: 0, __orderKey: null, __tieKey: null });
  });
});
