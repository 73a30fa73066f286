/**
 * Streamed exports of a list (docs/decisions/0011-dates-and-export-files.md): the list's own query string (every filter and
 * order of its ListSpec; page and pageSize ignored: no row cap), read in keyset batches
 * (server/exports/keyset.ts) and written by Node as they come, one writer per format (CSV: `csvChunks`; XLSX without
 * exceljs: `xlsxChunks`, server/exports/xlsxSheet.ts), so memory holds two batches at most whatever the number of rows.
 * `registerListExport` declares the route in one place.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ListQuery, ListSpec } from '../../resources/listQuery';
import type { Database } from '../db/connection';
import { ApiError, badArgument } from '../http/errors';
import { apiRoute, type Access } from '../http/route';
import { t } from '../i18n';
import { listQuerySchema, readListQuery, SqlParams } from '../lists/listQuery';
import { formatDateTime } from '../../resources/dates';
import { CSV_DELIMITER, csvCell, csvLines } from './csv';
import { keysetAfter, keysetSelect, ORDER_KEY, TIE_KEY } from './keyset';
import { keysetBatches } from './keysetBatches';
import { xlsxFile } from './xlsxFile';
import { SHEET_END, sheetRows, sheetStart, type SheetCell } from './xlsxSheet';

export type ExportFormat = 'csv' | 'xlsx';
export const EXPORT_FORMATS: readonly ExportFormat[] = ['csv', 'xlsx'];
export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};
/**
 * Rows read per statement: one batch is all an export holds in memory. 2,000, not 5,000: two batches of 5,000 outlived
 * V8's young generation, and copying them out cost the audit CSV ~12% more CPU (docs/performance.md).
 */
export const EXPORT_BATCH_SIZE = 2000;
/** Excel in Spanish reads `;` as the separator (`,` is its decimal comma); the BOM makes it read UTF-8. */
export { CSV_DELIMITER } from './csv';
const BOM = '\uFEFF';

export type ExportCell = string | number | boolean | Date | null;

/** A column of the file: the row's value under `key` (or `value(row)`), its header an i18n key. */
export interface ExportColumn<Row> {
  key: string;
  headerKey: string;
  value?: (row: Row) => ExportCell;
  /** Column width in the XLSX file (characters). */
  width?: number;
}

/**
 * What one batch's statement receives: its parameters, the keyset conditions to add to the list's own
 * (after the previous batch), the key columns to select (`keysetSelect`) and the `limit` clause.
 */
export interface ExportBatch {
  params: SqlParams;
  after: string[];
  keys: string;
  limit: string;
}

/**
 * A batch statement whose rows are arrays in select order (no object per row: the engine's exports), its instants
 * (`timestamptz`) left as PostgreSQL's text; `order` and `tie` are where each row holds its keyset keys (`keysetColumns`).
 */
export interface ExportArrayStatement {
  text: string;
  order: number;
  tie: number;
}

/** Type ids an array statement reads as text: `bigint` (as the driver gives it, unchecked) and `timestamptz` (read by `readInstant`). */
export const EXPORT_TEXT_TYPES: readonly number[] = [20, 1184];

/**
 * The statement of one batch, ordered by `listOrderBy(spec, query)`: a text whose rows are objects carrying the keys
 * under `batch.keys`' names, or an array statement.
 */
export type ExportSql = (query: ListQuery, batch: ExportBatch) => string | ExportArrayStatement;

export interface ListExportOptions<Row> {
  spec: ListSpec;
  rawQuery: unknown;
  sql: ExportSql;
  columns: readonly ExportColumn<Row>[];
  /** The file name without date nor extension (already translated). */
  fileName: string;
  format: ExportFormat;
  batchSize?: number;
}

/** `portales-2026-11-23.xlsx`: the stem, the day of the download (UTC) and the extension. */
export function exportFileName(stem: string, format: ExportFormat, now = new Date()): string {
  return `${stem}-${now.toISOString().slice(0, 10)}.${format}`;
}

/** `attachment` with an ASCII fallback and the exact UTF-8 name (RFC 6266 / 8187). */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** The list query of an export: the list's own parser, without paging (an export has no row cap). */
export function readExportQuery(spec: ListSpec, rawQuery: unknown): ListQuery {
  const query = { ...((rawQuery !== null && typeof rawQuery === 'object' ? rawQuery : {}) as Record<string, unknown>) };
  delete query.page;
  delete query.pageSize;
  delete query.format;
  return readListQuery(spec, query);
}

/** The file format asked for: the first offered one (csv) by default, a Spanish 400 for anything not offered. */
export function readExportFormat(rawQuery: unknown, formats: readonly ExportFormat[] = EXPORT_FORMATS): ExportFormat {
  const raw = (rawQuery as Record<string, unknown> | null)?.format;
  if (raw === undefined || raw === '') return formats[0] ?? 'csv';
  const format = typeof raw === 'string' ? raw.trim().toLowerCase() : '';
  if (formats.includes(format as ExportFormat)) return format as ExportFormat;
  if (formats.length === EXPORT_FORMATS.length) throw badArgument('format', 'exports.format.invalid');
  const message = t('exports.format.only', { formats: formats.join(', ') });
  throw new ApiError(400, 'BadArgument', message, [{ code: 'BadArgument', target: 'format', message }]);
}

