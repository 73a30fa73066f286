/**
 * A searched page of a large list, read with a plan the planner cannot get wrong (issue 23, declaration
 * `listSearchWalk`): `spanish_key(…) like '%…%'` has no usable estimate where the order matters (a word frequent
 * overall may be absent from the newest rows), so the choice is made from what the data answers:
 * 1. the walk: the order's index for a bounded number of rows (`limit` written in the SQL), the search tested on
 *    each; when they hold the page (or are the whole list), the page is theirs — same rows as the full query;
 * 2. otherwise the candidates: the rows the trigram index finds (a materialized set: the walk is no option for it),
 *    then the list's other conditions and order over them.
 * Either answers the page's ids, in order; the page is then read by id (server/resources/store.ts).
 */
import type { ListQuery } from '../../resources/listQuery';
import type { ResourceDeclaration } from '../../resources/types';
import { listOrderBy, listWhere, SqlParams, type ListSpec } from '../lists/listQuery';
import { readFromSql } from './readSql';

/** Most rows a walk reads, whatever the page (beyond it the candidates cost less than walking on). */
export const SEARCH_WALK_MAX = 5000;

type Statement = { text: string; params: unknown[] };

/** Names of the query's text-search conditions (the `search` kind): what the walk tests row by row. */
export function searchNames(query: ListQuery): string[] {
  return query.conditions.filter((condition) => condition.kind === 'search').map((condition) => condition.name);
}

/** Rows the walk reads for this page: `perRow` per row the page needs (offset, page, one more), capped. */
export function searchWalkRows(query: ListQuery, perRow: number): number {
  return Math.min(SEARCH_WALK_MAX, (query.page * query.pageSize + 1) * perRow);
}

/** Rows before the page and rows of the page (one more: hasNextPage). */
const pageRange = (query: ListQuery) => ({ offset: (query.page - 1) * query.pageSize, rows: query.pageSize + 1 });

/** The query's search conditions alone, as one SQL condition (their `where` without the keyword). */
function searchCondition(query: ListQuery, params: SqlParams): string {
  const searches = searchNames(query);
  return listWhere({ ...query, conditions: query.conditions.filter((condition) => searches.includes(condition.name)) }, params).replace(/^where /, '');
}

/**
 * The walk: `walked` rows read in the list's order without the search (its index, stopped by the `limit`), `ids` those
 * matching it, in that order. `idSql` is the id column (`t."id"`); `base` writes the read conditions of every list statement.
 */
export function searchWalkSql(declaration: ResourceDeclaration, spec: ListSpec, query: ListQuery, base: (params: SqlParams) => string[], idSql: string, walk: number): Statement {
  const params = new SqlParams();
  const others = listWhere(query, params, base(params), searchNames(query));
  const hit = searchCondition(query, params);
  const order = listOrderBy(spec, query);
  const text =
    `select count(*)::int as "walked", coalesce(array_agg(w.id order by w.position) filter (where w.hit), '{}') as "ids" ` +
    `from (select ${idSql} as id, (${hit}) as hit, row_number() over (${order}) as position ${readFromSql(declaration)} ${others} ${order} limit ${walk}) w`;
  return { text, params: params.values };
}

/**
 * The candidates: the rows matching the search (the trigram index: a materialized set the walk cannot replace), then
 * the list's other conditions and order, the page's ids (one more: hasNextPage).
 */
export function searchCandidatesSql(declaration: ResourceDeclaration, spec: ListSpec, query: ListQuery, base: (params: SqlParams) => string[], idSql: string): Statement {
  const params = new SqlParams();
  const hit = searchCondition(query, params);
  const where = listWhere(query, params, [...base(params), `${idSql} in (select id from candidates)`], searchNames(query));
  const { offset, rows } = pageRange(query);
  const text =
    `with candidates as materialized (select ${idSql} as id ${readFromSql(declaration)} where ${hit}) ` +
    `select ${idSql} as id ${readFromSql(declaration)} ${where} ${listOrderBy(spec, query)} limit ${rows} offset ${offset}`;
  return { text, params: params.values };
}

/** The page's ids from the walk's answer, or null when the walk holds too few matches (and is not the whole list). */
export function pageFromWalk(query: ListQuery, walk: number, answer: { walked: number; ids: unknown[] }): unknown[] | null {
  const { offset, rows } = pageRange(query);
  if (answer.ids.length < offset + rows && answer.walked >= walk) return null;
  return answer.ids.slice(offset, offset + rows);
}
