/** GET /locations/: departments and municipalities (DIVIPOLA), for filters and forms. */
import type { FastifyInstance } from 'fastify';
import type { LocationRecord } from '../../resources/locations';
import { pagingQueryProperties } from '../http/paging';
import { apiRoute } from '../http/route';
import { listEnvelopeSchema } from '../resources/openapi';
import { locationWhere, parseLocationFilter } from '../sites/locationFilter';
import { pageMeta, sortKeySql } from '../sites/query';


export function registerLocationRoutes(app: FastifyInstance): void {
  apiRoute(app, {
    method: 'GET',
    url: '/locations/',
    access: 'authenticated',
    summary: 'Departamentos y municipios, por ubicación padre o por nombre',
    tags: ['Ubicaciones'],
    schema: {
      querystring: {
        type: 'object',
        properties: {
          parentLocationId: { type: 'string', description: 'Ubicación padre (170 = Colombia: departamentos)' },
          search: { type: 'string', description: 'Parte del nombre (sin distinguir mayúsculas ni tildes)' },
          isMunicipality: { type: 'string', description: 'true municipios, false departamentos' },
          ...pagingQueryProperties({ defaultPageSize: 100, maxPageSize: 2000 }),
        },
      },
    },
    documentedResponses: {
      200: listEnvelopeSchema({
        type: 'object',
        properties: {
          id: { type: 'integer', description: 'Código DIVIPOLA' },
          name: { type: 'string' },
          code: { type: 'string' },
          parentLocationId: { type: 'integer', nullable: true, description: 'Ubicación padre' },
          isMunicipality: { type: 'boolean' },
          latitude: { type: 'number', nullable: true },
          longitude: { type: 'number', nullable: true },
        },
      }),
    },
    handler: async (request) => {
      const filter = parseLocationFilter(request.query as Record<string, unknown>);
      const where = locationWhere(filter);
      const n = where.params.length;
      const { database } = app.ctx;
      const results = await database.query<LocationRecord>(
        `select l.id, l.name, l.code, l.parent_location_id as "parentLocationId", l.is_municipality as "isMunicipality",
           l.latitude, l.longitude
         from locations l ${where.text}
         order by ${sortKeySql('l.name')}, l.id limit $${n + 1} offset $${n + 2}`,
        [...where.params, filter.pageSize, (filter.page - 1) * filter.pageSize],
      );
      const [count] = await database.query<{ total: number }>(`select count(*)::int as total from locations l ${where.text}`, where.params);
      return { results, meta: pageMeta(filter, count?.total ?? 0) };
    },
  });
}
