/**
 * Reading and writing the table of a declared resource: the list (its ListSpec: search, filters,
 * order, page; server/resources/listSpec.ts), one record, the duplicate check, insert, update and delete. Soft-deleted rows are
 * invisible to every read unless the list filters by the soft-delete field itself. A nested resource's reads take the
 * parent's scope (`StoreScope`): only rows whose parent field holds the parent named in the path exist.
 */
import { and, eq, getTableColumns, ne, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { ResourceDeclaration } from '../../resources/types';
import type { Database, Db } from '../db/connection';
import { resourceTable } from '../db/resourceTable';
import { spanishKey } from '../db/textKey';
import { listLimit, listOrderBy, listPage, listWhere, SqlParams, type ListQuery } from '../lists/listQuery';
import { fieldColumn } from '../../resources/types';
import { toRecord } from './fields';
import { columnSql, resourceListSpec } from './listSpec';
import type { RecordId } from './shape';
import { readRelations } from './relations';

export type ResourceRecord = Record<string, unknown>;

/** The parent a nested resource's rows belong to: its field and the parent's id from the path. */
export interface StoreScope {
  field: string;
  value: RecordId;
}

export interface ListPage {
  results: ResourceRecord[];
  meta: { hasNextPage: boolean };
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
  const byId = (id: RecordId, scope?: StoreScope): SQL | undefined => and(eq(idColumn, id), visible(), inScope(scope));
  const listSpec = resourceListSpec(declaration);
  /** A raw row (column names) keyed by `source`, as Drizzle's rows are. */
  const fromColumns = (row: ResourceRecord): ResourceRecord =>
    Object.fromEntries(declaration.fields.map((field) => [field.source, row[fieldColumn(field)]]));

  return {
    table,

    /** One page (pageSize + 1 rows: hasNextPage without a count); soft-deleted rows only when the query filters by that field. */
    async list(database: Database, query: ListQuery, scope?: StoreScope): Promise<ListPage> {
      const params = new SqlParams();
      const softDelete = declaration.softDelete ? declaration.fields.find((field) => field.source === declaration.softDelete?.field) : undefined;
      const filtersSoftDelete = query.conditions.some((condition) => condition.name === softDelete?.source);
      const base = softDelete && !filtersSoftDelete ? [`not ${columnSql(softDelete)}`] : [];
      const scopeField = scope ? declaration.fields.find((field) => field.source === scope.field) : undefined;
      if (scope && scopeField) base.push(`${columnSql(scopeField)} = ${params.add(scope.value)}`);
      const rows = await database.query<ResourceRecord>(
        `select * from "${declaration.table}" t ${listWhere(query, params, base)} ${listOrderBy(listSpec, query)} ${listLimit(query, params)}`,
        params.values,
      );
      const page = listPage(rows, query);
      const results = page.results.map((row) => toRecord(declaration, fromColumns(row)));
      return { ...page, results: await readRelations(database.db, declaration, results) };
    },

    async find(db: Db, id: RecordId, options: { lock?: boolean; scope?: StoreScope } = {}): Promise<ResourceRecord | null> {
      const statement = db.select().from(table).where(byId(id, options.scope)).limit(1);
      const [row] = options.lock ? await statement.for('update') : await statement;
      return row ? (await readRelations(db, declaration, [toRecord(declaration, row as ResourceRecord)]))[0]! : null;
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
      const [row] = await db.insert(table).values(values as never).returning();
      return toRecord(declaration, row as ResourceRecord);
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
      const [row] = await db.update(table).set(values as never).where(eq(idColumn, id)).returning();
      return toRecord(declaration, row as ResourceRecord);
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
