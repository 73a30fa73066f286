/**
 * `GET /govindex/{year}` (spec 01 §2, §7): the digital-government index of the entities in a year (2018 to the current
 * one), a declared view of the sites (resources/sites.ts) on a path of its own. A `{year}` that is no year at all
 * answers 404; a year outside the range its own message (400).
 */
import { EMAIL_PAGE_SIZE } from '../../resources/mailAccounts';
import type { ListSpec } from '../../resources/listQuery';
import { govIndexYearError } from '../../resources/loads';
import { notFound, ruleRefusal } from '../http/errors';
import { textParam } from '../http/params';
import { listLimit, listOrderBy, listPage, listQuerySchema, listWhere, readListQuery, SqlParams } from '../lists/listQuery';
import { listEnvelopeSchema } from '../resources/openapi';
import type { ViewHandler } from '../resources/services/base';

const govIndexListSpec: ListSpec = {
  defaultPageSize: 20,
  maxPageSize: EMAIL_PAGE_SIZE,
  orders: { siteId: 'g.site_id' },
  defaultOrder: 'siteId',
  tieBreaker: 'g.site_id',
  filters: { siteId: { kind: 'in', type: 'int', min: 1, sql: 'g.site_id', description: 'Índices de estas entidades (por id)' } },
};

const govIndexSchema = {
  type: 'object',
  properties: {
    siteId: { type: 'integer' },
    siteName: { type: 'string' },
    year: { type: 'integer' },
    index1: { type: 'number' },
    index2: { type: 'number' },
    index3: { type: 'number' },
    index4: { type: 'number' },
  },
};

export const govIndexView: ViewHandler = {
  summary: 'Índice de gobierno digital de las entidades en un año (2018 al actual)',
  paramsSchema: { type: 'object', properties: { year: { type: 'string', description: 'Año (2018 al actual)' } } },
  querySchema: listQuerySchema(govIndexListSpec),
  responseSchema: listEnvelopeSchema(govIndexSchema),
  errorResponses: [400],
  run: async ({ app, request }) => {
    const raw = textParam(request, 'year');
    // Not a year at all (a huge number, a negative one): no such index. A year outside 2018…now: its message.
    if (!/^\d{1,9}$/.test(raw)) throw notFound();
    const year = Number(raw);
    const invalid = govIndexYearError(year);
    if (invalid) throw ruleRefusal(invalid);
    const query = readListQuery(govIndexListSpec, request.query);
    const params = new SqlParams();
    const rows = await app.ctx.database.query(
      `select g.site_id as "siteId", s.name as "siteName", g.year, g.index1, g.index2, g.index3, g.index4
       from gov_index g join sites s on s.id = g.site_id
       ${listWhere(query, params, [`g.year = ${params.add(year)}`])} ${listOrderBy(govIndexListSpec, query)} ${listLimit(query)}`,
      params.values,
    );
    return listPage(rows, query);
  },
};
