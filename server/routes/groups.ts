/** GET /sites/groups/: the site groups with their number of entities (spec 01 'Group management'). */
import type { FastifyInstance } from 'fastify';
import { groupsResource } from '../../resources/groups';
import type { ListSpec } from '../../resources/listQuery';
import { spanishOrderSql } from '../db/textKey';
import { apiRoute } from '../http/route';
import { listEnvelopeSchema } from '../resources/openapi';
import { listLimit, listOrderBy, listPage, listQuerySchema, listWhere, readListQuery, SqlParams } from '../lists/listQuery';

const NAME_SEARCH = { kind: 'search', sql: ['g.name'], maxLength: 100, description: 'Parte del nombre (sin distinguir mayúsculas ni tildes)' } as const;

/** Group list 10 per page (spec 01 §9); the group lookup of the filters asks for 100. */
export const groupListSpec: ListSpec = {
  defaultPageSize: 10,
  maxPageSize: 1000,
  orders: { name: spanishOrderSql('g.name'), groupID: 'g.group_id' },
  defaultOrder: 'name',
  tieBreaker: 'g.group_id',
  filters: {
    id: { kind: 'in', type: 'int', min: 1, sql: 'g.group_id', description: 'Grupos por id' },
    groupID: { kind: 'in', type: 'int', min: 1, sql: 'g.group_id', description: 'Igual que id' },
    name: NAME_SEARCH,
    // `search` is react-admin's free-text filter (q); `name` the spec's.
    search: { ...NAME_SEARCH, description: 'Igual que name' },
  },
};

export function registerGroupRoutes(app: FastifyInstance): void {
  apiRoute(app, {
    method: 'GET',
    url: '/sites/groups/',
    access: { permissions: groupsResource.permissions.read },
    summary: 'Grupos de entidades con su número de entidades',
    tags: ['Portales'],
    schema: { querystring: listQuerySchema(groupListSpec) },
    documentedResponses: {
      200: listEnvelopeSchema({
        type: 'object',
        properties: {
          groupID: { type: 'integer' },
          name: { type: 'string' },
          countEntities: { type: 'integer', description: 'Entidades del grupo (sin las eliminadas)' },
        },
      }),
    },
    handler: async (request) => {
      const query = readListQuery(groupListSpec, request.query);
      const params = new SqlParams();
      const rows = await app.ctx.database.query<{ groupID: number; name: string; countEntities: number }>(
        `select g.group_id as "groupID", g.name,
           (select count(*)::int from group_sites gs join sites s on s.id = gs.site_id where gs.group_id = g.group_id and not s.is_deleted) as "countEntities"
         from groups g ${listWhere(query, params)}
         ${listOrderBy(groupListSpec, query)} ${listLimit(query, params)}`,
        params.values,
      );
      return listPage(rows, query);
    },
  });
}
