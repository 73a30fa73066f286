/** GET /sites/: the site list with its filters (spec 01 'Site list', 'Site filter'). */
import type { FastifyInstance } from 'fastify';
import { pagingQueryProperties } from '../http/paging';
import { apiRoute } from '../http/route';
import { listEnvelopeSchema } from '../resources/openapi';
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
    access: { permissions: ['Sites', 'Impersonate', 'Reports'] },
    summary: 'Lista de entidades (portales) con filtros y paginación',
    tags: ['Portales'],
    schema: { querystring: siteListQuerySchema },
    documentedResponses: { 200: listEnvelopeSchema(siteListRowSchema) },
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
