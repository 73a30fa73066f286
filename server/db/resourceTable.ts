/**
 * Builds the Drizzle table of a declared resource from its fields, so that a catalogue's
 * declaration is the single source of its table, its routes and its screens.
 */
import { sql } from 'drizzle-orm';
import { boolean, date, doublePrecision, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { PgColumn, PgColumnBuilderBase } from 'drizzle-orm/pg-core';
import { EMAIL_MAX_LENGTH, isNullable } from '../../resources/fieldKinds';
import { fieldColumn, type FieldDeclaration, type FieldType, type ResourceModel } from '../../resources/types';
import { spanishKey } from './textKey';

/** What a column builder offers the engine: nullability and a default. */
type Column = PgColumnBuilderBase & {
  notNull(): Column;
  default(value: unknown): Column;
  defaultNow?: () => Column;
};

/** The column of each field kind (resources/fieldKinds.ts has its rule, OpenAPI schema and filter). */
const COLUMN_BUILDERS: Record<Exclude<FieldType, 'id'>, (name: string, field: FieldDeclaration) => Column> = {
  text: (name, field) => varchar(name, { length: field.maxLength ?? 255 }),
  email: (name, field) => varchar(name, { length: field.maxLength ?? EMAIL_MAX_LENGTH }),
  url: (name, field) => varchar(name, { length: field.maxLength ?? 255 }),
  integer: (name) => integer(name),
  decimal: (name) => doublePrecision(name),
  boolean: (name) => boolean(name),
  date: (name) => date(name, { mode: 'string' }),
  datetime: (name) => timestamp(name, { withTimezone: true }),
  enum: (name, field) => varchar(name, { length: Math.max(1, ...(field.choices ?? []).map((choice) => choice.id.length)) }),
  color: (name) => varchar(name, { length: 7 }),
  reference: (name) => integer(name),
  json: (name) => jsonb(name),
  richText: (name) => text(name),
  audience: (name) => jsonb(name),
};

function columnFor(field: FieldDeclaration): PgColumnBuilderBase {
  const name = fieldColumn(field);
  if (field.type === 'id') return serial(name).primaryKey();
  const column = COLUMN_BUILDERS[field.type](name, field);
  if (field.type === 'boolean') return column.notNull().default(field.defaultValue === true);
  // Historical: a non-nullable datetime is stamped by the database.
  if (field.type === 'datetime' && field.nullable === false && column.defaultNow) return column.defaultNow().notNull();
  const withDefault = field.defaultValue !== undefined && field.defaultValue !== null ? column.default(field.defaultValue) : column;
  return isNullable(field) ? withDefault : withDefault.notNull();
}

type TableDeclaration = Pick<ResourceModel, 'table' | 'fields' | 'unique' | 'softDelete'>;

/** Name of the unique index behind `unique: [source]`; a unique violation names it, which gives back the field. */
export function uniqueIndexName(declaration: Pick<ResourceModel, 'table' | 'fields'>, source: string): string {
  const field = declaration.fields.find((candidate) => candidate.source === source);
  if (!field) throw new Error(`resource table ${declaration.table}: unique field ${source} is not declared`);
  return `${declaration.table}_${fieldColumn(field)}_unique`;
}

/**
 * Each `unique` field gets a unique index on its Spanish key (case and accents ignored, as the code
 * check compares), over the rows the lists show: soft-deleted rows do not hold their name.
 */
export function resourceTable(declaration: TableDeclaration) {
  const columns: Record<string, PgColumnBuilderBase> = {};
  // A computed field has no column: the engine selects its expression (server/resources/store.ts).
  for (const field of declaration.fields) if (!field.computed) columns[field.source] = columnFor(field);
  return pgTable(declaration.table, columns, (table) => {
    const built: Record<string, PgColumn> = table;
    const softDelete = declaration.softDelete ? built[declaration.softDelete.field] : undefined;
    return (declaration.unique ?? []).map((source) => {
      const index = uniqueIndex(uniqueIndexName(declaration, source)).on(spanishKey(built[source]!));
      return softDelete ? index.where(sql`not ${softDelete}`) : index;
    });
  });
}

export type ResourceTable = ReturnType<typeof resourceTable>;
