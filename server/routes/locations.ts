/** GET /locations/: departments and municipalities (DIVIPOLA), for filters and forms. */
import type { FastifyInstance } from 'fastify';
import type { ListSpec } from '../../resources/listQuery';
import type { LocationRecord } from '../../resources/locations';
import { spanishOrderSql } from '../db/textKey';
import { apiRoute } from '../http/route';
import { listEnvelopeSchema } from '../resources/openapi';
import { listLimit, listOrderBy, listPage, listQuerySchema, listWhere, readListQuery, SqlParams } from '../lists/listQuery';

/** Spec 01 §3 'Location': departments under the country root, municipalities under a department (all of them in one page of 2000). */
export const locationListSpec: ListSpec = {
  defaultPageSize: 100,
  maxPageSize: 2000,
  orders: { name: spanishOrderSql('l.name'), id: 'l.id' },
  defaultOrder: 'name',
  tieBreaker: 'l.id',
  filters: {
    id: { kind: 'in', type: 'int', min: 1, sql: 'l.id', description: 'Ubicaciones por id' },
    parentLocationId: { kind: 'eq', type: 'int', min: 1, sql: 'l.parent_location_id', description: 'Ubicación padre (170 = Colombia: departamentos)' },
    search: { kind: 'search', sql: ['l.name'], maxLength: 150, description: 'Parte del nombre (sin distinguir mayúsculas ni tildes)' },
    isMunicipality: { kind: 'bool', sql: 'l.is_municipality', description: 'true municipios, false departamentos' },
  },
};

/** The country root (no parent) is never listed. */
const LISTED = ['l.parent_location_id is not null'];

export function registerLocationRoutes(app: FastifyInstance): void {
  apiRoute(app, {
    method: 'GET',
    url: '/locations/',
    access: 'authenticated',
    summary: 'Departamentos y municipios, por ubicación padre o por nombre',
    tags: ['Ubicaciones'],
    schema: { querystring: listQuerySchema(locationListSpec) },
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
      const query = readListQuery(locationListSpec, request.query);
      const params = new SqlParams();
      const rows = await app.ctx.database.query<LocationRecord>(
        `select l.id, l.name, l.code, l.parent_location_id as "parentLocationId", l.is_municipality as "isMunicipality",
           l.latitude, l.longitude
         from locations l ${listWhere(query, params, LISTED)}
         ${listOrderBy(locationListSpec, query)} ${listLimit(query, params)}`,
        params.values,
      );
      return listPage(rows, query);
    },
  });
}
