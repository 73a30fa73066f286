/** GET /sites/: the site list with its filters (spec 01 'Site list', 'Site filter'); GET /sites/counts/: its tab totals. */
import type { FastifyInstance } from 'fastify';
import { apiRoute } from '../http/route';
import { listPage, listQuerySchema, readListQuery } from '../lists/listQuery';
import { siteListSpec } from '../sites/filter';
import { siteListSql, siteStatusCountsSql, type SiteListRow, type SiteStatusCounts } from '../sites/listQuery';
import { tSites } from '../sites/messages';
import { statusNameKey } from '../sites/status';

const SITE_READERS = { permissions: ['Sites', 'Impersonate', 'Reports'] } as const;

export function registerSiteRoutes(app: FastifyInstance): void {
  apiRoute(app, {
    method: 'GET',
    url: '/sites/',
    access: SITE_READERS,
    summary: 'Lista de entidades (portales) con filtros y paginación (meta.hasNextPage; los totales, en /sites/counts/)',
    tags: ['Portales'],
    schema: { querystring: listQuerySchema(siteListSpec) },
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
    handler: async (request) => {
      const { text, params } = siteStatusCountsSql(readListQuery(siteListSpec, request.query));
      const [counts] = await app.ctx.database.query<SiteStatusCounts>(text, params);
      return counts;
    },
  });
}
