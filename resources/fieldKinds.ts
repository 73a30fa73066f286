/**
 * The engine's field kinds, shared by the browser and the server: per kind, the base yup rule (required,
 * length, pattern, type), the OpenAPI schema of its value and its list filter. The column builder is in
 * server/db/resourceTable.ts, the cell, input and filter React parts in src/engine/fieldKinds.tsx; adding a kind
 * is one entry in each of the three tables.
 */
import * as yup from 'yup';
import { trimmedLowerString, trimmedString } from './text';
import type { AnyObject, ObjectSchema, Schema } from 'yup';
import { audienceFromWireBody, audienceSchema } from './audience';
import { INTEGER_MAX, INTEGER_MIN, recordIdRule } from './limits';
import type { ListFilterSpec } from './listQuery';
import { choiceKey, junctionOf, type FieldDeclaration, type FieldType, type ResourceModel } from './types';

/** Lower-case e-mail shape (spec: "lowercase e-mail pattern"); the `email` kind and the superadmins use it. */
export const EMAIL_PATTERN = /^[a-z0-9._%+-]+@[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$/;
export const EMAIL_MESSAGE = 'validation.superadmin.email_invalid';
export const EMAIL_MAX_LENGTH = 200;
export const URL_PATTERN = /^https?:\/\/[^\s/$.?#][^\s]*$/i;
export const COLOR_PATTERN = /^#[0-9A-Fa-f]{6}$/;
/** Longest text of a `richText` field (after sanitising): the column is `text`. */
export const RICH_TEXT_MAX_LENGTH = 100_000;

type JsonSchema = Record<string, unknown>;
// Any yup schema: the kinds' rules differ in input, output and flags.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Rule = Schema<any, any, any, any>;
/** Where a list filter is written: the resource's table and its id column (`t."id"`), for kinds without a column. */
export interface FilterContext {
  table: string;
  idSql: string;
}
/** The column of a list filter: `t."column"`, from server/resources/listSpec.ts. */
type FilterFor = (field: FieldDeclaration, sql: string, description: string, context: FilterContext) => ListFilterSpec | undefined;

export interface FieldKind {
  /** The value's rule; `required` and `nullable` are added by `fieldRule`. */
  rule(field: FieldDeclaration): Rule;
  /** The value's OpenAPI type (without description and nullability). */
  openApi(field: FieldDeclaration): JsonSchema;
  /** Words for the type in the body's documentation. */
  typeName: string;
  /** Its list filter, under the field's source; none for kinds that cannot be compared. */
  filter: FilterFor;
  /** Nullable column unless declared otherwise. */
  nullableByDefault: boolean;
  /** Text-like: `''` is a value, not an empty field. */
  text?: boolean;
  /** A list order (`orderBy=<source>`); default true. */
  orderable?: boolean;
  /** Stored in a junction table of its own, not in a column of the resource's table (`manyToMany`). */
  junction?: boolean;
  /**
   * The values its column can hold (an int4 column): checked even when the declaration's schema replaces the kind's
   * rule (`resourceSchema`), so that 1.5 or 1e12 is refused here, not by PostgreSQL.
   */
  columnRange?: { min: number; max: number; message: string };
}

const required = 'validation.field.required';
const tooLong = 'validation.field.too_long';

const textRule = (field: FieldDeclaration) => trimmedString().max(field.maxLength ?? 255, tooLong);
const textFilter: FilterFor = (field, sql, description) => ({ kind: 'in', type: 'text', sql, maxLength: field.maxLength, description });
const noFilter: FilterFor = () => undefined;

/** `resources.<name>.choices.<source>.<value>` (choiceKey) unless the choice names its own key. */
export function choiceLabelKey(resourceName: string, field: Pick<FieldDeclaration, 'source'>, choice: { id: string; labelKey?: string }): string {
  return choice.labelKey ?? choiceKey(resourceName, field.source, choice.id);
}

const choiceIds = (field: FieldDeclaration): string[] => (field.choices ?? []).map((choice) => choice.id);

/** A stored file's id (server/files: a random UUID). */
export const FILE_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A linked record sent back as the object an `expand` field reads (`{ permissionID: 5, name }`): its id under `key`; undefined for anything else. */
export function linkedIdOf(value: unknown, key: string): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  return (value as Record<string, unknown>)[key] ?? null;
}

/** Most records one `manyToMany` value may link. */
export const MANY_TO_MANY_MAX = 1000;

/**
 * The value of a `file`/`image` field is, on read, the upload's answer (`{ fileID, filePath, name, … }`); a body
 * may send that object back or just its `fileID`. Anything else is left for the rule to refuse.
 */
export function fileIdOf(value: unknown): unknown {
  if (value && typeof value === 'object' && !Array.isArray(value) && 'fileID' in value) return (value as { fileID: unknown }).fileID;
  return value;
}

/** The upload's answer (server/files/upload.ts `UploadedFileResponse`), as a `file`/`image` field reads. */
const FILE_VALUE_SCHEMA: JsonSchema = {
  type: 'object',
  description: 'Archivo subido con POST /uploadfiles/elementType=<tipo>; se escribe con su fileID',
  properties: {
    fileID: { type: 'string', format: 'uuid' },
    filePath: { type: 'string', description: 'GET /api/v1/files/{fileID}' },
    isImage: { type: 'boolean' },
    name: { type: 'string' },
    thumbnail: { type: 'string', nullable: true },
    fileBigImage: { type: 'string', nullable: true },
  },
};

const fileKind = (image: boolean): FieldKind => ({
  rule: () =>
    yup
      .mixed()
      .transform((value: unknown) => fileIdOf(value))
      .test('file', 'validation.field.file', (value) => value == null || (typeof value === 'string' && FILE_ID_PATTERN.test(value))),
  openApi: () => FILE_VALUE_SCHEMA,
  typeName: image ? 'identificador de la imagen subida (fileID)' : 'identificador del archivo subido (fileID)',
  // Has a file or not: `?<source>=true` / `false`.
  filter: (_field, sql, description) => ({ kind: 'bool', sql: `${sql} is not null`, description: `${description} (true: con archivo, false: sin archivo)` }),
  nullableByDefault: true,
  orderable: false,
});

/** Most files one `files` field may hold (a comment's attachments). */
export const FILES_MAX = 10;

/** The file ids of a `files` value: each element an upload's answer or its `fileID`. */
export function fileIdsOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value.map((item) => fileIdOf(item)) : [];
}

