/** GET /sites/: the site list with its filters (spec 01 'Site list', 'Site filter'); GET /sites/counts/: its tab totals. */
import type { FastifyInstance } from 'fastify';
import { apiRoute } from '../http/route';
import { listEnvelopeSchema } from '../resources/openapi';
import { listPage, listQuerySchema, readListQuery } from '../lists/listQuery';
import { siteListSpec } from '../sites/filter';
import { siteListSql, siteStatusCountsSql, type SiteListRow, type SiteStatusCounts } from '../sites/listQuery';
import { tSites } from '../sites/messages';
import { statusNameKey } from '../sites/status';

const SITE_READERS = { permissions: ['Sites', 'Impersonate', 'Reports'] } as const;

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
      const rows = await app.ctx.database.query<SiteListRow>(text, params);
      const page = listPage(rows, query);
      return { ...page, results: page.results.map((row) => ({ ...row, statusName: tSites(statusNameKey(row)) })) };
    },
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
      const [counts] = await app.ctx.database.query<SiteStatusCounts>(text, params);
      return counts;
    },
  });
}
