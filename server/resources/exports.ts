/**
 * The declared exports of a resource (`declaration.exports`, resources/types.ts `ResourceExport`): each one a streamed
 * `GET` of the list (server/exports/listExport.ts) with the list's own parsed query (its filters and order, no row cap),
 * the same rows as the list (computed fields, `listWhere`, soft delete), CSV or XLSX, and the fields' i18n labels as
 * headers. Access: the export's permissions, else the declaration's read.
 */
import type { FastifyInstance } from 'fastify';
import { formatDate } from '../../resources/dates';
import { choiceLabelKey } from '../../resources/fieldKinds';
import { resources } from '../../resources';
import { fieldColumn, listedFields, type FieldDeclaration, type LabelledDeclaration, type ResourceDeclaration, type ResourceExport } from '../../resources/types';
import { registerListExport, type ExportBatch, type ExportCell, type ExportColumn } from '../exports/listExport';
import type { ListQuery } from '../../resources/listQuery';
import { t } from '../i18n';
import { listOrderBy, listWhere, SqlParams } from '../lists/listQuery';
import { resourceAccess } from './access';
import { resourceListSpec } from './listSpec';
import { readConditions, readFromSql } from './readSql';

type Row = Record<string, unknown>;

/** A field's stored values with their Spanish texts, in the order declared. */
export type ChoiceLabels = ReadonlyMap<string, string>;

/**
 * The Spanish label of each known value of a field with choices: an `enum`'s `choices`, a text field's `labels` (given
 * every declaration); undefined for any other field. A label without a Spanish text is left out: its value is written
 * as it is (as the screens show a code they cannot name).
 */
export function fieldChoiceLabels(
  declaration: Pick<ResourceDeclaration, 'name'>,
  field: FieldDeclaration,
  declarations: readonly LabelledDeclaration[] = resources,
): ChoiceLabels | undefined {
  const choices = field.type === 'enum' ? (field.choices ?? []) : field.labels?.(declarations);
  if (!choices) return undefined;
  const labels = new Map<string, string>();
  for (const choice of choices) {
    const key = choiceLabelKey(declaration.name, field, choice);
    const text = t(key);
    if (text !== key && !labels.has(choice.id)) labels.set(choice.id, text);
  }
  return labels;
}

/** The value of a field in a file cell: numbers, dates as dates, choices by their label, JSON as text. */
export function exportCell(
  declaration: ResourceDeclaration,
  field: FieldDeclaration,
  value: unknown,
  labels: ChoiceLabels | undefined = fieldChoiceLabels(declaration, field),
): ExportCell {
  if (value === null || value === undefined) return null;
  if (labels) return labels.get(String(value)) ?? String(value);
  if (field.type === 'datetime') return new Date(String(value));
  if (field.type === 'date') return formatDate(String(value).slice(0, 10)) || String(value);
  if (field.type === 'json' || field.type === 'audience') return JSON.stringify(value);
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return String(value);
}

/** The file's columns: the declared `fields`, else the list's (`list !== false`, not `detailOnly`, `hidden` nor `writeOnly`), each headed by its label. */
export function exportColumns(declaration: ResourceDeclaration, declared: Pick<ResourceExport, 'fields'>): ExportColumn<Row>[] {
  const sources = declared.fields ?? listedFields(declaration.fields).filter((field) => field.list !== false && !field.writeOnly && !field.hidden).map((field) => field.source);
  return sources.map((source) => {
    const field = declaration.fields.find((candidate) => candidate.source === source);
    if (!field) throw new Error(`resource ${declaration.name}: export column ${source} is not a declared field`);
    // A `detailOnly` value is read with one record only, never in a file of the whole list.
    if (field.detailOnly) throw new Error(`resource ${declaration.name}: export column ${source} is detailOnly`);
    const labels = fieldChoiceLabels(declaration, field);
    return { key: source, headerKey: field.label, value: (row: Row) => exportCell(declaration, field, row[source], labels) };
  });
}

/**
 * The cell of one field straight from its column in a batch row: what `exportCell` gives for the API's record
 * (`toRecord`) of that row, without building the record (a hidden or write-only field is never answered: empty).
 */
