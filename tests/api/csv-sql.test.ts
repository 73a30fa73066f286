/**
 * The CSV cell written by the database (migration 0023 `csv_cell`, server/exports/csvSql.ts) against Node's `csvCell`
 * (Papa.unparse with escapeFormulae, server/exports/csv.test.ts) on arbitrary text, on PGlite and on PostgreSQL
 * (TEST_DATABASE_URL): exports built by the database must stay byte-identical.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvCell } from '../../server/exports/csv';
import { csvBatchSql, csvDateTimeSql, csvLineSql, type CsvBatchRow } from '../../server/exports/csvSql';
import { formatDateTime } from '../../resources/dates';
import { createTestApp, type TestApp } from '../helpers/testApp';
import { sqlCells } from '../helpers/sqlCells';
import { auditResource } from '../../resources/audit';
import { siteUsersResource } from '../../resources/people/siteUsers';
import { csvChunks, csvTextChunks, exportBatches, exportCsvBatches, readExportQuery } from '../../server/exports/listExport';
import { resourceExportSource } from '../../server/resources/exports';
import { propertyRuns } from '../helpers/propertyRuns';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp({ seed: 'none' });
});
afterAll(async () => {
  await test?.close();
});

/** The database's cells of the texts, in their order. */
const cellsOf = (texts: readonly (string | null)[]) => sqlCells(test.database, 'csv_cell(x.value)', texts);

// PostgreSQL text holds neither NUL nor a lone surrogate (UTF-8): every other character may come.
const storable = (text: string) => !text.includes('\u0000');
const tricky = fc.string({
  unit: fc.constantFrom('a', 'Ñ', 'ú', '€', '😀', ' ', ';', '"', "'", ',', '\r', '\n', '=', '+', '-', '@', '\t', '\uFEFF', '\u2028', '\u2029', '\u00a0', '\\'),
  maxLength: 12,
});
const text = fc.oneof(tricky, fc.string({ unit: 'grapheme', maxLength: 20 }), fc.string({ maxLength: 20 })).filter(storable);

describe('csv_cell (migration 0023)', () => {
  it('writes what csvCell writes for the tricky cases, and the empty cell for null', async () => {
    const cases = ['=SUMA(A1)', '+57', '-3', '@x', '\tx', '\rx', '\r', '=a\nb', '=a\u2028b', '-a\rb', 'a;b', 'di "hola"', ' borde', 'borde ', ' ', '', 'ñandú',
      '\uFEFFx', 'a\r\nb', "'ya con apóstrofo", 'x=1', '1-2', 'a\\b', '\u2028', 'línea\u2029'];
    expect(await cellsOf(cases)).toEqual(cases.map((value) => csvCell(value)));
    expect(await cellsOf([null])).toEqual(['']);
  });

  it('writes what csvCell writes for any text', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(text, { minLength: 1, maxLength: 40 }), async (texts) => {
        expect(await cellsOf(texts)).toEqual(texts.map((value) => csvCell(value)));
      }),
      { numRuns: propertyRuns(150) },
    );
  });

  it('a batch answers its lines in the order of the ordered statement, its count and its last keys', async () => {
    const line = csvLineSql(['csv_cell(b.label)', "coalesce(b.n::text, '')"]);
    const batch = `select x.label, x.n, x.n::text as "__orderKey", x.n::text as "__tieKey"
      from (values ('b', 2), ('=a', 1), ('c;', 3), (null, 4)) as x(label, n) order by x.n desc limit 3`;
    const [row] = await test.database.query<CsvBatchRow>(csvBatchSql(batch, line));
    expect(row).toEqual({ csv: ';4\r\n"c;";3\r\nb;2\r\n', rows: 3, __orderKey: '2', __tieKey: '2' });
    const [empty] = await test.database.query<CsvBatchRow>(csvBatchSql(`${batch.replace('limit 3', 'limit 0')}`, line));
    expect(empty).toEqual({ csv: null, rows: 0, __orderKey: null, __tieKey: null });
  });
});

/**
 * PGlite drops the BOM that starts a text value when it decodes a row (its TextDecoder), so Node's own lines lose it there,
 * while the database's keep it (inside the batch's text); PostgreSQL keeps it both ways. The comparison with Node's lines
 * leaves such values out on PGlite; the next test checks that the database's lines keep them on both.
 */
