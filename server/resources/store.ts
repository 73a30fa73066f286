/**
 * Reading and writing the table of a declared resource: the list (its ListSpec: search, filters,
 * order, page; server/resources/listSpec.ts), one record, the duplicate check, insert, update and delete. Soft-deleted rows are
 * invisible to every read unless the list filters by the soft-delete field itself.
 */
import { and, eq, getTableColumns, ne, sql, type SQL } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import type { ResourceDeclaration } from '../../resources/types';
import type { Database, Db } from '../db/connection';
import { resourceTable } from '../db/resourceTable';
import { spanishKey } from '../db/textKey';
import { listLimit, listOrderBy, listPage, listWhere, SqlParams, type ListQuery } from '../lists/listQuery';
import { fieldColumn } from '../../resources/types';
import { toRecord } from './fields';
import { resourceListSpec } from './listSpec';
import { readConditions, readFromSql, readSelectSql } from './readSql';

export type ResourceRecord = Record<string, unknown>;

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
  // Reads see the row as the list does: aliased `t`, with its computed fields and the declaration's conditions.
  const row = alias(table, 't');
  const rowColumns = getTableColumns(row) as Record<string, PgColumn>;
  const computed = Object.fromEntries(
    declaration.fields.filter((field) => field.computed).map((field) => [field.source, sql.raw(`(${field.computed!.sql})`)]),
  );
  const conditions = readConditions(declaration);
  const readable = (id: number): SQL | undefined =>
    and(eq(rowColumns[declaration.idField]!, id), ...conditions.map((condition) => sql.raw(condition)));
  const hasComputed = Object.keys(computed).length > 0;
  const listSpec = resourceListSpec(declaration);
  /** A raw row (column names) keyed by `source`, as Drizzle's rows are. */
  const fromColumns = (row: ResourceRecord): ResourceRecord =>
    Object.fromEntries(declaration.fields.map((field) => [field.source, row[fieldColumn(field)]]));

  return {
    table,

    /** One page (pageSize + 1 rows: hasNextPage without a count); soft-deleted rows only when the query filters by that field. */
    async list(database: Database, query: ListQuery): Promise<ListPage> {
      const params = new SqlParams();
      const base = readConditions(declaration, query);
      const rows = await database.query<ResourceRecord>(
        `select ${readSelectSql(declaration)} ${readFromSql(declaration)} ${listWhere(query, params, base)} ${listOrderBy(listSpec, query)} ${listLimit(query, params)}`,
        params.values,
      );
      const page = listPage(rows, query);
      return { ...page, results: page.results.map((row) => toRecord(declaration, fromColumns(row))) };
    },

    async find(db: Db, id: number, options: { lock?: boolean } = {}): Promise<ResourceRecord | null> {
      const statement = db.select({ ...rowColumns, ...computed }).from(row).where(readable(id)).limit(1);
      const [found] = options.lock ? await statement.for('update', { of: row }) : await statement;
      return found ? toRecord(declaration, found as ResourceRecord) : null;
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
      const [inserted] = await db.insert(table).values(values as never).returning();
      const record = toRecord(declaration, inserted as ResourceRecord);
      // Computed fields come from a read.
      return hasComputed ? ((await this.find(db, record[declaration.idField] as number)) ?? record) : record;
    },

    async update(db: Db, id: number, values: ResourceRecord): Promise<ResourceRecord> {
      if (Object.keys(values).length === 0) return (await this.find(db, id))!;
      const [updated] = await db.update(table).set(values as never).where(eq(idColumn, id)).returning();
      const record = toRecord(declaration, updated as ResourceRecord);
      return hasComputed ? ((await this.find(db, id)) ?? record) : record;
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
