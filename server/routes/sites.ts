/** GET /sites/: the site list with its filters (spec 01 'Site list', 'Site filter'). */
import type { FastifyInstance } from 'fastify';
import { pagingQueryProperties } from '../http/paging';
import { apiRoute } from '../http/route';
import { parseSiteFilter } from '../sites/filter';
import { siteListSql, type SiteListRow } from '../sites/listQuery';
import { tSites } from '../sites/messages';
import { pageMeta } from '../sites/query';
import { statusNameKey } from '../sites/status';

const siteListQuerySchema = {
  type: 'object',
  properties: {
    ...pagingQueryProperties({ defaultPageSize: 20, maxPageSize: 100 }),
    name: { type: 'string', description: 'Parte del nombre (sin distinguir mayúsculas ni tildes)' },
    parentLocationId: { type: 'string', description: 'Departamento' },
    locationId: { type: 'string', description: 'Municipio' },
    groupID: { type: 'string', description: 'Grupo' },
    status: { type: 'string', description: '1 activos (instalados), 2 inactivos o no instalados' },
    pendingRequest: { type: 'string', description: 'true: solo con solicitud pendiente' },
    orderBy: { type: 'string', description: 'Campo de orden; -campo descendente (name por defecto)' },
  },
} as const;

export function registerSiteRoutes(app: FastifyInstance): void {
  apiRoute(app, {
    method: 'GET',
    url: '/sites/',
    access: { permissions: ['Sites', 'Impersonate', 'Reports'] },
    summary: 'Lista de entidades (portales) con filtros y paginación',
    tags: ['Portales'],
    schema: { querystring: siteListQuerySchema },
    handler: async (request) => {
      const filter = parseSiteFilter(request.query as Record<string, unknown>);
      const { page, count } = siteListSql(filter);
      const { database } = app.ctx;
      const [rows, [totalRow]] = await Promise.all([
        database.query<SiteListRow>(page.text, page.params),
        database.query<{ total: number }>(count.text, count.params),
      ]);
      const total = totalRow?.total ?? 0;
      return {
        results: rows.map((row) => ({ ...row, statusName: tSites(statusNameKey(row)) })),
        meta: pageMeta(filter, total),
      };
    },
  });
}