const leading = (value: string | null) => (value === null || test.databaseUrl ? value : value.replace(/^\uFEFF+/, ''));

describe('csvDateTimeSql', () => {
  it('writes an instant as formatDateTime does (dd/mm/aaaa hh:mm a. m., Colombia), whatever the instant', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.date({ min: new Date('1000-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true }), { minLength: 1, maxLength: 30 }),
        async (dates) => {
          const rows = await test.database.query<{ cell: string }>(
            `select ${csvDateTimeSql('x.value')} as cell from unnest($1::timestamptz[]) with ordinality as x(value, position) order by x.position`,
            [dates.map((date) => date.toISOString())],
          );
          expect(rows.map((row) => row.cell)).toEqual(dates.map((date) => formatDateTime(date)));
        },
      ),
      { numRuns: propertyRuns(40) },
    );
    const [edge] = await test.database.query<{ noon: string; midnight: string; none: string }>(
      `select ${csvDateTimeSql("timestamptz '2026-10-23 17:00:00+00'")} as noon, ${csvDateTimeSql("timestamptz '2026-10-23 05:00:00+00'")} as midnight,
        ${csvDateTimeSql('null::timestamptz')} as none`,
    );
    expect(edge).toEqual({ noon: '23/10/2026 12:00 p. m.', midnight: '23/10/2026 12:00 a. m.', none: '' });
  });
});

describe('engine exports written by the database', () => {
  it('keep a value that starts with a BOM, quoted, on both databases', async () => {
    await test.database.query("delete from audit_log where resource = 'csvbom'");
    await test.database.query(
      "insert into audit_log (at, user_email, action, resource, record_label) values (timestamptz '2026-01-02 03:04:05.9+00', $1, 'x', 'csvbom', '=1')",
      ['\uFEFFana@x.co'],
    );
    const source = resourceExportSource(auditResource, auditResource.exports![0]!);
    const query = readExportQuery(source.spec, { resource: 'csvbom' });
    let text = '';
    for await (const batch of exportCsvBatches(test.database, source.spec, query, source.sql, source.csvLine!)) text += batch.text;
    expect(text).toMatch(/^\d+;01\/01\/2026 10:04 p\. m\.;"\uFEFFana@x\.co";x;csvbom;;"'=1";\r\n$/);
  });

  it('the audit and site-user exports have their lines written by the database', () => {
    for (const resource of [auditResource, siteUsersResource]) {
      expect(resourceExportSource(resource, resource.exports![0]!).csvLine).toContain('csv_cell(');
    }
  });

  it('write the same bytes as Node, batch after batch, whatever the texts, the nulls and the order', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ email: fc.option(text), action: fc.oneof(text, fc.constantFrom('changeStatus', 'install', 'login_failed')), resource: fc.constantFrom('csvsql'), label: fc.option(text), id: fc.option(text) }), {
          minLength: 0,
          maxLength: 12,
        }),
        fc.constantFrom('-at', 'at', 'userEmail', '-userEmail', 'recordLabel', '-recordLabel', 'id', '-id'),
        async (lines, sort) => {
          await test.database.query("delete from audit_log where resource = 'csvsql'");
          for (const [index, line] of lines.entries()) {
            await test.database.query(
              `insert into audit_log (at, user_email, action, resource, record_id, record_label, client_address)
                 values (timestamptz '2026-11-23 05:04:54.123456+00' + make_interval(secs => $1::int * 1.5), $2, $3, $4, $5, $6, $7::inet)`,
              [index % 4, leading(line.email), leading(line.action), line.resource, leading(line.id), leading(line.label), index % 2 ? '10.0.0.1' : null],
            );
          }
          const source = resourceExportSource(auditResource, auditResource.exports![0]!);
          const query = readExportQuery(source.spec, { resource: 'csvsql', orderBy: sort });
          let node = '';
          for await (const chunk of csvChunks(source.columns, exportBatches(test.database, source.spec, query, source.sql, 3))) node += chunk;
          let database = '';
          for await (const chunk of csvTextChunks(source.columns, exportCsvBatches(test.database, source.spec, query, source.sql, source.csvLine!, 3))) database += chunk;
          expect(database).toBe(node);
          expect(database.split('\r\n').length).toBeGreaterThanOrEqual(lines.length + 2);
        },
      ),
      { numRuns: propertyRuns(40) },
    );
  });
});
