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
import { registerListExport, type ExportArrayStatement, type ExportBatch, type ExportCell, type ExportColumn } from '../exports/listExport';
import { readInstant } from '../exports/instant';
import { keysetColumns } from '../exports/keyset';
import type { ListQuery } from '../../resources/listQuery';
import { t } from '../i18n';
import { listOrderBy, listWhere, SqlParams } from '../lists/listQuery';
import { resourceAccess } from './access';
import { columnSql, resourceListSpec } from './listSpec';
import { readConditions, readFromSql } from './readSql';

type Row = Record<string, unknown>;
/** A batch row of an engine export: its values in select order. */
export type ExportRow = readonly unknown[];

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
 * The cell of one field straight from its column (`at`) in a batch row (an array): what `exportCell` gives for the
 * API's record (`toRecord`) of that row, without building the record (a hidden or write-only field is never answered: empty).
 */
export function exportCellReader(declaration: ResourceDeclaration, field: FieldDeclaration, at: number): (row: ExportRow) => ExportCell {
  if (field.hidden || field.writeOnly) return () => null;
  if (field.computed?.translated) return (row) => (row[at] === null || row[at] === undefined ? null : exportCell(declaration, field, t(String(row[at]))));
  const labels = fieldChoiceLabels(declaration, field);
  if (labels) {
    return (row) => {
      const value = row[at];
      if (value === null || value === undefined) return null;
      return labels.get(String(value)) ?? String(value);
    };
  }
  if (field.type === 'decimal' || field.type === 'integer' || field.type === 'id' || field.type === 'reference') {
    return (row) => (row[at] === null || row[at] === undefined ? null : Number(row[at]));
  }
  if (field.type === 'datetime') {
    // A timestamptz comes as PostgreSQL's text (EXPORT_TEXT_TYPES), read by readInstant; a timestamp as the driver's Date.
    return (row) => {
      const value = row[at];
      if (value === null || value === undefined) return null;
      const date = value instanceof Date ? value : readInstant(String(value));
      return date && !Number.isNaN(date.getTime()) ? date : null;
    };
  }
  if (field.type === 'date') {
    return (row) => {
      const value = row[at];
      if (value === null || value === undefined) return null;
      // A calendar day, dd/mm/aaaa (resources/dates.ts).
      return formatDate(value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10));
    };
  }
  if (field.type === 'json' || field.type === 'audience') return (row) => exportCell(declaration, field, row[at]);
  // A text as it comes (no labels to look up for it on every row).
  return (row) => {
    const value = row[at];
    if (value === null || value === undefined) return null;
    return typeof value === 'string' ? value : exportCell(declaration, field, value);
  };
}

/** Kinds whose value, as the driver gives it (a string or a number), is text PostgreSQL reads back exactly: a keyset key. */
const KEY_KINDS = new Set<FieldDeclaration['type']>(['id', 'integer', 'reference', 'decimal', 'text', 'email', 'url', 'enum', 'color', 'richText']);

/**
 * The select list of an export: only the columns its file shows (computed ones as their expression), and `plain`, for
 * each of them its column when that column can also be a keyset key (`keysetColumns`: a stored value read back exactly,
 * among them a timestamptz, which comes as text), else null.
 */
function exportSelect(fields: readonly FieldDeclaration[]): { select: string; plain: (string | null)[] } {
  const plain = fields.map((field) => {
    if (field.computed || field.hidden || field.writeOnly) return null;
    const timestamptz = field.type === 'datetime' && field.columnType !== 'timestamp';
    return timestamptz || KEY_KINDS.has(field.type) ? columnSql(field) : null;
  });
  const select = fields.map((field) => (field.computed ? `(${field.computed.sql}) as "${fieldColumn(field).replace(/"/g, '""')}"` : columnSql(field)));
  return { select: select.join(', '), plain };
}

/** What an export reads and writes: the list's spec, one batch's statement (rows as arrays) and the file's columns. */
export function resourceExportSource(declaration: ResourceDeclaration, declared: ResourceExport) {
  const spec = resourceListSpec(declaration, 'export');
  const columns = exportColumns(declaration, declared);
  const fields = columns.map((column) => declaration.fields.find((field) => field.source === column.key)!);
  const { select, plain } = exportSelect(fields);
  return {
    spec,
    // Each key read from the file's own column when it is one (the order and the id usually are), else added as text.
    sql: (query: ListQuery, batch: ExportBatch): ExportArrayStatement => {
      const keys = keysetColumns(spec, query, plain);
      return {
        text: `select ${select}${keys.select ? `, ${keys.select}` : ''} ${readFromSql(declaration)}
         ${listWhere(query, batch.params, [...readConditions(declaration, query), ...batch.after])} ${listOrderBy(spec, query)} ${batch.limit}`,
        order: keys.order,
        tie: keys.tie,
      };
    },
    /** `select count(*)` of the rows the export writes (a background export's progress total). */
    countSql: (query: ListQuery, params: SqlParams) =>
      `select count(*)::int as total ${readFromSql(declaration)} ${listWhere(query, params, readConditions(declaration, query))}`,
    // The batch rows carry the file's columns in order, then any key not among them: each cell reads its position.
    columns: columns.map((column, index) => ({ ...column, value: exportCellReader(declaration, fields[index]!, index) })) as ExportColumn<ExportRow>[],
  };
}

/** Registers `GET <path>` (or `POST`) for each declared export of the resource; background ones: server/resources/backgroundExports.ts `registerBackgroundExports`. */
export function registerResourceExports(app: FastifyInstance, declaration: ResourceDeclaration): void {
  for (const declared of declaration.exports ?? []) {
    if (declared.background) continue;
    const source = resourceExportSource(declaration, declared);
    registerListExport<ExportRow>(app, {
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
