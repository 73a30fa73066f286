/** GET /sites/groups/: the site groups with their number of entities (spec 01 'Group management'). */
import type { FastifyInstance } from 'fastify';
import { pagingQueryProperties } from '../http/paging';
import { apiRoute } from '../http/route';
import { listEnvelopeSchema } from '../resources/openapi';
import { accentInsensitiveRegex, pageMeta, QueryReader, readPaging, sortKeySql } from '../sites/query';

export const GROUP_PAGE_SIZE = 10;

export function registerGroupRoutes(app: FastifyInstance): void {
  apiRoute(app, {
    method: 'GET',
    url: '/sites/groups/',
    access: { permissions: ['Sites', 'Impersonate', 'Reports', 'Users', 'GlobalContents', 'GlobalBanners', 'Messages', 'Settings'] },
    summary: 'Grupos de entidades con su número de entidades',
    tags: ['Portales'],
    schema: {
      querystring: {
        type: 'object',
        properties: {
          ...pagingQueryProperties({ defaultPageSize: 10, maxPageSize: 1000 }),
          name: { type: 'string', description: 'Parte del nombre (sin distinguir mayúsculas ni tildes)' },
          search: { type: 'string', description: 'Igual que name' },
        },
      },
    },
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
      const reader = new QueryReader(request.query as Record<string, unknown>);
      const paging = readPaging(reader, { pageSize: GROUP_PAGE_SIZE, maxPageSize: 1000 });
      // `search` is react-admin's free-text filter (q); `name` the spec's.
      const name = reader.text('name', 100) ?? reader.text('search', 100);
      reader.failIfInvalid();
      const params: unknown[] = [];
      let where = '';
      if (name) {
        params.push(accentInsensitiveRegex(name));
        where = 'where g.name ~* $1';
      }
      const n = params.length;
      const { database } = app.ctx;
      const results = await database.query<{ groupID: number; name: string; countEntities: number }>(
        `select g.group_id as "groupID", g.name,
           (select count(*)::int from group_sites gs join sites s on s.id = gs.site_id where gs.group_id = g.group_id and not s.is_deleted) as "countEntities"
         from groups g ${where}
         order by ${sortKeySql('g.name')}, g.group_id limit $${n + 1} offset $${n + 2}`,
        [...params, paging.pageSize, (paging.page - 1) * paging.pageSize],
      );
      const [count] = await database.query<{ total: number }>(`select count(*)::int as total from groups g ${where}`, params);
      return { results, meta: pageMeta(paging, count?.total ?? 0) };
    },
  });
}
