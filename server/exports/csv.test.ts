import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { exportTexts } from '../../i18n/es/exports';
import { csvLines } from './csv';
import { csvChunks, csvStream, type ExportCell, type ExportColumn } from './listExport';
import { batchesPulledByStalledReader } from '../../tests/helpers/stalledReader';

const papa = (lines: (string | number)[][]) => `${Papa.unparse(lines, { delimiter: ';', newline: '\r\n', escapeFormulae: true })}\r\n`;

describe('csvLines', () => {
  it('writes what Papa.unparse writes for the tricky cases', () => {
    const lines = [
      ['=SUMA(A1)', '+57', '-3', '@x', '\tx', '\rx', '=a\nb', 'a;b', 'di "hola"', ' borde', 'borde ', '', 'ñandú', '\uFEFFx', 'a\r\nb'],
      [0, -1.5, 1e21, 42, 'texto normal', "'ya con apóstrofo"],
    ];
    expect(csvLines(lines)).toBe(papa(lines));
  });

  it('guards formulas and quotes as Papa.unparse does for each tricky text alone (formula signs, line terminators, BOM, edges)', () => {
    const cases = ['=SUMA(A1)', '+57', '-3', '@x', '\tx', '\rx', '\r', '=a\nb', '=a\u2028b', '-a\rb', 'a;b', 'di "hola"', ' borde', 'borde ', ' ', '', 'ñandú',
      '\uFEFFx', 'a\r\nb', "'ya con apóstrofo", 'x=1', '1-2', 'a\\b', '\u2028', 'línea\u2029'];
    for (const text of cases) expect(csvLines([[text]]), JSON.stringify(text)).toBe(papa([[text]]));
    expect(csvLines([['=SUMA(A1)', 'a;b', ' borde', 'x=1']])).toBe(`"'=SUMA(A1)";"a;b";" borde";x=1\r\n`);
  });

  it('writes what Papa.unparse writes for any cells', () => {
    const cell = fc.oneof(
      fc.string({ unit: fc.constantFrom('a', 'Ñ', ' ', ';', '"', '\r', '\n', '=', '+', '-', '@', '\t', '\uFEFF', "'", ',') }),
      fc.string(),
      fc.double({ noNaN: true }),
      fc.integer(),
    );
    fc.assert(
      fc.property(fc.array(fc.array(cell, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 5 }), (lines) => {
        expect(csvLines(lines)).toBe(papa(lines));
      }),
      { numRuns: 500 },
    );
  });
});

type Row = Record<string, ExportCell>;

async function csvOf(columns: ExportColumn<Row>[], ...batches: Row[][]): Promise<string> {
  async function* rows(): AsyncGenerator<Row[]> {
    yield* batches;
  }
  let out = '';
  for await (const chunk of csvChunks(columns, rows())) out += chunk;
  return out;
}

describe('csvChunks', () => {
  const columns: ExportColumn<Row>[] = ['id', 'name', 'modifiedDate', 'pendingRequest'].map((key) => ({ key, headerKey: `exports.columns.sites.${key}` }));
  const header = `\uFEFF${[exportTexts.columns.sites.id, exportTexts.columns.sites.name, exportTexts.columns.sites.modifiedDate, exportTexts.columns.sites.pendingRequest].join(';')}\r\n`;

  it('writes the BOM and header, then each row: null as the empty cell, numbers as they are, yes/no in Spanish, texts guarded', async () => {
    const csv = await csvOf(columns, [{ id: 1, name: null, modifiedDate: null, pendingRequest: true }], [{ id: -2.5, name: '=1;2', modifiedDate: null, pendingRequest: false }, { id: null, name: 'ñandú', modifiedDate: null, pendingRequest: null }]);
    expect(csv).toBe(`${header}1;;;${exportTexts.values.yes}\r\n-2.5;"'=1;2";;${exportTexts.values.no}\r\n;ñandú;;\r\n`);
  });

  it("writes instants as Colombia reads them, dd/mm/aaaa hh:mm a. m. / p. m. (noon and midnight on a 12-hour clock)", async () => {
    const dates = [new Date('2026-10-23T17:00:00Z'), new Date('2026-10-23T05:00:00Z'), new Date('2026-01-02T03:04:05.9Z'), new Date('2026-01-01T00:00:01Z')];
    const csv = await csvOf(columns, dates.map((modifiedDate, index) => ({ id: index, name: 'x', modifiedDate, pendingRequest: null })));
    expect(csv.split('\r\n').slice(1, -1).map((line) => line.split(';')[2])).toEqual([
      '23/10/2026 12:00 p. m.', '23/10/2026 12:00 a. m.', '01/01/2026 10:04 p. m.', '31/12/2025 07:00 p. m.',
    ]);
  });

  it('writes each value as csvLines writes it, whatever the texts and numbers, batch after batch', async () => {
    const cell = fc.oneof(fc.string({ unit: fc.constantFrom('a', ' ', ';', '"', '\r', '\n', '=', '-', '@', '\t', '\uFEFF', "'") }), fc.string(), fc.integer(), fc.constant(null));
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(fc.tuple(cell, cell), { maxLength: 4 }), { maxLength: 4 }), async (batches) => {
        const two = columns.slice(0, 2);
        const csv = await csvOf(two, ...batches.map((rows) => rows.map(([id, name]) => ({ id, name }))));
        const lines = batches.flat().map((pair) => pair.map((value) => (value === null ? '' : value)));
        expect(csv).toBe(`\uFEFF${exportTexts.columns.sites.id};${exportTexts.columns.sites.name}\r\n${csvLines(lines)}`);
      }),
      { numRuns: 200 },
    );
  });
});

describe('csvStream', () => {
  it('reads no batch ahead of a client that stops reading, and stops reading when the client leaves', async () => {
    const { pulled, closedWhenLeft } = await batchesPulledByStalledReader<Row>(
      () => Array.from({ length: 2000 }, (_, id) => ({ id, name: `nombre ${id}` })),
      (batches) => csvStream([{ key: 'id', headerKey: 'exports.columns.sites.id' }, { key: 'name', headerKey: 'exports.columns.sites.name' }], batches),
    );
    // The batch in the stream's buffer and the one being written: not the 16 chunks an object stream holds.
    expect(pulled).toBeLessThanOrEqual(2);
    await closedWhenLeft;
  });
});
