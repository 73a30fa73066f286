/**
 * Reading and writing the table of a declared resource: the list (its ListSpec: search, filters,
 * order, page; server/resources/listSpec.ts), one record, the duplicate check, insert, update and delete. Soft-deleted rows are
 * invisible to every read unless the list filters by the soft-delete field itself. A nested resource's reads take the
 * parent's scope (`StoreScope`): only rows whose parent field holds the parent named in the path exist.
 */
import { and, eq, getTableColumns, ne, sql, type SQL } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import type { ResourceDeclaration } from '../../resources/types';
import type { Database, Db } from '../db/connection';
import { resourceTable } from '../db/resourceTable';
import { spanishKey } from '../db/textKey';
import { listLimit, listOrderBy, listPage, listQueryError, listWhere, SqlParams, type ListQuery } from '../lists/listQuery';
import { fieldColumn } from '../../resources/types';
import { listView, toRecord } from './fields';
import { columnSql, resourceListSpec } from './listSpec';
import { readConditions, readFromSql, readSelectSql } from './readSql';
import { readRelations } from './relations';
import type { RecordId } from './shape';
import { cursorOf, keysetAfter, keysetSelect } from '../exports/keyset';
import { pageCursor, pageStart, type PageStart } from '../lists/pageCursor';
import { isNullable } from '../../resources/fieldKinds';
import type { ListSpec } from '../../resources/listQuery';
import {
  estimatedRows,
  farWalkRows,
  pageFromFarWalk,
  pageFromWalk,
  pageIsNear,
  farWalkBound,
  searchCandidatesSql,
  searchEstimateSql,
  searchFarWalkSql,
  searchNames,
  searchWalkRows,
  searchWalkSql,
} from './searchedPage';

export type ResourceRecord = Record<string, unknown>;

/** Most rows a page of a cursored list (`listKeyset`) skips by offset, in any order: deeper, the next page's cursor (issue 23). */
export const LIST_OFFSET_MAX = 10_000;

/** The parent a nested resource's rows belong to: its field and the parent's id from the path. */
export interface StoreScope {
  field: string;
  value: RecordId;
}

export interface ListPage {
  results: ResourceRecord[];
  /** `total`: the records matching the query, when the declaration asks for it (`listTotal`). */
  meta: { hasNextPage: boolean; nextCursor?: string; total?: number };
}

/**
 * The statement of one list page (pageSize + 1 rows): the row aliased `t` with its computed fields, the read
 * conditions, the parent's scope, the query's filters, order and limit. The bench explains it (bench/run.ts).
 * After the first page the page's ids are chosen first and only they are read whole: the rows skipped by the offset
 * are then index entries (an index-only walk of the order's index when the filters allow it) instead of table rows
 * with their computed fields (issue 7: page 50 of the user lists read 1,000 rows to show 20). The declaration's
 * `listIdsFirst` filters do it on the first page too.
 */
export function resourceListSql(
  declaration: ResourceDeclaration,
  query: ListQuery,
  scope?: StoreScope,
  listSpec = resourceListSpec(declaration),
  start: PageStart | null = null,
): { text: string; params: unknown[] } {
  const params = new SqlParams();
  const where = listWhere(query, params, listConditions(declaration, query, params, scope, start && { spec: listSpec, start }));
  const order = listOrderBy(listSpec, query);
  const idField = declaration.fields.find((field) => field.source === declaration.idField);
  // A page's rows without the `detailOnly` fields' expressions (one record's read has them), with their keys when cursored.
  const select = pageSelect(declaration, listSpec, query);
  const text =
    idField && (query.page > 1 || query.conditions.some((condition) => declaration.listIdsFirst?.includes(condition.name)))
      ? `select ${select} ${readFromSql(declaration)} where ${columnSql(idField)} in (select ${columnSql(idField)} ${readFromSql(declaration)} ${where} ${order} ${listLimit(query, params)}) ${order}`
      : `select ${select} ${readFromSql(declaration)} ${where} ${order} ${listLimit(query, params)}`;
  return { text, params: params.values };
}

