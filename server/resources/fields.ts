/** Which declared fields a request may write, list, search or order by: pure functions of the declaration. */
import { audienceWireKeys, AUDIENCE_WIRES } from '../../resources/audience';
import { fieldKind, isNullable } from '../../resources/fieldKinds';
import { hasDetailOnlyFields, listedFields, type FieldDeclaration, type ResourceDeclaration } from '../../resources/types';
import { t } from '../i18n';
import { sanitizeRichText } from './richText';

const listViews = new WeakMap<ResourceDeclaration, ResourceDeclaration>();

/**
 * The declaration as a list page and an export read it: without its `detailOnly` fields (resources/types.ts), so the
 * list's statement, records, relations and OpenAPI schema leave them out; the declaration itself when it has none.
 * Filters and orders still come from the whole declaration (server/resources/listSpec.ts).
 */
export function listView(declaration: ResourceDeclaration): ResourceDeclaration {
  if (!hasDetailOnlyFields(declaration)) return declaration;
  let view = listViews.get(declaration);
  if (!view) {
    view = { ...declaration, fields: listedFields(declaration.fields) };
    listViews.set(declaration, view);
  }
  return view;
}

export function idFieldOf(declaration: ResourceDeclaration): FieldDeclaration {
  const field = declaration.fields.find((f) => f.source === declaration.idField);
  if (!field) throw new Error(`resource ${declaration.name}: idField ${declaration.idField} is not a declared field`);
  return field;
}

/** Fields a create/update body may set: not the id, not read-only, not the parent's id (it comes from the path). */
export function writableFields(declaration: ResourceDeclaration): FieldDeclaration[] {
  return declaration.fields.filter(
    (f) => f.source !== declaration.idField && f.type !== 'id' && !f.readOnly && !f.hidden && !f.computed && f.source !== declaration.parent?.field,
  );
}

/** A text id (an alias) is named by the body of a create; a serial id never comes from a body. */
export function bodyNamesId(declaration: ResourceDeclaration, mode: 'create' | 'update'): boolean {
  return mode === 'create' && idFieldOf(declaration).type !== 'id';
}

export function searchableFields(declaration: ResourceDeclaration): FieldDeclaration[] {
  return declaration.fields.filter((f) => f.searchable && fieldKind(f).text && !f.computed);
}

/** Fields stored in a column of the table (every field but the computed ones). */
export function storedFields(declaration: Pick<ResourceDeclaration, 'fields'>): FieldDeclaration[] {
  return declaration.fields.filter((f) => !f.computed);
}

export function findField(declaration: ResourceDeclaration, source: string): FieldDeclaration | undefined {
  return declaration.fields.find((f) => f.source === source);
}

/**
 * The values a create or update stores: the validated body (yup output, unknown keys stripped)
 * restricted to writable fields; fields the body leaves out keep their stored value on update and
 * get their default on create; read-only fields get their default on create only (the id is left to
 * the database). A writable field must appear in the declaration's schema to be stored.
 */
export function valuesToStore(
  declaration: ResourceDeclaration,
  validated: Record<string, unknown>,
  mode: 'create' | 'update',
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  if (bodyNamesId(declaration, mode)) values[declaration.idField] = validated[declaration.idField];
  for (const field of writableFields(declaration)) {
    const value = validated[field.source];
    if (value !== undefined) values[field.source] = normalizeValue(field, value);
    else if (mode === 'create' && field.defaultValue !== undefined) values[field.source] = field.defaultValue;
    else if (mode === 'create' && fieldKind(field).text && !isNullable(field)) values[field.source] = '';
    // No files is the empty list (the column is NOT NULL).
    else if (mode === 'create' && field.type === 'files') values[field.source] = [];
  }
  if (mode === 'create') {
    for (const field of storedFields(declaration)) {
      if ((field.readOnly || field.hidden) && field.type !== 'id' && field.defaultValue !== undefined) values[field.source] = field.defaultValue;
    }
  }
  return values;
}

/**
 * The record a singleton answers before its first write: each field's default (booleans false, required text
 * empty, the rest null) under SINGLETON_ID, as the first `PUT` would store it from an empty body.
 */
export function defaultRecord(declaration: ResourceDeclaration, id: number): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const field of declaration.fields) {
    if (field.source === declaration.idField) row[field.source] = id;
    else if (field.defaultValue !== undefined) row[field.source] = field.defaultValue;
    else if (field.type === 'boolean') row[field.source] = false;
    else if (fieldKind(field).text && !isNullable(field)) row[field.source] = '';
    else row[field.source] = null;
  }
  return toRecord(declaration, row);
}

function normalizeValue(field: FieldDeclaration, value: unknown): unknown {
  const kind = fieldKind(field);
  // No files is the empty list (the column is NOT NULL).
  if (field.type === 'files') return Array.isArray(value) ? value : [];
  // A text column is NOT NULL unless declared nullable: no value is the empty text there.
  if (value === null || value === '') return kind.text ? (value === null && !isNullable(field) ? '' : value) : null;
  if ((field.type === 'integer' || field.type === 'decimal' || field.type === 'reference') && typeof value === 'string') return Number(value);
  if (field.type === 'datetime' && typeof value === 'string') return new Date(value);
  if (field.type === 'richText' && typeof value === 'string') return sanitizeRichText(value);
  return value;
}

/** A stored row as the API answers it: keyed by `source`, decimals as numbers, dates as ISO strings. */
export function toRecord(declaration: ResourceDeclaration, row: Record<string, unknown>): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const field of declaration.fields) {
    // A hidden column (a shared table's discriminator) and a write-only one (a password hash) are never answered.
    if (field.hidden || field.writeOnly) continue;
    const value = row[field.source];
    if (value === undefined || value === null) record[field.source] = value ?? null;
    else if (field.computed?.translated) record[field.source] = t(String(value));
    else if (field.type === 'decimal' || field.type === 'integer' || field.type === 'id' || field.type === 'reference') record[field.source] = Number(value);
    else if (field.type === 'datetime') record[field.source] = value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString();
    else if (field.type === 'date') record[field.source] = value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);
    else record[field.source] = value;
    // An audience in the spec's wire shape too (resources/audience.ts `AUDIENCE_WIRES`).
    if (field.type === 'audience' && field.wire) Object.assign(record, audienceWireKeys(field.wire, value));
  }
  return record;
}

/** The record without the wire keys of its audience fields (what the audit keeps: the field says it once). */
export function withoutWireKeys(declaration: ResourceDeclaration, record: Record<string, unknown>): Record<string, unknown> {
  const wired = declaration.fields.filter((field) => field.type === 'audience' && field.wire);
  if (wired.length === 0) return record;
  const copy = { ...record };
  for (const field of wired) for (const key of AUDIENCE_WIRES[field.wire!].keys) delete copy[key];
  return copy;
}