/** What reads the batches: the database's `query`. */
export type ExportDatabase = Pick<Database, 'query'>;

/**
 * Every matching row, batch after batch (server/exports/keysetBatches.ts), each batch the list's statement after the
 * last row of the previous one, the next one read while the caller writes the current one: two batches in memory at most.
 */
export async function* exportBatches<Row extends object>(
  database: ExportDatabase,
  spec: ListSpec,
  query: ListQuery,
  sql: ExportSql,
  batchSize = EXPORT_BATCH_SIZE,
): AsyncGenerator<Row[]> {
  yield* keysetBatches<Row[]>(spec, query, batchSize, {
    read: async (cursor) => {
      const params = new SqlParams();
      const after = keysetAfter(spec, query, cursor, params);
      const limit = `limit ${params.add(batchSize)}`;
      const statement = sql(query, { params, after, keys: keysetSelect(spec, query), limit });
      if (typeof statement === 'string') {
        const rows = await database.query<Row>(statement, params.values);
        return { batch: rows, rows: rows.length, last: rows[rows.length - 1] as Record<string, unknown> | undefined };
      }
      const rows = await database.query<unknown[]>(statement.text, params.values, { rowMode: 'array', textTypes: EXPORT_TEXT_TYPES });
      const end = rows[rows.length - 1];
      return { batch: rows as Row[], rows: rows.length, last: end && { [ORDER_KEY]: end[statement.order], [TIE_KEY]: end[statement.tie] } };
    },
  });
}

function cellOf<Row>(column: ExportColumn<Row>, row: Row): ExportCell {
  const value = column.value ? column.value(row) : (row as Record<string, unknown>)[column.key];
  if (value === undefined || value === null) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value instanceof Date) return value;
  return String(value);
}

/** A date in a CSV cell: `23/11/2026 12:04 a. m.`, Colombian (resources/dates.ts, as the screens). */
const csvDate = (date: Date): string => formatDateTime(date);

/**
 * The CSV text: the header line, then one chunk per batch, each line written straight from the row's cells (no
 * arrays of lines in between: this loop is most of an export's own time).
 */
export async function* csvChunks<Row>(columns: readonly ExportColumn<Row>[], batches: AsyncIterable<Row[]>): AsyncGenerator<string> {
  yield csvHeader(columns);
  const yes = t('exports.values.yes');
  const no = t('exports.values.no');
  // Each column's value as it is (cellOf's cases below, without a call more per cell).
  const cells = columns.map((column) => column.value ?? ((row: Row) => (row as Record<string, unknown>)[column.key]));
  const count = cells.length;
  for await (const rows of batches) {
    let out = '';
    for (const row of rows) {
      for (let index = 0; index < count; index += 1) {
        if (index > 0) out += CSV_DELIMITER;
        const cell: unknown = cells[index]!(row);
        if (cell === null || cell === undefined) continue;
        if (typeof cell === 'string') out += csvCell(cell);
        else if (typeof cell === 'number') out += String(cell);
        else if (typeof cell === 'boolean') out += csvCell(cell ? yes : no);
        // A written date (`23/11/2026 12:04 a. m.`) never needs quotes: csvCell would give it back as it is.
        else if (cell instanceof Date) out += csvDate(cell);
        else out += csvCell(String(cell));
      }
      out += '\r\n';
    }
    yield out;
  }
}

/**
 * The CSV file as a byte stream (the answer's body, a background export's file): its buffer is full after one batch's
 * chunk, so the next batch is asked for only once the reader has taken it (server/exports/csv.test.ts).
 */
export function csvStream<Row>(columns: readonly ExportColumn<Row>[], batches: AsyncIterable<Row[]>): Readable {
  return Readable.from(csvChunks(columns, batches), { objectMode: false });
}

/** The CSV header line (with the BOM) of the columns. */
export function csvHeader<Row>(columns: readonly ExportColumn<Row>[]): string {
  return BOM + csvLines([columns.map((column) => t(column.headerKey))]);
}

/**
 * The XLSX worksheet's XML (server/exports/xlsxSheet.ts): its start with the header row, then one chunk per batch,
 * written straight from the row's cells as `csvChunks` writes lines; booleans as the translated yes/no.
 */
export async function* xlsxChunks<Row>(columns: readonly ExportColumn<Row>[], batches: AsyncIterable<Row[]>): AsyncGenerator<string> {
  yield xlsxHeader(columns);
  const yes = t('exports.values.yes');
  const no = t('exports.values.no');
  const cells = columns.map((column) => (row: Row): SheetCell => {
    const cell = cellOf(column, row);
    return typeof cell === 'boolean' ? (cell ? yes : no) : cell;
  });
  let next = 2;
  for await (const rows of batches) {
    yield sheetRows(rows, cells, next);
    next += rows.length;
  }
  yield SHEET_END;
}

