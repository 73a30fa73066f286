/**
 * The worksheet XML of an XLSX export, written straight into strings batch by batch (as `csvChunks` writes CSV
 * lines): exceljs' Row and Cell objects and its XML writer cost about 1.5 µs a cell (docs/decisions/README.md 'XLSX exports
 * written without exceljs'). One `<row r="n">` per row, each cell with its reference (exceljs' streaming reader,
 * which reads the site-update files back, needs them); texts as inline strings, numbers as `<v>`, dates as Excel
 * serial numbers (Colombian wall time) with the date style (dd/mm/yyyy hh:mm AM/PM); empty cells (null, '', an invalid date) are left out.
 */
import { PLATFORM_UTC_OFFSET_MINUTES } from '../../resources/dates';
import { STYLE_BOLD, STYLE_DATE } from './xlsxParts';
import { xmlText } from './xmlText';

/** What a cell of the worksheet holds (booleans are translated to text before). */
export type SheetCell = string | number | Date | null;

export interface SheetColumn {
  header: string;
  /** Width in characters. */
  width: number;
}

const DAY_MS = 86_400_000;
/** The serial number of 1970-01-01 in Excel's 1900 date system. */
const UNIX_EPOCH_SERIAL = 25569;

/** The column's letters of the 0-based `index`: A … Z, AA … ZZ, AAA … */
export function columnLetter(index: number): string {
  let letters = '';
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  return letters;
}

/** Colombia's offset from UTC in milliseconds (resources/dates.ts): a sheet's dates are Colombian wall times. */
export const PLATFORM_OFFSET_MS = PLATFORM_UTC_OFFSET_MINUTES * 60_000;

/**
 * The Excel serial number of an instant as Colombia's wall time (1900 date system; a cell holds no time zone): days
 * since 1899-12-30, with the time as a fraction.
 */
export function excelSerial(date: Date): number {
  return UNIX_EPOCH_SERIAL + (date.getTime() + PLATFORM_OFFSET_MS) / DAY_MS;
}

// A text starting or ending with whitespace keeps it only with xml:space="preserve" (Excel trims it otherwise); the
// attribute is left out elsewhere, as openpyxl does (a fifth of the worksheet's bytes for typical rows).
const EDGE_SPACE = /^\s|\s$/;

/** Whether `text` starts or ends with whitespace (ASCII by its code, the regular expression only for other characters). */
function edgeSpace(text: string): boolean {
  const first = text.charCodeAt(0);
  const last = text.charCodeAt(text.length - 1);
  return first <= 32 || last <= 32 || ((first > 127 || last > 127) && EDGE_SPACE.test(text));
}

/** The inline string of a text cell (`<is><t>…</t></is>`); '' when nothing is left once escaped. */
export function inlineString(value: string): string {
  const text = xmlText(value);
  if (text === '') return '';
  return `<is>${edgeSpace(text) ? '<t xml:space="preserve">' : '<t>'}${text}</t></is>`;
}

/** One cell at `ref` (`B7`); '' when there is nothing to write (null, '', an invalid date). */
export function sheetCell(ref: string, cell: SheetCell, style = 0): string {
  if (cell === null) return '';
  if (typeof cell === 'string') {
    const inline = inlineString(cell);
    return inline === '' ? '' : `<c r="${ref}"${style === 0 ? '' : ` s="${style}"`} t="inlineStr">${inline}</c>`;
  }
  if (typeof cell === 'number') {
    if (Number.isFinite(cell)) return `<c r="${ref}"${style === 0 ? '' : ` s="${style}"`}><v>${cell}</v></c>`;
    return sheetCell(ref, String(cell), style);
  }
  const time = cell.getTime();
  return Number.isNaN(time) ? '' : `<c r="${ref}" s="${STYLE_DATE}"><v>${excelSerial(cell)}</v></c>`;
}

/** The worksheet's start: its column widths, then the header row (row 1, bold). */
export function sheetStart(columns: readonly SheetColumn[]): string {
  const cols = columns.map((column, index) => `<col min="${index + 1}" max="${index + 1}" width="${column.width}" customWidth="1"/>`).join('');
  const header = columns.map((column, index) => sheetCell(`${columnLetter(index)}1`, column.header, STYLE_BOLD)).join('');
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
    (cols ? `<cols>${cols}</cols>` : '') +
    `<sheetData><row r="1">${header}</row>`
  );
}

/** The worksheet's end, after the last row. */
export const SHEET_END = '</sheetData></worksheet>';

/**
 * The rows of one batch, the first numbered `firstRow`: one `<row>` per row, each column's cell from `cells` (one
 * function per column, in order).
 */
export function sheetRows<Row>(rows: readonly Row[], cells: readonly ((row: Row) => SheetCell)[], firstRow: number): string {
  const letters = cells.map((_, index) => columnLetter(index));
  const count = cells.length;
  let out = '';
  let number = firstRow;
  for (const row of rows) {
    const n = String(number);
    out += `<row r="${n}">`;
    for (let index = 0; index < count; index += 1) {
      const cell = cells[index]!(row);
      if (cell !== null) out += sheetCell(letters[index]! + n, cell);
    }
    out += '</row>';
    number += 1;
  }
  return out;
}
