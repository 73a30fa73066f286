/**
 * A searched page of a large list, read with a plan the planner cannot get wrong (issue 23, declaration
 * `listSearchWalk`): `spanish_key(…) like '%…%'` has no usable estimate where the order matters (a word frequent
 * overall may be absent from the newest rows), so the choice is made from what the data answers:
 * 1. the walk: the order's index for a bounded number of rows (`limit` written in the SQL), the search tested on
 *    each; when they hold the page (or are the whole list), the page is theirs — same rows as the full query;
 * 2. the far walk: when the walk's share of matches, or the planner's estimate of the list's, puts the page within
 *    SEARCH_WALK_FAR rows of the order, the same walk bounded by `farWalkBound` but stopped at the page's last match (a frequent
 *    word at page 50 reads ~10,000 index rows, not its 200,000 candidates);
 * 3. otherwise the candidates: the list's rows the trigram index finds (its type's partial indexes), with their order
 *    key (no second read of each), in the list's order (a materialized set: the walk is no option for it).
 * Either answers the page's ids, in order; the page is then read by id (server/resources/store.ts).
 */
import type { ListQuery } from '../../resources/listQuery';
import type { ResourceDeclaration } from '../../resources/types';
import { listOrderBy, listWhere, SqlParams, type ListSpec } from '../lists/listQuery';
import { readFromSql } from './readSql';

/** Most rows a walk reads, whatever the page (beyond it the candidates cost less than walking on). */
export const SEARCH_WALK_MAX = 5000;
/** How near the walk's share of matches (or the estimate's) must put the page for a far walk. */
export const SEARCH_WALK_FAR = 40_000;
/** Most rows a far walk reads: the estimated matches (what the candidates would read), at least SEARCH_WALK_FAR. */
export const SEARCH_WALK_FAR_MAX = 150_000;

/** The far walk's bound: a walk that fails costs at most what the candidates it tried to spare cost. */
export const farWalkBound = (matches: number): number => Math.min(SEARCH_WALK_FAR_MAX, Math.max(SEARCH_WALK_FAR, matches));

type Statement = { text: string; params: unknown[] };

/**
 * Names of the conditions the walk tests row by row: the text searches (the `search` kind) and the declaration's
 * `listIdsFirst` filters (a site's groups: no column of the row holds them, no index keeps their rows in an order).
 */
export function searchNames(query: ListQuery, declaration?: ResourceDeclaration): string[] {
  return query.conditions
    .filter((condition) => condition.kind === 'search' || declaration?.listIdsFirst?.includes(condition.name))
    .map((condition) => condition.name);
}

/** Rows the walk reads for this page: `perRow` per row the page needs (offset, page, one more), capped. */
export function searchWalkRows(query: ListQuery, perRow: number): number {
  return Math.min(SEARCH_WALK_MAX, (query.page * query.pageSize + 1) * perRow);
}

/** Rows before the page and rows of the page (one more: hasNextPage). */
const pageRange = (query: ListQuery) => ({ offset: (query.page - 1) * query.pageSize, rows: query.pageSize + 1 });

/** The query's search conditions alone, as one SQL condition (their `where` without the keyword). */
function searchCondition(query: ListQuery, params: SqlParams, declaration: ResourceDeclaration): string {
  const searches = searchNames(query, declaration);
  return listWhere({ ...query, conditions: query.conditions.filter((condition) => searches.includes(condition.name)) }, params).replace(/^where /, '');
}

/**
 * The walk: `walked` rows read in the list's order without the search (its index, stopped by the `limit`), `ids` those
 * matching it, in that order. `idSql` is the id column (`t."id"`); `base` writes the read conditions of every list statement.
 */
export function searchWalkSql(declaration: ResourceDeclaration, spec: ListSpec, query: ListQuery, base: (params: SqlParams) => string[], idSql: string, walk: number): Statement {
  const params = new SqlParams();
  const others = listWhere(query, params, base(params), searchNames(query, declaration));
  const hit = searchCondition(query, params, declaration);
  const order = listOrderBy(spec, query);
  const text =
    `select count(*)::int as "walked", coalesce(array_agg(w.id order by w.position) filter (where w.hit), '{}') as "ids" ` +
    `from (select ${idSql} as id, (${hit}) as hit, row_number() over (${order}) as position ${readFromSql(declaration)} ${others} ${order} limit ${walk}) w`;
  return { text, params: params.values };
}

/**
 * The candidates: the list's rows matching the search (the trigram index: a materialized set the walk cannot replace)
 * with their order key, then their order, the page's ids (one more: hasNextPage).
 */
