/**
 * XLSX worksheet rows built by the database (issue 7: exports at ≥ 50% of COPY; docs/decisions/README.md 'XLSX rows written by
 * the database'), as csvSql.ts builds CSV lines: a keyset batch's statement is wrapped so that it answers one row holding
 * the batch's `<row>` elements, each cell written as `sheetCell` (server/exports/xlsxSheet.ts) writes it — texts through
 * `xlsx_text_cell` (migration 0025), numbers as `<v>`, dates as Excel serial numbers with the date style — its number of
 * rows and its last row's keyset keys. The first row's number is a parameter (2 plus the rows before the batch, as
 * server/exports/keysetBatches.ts announces them); the database numbers the rows of the batch in their order.
 */
import { CSV_BATCH_ALIAS, sqlLiteral } from './csvSql';
import { ORDER_KEY, TIE_KEY } from './keyset';
import { STYLE_DATE } from './xlsxParts';
import { columnLetter, inlineString, PLATFORM_OFFSET_MS } from './xlsxSheet';

/** The batch row's column holding its row number (text), beside the statement's own columns. */
export const XLSX_ROW_KEY = '__xlsxRow';

/** One cell's SQL given the SQL text of its reference (`'B' || b."__xlsxRow"`); never null ('' for no cell). */
export type XlsxCellSql = (ref: string) => string;

/** A text cell (null and '' left out), escaped by the database. */
export const xlsxTextCellSql = (value: string): XlsxCellSql => (ref) => `xlsx_text_cell(${ref}, ${value})`;

/** A number cell (PostgreSQL writes integers as JavaScript does below 2^53); null left out. */
export const xlsxNumberCellSql = (value: string): XlsxCellSql => (ref) =>
  `coalesce('<c r="' || ${ref} || '"><v>' || (${value})::text || '</v></c>', '')`;

/**
 * A date cell: `excelSerial` of the instant cut to the millisecond (as a JavaScript Date holds it) in Colombia's wall
 * time, computed in float8 the way JavaScript does (25569 + (ms + offset) / 86400000) so that both write the same
 * shortest digits; null left out.
 */
export const xlsxDateCellSql = (value: string): XlsxCellSql => (ref) =>
  `coalesce('<c r="' || ${ref} || '" s="${STYLE_DATE}"><v>' || (25569::float8 + (floor(extract(epoch from (${value})) * 1000) + ${PLATFORM_OFFSET_MS})::float8 / 86400000::float8)::text || '</v></c>', '')`;

/** A text known in Node (a translated yes/no, a status, a choice's label): its inline string as a literal. */
export const xlsxLiteralCellSql = (text: string): XlsxCellSql => {
  const inline = inlineString(text);
  if (inline === '') return () => "''";
  return (ref) => `'<c r="' || ${ref} || '" t="inlineStr">' || ${sqlLiteral(`${inline}</c>`)}`;
};

/** The reference of the column at `index` in the batch row: its letters then the row number. */
export function xlsxRefSql(index: number): string {
  return `'${columnLetter(index)}' || ${CSV_BATCH_ALIAS}."${XLSX_ROW_KEY}"`;
}

/** One worksheet row: `<row r="n">`, the cells in column order, `</row>`. */
export function xlsxRowSql(cells: readonly XlsxCellSql[]): string {
  const row = `${CSV_BATCH_ALIAS}."${XLSX_ROW_KEY}"`;
  return `'<row r="' || ${row} || '">' || ${cells.map((cell, index) => cell(xlsxRefSql(index))).join(' || ')} || '</row>'`;
}

/** What the wrapped statement answers: the rows' XML (null for no row), how many rows and the last row's keys. */
export interface XlsxBatchRow {
  xml: string | null;
  rows: number;
  [ORDER_KEY]: string | null;
  [TIE_KEY]: string | null;
}

/**
 * The batch's statement (ordered and limited, selecting the keyset keys) wrapped into one row; `firstRow` is the SQL
 * (a parameter) of the batch's first row number. `row_number() over ()` numbers the rows in the order the ordered
 * subquery gives them, and the aggregates read them in that order (as csvBatchSql's; tests/api/xlsx-sql.test.ts).
 */
export function xlsxBatchSql(batchSql: string, row: string, firstRow: string): string {
  const b = CSV_BATCH_ALIAS;
  return `select string_agg(${row}, '') as xml, count(*)::int as rows,
      (array_agg(${b}."${ORDER_KEY}"))[count(*)] as "${ORDER_KEY}", (array_agg(${b}."${TIE_KEY}"))[count(*)] as "${TIE_KEY}"
    from (select s.*, (row_number() over () + ${firstRow}::bigint - 1)::text as "${XLSX_ROW_KEY}" from (${batchSql}) s) ${b}`;
}
