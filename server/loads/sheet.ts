/**
 * Reading a load's spreadsheet: the uploaded file (files service) by its fileID, its first worksheet read with
 * exceljs' streaming reader, row by row; the first row is the header and empty rows are skipped. Cells come as
 * text, number, date or null, whatever Excel stored (rich text, hyperlinks, formula results).
 */
import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { AppContext } from '../context';
import { fileStorageOf } from '../files';
import { isFileId } from '../files/refs';
import './zipEntriesFix';

export type Cell = string | number | Date | null;

export interface SheetRow {
  /** The row's number in the worksheet (1 is the header): the line the messages name. */
  line: number;
  cells: Cell[];
}

/** Why a file cannot be read: the i18n key of its message. */
export class SheetError extends Error {
  constructor(readonly key: string) {
    super(key);
    this.name = 'SheetError';
  }
}

/** A cell's plain value: rich text joined, a hyperlink's text, a formula's result; errors and booleans as text. */
export function cellValue(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || value instanceof Date) return value;
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (typeof value === 'object') {
    const object = value as { richText?: { text: string }[]; text?: unknown; result?: unknown; error?: string };
    if (Array.isArray(object.richText)) return cellValue(object.richText.map((part) => part.text).join(''));
    if ('result' in object) return cellValue(object.result);
    if (object.text !== undefined) return cellValue(object.text);
    if (object.error) return object.error;
  }
  return String(value);
}

/** Every non-empty row of the first worksheet after the header, in order. */
export async function readSheetRows(stream: Readable): Promise<SheetRow[]> {
  const rows: SheetRow[] = [];
  await visitSheetRows(stream, (row) => rows.push(row));
  return rows;
}

/**
 * Hands each non-empty row of the first worksheet after the header to `visit` as it is read, keeping none (a load of
 * 100,000 rows keeps only what `visit` keeps: docs/performance.md); answers how many there were.
 */
export async function visitSheetRows(stream: Readable, visit: (row: SheetRow) => void): Promise<number> {
  let count = 0;
  let sheets = 0;
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(stream, { worksheets: 'emit', sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'cache' });
    for await (const worksheet of reader) {
      sheets += 1;
      for await (const row of worksheet) {
        if (sheets > 1 || row.number === 1) continue;
        const values = Array.isArray(row.values) ? row.values.slice(1) : [];
        const cells = values.map(cellValue);
        if (cells.some((cell) => cell !== null)) {
          count += 1;
          visit({ line: row.number, cells });
        }
      }
    }
  } catch {
    throw new SheetError('loads.errors.unreadable');
  }
  if (sheets === 0) throw new SheetError('loads.errors.unreadable');
  return count;
}

/** The uploaded file of a load: it must exist, be of one of `elementTypes` and an xlsx workbook (else a SheetError). */
export async function checkLoadFile(context: AppContext, fileId: unknown, elementTypes: readonly string[]): Promise<{ storage_key: string }> {
  if (fileId === undefined || fileId === null || fileId === '') throw new SheetError('loads.errors.file_required');
  if (!isFileId(fileId)) throw new SheetError('files.errors.file_not_found');
  const [file] = await context.database.query<{ storage_key: string; extension: string; element_type: string }>(
    'select storage_key, extension, element_type from files where id = $1',
    [fileId],
  );
  if (!file) throw new SheetError('files.errors.file_not_found');
  if (!elementTypes.some((type) => type.toLowerCase() === file.element_type.toLowerCase())) throw new SheetError('loads.errors.wrong_file');
  // exceljs reads the Office Open XML format only: an .xls workbook (accepted by the upload, spec 01 §5) is refused here.
  if (file.extension.toLowerCase() !== 'xlsx') throw new SheetError('loads.errors.unreadable');
  return file;
}

/** The uploaded file's bytes, after checkLoadFile. */
export async function openLoadFile(context: AppContext, fileId: string, elementTypes: readonly string[]): Promise<Readable> {
  const file = await checkLoadFile(context, fileId, elementTypes);
  const stream = await fileStorageOf(context).get(file.storage_key);
  if (!stream) throw new SheetError('files.errors.file_not_found');
  return stream;
}
