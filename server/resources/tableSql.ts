/**
 * `create table` SQL of a declared resource, from the same Drizzle table the engine queries.
 * For tests and throwaway resources; real catalogues get their tables from migrations
 * (server/db/schema/catalogues.ts + `npm run db:generate`).
 */
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import type { ResourceDeclaration } from '../../resources/types';
import { junctionTables, resourceTable } from '../db/resourceTable';

function literal(value: unknown): string | null {
  if (typeof value === 'boolean' || typeof value === 'number') return String(value);
  if (typeof value === 'string') return `'${value.replace(/'/g, "''")}'`;
  return null;
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

function tableSql(table: PgTable): string {
  const config = getTableConfig(table);
  const columns = config.columns.map((column) => {
    const parts = [quoted(column.name), column.getSQLType()];
    if (column.primary) parts.push('primary key');
    if (column.notNull && !column.primary) parts.push('not null');
    if (column.hasDefault && column.columnType !== 'PgSerial') {
      const value = literal(column.default) ?? (column.columnType === 'PgTimestamp' ? 'now()' : null);
      if (value) parts.push(`default ${value}`);
    }
    return parts.join(' ');
  });
  const constraints = [
    ...config.primaryKeys.map((key) => `constraint ${quoted(key.getName())} primary key (${key.columns.map((column) => quoted(column.name)).join(', ')})`),
    ...config.foreignKeys.map((key) => {
      const reference = key.reference();
      const foreignTable = getTableConfig(reference.foreignTable).name;
      const onDelete = key.onDelete ? ` on delete ${key.onDelete}` : '';
      return `constraint ${quoted(key.getName())} foreign key (${reference.columns.map((column) => quoted(column.name)).join(', ')}) references ${quoted(foreignTable)} (${reference.foreignColumns.map((column) => quoted(column.name)).join(', ')})${onDelete}`;
    }),
  ];
  return `create table if not exists ${quoted(config.name)} (${[...columns, ...constraints].join(', ')})`;
}

export function createTableSql(declaration: ResourceDeclaration): string {
  return tableSql(resourceTable(declaration));
}

/** The junction tables of the declaration's `manyToMany` fields, each a statement; `linked` are the resources they link to. */
export function createJunctionSql(declaration: ResourceDeclaration, linked: readonly ResourceDeclaration[]): string[] {
  return junctionTables(declaration, (name) => linked.find((candidate) => candidate.name === name)).flatMap((table) => {
    const config = getTableConfig(table);
    return [tableSql(table), ...config.indexes.map((index) => `create index if not exists ${quoted(index.config.name!)} on ${quoted(config.name)} (${index.config.columns.map((column) => quoted((column as { name: string }).name)).join(', ')})`)];
  });
}
