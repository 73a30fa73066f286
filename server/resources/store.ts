/**
 * Reading and writing the table of a declared resource with Drizzle: the list (search, filters,
 * order, page), one record, the duplicate check, insert, update and delete. Soft-deleted rows are
 * invisible to every read unless the list filters by the soft-delete field itself.
 */
import { and, asc, count, desc, eq, getTableColumns, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { ResourceDeclaration } from '../../resources/types';
import type { Db } from '../db/connection';
import { resourceTable } from '../db/resourceTable';
import { spanishKey, spanishOrder } from '../db/textKey';
import { searchableFields, toRecord } from './fields';
import { likePattern, type ListQuery } from './listQuery';

export type ResourceRecord = Record<string, unknown>;

export interface ListPage {
  results: ResourceRecord[];
  meta: { hasNextPage: boolean; total: number };
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
  const byId = (id: number): SQL | undefined => and(eq(idColumn, id), visible());

  return {
    table,

    async list(db: Db, query: ListQuery): Promise<ListPage> {
      const conditions: Array<SQL | undefined> = [];
      const filtersSoftDelete = query.filters.some((f) => f.source === declaration.softDelete?.field);
      if (!filtersSoftDelete) conditions.push(visible());
      if (query.search) {
        const pattern = likePattern(query.search);
        conditions.push(or(...searchableFields(declaration).map((field) => ilike(column(field.source), pattern))));
      }
      for (const filter of query.filters) {
        const target = column(filter.source);
        conditions.push(filter.values.length === 1 ? eq(target, filter.values[0]) : inArray(target, filter.values));
      }
      const where = and(...conditions);
      // Text sorts in Spanish order (accents and case ignored), as the unique name indexes compare.
      const isText = declaration.fields.some((field) => field.source === query.order.source && field.type === 'text');
      const orderColumn = isText ? spanishOrder(column(query.order.source)) : column(query.order.source);
      const [totals] = await db.select({ total: count() }).from(table).where(where);
      const rows = await db
        .select()
        .from(table)
        .where(where)
        .orderBy(query.order.descending ? desc(orderColumn) : asc(orderColumn), asc(idColumn))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize);
      const total = Number(totals?.total ?? 0);
      return {
        results: rows.map((row) => toRecord(declaration, row as ResourceRecord)),
        meta: { hasNextPage: query.page * query.pageSize < total, total },
      };
    },

    async find(db: Db, id: number, options: { lock?: boolean } = {}): Promise<ResourceRecord | null> {
      const statement = db.select().from(table).where(byId(id)).limit(1);
      const [row] = options.lock ? await statement.for('update') : await statement;
      return row ? toRecord(declaration, row as ResourceRecord) : null;
    },

    /** True when another visible row holds the same text, ignoring case and accents (as the unique index does). */
    async isDuplicate(db: Db, source: string, value: unknown, exceptId?: number): Promise<boolean> {
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

    async update(db: Db, id: number, values: ResourceRecord): Promise<ResourceRecord> {
      if (Object.keys(values).length === 0) return (await this.find(db, id))!;
      const [row] = await db.update(table).set(values as never).where(eq(idColumn, id)).returning();
      return toRecord(declaration, row as ResourceRecord);
    },

    /** Marks the soft-delete flag when declared, otherwise removes the row. */
    async remove(db: Db, id: number): Promise<void> {
      if (declaration.softDelete) {
        await db.update(table).set({ [declaration.softDelete.field]: true } as never).where(eq(idColumn, id));
      } else {
        await db.delete(table).where(eq(idColumn, id));
      }
    },
  };
}

export type ResourceStore = ReturnType<typeof createResourceStore>;