const referenceId = recordIdRule('validation.field.reference');

export const FIELD_KINDS: Record<FieldType, FieldKind> = {
  id: {
    rule: () => yup.number().integer(),
    openApi: () => ({ type: 'integer' }),
    typeName: 'número entero',
    filter: (_field, sql, description) => ({ kind: 'in', type: 'int', sql, description }),
    nullableByDefault: false,
  },
  text: {
    rule: textRule,
    openApi: (field) => ({ type: 'string', ...(field.maxLength ? { maxLength: field.maxLength } : {}) }),
    typeName: 'texto',
    filter: textFilter,
    nullableByDefault: false,
    text: true,
  },
  email: {
    rule: (field) =>
      trimmedLowerString()
        .max(field.maxLength ?? EMAIL_MAX_LENGTH, EMAIL_MESSAGE)
        .matches(EMAIL_PATTERN, { message: EMAIL_MESSAGE, excludeEmptyString: true }),
    openApi: (field) => ({ type: 'string', format: 'email', maxLength: field.maxLength ?? EMAIL_MAX_LENGTH }),
    typeName: 'correo electrónico',
    filter: textFilter,
    nullableByDefault: true,
    text: true,
  },
  url: {
    rule: (field) => textRule(field).matches(URL_PATTERN, { message: 'validation.field.url', excludeEmptyString: true }),
    openApi: (field) => ({ type: 'string', format: 'uri', maxLength: field.maxLength ?? 255 }),
    typeName: 'dirección web (http:// o https://)',
    filter: textFilter,
    nullableByDefault: true,
    text: true,
  },
  integer: {
    rule: () =>
      yup
        .number()
        .typeError('validation.field.integer')
        .integer('validation.field.integer')
        .min(INTEGER_MIN, 'validation.field.integer')
        .max(INTEGER_MAX, 'validation.field.integer'),
    openApi: () => ({ type: 'integer' }),
    typeName: 'número entero',
    filter: (_field, sql, description) => ({ kind: 'in', type: 'int', sql, description }),
    nullableByDefault: true,
    columnRange: { min: INTEGER_MIN, max: INTEGER_MAX, message: 'validation.field.integer' },
  },
  decimal: {
    rule: () => yup.number().typeError('validation.field.number'),
    openApi: () => ({ type: 'number' }),
    typeName: 'número decimal',
    filter: (_field, sql, description) => ({ kind: 'in', type: 'number', sql, description }),
    nullableByDefault: true,
  },
  boolean: {
    rule: () => yup.boolean().typeError('validation.field.boolean'),
    openApi: () => ({ type: 'boolean' }),
    typeName: 'true o false',
    filter: (_field, sql, description) => ({ kind: 'bool', sql, description: `${description} (true o false)` }),
    nullableByDefault: false,
  },
  date: {
    rule: () =>
      yup
        .string()
        .matches(/^\d{4}-\d{2}-\d{2}$/, 'validation.field.date')
        .test('calendar-date', 'validation.field.date', (value) => value == null || isCalendarDate(value)),
    openApi: () => ({ type: 'string', format: 'date' }),
    typeName: 'fecha AAAA-MM-DD',
    filter: (_field, sql, description) => ({ kind: 'eq', type: 'date', sql, description: `${description} (fecha ISO 8601)` }),
    nullableByDefault: true,
  },
  datetime: {
    rule: () =>
      yup
        .string()
        .test('datetime', 'validation.field.date', (value) => value == null || (/^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value)))),
    openApi: () => ({ type: 'string', format: 'date-time' }),
    typeName: 'fecha y hora ISO 8601',
    filter: (_field, sql, description) => ({ kind: 'eq', type: 'date', sql, description: `${description} (fecha ISO 8601)` }),
    nullableByDefault: true,
  },
  enum: {
    rule: (field) => yup.string().oneOf(choiceIds(field), 'validation.field.choice'),
    openApi: (field) => ({ type: 'string', enum: choiceIds(field) }),
    typeName: 'una de las opciones',
    filter: (field, sql, description) => ({ kind: 'in', type: 'text', sql, maxLength: Math.max(1, ...choiceIds(field).map((id) => id.length)), description }),
    nullableByDefault: true,
  },
  color: {
    rule: () => trimmedString().matches(COLOR_PATTERN, 'validation.field.color'),
    openApi: () => ({ type: 'string', pattern: COLOR_PATTERN.source }),
    typeName: 'color #RRGGBB',
    filter: (_field, sql, description) => ({ kind: 'in', type: 'text', sql, maxLength: 7, description }),
    nullableByDefault: true,
  },
  reference: {
    rule: () => referenceId,
    openApi: () => ({ type: 'integer' }),
    typeName: 'identificador del registro referido',
    filter: (_field, sql, description) => ({ kind: 'in', type: 'int', sql, description }),
    nullableByDefault: true,
    columnRange: { min: 1, max: INTEGER_MAX, message: 'validation.field.reference' },
  },
  json: {
    rule: () =>
      yup.mixed().test('json', 'validation.field.json', (value) => value == null || (typeof value === 'object' && isJsonValue(value))),
    openApi: () => ({ description: 'Objeto o lista JSON' }),
    typeName: 'objeto o lista JSON',
    filter: noFilter,
    nullableByDefault: true,
    orderable: false,
  },
  richText: {
    rule: () => yup.string().max(RICH_TEXT_MAX_LENGTH, tooLong),
    openApi: () => ({ type: 'string', description: 'HTML; el servidor conserva solo las etiquetas permitidas' }),
    typeName: 'texto con formato (HTML)',
    filter: noFilter,
    nullableByDefault: true,
  },
  audience: {
    rule: () => audienceSchema.default(undefined),
    openApi: () => ({
      type: 'object',
      description: 'Audiencia: segmento (0 país, 1 ubicaciones, 2 grupos) y sus listas de identificadores',
      properties: {
        segment: { type: 'integer', enum: [0, 1, 2] },
        departments: { type: 'array', items: { type: 'integer' } },
        municipalities: { type: 'array', items: { type: 'integer' } },
        groups: { type: 'array', items: { type: 'integer' } },
        siteTypes: { type: 'array', items: { type: 'integer' } },
      },
    }),
    typeName: 'audiencia',
    filter: noFilter,
    nullableByDefault: true,
    orderable: false,
  },
  file: fileKind(false),
  image: fileKind(true),
  // Several files in one jsonb list of file ids (a comment's attachments), each checked and referenced like a `file`.
  files: {
    rule: () =>
      yup
        .mixed()
        .transform((value: unknown) => (Array.isArray(value) ? value.map((item) => fileIdOf(item)) : value))
        .test('files', 'validation.field.files', (value) => value == null || (Array.isArray(value) && value.every((item) => typeof item === 'string' && FILE_ID_PATTERN.test(item))))
        .test('files-count', 'validation.field.too_many_files', (value) => !Array.isArray(value) || value.length <= FILES_MAX)
        .test('files-unique', 'validation.field.files', (value) => !Array.isArray(value) || new Set(value).size === value.length),
    openApi: () => ({ type: 'array', items: FILE_VALUE_SCHEMA, maxItems: FILES_MAX }),
    typeName: 'lista de identificadores de archivos subidos (fileID)',
    // Has files or not: `?<source>=true` / `false`.
    filter: (_field, sql, description) => ({ kind: 'bool', sql: `jsonb_array_length(${sql}) > 0`, description: `${description} (true: con archivos, false: sin archivos)` }),
    nullableByDefault: false,
    orderable: false,
  },
  manyToMany: {
    rule: (field) => {
      // `expand`: the linked records come as objects and may go back as such (their id is taken).
      const expand = field.expand;
      const item = expand ? referenceId.transform((value: unknown, original: unknown) => linkedIdOf(original, expand.id) ?? value) : referenceId;
      const list = yup.array().of(item).typeError('validation.field.list').max(MANY_TO_MANY_MAX, 'validation.field.too_many');
      return field.required ? list.min(1, required) : list;
    },
    openApi: (field) => ({
      type: 'array',
      items: field.expand
        ? { type: 'object', properties: { [field.expand.id]: { type: 'integer' }, [field.reference?.display ?? 'name']: { type: 'string' } } }
        : { type: 'integer' },
      description: field.ordered ? 'Identificadores de los registros vinculados, en orden' : 'Identificadores de los registros vinculados',
    }),
    typeName: 'lista de identificadores de los registros vinculados',
    // `?<source>=<id>`: the rows linked to that record (several ids: linked to any of them).
    filter: (field, _sql, description, context) => ({
      kind: 'in',
      type: 'int',
      sql: (list) => {
        const junction = junctionOf(context, field);
        return `exists (select 1 from "${junction.table}" j where j."${junction.record}" = ${context.idSql} and j."${junction.target}" in ${list})`;
      },
      description: `${description} (registros vinculados a ese identificador)`,
    }),
    nullableByDefault: false,
    orderable: false,
    junction: true,
  },
};

function isCalendarDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

function isJsonValue(value: unknown): boolean {
  try {
    JSON.stringify(value);
    return true;
  } catch {
    return false;
  }
}

export function fieldKind(field: FieldDeclaration): FieldKind {
  return FIELD_KINDS[field.type];
}

/** Whether the field's column (and API value) may be null. */
export function isNullable(field: FieldDeclaration): boolean {
  if (field.required) return false;
  return field.nullable ?? fieldKind(field).nullableByDefault;
}

/** The base rule of one writable field: its kind's rule, then required or nullable. */
export function fieldRule(field: FieldDeclaration): Rule {
  const rule = fieldKind(field).rule(field);
  if (field.required) {
    return fieldKind(field).text ? (rule as yup.StringSchema).required(required) : rule.nonNullable(required).required(required);
  }
  // A column that cannot hold null (a boolean, a field declared not nullable) refuses it here, not in the database;
  // a text stores null as '' and a list of files as [] (server/resources/fields.ts), a manyToMany has no column.
  const kind = fieldKind(field);
  if (!isNullable(field) && !kind.text && !kind.junction && field.type !== 'files') return rule.nonNullable(required).optional();
  return rule.nullable().optional();
}

/** The fields a body sets: not the id, not read-only or computed, not the parent's id of a nested resource (it comes from the path). */
const writable = (model: Pick<ResourceModel, 'fields' | 'parent'>, idField: string) =>
  model.fields.filter(
    (field) =>
      field.type !== 'id' && field.source !== idField && !field.readOnly && !field.hidden && !field.computed && field.source !== model.parent?.field,
  );

