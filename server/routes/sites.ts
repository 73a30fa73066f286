/**
 * Hand routes: streamed exports with their own columns and rows, and the public URL check.
 *
 * The site routes beyond the engine's (the list, one site, create, update, delete, enable and disable are the sites
 * declaration's: resources/sites.ts, its view GET /sites/counts/ too): the two streamed exports, whose columns and rows
 * are not the list's (translated request kinds, the requests of the filtered sites), and the public GET /allowurl/.
 * Each reads the same ListSpec as the engine's list (server/sites/filter.ts).
 */
import type { FastifyInstance } from 'fastify';
import { SITE_EXPORTERS } from '../../resources/areas';
import { choiceKey } from '../../resources/types';
import { siteListSpec } from '../sites/filter';
import { siteListSql, type SiteListRow } from '../sites/listQuery';
import { registerAllowUrlRoute } from '../sites/allowUrl';
import { tSites } from '../sites/messages';
import { SITE_STATUS, statusNameKey } from '../sites/status';
import { SITE_REQUEST_KINDS } from '../../resources/siteRequests';
import { batchColumn, csvDateTimeSql, csvLineSql, csvLiteral } from '../exports/csvSql';
import { xlsxDateCellSql, xlsxLiteralCellSql, xlsxNumberCellSql, xlsxRowSql, xlsxTextCellSql, type XlsxCellSql } from '../exports/xlsxSql';
import { t } from '../i18n';
import { registerListExport, type ExportColumn } from '../exports/listExport';
import { siteRequestExportColumns, siteRequestExportSpec, siteRequestExportSql, type SiteRequestExportRow } from '../sites/requestExport';

/** 'Descarga' and 'Descargar solicitudes' (spec 01 'Site list'). */
const EXPORTERS = { permissions: SITE_EXPORTERS };

/** The site list's columns (spec 01 'Site list'), plus id, alias and URL, in the file. */
export const siteExportColumns: ExportColumn<SiteListRow>[] = [
  { key: 'id', headerKey: 'exports.columns.sites.id', width: 8 },
  { key: 'name', headerKey: 'exports.columns.sites.name', width: 40 },
  { key: 'alias', headerKey: 'exports.columns.sites.alias', width: 20 },
  { key: 'siteType', headerKey: 'exports.columns.sites.siteType', width: 24 },
  { key: 'parentLocation', headerKey: 'exports.columns.sites.parentLocation' },
  { key: 'childLocation', headerKey: 'exports.columns.sites.childLocation' },
  { key: 'url', headerKey: 'exports.columns.sites.url', width: 30 },
  { key: 'countUsers', headerKey: 'exports.columns.sites.countUsers', width: 10 },
  { key: 'countEmails', headerKey: 'exports.columns.sites.countEmails', width: 10 },
  { key: 'countContents', headerKey: 'exports.columns.sites.countContents', width: 10 },
  { key: 'countComments', headerKey: 'exports.columns.sites.countComments', width: 10 },
  { key: 'population', headerKey: 'exports.columns.sites.population', width: 12 },
  { key: 'statusName', headerKey: 'exports.columns.sites.statusName', value: (row) => tSites(statusNameKey(row)), width: 12 },
  { key: 'pendingRequest', headerKey: 'exports.columns.sites.pendingRequest', width: 12 },
  {
    key: 'requestType',
    headerKey: 'exports.columns.sites.requestType',
    value: (row) => (row.requestType ? tSites(choiceKey('siterequests', 'kind', row.requestType)) : null),
    width: 24,
  },
  { key: 'modifiedDate', headerKey: 'exports.columns.sites.modifiedDate', value: (row) => new Date(row.modifiedDate), width: 20 },
];

/** How the database writes each column of `siteExportColumns` (its CSV line and its XLSX row below). */
type SiteCellKind = 'text' | 'number' | 'status' | 'yesNo' | 'requestKind' | 'date';
const SITE_EXPORT_CELL_KINDS: Record<string, SiteCellKind> = {
  id: 'number',
  name: 'text',
  alias: 'text',
  siteType: 'text',
  parentLocation: 'text',
  childLocation: 'text',
  url: 'text',
  countUsers: 'number',
  countEmails: 'number',
  countContents: 'number',
  countComments: 'number',
  population: 'number',
  statusName: 'status',
  pendingRequest: 'yesNo',
  requestType: 'requestKind',
  modifiedDate: 'date',
};

/** Each column's cell, from its kind, in the file's order. */
function siteExportCells<Cell>(cell: (kind: SiteCellKind, column: string) => Cell): Cell[] {
  return siteExportColumns.map((column) => {
    const kind = SITE_EXPORT_CELL_KINDS[column.key];
    if (!kind) throw new Error(`site export: column ${column.key} has no SQL cell`);
    return cell(kind, batchColumn(column.key));
  });
}

