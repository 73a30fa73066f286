import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { exceljsReferenceStream } from '../../tests/helpers/exceljsReference';
import { withoutForbiddenXml } from '../../tests/helpers/xmlChars';
import { t } from '../i18n';
import '../loads/zipEntriesFix';
import { xlsxStream, type ExportCell, type ExportColumn } from './listExport';
import { batchesPulledByStalledReader } from '../../tests/helpers/stalledReader';

type Row = Record<string, ExportCell>;

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function* batchesOf(...batches: Row[][]): AsyncGenerator<Row[]> {
  yield* batches;
}

const columnsOf = (keys: readonly string[]): ExportColumn<Row>[] => keys.map((key, index) => ({ key, headerKey: `exports.columns.sites.${key}`, width: index === 0 ? 8 : undefined }));

/** The sheet as `workbook.xlsx.load` reads it (the API tests' reader). */
async function loaded(file: Buffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ArrayBuffer);
  return workbook.worksheets[0]!;
}

/** Every row's values as exceljs' streaming reader reads them (what the site-update load does: server/loads/sheet.ts). */
async function streamedRows(file: Buffer): Promise<unknown[][]> {
  const rows: unknown[][] = [];
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([file]), { worksheets: 'emit', sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'cache' });
  for await (const worksheet of reader) for await (const row of worksheet) rows.push((row.values as unknown[]).slice(1));
  return rows;
}