/**
 * The read conditions of a list: the declaration's, the query's soft-delete choice, the parent's scope and, for a page
 * continuing a cursor, "after the previous page's last row" in the list's order (server/lists/pageCursor.ts).
 */
function listConditions(
  declaration: ResourceDeclaration,
  query: ListQuery,
  params: SqlParams,
  scope?: StoreScope,
  after?: { spec: ListSpec; start: PageStart } | null,
): string[] {
  const base = readConditions(declaration, query);
  const scopeField = scope ? declaration.fields.find((field) => field.source === scope.field) : undefined;
  if (scope && scopeField) base.push(`${columnSql(scopeField)} = ${params.add(scope.value)}`);
  if (after) base.push(...keysetAfter(after.spec, query, after.start, params));
  return base;
}

/**
 * Whether pages of this query answer a cursor (`listKeyset`): its order is the tie breaker or a column that is never
 * empty, so "after the last row" is one index range (a nullable order would need its empty section apart).
 */
export function cursorable(declaration: ResourceDeclaration, listSpec: ListSpec, query: ListQuery): boolean {
  if (!declaration.listKeyset) return false;
  const order = listSpec.orders[query.order.name]!;
  const expression = typeof order === 'string' ? order : order.sql;
  return expression === listSpec.tieBreaker || declaration.fields.some((field) => columnSql(field) === expression && !field.computed && !isNullable(field));
}

/** The select list of a page: the list view's columns, and the order's keys when the page answers a cursor. */
function pageSelect(declaration: ResourceDeclaration, listSpec: ListSpec, query: ListQuery): string {
  const select = readSelectSql(listView(declaration));
  return cursorable(declaration, listSpec, query) ? `${select}, ${keysetSelect(listSpec, query)}` : select;
}

/** `select count(*)` of the records a list query matches, every page (`listTotal`): the same conditions and filters. */
export function resourceCountSql(declaration: ResourceDeclaration, query: ListQuery, scope?: StoreScope): { text: string; params: unknown[] } {
  const params = new SqlParams();
  const where = listWhere(query, params, listConditions(declaration, query, params, scope));
  return { text: `select count(*)::int as total ${readFromSql(declaration)} ${where}`, params: params.values };
}

/** The page's rows by their ids (a searched page, server/resources/searchedPage.ts), in the list's order. */
export function pageByIdsSql(declaration: ResourceDeclaration, query: ListQuery, ids: readonly unknown[], listSpec = resourceListSpec(declaration)): { text: string; params: unknown[] } {
  const idField = declaration.fields.find((field) => field.source === declaration.idField)!;
  const text = `select ${pageSelect(declaration, listSpec, query)} ${readFromSql(declaration)} where ${columnSql(idField)} = any($1) ${listOrderBy(listSpec, query)}`;
  return { text, params: [ids] };
}