export function exportCellReader(declaration: ResourceDeclaration, field: FieldDeclaration): (row: Row) => ExportCell {
  const column = fieldColumn(field);
  if (field.hidden || field.writeOnly) return () => null;
  if (field.computed?.translated) return (row) => (row[column] === null || row[column] === undefined ? null : exportCell(declaration, field, t(String(row[column]))));
  const labels = fieldChoiceLabels(declaration, field);
  if (labels) {
    return (row) => {
      const value = row[column];
      if (value === null || value === undefined) return null;
      return labels.get(String(value)) ?? String(value);
    };
  }
  if (field.type === 'decimal' || field.type === 'integer' || field.type === 'id' || field.type === 'reference') {
    return (row) => (row[column] === null || row[column] === undefined ? null : Number(row[column]));
  }
  if (field.type === 'datetime') {
    // Selected as epoch milliseconds (exportSelectSql): a number, not a timestamp's text for the driver to parse.
    return (row) => {
      const value = row[column];
      if (value === null || value === undefined) return null;
      const date = value instanceof Date ? value : new Date(Number(value));
      return Number.isNaN(date.getTime()) ? null : date;
    };
  }
  if (field.type === 'date') {
    return (row) => {
      const value = row[column];
      if (value === null || value === undefined) return null;
      // A calendar day, dd/mm/aaaa (resources/dates.ts).
      return formatDate(value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10));
    };
  }
  return (row) => exportCell(declaration, field, row[column]);
}

/** A timestamptz expression as its whole epoch milliseconds, the instant the driver reads from its text. */
export const epochMillisSql = (value: string): string => `floor(extract(epoch from ${value}) * 1000)::float8`;

/**
 * The select list of an export: only the columns its file shows (computed ones as their expression), each datetime as
 * its whole epoch milliseconds (floored in numeric, exact in a double; the driver's parsing of a timestamp's text was the
 * costliest part of reading a batch).
 */
function exportSelectSql(fields: readonly FieldDeclaration[]): string {
  return fields
    .map((field) => {
      const column = `"${fieldColumn(field).replace(/"/g, '""')}"`;
      const value = field.computed ? `(${field.computed.sql})` : `t.${column}`;
      if (field.type === 'datetime' && field.columnType !== 'timestamp') return `${epochMillisSql(value)} as ${column}`;
      return field.computed ? `${value} as ${column}` : value;
    })
    .join(', ');
}

/** What an export reads and writes: the list's spec, one batch's statement and the file's columns. */
export function resourceExportSource(declaration: ResourceDeclaration, declared: ResourceExport) {
  const spec = resourceListSpec(declaration, 'export');
  const columns = exportColumns(declaration, declared);
  const fields = columns.map((column) => declaration.fields.find((field) => field.source === column.key)!);
  const select = exportSelectSql(fields);
  return {
    spec,
    sql: (query: ListQuery, batch: ExportBatch) =>
      `select ${select}, ${batch.keys} ${readFromSql(declaration)}
         ${listWhere(query, batch.params, [...readConditions(declaration, query), ...batch.after])} ${listOrderBy(spec, query)} ${batch.limit}`,
    /** `select count(*)` of the rows the export writes (a background export's progress total). */
    countSql: (query: ListQuery, params: SqlParams) =>
      `select count(*)::int as total ${readFromSql(declaration)} ${listWhere(query, params, readConditions(declaration, query))}`,
    // The batch rows carry only the file's columns and the keyset keys: each cell reads its column.
    columns: columns.map((column, index) => ({ ...column, value: exportCellReader(declaration, fields[index]!) })),
  };
}

/** Registers `GET <path>` (or `POST`) for each declared export of the resource; background ones: server/resources/backgroundExports.ts `registerBackgroundExports`. */
export function registerResourceExports(app: FastifyInstance, declaration: ResourceDeclaration): void {
  for (const declared of declaration.exports ?? []) {
    if (declared.background) continue;
    const source = resourceExportSource(declaration, declared);
    registerListExport<Row>(app, {
      url: declared.path,
      method: declared.method,
      access: resourceAccess(declared.permissions ?? declaration.permissions.read),
      summary: `${t(declaration.title)}: descarga (${declared.formats.join(' o ').toUpperCase()}) con los filtros y el orden de la lista, todas las filas`,
      tags: [declaration.name],
      spec: source.spec,
      formats: declared.formats,
      sql: source.sql,
      columns: source.columns,
      fileNameKey: declared.fileName,
    });
  }
}
