/**
 * Builds the Drizzle table of a declared resource from its fields, so that a resource's declaration is the single
 * source of its table's columns, its routes and its screens. What only the database needs (indexes the lists read,
 * foreign keys, other constraints) is added by the schema file over the built columns (`TableStorage`).
 */
import { sql, type SQL } from 'drizzle-orm';
import { bigint, bigserial, boolean, date, doublePrecision, foreignKey, index, inet, integer, jsonb, numeric, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import type { $Type, BuildColumns, HasDefault, NotNull } from 'drizzle-orm';
import type { ExtraConfigColumn, PgColumn, PgColumnBuilderBase, PgJsonbBuilderInitial, PgTableExtraConfigValue, PgTableWithColumns } from 'drizzle-orm/pg-core';
import type { AnyObject } from 'yup';
import { EMAIL_MAX_LENGTH, fieldKind, isNullable } from '../../resources/fieldKinds';
import { fieldColumn, JUNCTION_COLUMNS, junctionTableName, type ColumnType, type FieldDeclaration, type FieldType, type ResourceModel } from '../../resources/types';
import { spanishKey } from './textKey';

/** What a column builder offers the engine: nullability and a default. */
type Column = PgColumnBuilderBase & {
  notNull(): Column;
  primaryKey(): Column;
  default(value: unknown): Column;
  defaultNow?: () => Column;
  generatedAlwaysAs?: (expression: SQL) => Column;
};

/** The column of each field kind (resources/fieldKinds.ts has its rule, OpenAPI schema and filter). */
const COLUMN_BUILDERS: Record<Exclude<FieldType, 'id' | 'manyToMany'>, (name: string, field: FieldDeclaration) => Column> = {
  text: (name, field) => varchar(name, { length: field.columnLength ?? field.maxLength ?? 255 }),
  email: (name, field) => varchar(name, { length: field.columnLength ?? field.maxLength ?? EMAIL_MAX_LENGTH }),
  url: (name, field) => varchar(name, { length: field.columnLength ?? field.maxLength ?? 255 }),
  integer: (name) => integer(name),
  decimal: (name) => doublePrecision(name),
  boolean: (name) => boolean(name),
  date: (name) => date(name, { mode: 'string' }),
  datetime: (name) => timestamp(name, { withTimezone: true }),
  enum: (name, field) => varchar(name, { length: field.columnLength ?? Math.max(1, ...(field.choices ?? []).map((choice) => choice.id.length)) }),
  color: (name) => varchar(name, { length: 7 }),
  reference: (name) => integer(name),
  json: (name) => jsonb(name),
  richText: (name) => text(name),
  audience: (name) => jsonb(name),
  // The stored file's id (server/files); the file_refs row written with the record keeps it from the purge.
  file: (name) => uuid(name),
  image: (name) => uuid(name),
  // The stored files' ids, in order; each is referenced in file_refs like a `file` field's.
  files: (name) => jsonb(name).default(sql`'[]'::jsonb`) as unknown as Column,
};

/** The column of a field's `columnType`, when its kind's is not the table's (a service's or a load's table). */
const COLUMN_TYPES: Record<ColumnType, (name: string) => Column> = {
  smallint: (name) => smallint(name),
  bigint: (name) => bigint(name, { mode: 'number' }),
  text: (name) => text(name),
  inet: (name) => inet(name),
  timestamp: (name) => timestamp(name, { mode: 'string' }),
  'numeric(5,2)': (name) => numeric(name, { precision: 5, scale: 2, mode: 'number' }),
};

function idColumn(name: string, field: FieldDeclaration, pairKey: boolean): PgColumnBuilderBase {
  // One of the pair that keys a link table: the pair is the primary key (resourceTable).
  if (pairKey) return integer(name).notNull();
  // An id given with the row (DANE codes, a fixed catalogue) is a plain integer key; any other is drawn from a sequence.
  if (field.assigned) return integer(name).primaryKey();
  return field.columnType === 'bigint' ? bigserial(name, { mode: 'number' }).primaryKey() : serial(name).primaryKey();
}

function columnFor(field: FieldDeclaration, declaration: Pick<TableDeclaration, 'idField' | 'primaryKey'>): PgColumnBuilderBase {
  const name = fieldColumn(field);
  if (field.type === 'id') return idColumn(name, field, declaration.primaryKey !== undefined);
  if (field.type === 'manyToMany') throw new Error(`field ${field.source}: a manyToMany field has no column (junctionTable)`);
  const column = field.columnType ? COLUMN_TYPES[field.columnType](name) : COLUMN_BUILDERS[field.type](name, field);
  // A text id (an alias): the record's key, named by the create body (server/resources/shape.ts).
  if (field.source === declaration.idField) return column.notNull().primaryKey();
  if (field.generated && column.generatedAlwaysAs) return column.generatedAlwaysAs(sql.raw(field.generated));
  if (field.type === 'boolean') return column.notNull().default(field.defaultValue === true);
  // Historical: a non-nullable datetime is stamped by the database.
  if (field.type === 'datetime' && field.nullable === false && column.defaultNow) return column.defaultNow().notNull();
  const withDefault = field.defaultValue !== undefined && field.defaultValue !== null ? column.default(field.defaultValue) : column;
  return columnNullable(field) ? withDefault : withDefault.notNull();
}

/** A declared `nullable` names the column even when the body must carry a value (`required`): a backup outlives its site. */
const columnNullable = (field: FieldDeclaration): boolean => field.nullable ?? isNullable(field);

/** `idField` (the reference part) makes a text id field the primary key; a serial `id` field is one anyway. */
type TableDeclaration<TRecord extends AnyObject = AnyObject> = Pick<ResourceModel<TRecord>, 'table' | 'fields' | 'unique' | 'softDelete' | 'rules' | 'primaryKey'> & {
  idField?: string;
};

/**
 * The Drizzle columns as the server's code sees them: one per property of the declared record type, holding that
 * property's type (its `null` included), optional on insert. The database types come from the fields at run time.
 */
type RecordColumns<TRecord> = { [K in keyof TRecord & string]: HasDefault<NotNull<$Type<PgJsonbBuilderInitial<''>, TRecord[K]>>> };

/**
 * The table of a declaration whose record type is `TRecord` (`defineResource<TRecord>`); `TStored` types the columns the
 * server's code writes that the record does not have (its `hidden` fields) or holds otherwise (a `Date`, not a string).
 */
export type DeclaredTable<TRecord, TStored = object> = PgTableWithColumns<{
  name: string;
  schema: undefined;
  columns: BuildColumns<string, RecordColumns<Omit<TRecord, keyof TStored> & TStored>, 'pg'>;
  dialect: 'pg';
}>;

/** Name of the unique index behind `unique: [source]`; a unique violation names it, which gives back the field. */
export function uniqueIndexName(declaration: Pick<ResourceModel, 'table' | 'fields'>, source: string): string {
  const field = declaration.fields.find((candidate) => candidate.source === source);
  if (!field) throw new Error(`resource table ${declaration.table}: unique field ${source} is not declared`);
  return `${declaration.table}_${fieldColumn(field)}_unique`;
}

/**
 * What the database alone needs of a declared table, written once in its schema file over the built columns (keyed by
 * field `source`): the indexes its lists and services read, its foreign keys, other unique constraints. Never a column:
 * a column the API does not show is a `hidden` field of the declaration.
 */
export type TableStorage = (columns: Record<string, ExtraConfigColumn>) => PgTableExtraConfigValue[];

/** The tables built from declarations: a test finds any table a declaration reads that is still hand-written. */
const derivedTables = new WeakSet<object>();
export const isDerivedTable = (table: object): boolean => derivedTables.has(table);

/**
 * Each `unique` field gets a unique index on its Spanish key (case and accents ignored, as the code
 * check compares), over the rows the lists show: soft-deleted rows do not hold their name; a `primaryKey` pair keys
 * the table. `storage` adds the rest of the table's indexes and constraints.
 */
export function resourceTable<TRecord extends AnyObject, TStored extends AnyObject = object>(
  declaration: TableDeclaration<TRecord>,
  storage?: TableStorage,
): DeclaredTable<TRecord, TStored> {
  const columns: Record<string, PgColumnBuilderBase> = {};
  // A computed field has no column (the engine selects its expression, server/resources/store.ts), nor a manyToMany (junctionTable).
  for (const field of declaration.fields) if (!fieldKind(field).junction && !field.computed) columns[field.source] = columnFor(field, declaration);
  const derived = pgTable(declaration.table, columns, (table) => {
    const built: Record<string, ExtraConfigColumn> = table;
    const softDelete = declaration.softDelete ? built[declaration.softDelete.field] : undefined;
    const uniqueIndexes = (declaration.unique ?? []).map((source) => {
      const index = uniqueIndex(uniqueIndexName(declaration, source)).on(spanishKey(built[source]!));
      return softDelete ? index.where(sql`not ${softDelete}`) : index;
    });
    const pairColumn = (source: string) => built[source] ?? fail(`resource table ${declaration.table}: primaryKey field ${source} is not a column`);
    const pair = declaration.primaryKey ? [primaryKey({ columns: declaration.primaryKey.map(pairColumn) as [ExtraConfigColumn, ...ExtraConfigColumn[]] })] : [];
    return [...pair, ...uniqueIndexes, ...(storage ? storage(built) : [])];
  });
  derivedTables.add(derived);
  return derived as unknown as DeclaredTable<TRecord, TStored>;
}

/**
 * The table several declarations read (`users`: superadmins, administrators, site users): the union of their stored
 * fields by column, each column built from the first declaration that declares it; a declared default is the column's
 * only when every declaration that declares one agrees (each declaration's own is what its creates store).
 */
/** What a field asks its column to be: its `columnType`, else its kind's. */
const columnKind = (field: FieldDeclaration): string => field.columnType ?? field.type;

export function sharedResourceTable<TColumns extends AnyObject>(declarations: readonly TableDeclaration[], storage?: TableStorage): DeclaredTable<TColumns> {
  const table = declarations[0]?.table;
  const byColumn = new Map<string, FieldDeclaration>();
  const defaults = new Map<string, Set<string>>();
  for (const declaration of declarations) {
    if (declaration.table !== table) throw new Error(`shared table ${table}: a declaration reads ${declaration.table}`);
    for (const field of declaration.fields) {
      if (fieldKind(field).junction || field.computed) continue;
      const column = fieldColumn(field);
      const first = byColumn.get(column);
      if (!first) byColumn.set(column, field);
      else if (columnKind(first) !== columnKind(field)) {
        throw new Error(`shared table ${table}: ${column} is declared as ${columnKind(first)} and as ${columnKind(field)}`);
      }
      if (field.defaultValue !== undefined) defaults.set(column, (defaults.get(column) ?? new Set()).add(JSON.stringify(field.defaultValue)));
    }
  }
  const fields = [...byColumn].map(([column, field]) => {
    const agreed = defaults.get(column);
    return { ...field, defaultValue: agreed?.size === 1 ? (JSON.parse([...agreed][0]!) as FieldDeclaration['defaultValue']) : undefined };
  });
  return resourceTable<TColumns>({ table: table!, fields }, storage);
}

const fail = (message: string): never => {
  throw new Error(message);
};

export type ResourceTable = ReturnType<typeof resourceTable>;

type JunctionEnd = Pick<ResourceModel, 'table' | 'fields' | 'unique' | 'softDelete'> & { idField: string };

/**
 * The junction table of a `manyToMany` field (`<table>_<column>`): the record's id and the linked record's id,
 * both foreign keys with `on delete cascade`, the pair as primary key, an index on the linked id (the list filter
 * `?<source>=<id>` and the cascade), and a `position` when the field is `ordered`.
 */
export function junctionTable(owner: JunctionEnd, field: FieldDeclaration, target: JunctionEnd) {
  const name = junctionTableName(owner, field);
  const ownerTable = resourceTable(owner) as unknown as Record<string, PgColumn>;
  const targetTable = resourceTable(target) as unknown as Record<string, PgColumn>;
  const columns: Record<string, PgColumnBuilderBase> = {
    recordId: integer(JUNCTION_COLUMNS.record).notNull(),
    targetId: integer(JUNCTION_COLUMNS.target).notNull(),
  };
  if (field.ordered) columns.position = integer(JUNCTION_COLUMNS.position).notNull();
  return pgTable(name, columns, (table) => {
    const built: Record<string, PgColumn> = table;
    return [
      primaryKey({ name: `${name}_pk`, columns: [built.recordId!, built.targetId!] }),
      index(`${name}_target_idx`).on(built.targetId!),
      foreignKey({ name: `${name}_record_fk`, columns: [built.recordId!], foreignColumns: [ownerTable[owner.idField]!] }).onDelete('cascade'),
      foreignKey({ name: `${name}_target_fk`, columns: [built.targetId!], foreignColumns: [targetTable[target.idField]!] }).onDelete('cascade'),
    ];
  });
}

/** The junction tables of a declaration's `manyToMany` fields; `resolve` finds the linked resource by name. */
export function junctionTables(owner: JunctionEnd, resolve: (name: string) => JunctionEnd | undefined) {
  // A field over an existing junction table (`junction`) has that table in its own schema file.
  return owner.fields
    .filter((field) => field.type === 'manyToMany' && !field.junction)
    .map((field) => {
      const target = field.reference ? resolve(field.reference.resource) : undefined;
      if (!target) throw new Error(`resource table ${owner.table}: ${field.source} links an unknown resource (${field.reference?.resource ?? 'none'})`);
      return junctionTable(owner, field, target);
    });
}
