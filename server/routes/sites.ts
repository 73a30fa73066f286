/** GET /sites/: the site list with its filters (spec 01 'Site list', 'Site filter'); GET /sites/counts/: its tab totals. */
import { resourceAccess } from '../resources/access';
import type { FastifyInstance } from 'fastify';
import { SITE_EXPORTERS } from '../../resources/areas';
import { sitesResource } from '../../resources/sites';
import { apiRoute } from '../http/route';
import { listEnvelopeSchema } from '../resources/openapi';
import { cachedListRows } from '../lists/listCache';
import { listPage, listQuerySchema, readListQuery } from '../lists/listQuery';
import { siteListSpec } from '../sites/filter';
import { siteListSql, siteStatusCountsSql, type SiteListRow, type SiteStatusCounts } from '../sites/listQuery';
import { tSites } from '../sites/messages';
import { statusNameKey } from '../sites/status';
import { registerListExport, type ExportColumn } from '../exports/listExport';
import { siteRequestExportColumns, siteRequestExportSpec, siteRequestExportSql, type SiteRequestExportRow } from '../sites/requestExport';

/** The portal area (resources/areas.ts PORTAL_AREA), as the sites declaration reads it. */
const SITE_READERS = resourceAccess(sitesResource.permissions.read);
/** 'Descarga' and 'Descargar solicitudes' (spec 01 'Site list'). */
const EXPORTERS = { permissions: SITE_EXPORTERS };

/** The site list's columns (spec 01 'Site list'), plus id, alias and URL, in the file. */
const siteExportColumns: ExportColumn<SiteListRow>[] = [
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
    value: (row) => (row.requestType ? tSites(`sites.request_type.${row.requestType}`) : null),
    width: 24,
  },
  { key: 'modifiedDate', headerKey: 'exports.columns.sites.modifiedDate', value: (row) => new Date(row.modifiedDate), width: 20 },
];

/** A row of the site list (documented only: resources/sites.ts SiteListRecord). */
const siteListRowSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    alias: { type: 'string' },
    parentLocationId: { type: 'integer', description: 'Departamento' },
    parentLocation: { type: 'string', nullable: true },
    locationId: { type: 'integer', nullable: true, description: 'Municipio' },
    childLocation: { type: 'string', nullable: true },
    siteTypeId: { type: 'integer' },
    siteType: { type: 'string', nullable: true },
    orderType: { type: 'integer' },
    url: { type: 'string', nullable: true },
    allowedUrl: { type: 'string', nullable: true },
    installed: { type: 'boolean' },
    statusId: { type: 'integer' },
    statusName: { type: 'string' },
    pendingRequest: { type: 'boolean' },
    requestType: { type: 'string', nullable: true, description: 'FirstTime, ChangeAdmin o UserMade' },
    countUsers: { type: 'integer' },
    countEmails: { type: 'integer' },
    countContents: { type: 'integer' },
    countComments: { type: 'integer' },
    modifiedDate: { type: 'string', format: 'date-time' },
    population: { type: 'integer', nullable: true },
  },
} as const;

export function registerSiteRoutes(app: FastifyInstance): void {
  apiRoute(app, {
    method: 'GET',
    url: '/sites/',
    access: SITE_READERS,
    summary: 'Lista de entidades (portales) con filtros y paginación (meta.hasNextPage; los totales, en /sites/counts/)',
    tags: ['Portales'],
    schema: { querystring: listQuerySchema(siteListSpec) },
    documentedResponses: { 200: listEnvelopeSchema(siteListRowSchema) },
    handler: async (request) => {
      const query = readListQuery(siteListSpec, request.query);
      const { text, params } = siteListSql(query);
      const rows = await cachedListRows<SiteListRow>(app.ctx.database, request.dataVersion, text, params);
      const page = listPage(rows, query);
      return { ...page, results: page.results.map((row) => ({ ...row, statusName: tSites(statusNameKey(row)) })) };
    },
  });

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

  apiRoute(app, {
    method: 'GET',
    url: '/sites/counts/',
    access: SITE_READERS,
    summary: 'Totales de las pestañas de estado (todos, activos, inactivos, por aprobar) para la misma búsqueda, en una consulta',
    tags: ['Portales'],
    schema: { querystring: listQuerySchema(siteListSpec) },
    documentedResponses: {
      200: {
        type: 'object',
        description: 'Portales por pestaña con los mismos filtros (sin el de estado)',
        properties: { all: { type: 'integer' }, active: { type: 'integer' }, inactive: { type: 'integer' }, pending: { type: 'integer' } },
      },
    },
    handler: async (request) => {
      const { text, params } = siteStatusCountsSql(readListQuery(siteListSpec, request.query));
      const [counts] = await cachedListRows<SiteStatusCounts>(app.ctx.database, request.dataVersion, text, params);
      return counts;
    },
  });
}