export function createResourceStore(declaration: ResourceDeclaration) {
  const table = resourceTable(declaration);
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const column = (source: string): PgColumn => {
    const found = columns[source];
    if (!found) throw new Error(`resource ${declaration.name}: unknown field ${source}`);
    return found;
  };
  const idColumn = column(declaration.idField);
  const softDeleteColumn = declaration.softDelete ? column(declaration.softDelete.field) : undefined;
  const visible = (): SQL | undefined => (softDeleteColumn ? eq(softDeleteColumn, false) : undefined);
  const inScope = (scope?: StoreScope): SQL | undefined => (scope ? eq(column(scope.field), scope.value) : undefined);
  // Reads see the row as the list does: aliased `t`, with its computed fields and the declaration's conditions.
  const row = alias(table, 't');
  const rowColumns = getTableColumns(row) as Record<string, PgColumn>;
  const computed = Object.fromEntries(
    declaration.fields.filter((field) => field.computed).map((field) => [field.source, sql.raw(`(${field.computed!.sql})`)]),
  );
  const conditions = readConditions(declaration);
  const readable = (id: RecordId, scope?: StoreScope): SQL | undefined =>
    and(
      eq(rowColumns[declaration.idField]!, id),
      ...conditions.map((condition) => sql.raw(condition)),
      scope ? eq(rowColumns[scope.field]!, scope.value) : undefined,
    );
  const hasComputed = Object.keys(computed).length > 0;
  const listSpec = resourceListSpec(declaration);
  // A list page answers the fields of the list's view: no `detailOnly` value, nor its links or files.
  const listed = listView(declaration);
  /** A raw list row (column names) keyed by `source`, as Drizzle's rows are. */
  const fromColumns = (row: ResourceRecord): ResourceRecord =>
    Object.fromEntries(listed.fields.map((field) => [field.source, row[fieldColumn(field)]]));

  const idField = declaration.fields.find((field) => field.source === declaration.idField);
  /** A searched page's ids by walk or candidates (searchedPage.ts), when the declaration asks for it; else null. */
  const searchedPageIds = async (
    query: ListQuery,
    scope: StoreScope | undefined,
    start: PageStart | null,
    read: <T>(statement: { text: string; params: unknown[] }) => Promise<readonly T[]>,
    explain: (statement: { text: string; params: unknown[] }) => Promise<ReadonlyArray<Record<string, unknown>>>,
  ): Promise<unknown[] | null> => {
    if (!declaration.listSearchWalk || !idField || searchNames(query, declaration).length === 0) return null;
    const base = (params: SqlParams) => listConditions(declaration, query, params, scope, start && { spec: listSpec, start });
    const walk = searchWalkRows(query, declaration.listSearchWalk);
    const [answer] = await read<{ walked: number; ids: unknown[] }>(searchWalkSql(declaration, listSpec, query, base, columnSql(idField), walk));
    const fromWalk = pageFromWalk(query, walk, answer!);
    if (fromWalk) return fromWalk;
    // The planner's estimates of the whole list: a word frequent overall though absent from the rows walked, and how
    // many candidates the far walk spares.
    const [rows, matches] = await Promise.all([false, true].map(async (searched) => estimatedRows(await explain(searchEstimateSql(declaration, query, base, searched)))));
    const near = farWalkRows(query, answer!.walked, answer!.ids.length) !== null || pageIsNear(query, rows!, matches!);
    const far = near ? farWalkBound(matches!) : null;
    if (far !== null) {
      const fromFar = pageFromFarWalk(query, await read<{ id: unknown; position: unknown }>(searchFarWalkSql(declaration, listSpec, query, base, columnSql(idField), far)));
      if (fromFar) return fromFar;
    }
    return (await read<{ id: unknown }>(searchCandidatesSql(declaration, listSpec, query, base, columnSql(idField)))).map((row) => row.id);
  };

  return {
    table,

    /**
     * One page (pageSize + 1 rows: hasNextPage without a count); soft-deleted rows only when the query filters by that field.
     * Without the `detailOnly` fields (`find` reads them).
     */
    async list(database: Database, query: ListQuery, scope?: StoreScope): Promise<ListPage> {
      const read = <T>(statement: { text: string; params: unknown[] }) => database.query<T>(statement.text, statement.params);
      // A page continuing its cursor reads from the previous page's last row: the first page of the rest.
      const cursored = cursorable(declaration, listSpec, query);
      const start = cursored ? pageStart(query) : null;
      // A deep jump by offset is bounded in every order (a name order has no cursor: it goes no deeper by position); the
      // next page of a cursor never is (docs/decisions/0002-api-conventions.md).
      if (declaration.listKeyset && !start && (query.page - 1) * query.pageSize > LIST_OFFSET_MAX) {
        throw listQueryError([{ target: 'page', messageKey: 'lists.query.page_deep', values: { max: LIST_OFFSET_MAX } }]);
      }
      const read1 = start ? { ...query, page: 1 } : query;
      const searched = await searchedPageIds(read1, scope, start, read, (statement) => database.query(statement.text, statement.params));
      const rows = await read<ResourceRecord>(searched ? pageByIdsSql(declaration, read1, searched, listSpec) : resourceListSql(declaration, read1, scope, listSpec, start));
      const page = listPage(rows, query);
      const results = page.results.map((row) => toRecord(listed, fromColumns(row)));
      const last = page.results[page.results.length - 1];
      const next = cursored && page.meta.hasNextPage && last ? { nextCursor: pageCursor(query, cursorOf(last) as PageStart) } : {};
      const meta = { ...page.meta, ...next, ...(declaration.listTotal ? { total: await this.count(database, query, scope) } : {}) };
      return { results: await readRelations(database.db, listed, results), meta };
    },

    /** The records a list query matches, every page (`listTotal`). */
    async count(database: Database, query: ListQuery, scope?: StoreScope): Promise<number> {
      const { text, params } = resourceCountSql(declaration, query, scope);
      const [row] = await database.query<{ total: number }>(text, params);
      return row?.total ?? 0;
    },

    async find(db: Db, id: RecordId, options: { lock?: boolean; scope?: StoreScope } = {}): Promise<ResourceRecord | null> {
      const statement = db.select({ ...rowColumns, ...computed }).from(row).where(readable(id, options.scope)).limit(1);
      const [found] = options.lock ? await statement.for('update', { of: row }) : await statement;
      return found ? (await readRelations(db, declaration, [toRecord(declaration, found as ResourceRecord)]))[0]! : null;
    },

    /** Every visible row of the collection (or of the parent's scope), locked for the transaction: a collection update. */
    async lockAll(db: Db, scope?: StoreScope): Promise<ResourceRecord[]> {
      const rows = await db.select().from(table).where(and(visible(), inScope(scope))).orderBy(idColumn).for('update');
      return rows.map((row) => toRecord(declaration, row as ResourceRecord));
    },

    /** True when another visible row holds the same text, ignoring case and accents (as the unique index does). */
    async isDuplicate(db: Db, source: string, value: unknown, exceptId?: RecordId): Promise<boolean> {
      if (typeof value !== 'string' || value === '') return false;
      const conditions = [sql`${spanishKey(column(source))} = ${spanishKey(value)}`, visible()];
      if (exceptId !== undefined) conditions.push(ne(idColumn, exceptId));
      const [row] = await db.select({ id: idColumn }).from(table).where(and(...conditions)).limit(1);
      return row !== undefined;
    },

    async insert(db: Db, values: ResourceRecord): Promise<ResourceRecord> {
      const [inserted] = await db.insert(table).values(values as never).returning();
      const record = toRecord(declaration, inserted as ResourceRecord);
      // Computed fields come from a read.
      return hasComputed ? ((await this.find(db, record[declaration.idField] as RecordId)) ?? record) : record;
    },

    /** A singleton's first row under `id`; null when a simultaneous first write stored it first (the primary key decides). */
    async insertOnce(db: Db, id: RecordId, values: ResourceRecord): Promise<ResourceRecord | null> {
      const [row] = await db
        .insert(table)
        .values({ ...values, [declaration.idField]: id } as never)
        .onConflictDoNothing()
        .returning();
      return row ? toRecord(declaration, row as ResourceRecord) : null;
    },

    async update(db: Db, id: RecordId, values: ResourceRecord): Promise<ResourceRecord> {
      if (Object.keys(values).length === 0) return (await this.find(db, id))!;
      const [updated] = await db.update(table).set(values as never).where(eq(idColumn, id)).returning();
      const record = toRecord(declaration, updated as ResourceRecord);
      return hasComputed ? ((await this.find(db, id)) ?? record) : record;
    },

    /** Marks the soft-delete flag when declared, otherwise removes the row. */
    async remove(db: Db, id: RecordId): Promise<void> {
      if (declaration.softDelete) {
        await db.update(table).set({ [declaration.softDelete.field]: true } as never).where(eq(idColumn, id));
      } else {
        await db.delete(table).where(eq(idColumn, id));
      }
    },
  };
}

export type ResourceStore = ReturnType<typeof createResourceStore>;