const inColumnRange = (value: unknown, range: { min: number; max: number }) =>
  value == null || (typeof value === 'number' && Number.isInteger(value) && value >= range.min && value <= range.max);

/** `schema` with each int4 field's range checked, whatever rule the declaration gave it. */
function withColumnRanges(schema: ObjectSchema<AnyObject>, fields: readonly FieldDeclaration[]): ObjectSchema<AnyObject> {
  const ranged = fields.flatMap((field) => {
    const range = fieldKind(field).columnRange;
    const rule = schema.fields[field.source] as Rule | undefined;
    return range && rule && typeof rule.test === 'function' ? [[field.source, rule.test('column-range', range.message, (value: unknown) => inColumnRange(value, range))] as const] : [];
  });
  return ranged.length > 0 ? schema.shape(Object.fromEntries(ranged)) : schema;
}

/**
 * The schema of a create/update body: the base rules of the writable fields, plus the declaration's own
 * `schema` (rules fields cannot express); a field it names is validated by its rule instead of the base one.
 * A text id (an alias, not a serial `id` field) is named by the create body, so `mode: 'create'` requires it.
 */
export function resourceSchema(
  model: Pick<ResourceModel, 'fields' | 'schema' | 'parent'>,
  idField: string,
  mode: 'create' | 'update' = 'update',
): ObjectSchema<AnyObject> {
  const id = model.fields.find((field) => field.source === idField);
  const namesId = mode === 'create' && id !== undefined && id.type !== 'id';
  const fields = [...(namesId ? [{ ...id, required: true }] : []), ...writable(model, idField)];
  const blankIsNull = fields.filter((field) => !fieldKind(field).text).map((field) => field.source);
  const wired = fields.filter((field) => field.type === 'audience' && field.wire);
  // An empty input of a non-text kind means "no value" (before each field's own cast, which would see '' as invalid);
  // an audience sent in the spec's wire shape (`wire`) becomes the field's value.
  const base = yup
    .object(Object.fromEntries(fields.map((field) => [field.source, fieldRule(field)])))
    .transform((value: unknown) => {
      if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
      const record = { ...(value as Record<string, unknown>) };
      for (const source of blankIsNull) if (record[source] === '') record[source] = null;
      for (const field of wired) {
        const audience = audienceFromWireBody(field.wire!, record, field.source);
        if (audience !== undefined) record[field.source] = audience;
      }
      return record;
    });
  // A field the declaration's schema names takes its rule from there (spec messages), replacing the base rule; the
  // column's range stays (after the declaration's own tests, so its message speaks first).
  const merged = model.schema ? withColumnRanges(base.omit(Object.keys(model.schema.fields)).concat(model.schema) as ObjectSchema<AnyObject>, fields) : base;
  if (!namesId) return merged;
  // The record's key: required even when the declaration's own rule for it is not.
  return merged.shape({ [idField]: (merged.fields[idField] as Rule).nonNullable(required).required(required) });
}
