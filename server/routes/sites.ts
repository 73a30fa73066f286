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
import { statusNameKey } from '../sites/status';
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