/** The worksheet's start: the columns' widths and the header row of their translated labels. */
export function xlsxHeader<Row>(columns: readonly ExportColumn<Row>[]): string {
  return sheetStart(columns.map((column) => ({ header: t(column.headerKey), width: column.width ?? 18 })));
}

/** The XLSX file: its worksheet written by `xlsxChunks`, zipped as it comes (server/exports/xlsxFile.ts). */
export function xlsxStream<Row>(columns: readonly ExportColumn<Row>[], batches: AsyncIterable<Row[]>): Readable {
  return xlsxFile(t('exports.sheet'), xlsxChunks(columns, batches));
}

/**
 * Answers the export: parses the query with the list's spec (a Spanish 400 when refused), reads the
 * first batch before any header is sent (a failure there is still an ordinary error answer), then
 * streams the file.
 */
export async function streamListExport<Row extends object>(
  reply: FastifyReply,
  database: ExportDatabase,
  options: ListExportOptions<Row>,
): Promise<FastifyReply> {
  const query = readExportQuery(options.spec, options.rawQuery);
  const batches = await startedBatches(exportBatches<Row>(database, options.spec, query, options.sql, options.batchSize));
  const body = options.format === 'csv' ? csvStream(options.columns, batches) : xlsxStream(options.columns, batches);
  return reply
    .header('content-type', EXPORT_CONTENT_TYPES[options.format])
    .header('content-disposition', contentDisposition(exportFileName(options.fileName, options.format)))
    .header('cache-control', 'no-store')
    .send(body);
}

/** The batches with the first one already read: a failure there is still an ordinary error answer (no header sent yet). */
async function startedBatches<Batch>(iterator: AsyncGenerator<Batch>): Promise<AsyncGenerator<Batch>> {
  const first = await iterator.next();
  async function* batches(): AsyncGenerator<Batch> {
    if (first.done) return;
    yield first.value;
    yield* iterator;
  }
  return batches();
}

export interface ListExportDeclaration<Row> {
  /** Path under /api/v1. */
  url: string;
  access: Access;
  summary: string;
  tags: string[];
  spec: ListSpec;
  sql: ExportSql;
  columns: readonly ExportColumn<Row>[];
  /** i18n key of the file name stem (`exports.files.sites`). */
  fileNameKey: string;
  batchSize?: number;
  /** The formats offered (default both); the first is the default. */
  formats?: readonly ExportFormat[];
  /** `POST`: the filters come in a JSON body (and the query string); default `GET`. */
  method?: 'GET' | 'POST';
}

/** The filters of an export request: the query string, and with `POST` the JSON body's (the body wins). */
export function exportFilters(method: 'GET' | 'POST', query: unknown, body: unknown): Record<string, unknown> {
  const object = (value: unknown) => (value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {});
  return method === 'POST' ? { ...object(query), ...object(body) } : object(query);
}

/** The querystring of an export: the list's filters and order (no paging) and `format`. */
export function exportQuerySchema(spec: ListSpec): Record<string, unknown> {
  const schema = listQuerySchema(spec) as { type: string; properties: Record<string, unknown> };
  const { page: _page, pageSize: _pageSize, ...properties } = schema.properties;
  return { ...schema, properties: { ...properties, format: { type: 'string', description: t('exports.format.description') } } };
}

/** Declares `GET url` (or `POST url`): the list's export, with its access and its OpenAPI answer (a binary file). */
export function registerListExport<Row extends object>(app: FastifyInstance, declaration: ListExportDeclaration<Row>): void {
  const file = { schema: { type: 'string', format: 'binary' } };
  const method = declaration.method ?? 'GET';
  const filters = exportQuerySchema(declaration.spec);
  apiRoute(app, {
    method,
    url: declaration.url,
    access: declaration.access,
    summary: declaration.summary,
    tags: declaration.tags,
    schema: method === 'POST' ? { body: { ...filters, description: 'Filtros de la lista (los mismos nombres que su consulta)' } } : { querystring: filters },
    documentedResponses: {
      200: {
        description: t('exports.response'),
        content: { 'text/csv': file, [EXPORT_CONTENT_TYPES.xlsx]: file },
      },
    },
    handler: async (request, reply) =>
      streamListExport<Row>(reply, app.ctx.database, {
        spec: declaration.spec,
        rawQuery: exportFilters(method, request.query, request.body),
        sql: declaration.sql,
        columns: declaration.columns,
        fileName: t(declaration.fileNameKey),
        format: readExportFormat(exportFilters(method, request.query, request.body), declaration.formats),
        batchSize: declaration.batchSize,
      }),
  });
}