export function searchCandidatesSql(declaration: ResourceDeclaration, spec: ListSpec, query: ListQuery, base: (params: SqlParams) => string[], idSql: string): Statement {
  const params = new SqlParams();
  const others = listWhere(query, params, base(params), searchNames(query, declaration));
  const hit = searchCondition(query, params, declaration);
  const { offset, rows } = pageRange(query);
  const order = spec.orders[query.order.name]!;
  const key = typeof order === 'string' ? order : order.sql;
  const direction = query.order.descending ? 'desc' : 'asc';
  const nulls = typeof order === 'object' && order.nullsLast ? ' nulls last' : '';
  const byKey = key === spec.tieBreaker ? `c.id ${direction}` : `c.key ${direction}${nulls}, c.id ${direction}`;
  const text =
    `with candidates as materialized (select ${idSql} as id, ${key} as key ${readFromSql(declaration)} ${others ? `${others} and` : 'where'} ${hit}) ` +
    `select c.id from candidates c order by ${byKey} limit ${rows} offset ${offset}`;
  return { text, params: params.values };
}

/** The page's ids from the walk's answer, or null when the walk holds too few matches (and is not the whole list). */
export function pageFromWalk(query: ListQuery, walk: number, answer: { walked: number; ids: unknown[] }): unknown[] | null {
  const { offset, rows } = pageRange(query);
  if (answer.ids.length < offset + rows && answer.walked >= walk) return null;
  return answer.ids.slice(offset, offset + rows);
}

/**
 * Whether the page lies within SEARCH_WALK_FAR rows of the order at a share of `matches` in `rows` (with a margin of
 * half as much again): the walk's own share, or the planner's estimates of the whole list's (a word frequent overall
 * but absent from the rows walked, as when names come in runs of one date).
 */
export function pageIsNear(query: ListQuery, rows: number, matches: number): boolean {
  const { offset, rows: pageRows } = pageRange(query);
  return matches > 0 && ((offset + pageRows) * rows * 1.5) / matches <= SEARCH_WALK_FAR;
}

/** The far walk's bound after the walk (`walked` rows, `hits` matches) when they put the page near; else null. */
export function farWalkRows(query: ListQuery, walked: number, hits: number): number | null {
  return pageIsNear(query, walked, hits) ? SEARCH_WALK_FAR : null;
}

/**
 * EXPLAIN of the list's rows without the search (`searched` false) or with it: the planner's estimate of how many
 * there are (`Plan Rows`), read without running it. The trigram operator's estimate sees a frequent word as frequent.
 */
export function searchEstimateSql(declaration: ResourceDeclaration, query: ListQuery, base: (params: SqlParams) => string[], searched: boolean): Statement {
  const params = new SqlParams();
  const others = listWhere(query, params, base(params), searchNames(query, declaration));
  const hit = searched ? searchCondition(query, params, declaration) : '';
  const where = [others, hit && (others ? `and ${hit}` : `where ${hit}`)].filter(Boolean).join(' ');
  return { text: `explain (format json) select 1 ${readFromSql(declaration)} ${where}`, params: params.values };
}

/** `Plan Rows` of an EXPLAIN (format json) answer (text on some drivers, parsed on others). */
export function estimatedRows(answer: ReadonlyArray<Record<string, unknown>>): number {
  const raw = answer[0]?.['QUERY PLAN'];
  const document = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: { 'Plan Rows': number } }>;
  return Number(document[0]?.Plan['Plan Rows'] ?? 0);
}

/**
 * The far walk: the walk's rows (the order's index, at most `far`), the matching ones only, the page's (`offset`, one
 * more for hasNextPage): the executor stops reading the index at the page's last match. `position` orders the answer.
 */
export function searchFarWalkSql(declaration: ResourceDeclaration, spec: ListSpec, query: ListQuery, base: (params: SqlParams) => string[], idSql: string, far: number): Statement {
  const params = new SqlParams();
  const others = listWhere(query, params, base(params), searchNames(query, declaration));
  const hit = searchCondition(query, params, declaration);
  const order = listOrderBy(spec, query);
  const { offset, rows } = pageRange(query);
  const text =
    `select w.id, w.position from (select ${idSql} as id, (${hit}) as hit, row_number() over (${order}) as position ` +
    `${readFromSql(declaration)} ${others} ${order} limit ${far}) w where w.hit limit ${rows} offset ${offset}`;
  return { text, params: params.values };
}

/** The page's ids from the far walk's rows: a whole page (one more row: hasNextPage), else null (candidates decide). */
export function pageFromFarWalk(query: ListQuery, answer: ReadonlyArray<{ id: unknown; position: unknown }>): unknown[] | null {
  if (answer.length < pageRange(query).rows) return null;
  return [...answer].sort((a, b) => Number(a.position) - Number(b.position)).map((row) => row.id);
}
