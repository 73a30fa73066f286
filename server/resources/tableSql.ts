/**
 * `create table` SQL of a declared resource, from the same Drizzle table the engine queries.
 * For tests and throwaway resources; real catalogues get their tables from migrations
 * (server/db/schema/catalogues.ts + `npm run db:generate`).
 */
import { getTableConfig } from 'drizzle-orm/pg-core';
import type { ResourceDeclaration } from '../../resources/types';
import { resourceTable } from '../db/resourceTable';

function literal(value: unknown): string | null {
  if (typeof value === 'boolean' || typeof value === 'number') return String(value);
  if (typeof value === 'string') return `'${value.replace(/'/g, "''")}'`;
  return null;
}

export function createTableSql(declaration: ResourceDeclaration): string {
  const config = getTableConfig(resourceTable(declaration));
  const columns = config.columns.map((column) => {
    const parts = [`"${column.name}"`, column.getSQLType()];
    if (column.primary) parts.push('primary key');
    if (column.notNull && !column.primary) parts.push('not null');
    if (column.hasDefault && column.columnType !== 'PgSerial') {
      const value = literal(column.default) ?? (column.columnType === 'PgTimestamp' ? 'now()' : null);
      if (value) parts.push(`default ${value}`);
    }
    return parts.join(' ');
  });
  return `create table if not exists "${config.name}" (${columns.join(', ')})`;
}