const ACTIVE_LABEL = () => tSites(statusNameKey({ installed: true, statusId: SITE_STATUS.active }));
const INACTIVE_LABEL = () => tSites(statusNameKey({ installed: false, statusId: SITE_STATUS.inactive }));
const IS_ACTIVE = `${batchColumn('installed')} and ${batchColumn('statusId')} = ${SITE_STATUS.active}`;
const requestKindLabels = () => SITE_REQUEST_KINDS.map((kind) => [kind, tSites(choiceKey('siterequests', 'kind', kind))] as const);

/**
 * The CSV line of `siteExportColumns` written by the database (server/exports/csvSql.ts): the same text as `csvChunks`
 * writes from the columns' values, without a row object per site (tests/api/exports.test.ts compares both).
 */
export function siteExportCsvLine(): string {
  const yes = csvLiteral(t('exports.values.yes'));
  const no = csvLiteral(t('exports.values.no'));
  const kinds = requestKindLabels().map(([kind, label]) => `when '${kind}' then ${csvLiteral(label)}`).join(' ');
  return csvLineSql(
    siteExportCells((kind, column) => {
      switch (kind) {
        case 'text':
          return `csv_cell(${column})`;
        case 'number':
          return `coalesce((${column})::text, '')`;
        case 'status':
          return `case when ${IS_ACTIVE} then ${csvLiteral(ACTIVE_LABEL())} else ${csvLiteral(INACTIVE_LABEL())} end`;
        case 'yesNo':
          return `case when ${column} then ${yes} when not ${column} then ${no} else '' end`;
        case 'requestKind':
          return `case ${column} ${kinds} else csv_cell(${column}) end`;
        case 'date':
          return csvDateTimeSql(column);
      }
    }),
  );
}

/**
 * The XLSX worksheet row of `siteExportColumns` written by the database (server/exports/xlsxSql.ts): the same cells as
 * `xlsxChunks` writes from the columns' values (tests/api/exports.test.ts reads both back and compares them).
 */
export function siteExportXlsxRow(): string {
  const yes = xlsxLiteralCellSql(t('exports.values.yes'));
  const no = xlsxLiteralCellSql(t('exports.values.no'));
  const active = xlsxLiteralCellSql(ACTIVE_LABEL());
  const inactive = xlsxLiteralCellSql(INACTIVE_LABEL());
  const kinds = requestKindLabels().map(([kind, label]) => [kind, xlsxLiteralCellSql(label)] as const);
  return xlsxRowSql(
    siteExportCells<XlsxCellSql>((kind, column) => {
      switch (kind) {
        case 'text':
          return xlsxTextCellSql(column);
        case 'number':
          return xlsxNumberCellSql(column);
        case 'status':
          return (ref) => `case when ${IS_ACTIVE} then ${active(ref)} else ${inactive(ref)} end`;
        case 'yesNo':
          return (ref) => `case when ${column} then ${yes(ref)} when not ${column} then ${no(ref)} else '' end`;
        case 'requestKind':
          return (ref) => `case ${column} ${kinds.map(([value, cell]) => `when '${value}' then ${cell(ref)}`).join(' ')} else ${xlsxTextCellSql(column)(ref)} end`;
        case 'date':
          return xlsxDateCellSql(column);
      }
    }),
  );
}

export function registerSiteRoutes(app: FastifyInstance): void {
  registerListExport<SiteListRow>(app, {
    url: '/sitesexport',
    access: EXPORTERS,
    summary: 'Descarga de la lista de entidades (CSV o XLSX): los mismos filtros y orden que /sites/, todas las filas, en streaming',
    tags: ['Portales'],
    spec: siteListSpec,
    sql: (query, batch) => siteListSql(query, batch).text,
    columns: siteExportColumns,
    fileNameKey: 'exports.files.sites',
    csvLine: siteExportCsvLine(),
    xlsxRow: siteExportXlsxRow(),
  });

  registerListExport<SiteRequestExportRow>(app, {
    url: '/sitesrequestexport',
    access: EXPORTERS,
    summary: 'Descarga de las solicitudes de las entidades filtradas (CSV o XLSX): la más reciente primero, todas las filas, en streaming',
    tags: ['Portales'],
    spec: siteRequestExportSpec,
    sql: siteRequestExportSql,
    columns: siteRequestExportColumns,
    fileNameKey: 'exports.files.site_requests',
  });

  registerAllowUrlRoute(app);
}
