/**
 * Builds the Drizzle table of a declared resource from its fields, so that a catalogue's
 * declaration is the single source of its table, its routes and its screens.
 */
import { boolean, doublePrecision, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import type { PgColumnBuilderBase } from 'drizzle-orm/pg-core';
import { fieldColumn, type FieldDeclaration, type ResourceDeclaration } from '../../resources/types';

function columnFor(field: FieldDeclaration): PgColumnBuilderBase {
  const name = fieldColumn(field);
  switch (field.type) {
    case 'id':
      return serial(name).primaryKey();
    case 'text': {
      const column = varchar(name, { length: field.maxLength ?? 255 });
      const withDefault = typeof field.defaultValue === 'string' ? column.default(field.defaultValue) : column;
      return field.nullable ? withDefault : withDefault.notNull();
    }
    case 'integer': {
      const column = integer(name);
      const withDefault = typeof field.defaultValue === 'number' ? column.default(field.defaultValue) : column;
      return field.nullable === false ? withDefault.notNull() : withDefault;
    }
    case 'decimal': {
      const column = doublePrecision(name);
      const withDefault = typeof field.defaultValue === 'number' ? column.default(field.defaultValue) : column;
      return field.nullable === false ? withDefault.notNull() : withDefault;
    }
    case 'boolean':
      return boolean(name).notNull().default(field.defaultValue === true);
    case 'date':
      return field.nullable === false
        ? timestamp(name, { withTimezone: true }).notNull().defaultNow()
        : timestamp(name, { withTimezone: true });
  }
}

export function resourceTable(declaration: Pick<ResourceDeclaration, "table" | "fields">) {
  const columns: Record<string, PgColumnBuilderBase> = {};
  for (const field of declaration.fields) columns[field.source] = columnFor(field);
  return pgTable(declaration.table, columns);
}

export type ResourceTable = ReturnType<typeof resourceTable>;
