/**
 * The declared exports of a resource (`declaration.exports`, resources/types.ts `ResourceExport`): each one a streamed
 * `GET` of the list (server/exports/listExport.ts) with the list's own parsed query (its filters and order, no row cap),
 * the same rows as the list (computed fields, `listWhere`, soft delete), CSV or XLSX, and the fields' i18n labels as
 * headers. Access: the export's permissions, else the declaration's read.
 */
import type { FastifyInstance } from 'fastify';
import { choiceLabelKey } from '../../resources/fieldKinds';
import { fieldColumn, type FieldDeclaration, type ResourceDeclaration, type ResourceExport } from '../../resources/types';
import { registerListExport, type ExportBatch, type ExportCell, type ExportColumn } from '../exports/listExport';
import type { ListQuery } from '../../resources/listQuery';
import { registerBackgroundExport } from './backgroundExports';
import { t } from '../i18n';
import { listOrderBy, listWhere, SqlParams } from '../lists/listQuery';
import { resourceAccess } from './access';
import { toRecord } from './fields';
import { resourceListSpec } from './listSpec';
import { readConditions, readFromSql, readSelectSql } from './readSql';

type Row = Record<string, unknown>;

/** The value of a field in a file cell: numbers, dates as dates, choices by their label, JSON as text. */
export function exportCell(declaration: ResourceDeclaration, field: FieldDeclaration, value: unknown): ExportCell {
  if (value === null || value === undefined) return null;
  if (field.type === 'datetime') return new Date(String(value));
  if (field.type === 'enum') {
    const choice = field.choices?.find((candidate) => candidate.id === value);
    return choice ? t(choiceLabelKey(declaration.name, field, choice)) : String(value);
  }
  if (field.type === 'json' || field.type === 'audience') return JSON.stringify(value);
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return String(value);
}

/** The file's columns: the declared `fields`, else the list's (`list !== false`), each headed by its label. */
export function exportColumns(declaration: ResourceDeclaration, declared: Pick<ResourceExport, 'fields'>): ExportColumn<Row>[] {
  const sources = declared.fields ?? declaration.fields.filter((field) => field.list !== false && !field.writeOnly).map((field) => field.source);
  return sources.map((source) => {
    const field = declaration.fields.find((candidate) => candidate.source === source);
    if (!field) throw new Error(`resource ${declaration.name}: export column ${source} is not a declared field`);
    return { key: source, headerKey: field.label, value: (row: Row) => exportCell(declaration, field, row[source]) };
  });
}

/** A batch's row (column names) as the API's record (sources, numbers, ISO dates), once per row. */
function recordReader(declaration: ResourceDeclaration): (row: Row) => Row {
  const records = new WeakMap<Row, Row>();
  return (row) => {
    let record = records.get(row);
    if (!record) {
      record = toRecord(declaration, Object.fromEntries(declaration.fields.map((field) => [field.source, row[fieldColumn(field)]])));
      records.set(row, record);
    }
    return record;
  };
}

/** What an export reads and writes: the list's spec, one batch's statement and the file's columns. */
export function resourceExportSource(declaration: ResourceDeclaration, declared: ResourceExport) {
  const spec = resourceListSpec(declaration);
  const columns = exportColumns(declaration, declared);
  const recordOf = recordReader(declaration);
  return {
    spec,
    sql: (query: ListQuery, batch: ExportBatch) =>
      `select ${readSelectSql(declaration)}, ${batch.keys} ${readFromSql(declaration)}
         ${listWhere(query, batch.params, [...readConditions(declaration, query), ...batch.after])} ${listOrderBy(spec, query)} ${batch.limit}`,
    /** `select count(*)` of the rows the export writes (a background export's progress total). */
    countSql: (query: ListQuery, params: SqlParams) =>
      `select count(*)::int as total ${readFromSql(declaration)} ${listWhere(query, params, readConditions(declaration, query))}`,
    // The batch rows come with their keyset columns: the cells read the record.
    columns: columns.map((column) => ({ ...column, value: (row: Row) => column.value!(recordOf(row)) })),
  };
}

/** Registers `GET <path>` (or `POST`) for each declared export of the resource; background ones: server/resources/backgroundExports.ts. */
export function registerResourceExports(app: FastifyInstance, declaration: ResourceDeclaration): void {
  for (const declared of declaration.exports ?? []) {
    if (declared.background) {
      registerBackgroundExport(app, declaration, declared);
      continue;
    }
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
