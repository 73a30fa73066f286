/**
 * The cells of the engine's exports as Node writes them (server/exports/listExport.ts `csvChunks`, `xlsxStream`) from
 * the rows each database answers, on PGlite and on PostgreSQL (TEST_DATABASE_URL): arbitrary texts, nulls, a leading
 * BOM, formula signs, dates, in every order and batch size.
 */
import fc from 'fast-check';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/testApp';
import { auditResource } from '../../resources/audit';
import { csvChunks, exportBatches, EXPORT_TEXT_TYPES, readExportQuery } from '../../server/exports/listExport';
import { exportCellReader, resourceExportSource } from '../../server/resources/exports';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp({ seed: 'none' });
});
afterAll(async () => {
  await test?.close();
});

// PostgreSQL text holds neither NUL nor a lone surrogate (UTF-8): every other character may come.
const storable = (text: string) => !text.includes('\u0000') && !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);
const tricky = fc.string({
  unit: fc.constantFrom('a', 'Ñ', 'ú', '€', '😀', ' ', ';', '"', "'", ',', '\r', '\n', '=', '+', '-', '@', '\t', '\uFEFF', '\u2028', '\u2029', '\u00a0', '\\'),
  maxLength: 12,
});
const text = fc.oneof(tricky, fc.string({ unit: 'grapheme', maxLength: 20 }), fc.string({ maxLength: 20 })).filter(storable);

/** What a CSV cell reads back as (Papa.parse): the text, with an apostrophe before a formula (Papa's own pattern); '' for null. */
const readBack = (value: string | null) => (value === null ? '' : /^[=+\-@\t\r].*$/.test(value) ? `'${value}` : value);

async function auditCsv(filters: Record<string, string>, batchSize?: number): Promise<string> {
  const source = resourceExportSource(auditResource, auditResource.exports![0]!);
  const query = readExportQuery(source.spec, filters);
  let csv = '';
  for await (const chunk of csvChunks(source.columns, exportBatches(test.database, source.spec, query, source.sql, batchSize))) csv += chunk;
  return csv;
}

function parsed(csv: string): string[][] {
  expect(csv.startsWith('\uFEFF')).toBe(true);
  const result = Papa.parse<string[]>(csv.slice(1), { delimiter: ';', newline: '\r\n', skipEmptyLines: true });
  expect(result.errors).toEqual([]);
  return result.data;
}

describe('engine exports written by Node', () => {
  it('read a datetime from its text as a batch row brings it: the instant the driver reads from it, microseconds included', async () => {
    const at = auditResource.fields.find((field) => field.source === 'at')!;
    const cell = exportCellReader(auditResource, at, 0);
    await fc.assert(
      fc.asyncProperty(
        fc.date({ min: new Date('0100-01-01T00:00:00Z'), max: new Date('9999-12-31T00:00:00Z'), noInvalidDate: true }),
        fc.integer({ min: 0, max: 999 }),
        fc.constantFrom('UTC', 'America/Bogota', 'Asia/Kolkata', 'America/St_Johns', 'Europe/Amsterdam'),
        async (date, micros, zone) => {
          const text = `${date.toISOString().slice(0, 23)}${String(micros).padStart(3, '0')}+00`;
          // The session's zone changes the text (its offset, LMT seconds before 1900), never the instant.
          const [row] = await test.database.query<unknown[]>(`select $1::timestamptz, set_config('TimeZone', $2, true)`, [text, zone], {
            rowMode: 'array',
            textTypes: EXPORT_TEXT_TYPES,
          });
          const [driver] = await test.database.query<{ at: Date }>('select $1::timestamptz as at', [text]);
          expect(typeof row![0]).toBe('string');
          expect((cell(row!) as Date).getTime()).toBe(driver!.at.getTime());
        },
      ),
      { numRuns: 200 },
    );
  });

  it('keep a value that starts with a BOM, quoted, on both databases; an instant to the minute in Colombia; a formula guarded', async () => {
    await test.database.query("delete from audit_log where resource = 'csvbom'");
    await test.database.query(
      "insert into audit_log (at, user_email, action, resource, record_label) values (timestamptz '2026-01-02 03:04:05.9+00', $1, 'x', 'csvbom', '=1')",
      ['\uFEFFana@x.co'],
    );
    const csv = await auditCsv({ resource: 'csvbom' });
    expect(csv.split('\r\n')[1]).toMatch(/^\d+;01\/01\/2026 10:04 p\. m\.;"\uFEFFana@x\.co";x;csvbom;;"'=1";$/);
  });

  it('write every row once with its texts as they read back, whatever the texts, the nulls, the order and the batch size', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ email: fc.option(text), action: fc.oneof(text, fc.constantFrom('otraAccion', 'x')), label: fc.option(text), id: fc.option(text) }), {
          minLength: 0,
          maxLength: 12,
        }),
        fc.constantFrom('-at', 'at', 'userEmail', '-userEmail', 'recordLabel', '-recordLabel', 'id', '-id'),
        async (lines, sort) => {
          await test.database.query("delete from audit_log where resource = 'csvsql'");
          const inserted = new Map<string, { line: (typeof lines)[number]; index: number }>();
          for (const [index, line] of lines.entries()) {
            const [row] = await test.database.query<{ id: number }>(
              `insert into audit_log (at, user_email, action, resource, record_id, record_label, client_address)
                 values (timestamptz '2026-11-23 05:04:54.123456+00' + make_interval(secs => $1::int * 1.5), $2, $3, 'csvsql', $4, $5, $6::inet) returning id`,
              [index % 4, line.email, line.action, line.id, line.label, index % 2 ? '10.0.0.1' : null],
            );
            inserted.set(String(row!.id), { line, index });
          }
          const small = parsed(await auditCsv({ resource: 'csvsql', orderBy: sort }, 3));
          const whole = parsed(await auditCsv({ resource: 'csvsql', orderBy: sort }));
          // Small batches give the rows of one batch, in the same order.
          expect(small).toEqual(whole);
          const [, ...rows] = small;
          expect(rows.map((row) => row[0]).sort()).toEqual([...inserted.keys()].sort());
          for (const row of rows) {
            const { line, index } = inserted.get(row[0]!)!;
            expect([row[2], row[4], row[5], row[6], row[7]]).toEqual([readBack(line.email), 'csvsql', readBack(line.id), readBack(line.label), index % 2 ? '10.0.0.1' : '']);
            expect(row[1]).toBe('23/11/2026 12:04 a. m.');
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});
