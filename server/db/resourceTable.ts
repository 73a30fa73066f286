/**
 * Builds the Drizzle table of a declared resource from its fields, so that a catalogue's
 * declaration is the single source of its table, its routes and its screens.
 */
import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, integer, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { PgColumn, PgColumnBuilderBase } from 'drizzle-orm/pg-core';
import { fieldColumn, type FieldDeclaration, type ResourceDeclaration } from '../../resources/types';
import { spanishKey } from './textKey';

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

type TableDeclaration = Pick<ResourceDeclaration, 'table' | 'fields' | 'unique' | 'softDelete'>;

/** Name of the unique index behind `unique: [source]`; a unique violation names it, which gives back the field. */
export function uniqueIndexName(declaration: Pick<ResourceDeclaration, 'table' | 'fields'>, source: string): string {
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
  for (const field of declaration.fields) columns[field.source] = columnFor(field);
  return pgTable(declaration.table, columns, (table) => {
    const built = table as unknown as Record<string, PgColumn>;
    const softDelete = declaration.softDelete ? built[declaration.softDelete.field] : undefined;
    return (declaration.unique ?? []).map((source) => {
      const index = uniqueIndex(uniqueIndexName(declaration, source)).on(spanishKey(built[source]!));
      return softDelete ? index.where(sql`not ${softDelete}`) : index;
    });
  });
}

export type ResourceTable = ReturnType<typeof resourceTable>;
