/**
 * CSV lines built by the database (issue 7: exports at ≥ 50% of COPY; docs/decisions/README.md 'Exports: CSV lines written by
 * the database'): a keyset batch's statement is wrapped so that it answers one row holding the batch's lines (each cell
 * through `csv_cell`, migration 0023, which writes what `csvCell` writes), its number of rows and its last row's keyset
 * keys. Node then creates no object per row: it passes one string per batch on.
 */
import { AM, PM, PLATFORM_UTC_OFFSET } from '../../resources/dates';
import { csvCell, CSV_DELIMITER } from './csv';
import { ORDER_KEY, TIE_KEY } from './keyset';

/** Alias of the batch's rows in the line expressions: a cell reads `b."column"`. */
export const CSV_BATCH_ALIAS = 'b';

/** The text as an SQL string literal (standard_conforming_strings: only quotes are doubled). */
export function sqlLiteral(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

/** A cell whose text is known in Node (a translated yes/no): its CSV form as a literal. */
export const csvLiteral = (text: string): string => sqlLiteral(csvCell(text));

/** `b."column"` */
export function batchColumn(column: string): string {
  return `${CSV_BATCH_ALIAS}."${column.replace(/"/g, '""')}"`;
}

/** Cell expressions of one line (each never null: an empty value is the empty cell) joined by the delimiter, then CRLF. */
export function csvLineSql(cells: readonly string[]): string {
  return `${cells.join(` || '${CSV_DELIMITER}' || `)} || E'\\r\\n'`;
}

/** What the wrapped statement answers: the lines (null for no row), how many rows and the last row's keys. */
export interface CsvBatchRow {
  csv: string | null;
  rows: number;
  [ORDER_KEY]: string | null;
  [TIE_KEY]: string | null;
}

/**
 * The batch's statement (ordered and limited, selecting the keyset keys) wrapped into one row. The aggregates read the
 * rows in the order the ordered subquery gives them, which PostgreSQL keeps for a plain aggregate over one subquery
 * (no join, no grouping); tests/api/csv-sql.test.ts and the export tests check the order on both databases.
 */
export function csvBatchSql(batchSql: string, line: string): string {
  const b = CSV_BATCH_ALIAS;
  return `select string_agg(${line}, '') as csv, count(*)::int as rows,
      (array_agg(${b}."${ORDER_KEY}"))[count(*)] as "${ORDER_KEY}", (array_agg(${b}."${TIE_KEY}"))[count(*)] as "${TIE_KEY}"
    from (${batchSql}) ${b}`;
}

/**
 * The instant as Colombia writes it, `dd/mm/aaaa hh:mm a. m.` (resources/dates.ts `formatDateTime`, which `csvChunks`
 * writes), at the platform's fixed offset; '' for null. No cell escaping is needed: the text holds none of `;`, quotes
 * or a leading formula sign.
 */
export function csvDateTimeSql(column: string): string {
  const local = `((${column}) at time zone interval '${PLATFORM_UTC_OFFSET}')`;
  return `coalesce(replace(replace(to_char(${local}, 'DD/MM/YYYY HH12:MI AM'), 'AM', ${sqlLiteral(AM)}), 'PM', ${sqlLiteral(PM)}), '')`;
}