const values = (sheet: ExcelJS.Worksheet): unknown[][] => {
  const rows: unknown[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
};

/** The former writer (tests/helpers/exceljsReference.ts), the reference of the values read back. */
const exceljsFile = (columns: readonly ExportColumn<Row>[], rows: readonly Row[]): Promise<Buffer> => bytesOf(exceljsReferenceStream(columns, batchesOf([...rows])));

const KEYS = ['id', 'name', 'population', 'modifiedDate', 'pendingRequest'] as const;
const AWKWARD = `=HYPERLINK("http://x") <b> & 'ñ' 😀 \u0001\u0007\u000B\u007F fin\t\r\n`;

describe('xlsxStream', () => {
  it('is a zip with the package parts, the worksheet last', async () => {
    const zip = await JSZip.loadAsync(await bytesOf(xlsxStream(columnsOf(KEYS), batchesOf([{ id: 1 }]))));
    expect(Object.keys(zip.files)).toEqual([
      '[Content_Types].xml', '_rels/.rels', 'xl/workbook.xml', 'xl/_rels/workbook.xml.rels', 'xl/styles.xml', 'xl/worksheets/sheet1.xml',
    ]);
    expect(await zip.file('xl/workbook.xml')!.async('string')).toContain(`name="${t('exports.sheet')}"`);
  });

  it('reads back with exceljs: sheet name, bold header, widths, texts, numbers, real dates, yes/no, empty cells', async () => {
    const date = new Date('2026-01-01T05:04:54.321Z');
    // A cell holds no time zone: it holds Colombia's wall time (00:04:54.321), which exceljs reads as that UTC time.
    const shown = new Date('2026-01-01T00:04:54.321Z');
    const file = await bytesOf(xlsxStream(columnsOf(KEYS), batchesOf(
      [{ id: 1, name: AWKWARD, population: 12.5, modifiedDate: date, pendingRequest: true }],
      [{ id: 2, name: null, population: null, modifiedDate: null, pendingRequest: false }, { id: 3, name: '', population: 0, modifiedDate: date, pendingRequest: null }],
    )));
    const sheet = await loaded(file);
    expect(sheet.name).toBe(t('exports.sheet'));
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.getRow(2).getCell(1).font?.bold).toBeUndefined();
    expect([1, 2].map((index) => sheet.getColumn(index).width)).toEqual([8, 18]);
    const text = AWKWARD.replace(/[\u0001\u0007\u000B\u007F]/g, '');
    const header = KEYS.map((key) => t(`exports.columns.sites.${key}`));
    expect(values(sheet)).toEqual([
      header,
      [1, text, 12.5, shown, t('exports.values.yes')],
      [2, undefined, undefined, undefined, t('exports.values.no')],
      [3, undefined, 0, shown],
    ]);
    expect(sheet.getRow(2).getCell(4).value).toBeInstanceOf(Date);
    expect(sheet.getRow(2).getCell(4).numFmt).toBe('dd/mm/yyyy hh:mm AM/PM');
    // The streaming reader (the site-update load) reads the same cells.
    expect(await streamedRows(file)).toEqual(values(sheet));
  });

  it('gives the cell values the former exceljs writer gave, for any rows', async () => {
    // Outside what is compared: CR (exceljs wrote it raw: read back as LF), entity-like text ('&amp;', which its
    // reader decoded twice), lone surrogates and U+FFFE/U+FFFF (it wrote them into the XML as they were).
    const text = fc.string({ unit: fc.constantFrom('a', 'Ñ', ' ', '&', '<', '>', '"', "'", '=', '\t', '\n', '\u0001', '\u007F', '😀') });
    const cell = fc.oneof(
      text,
      fc.constant(null),
      fc.boolean(),
      fc.integer(),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.date({ min: new Date('1900-03-01T00:00:00Z'), max: new Date('9999-12-31T00:00:00Z'), noInvalidDate: true }),
    );
    const row = fc.record(Object.fromEntries(KEYS.map((key) => [key, cell])) as Record<(typeof KEYS)[number], fc.Arbitrary<ExportCell>>);
    await fc.assert(
      fc.asyncProperty(fc.array(row, { minLength: 1, maxLength: 8 }), async (rows) => {
        const columns = columnsOf(KEYS);
        const ours = await loaded(await bytesOf(xlsxStream(columns, batchesOf(rows))));
        const theirs = await loaded(await exceljsFile(columns, rows));
        expect(values(ours)).toEqual(values(theirs));
      }),
      { numRuns: 60 },
    );
  });

  it('reads any text back as the text minus the characters XML forbids (an empty one as an empty cell)', async () => {
    const text = fc.oneof(
      fc.string({ unit: fc.constantFrom('a', ' ', '&', '<', '>', '"', '=', '\t', '\n', '\r', '\u0001', '\u007F', '\uD83D', '\uDE00', '😀', '\uFFFF', '&amp;') }),
      fc.string({ unit: 'binary' }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(text, { minLength: 1, maxLength: 10 }), async (texts) => {
        const sheet = await loaded(await bytesOf(xlsxStream(columnsOf(['name']), batchesOf(texts.map((name) => ({ name }))))));
        const expected = texts.map((name) => withoutForbiddenXml(name) || null);
        expect(texts.map((_, index) => sheet.getRow(index + 2).getCell(1).value)).toEqual(expected);
      }),
      { numRuns: 100 },
    );
  });

  it('reads the tricky texts back as the text minus the characters XML forbids (no cell for what is empty once escaped)', async () => {
    const texts = ['=SUMA(A1)', 'a & b', '<b>', 'di "hola"', 'línea\r\nnueva', '\r', ' borde', 'borde ', '\tx', 'x\n', '\u00A0x', 'x\u3000', '\uFEFFx',
      '\u0001\u0007\u001F', 'a\u0001b\u007Fc', '\uFFFEx\uFFFF', '😀', 'ñandú', '', ' ', '\u0085x', 'a\u2028b'];
    const sheet = await loaded(await bytesOf(xlsxStream(columnsOf(['name']), batchesOf(texts.slice(0, 10).map((name) => ({ name })), texts.slice(10).map((name) => ({ name }))))));
    expect(texts.map((_, index) => sheet.getRow(index + 2).getCell(1).value)).toEqual(texts.map((name) => withoutForbiddenXml(name) || null));
  });

  it('keeps CR and entity-like text that exceljs changed, and drops lone surrogates', async () => {
    const file = await bytesOf(xlsxStream(columnsOf(['name']), batchesOf([{ name: 'a\r\nb' }, { name: '&amp; &lt;' }, { name: 'x\uD83Dy\uFFFF' }])));
    expect(values(await loaded(file)).slice(1)).toEqual([['a\r\nb'], ['&amp; &lt;'], ['xy']]);
  });

  it('reads no batch ahead of the client, and stops reading when the client leaves', async () => {
    const { pulled, closedWhenLeft } = await batchesPulledByStalledReader<Row>(
      // Random text (about 450 KB of XML a batch): it does not compress away, so the zip's buffers fill.
      () => Array.from({ length: 2000 }, (_, id) => ({ id, name: randomBytes(100).toString('hex') })),
      (batches) => xlsxStream(columnsOf(['id', 'name']), batches),
    );
    // The batch in the worksheet's buffer, the one being zipped, and what the zip's buffers (64 KB) still took.
    expect(pulled).toBeLessThanOrEqual(3);
    await closedWhenLeft;
  });

  it('fails the file when a batch cannot be read (it does not end as if complete)', async () => {
    async function* failing(): AsyncGenerator<Row[]> {
      yield [{ id: 1 }];
      throw new Error('se cayó la base');
    }
    await expect(bytesOf(xlsxStream(columnsOf(['id']), failing()))).rejects.toThrow('se cayó la base');
  });
});
