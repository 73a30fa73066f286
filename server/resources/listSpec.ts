/**
 * The list spec of a generated resource, from its declaration: every declared field is a filter under
 * its `source` name (numbers and ids take several values, `id=1&id=2` or `id=1,2`; `id` also names the
 * id field), `search` looks in the searchable text fields ignoring case and accents, and every field is
 * an order (text in Spanish order).
 */
import { fieldKind, type FilterContext } from '../../resources/fieldKinds';
import type { ListFilterSpec, ListSpec } from '../../resources/listQuery';
import { fieldColumn, type FieldDeclaration, type ResourceDeclaration } from '../../resources/types';
import { spanishOrderSql } from '../db/textKey';
import { t } from '../i18n';
import { searchableFields } from './fields';

/** Largest page of a generated list unless it declares `maxPageSize`: site types are fetched 1000 at a time (spec 03 §9). */
export const RESOURCE_MAX_PAGE_SIZE = 1000;
const RESERVED_QUERY_KEYS = ['page', 'pageSize', 'search', 'orderBy', 'cursor'];

/** `t."column"`: the table's alias in every generated list statement. */
export const columnSql = (field: FieldDeclaration): string => `t."${fieldColumn(field).replace(/"/g, '""')}"`;

/** The filter under a field's source: its kind's, a contains search (`filter: 'search'`), or none (`false`, computed). */
function fieldFilter(field: FieldDeclaration, context: FilterContext, minLength?: number): ListFilterSpec | undefined {
  if (field.filter === false || field.computed || field.writeOnly) return undefined;
  if (field.filter === 'search') {
    const description = `Parte de ${t(field.label)} (sin distinguir mayúsculas ni tildes${minLength ? `; al menos ${minLength} caracteres` : ''})`;
    return { kind: 'search', sql: [columnSql(field)], maxLength: field.maxLength ?? 200, ...(minLength ? { minLength } : {}), description };
  }
  return fieldKind(field).filter(field, columnSql(field), `Filtro: ${t(field.label)}`, context);
}

/**
 * A date or datetime field also filters by a range: `<source>From` (from that day on) and `<source>To` (up to that
 * day, the whole day included), the names the generated screen's date-range widget sends (src/engine/fieldKinds.tsx).
 */
export function dateRangeFilters(field: FieldDeclaration): Record<string, ListFilterSpec> {
  if ((field.type !== 'date' && field.type !== 'datetime') || field.filter === false || field.computed || field.writeOnly) return {};
  const label = t(field.label);
  return {
    [`${field.source}From`]: { kind: 'range', type: 'date', bound: 'from', sql: columnSql(field), description: `${label}: desde (fecha ISO 8601)` },
    [`${field.source}To`]: { kind: 'range', type: 'date', bound: 'to', sql: columnSql(field), description: `${label}: hasta (fecha ISO: incluye el día completo)` },
  };
}

/** `t."name_key"`: the stored Spanish key of a field that declares one. */
const storedKeySql = (field: FieldDeclaration): string => `t."${field.storedKey!.replace(/"/g, '""')}"`;

/** The order of a field: text in Spanish order (its stored key when it has one, byte by byte), other kinds as stored. */
function fieldOrderSql(field: FieldDeclaration): string {
  if (!fieldKind(field).text) return columnSql(field);
  return field.storedKey ? `${storedKeySql(field)} collate "C"` : spanishOrderSql(columnSql(field));
}

/** A field the list can order by: a stored value its kind can compare (not computed). */
const orderable = (field: FieldDeclaration): boolean => !field.computed && !field.hidden && !field.writeOnly && fieldKind(field).orderable !== false;

/** A list page's spec (the declaration's `listOrders` only), or an export's (`'export'`: every order). */
export function resourceListSpec(declaration: ResourceDeclaration, purpose: 'list' | 'export' = 'list'): ListSpec {
  const fields = declaration.fields.filter((field) => !RESERVED_QUERY_KEYS.includes(field.source) && !field.hidden);
  const idField = declaration.fields.find((field) => field.source === declaration.idField);
  const context: FilterContext = { table: declaration.table, idSql: idField ? columnSql(idField) : `t."id"` };
  const filters: Record<string, ListFilterSpec> = {};
  for (const field of fields) {
    const filter = fieldFilter(field, context, declaration.searchMinLength);
    if (filter) filters[field.source] = filter;
    for (const [name, range] of Object.entries(dateRangeFilters(field))) filters[name] = range;
  }
  const idFilter = idField ? fieldKind(idField).filter(idField, columnSql(idField), `Filtro: ${t(idField.label)}`, context) : undefined;
  if (idFilter && !filters.id) filters.id = { ...idFilter, description: `Igual que ${declaration.idField}` };
  for (const [name, declared] of Object.entries(declaration.listFilters ?? {})) {
    filters[name] = {
      kind: 'in',
      type: 'int',
      sql: (values) => `(${declared.sql.split('{values}').join(values)})`,
      description: `Filtro: ${t(declared.label)}`,
    };
  }
  for (const [alias, name] of Object.entries(declaration.filterAliases ?? {})) {
    const target = filters[name];
    if (!target) throw new Error(`resource ${declaration.name}: filter alias ${alias} names no filter (${name})`);
    if (filters[alias] || RESERVED_QUERY_KEYS.includes(alias)) throw new Error(`resource ${declaration.name}: filter alias ${alias} is taken`);
    filters[alias] = { ...target, description: `Igual que ${name}: ${target.description ?? ''}` };
  }
  const searchable = searchableFields(declaration);
  if (searchable.length > 0) {
    // Stored keys when every searched field has one: compared as they are, their trigram indexes serve.
    const keyed = searchable.every((field) => field.storedKey);
    filters.search = {
      kind: 'search',
      sql: searchable.map((field) => (keyed ? storedKeySql(field) : columnSql(field))),
      ...(keyed ? { keyed } : {}),
      maxLength: Math.max(...searchable.map((field) => field.maxLength ?? 200)),
      ...(declaration.searchMinLength ? { minLength: declaration.searchMinLength } : {}),
      description: `Texto buscado (sin distinguir mayúsculas ni tildes${declaration.searchMinLength ? `; al menos ${declaration.searchMinLength} caracteres` : ''}) en los campos de búsqueda`,
    };
  }
  const unknownOrder = declaration.listOrders?.find((name) => !declaration.fields.some((field) => field.source === name && orderable(field)));
  if (unknownOrder) throw new Error(`resource ${declaration.name}: listOrders names no orderable field (${unknownOrder})`);
  // A declared list source adds or replaces filters by name, and replaces the derived orders.
  Object.assign(filters, declaration.listSource?.filters ?? {});
  return {
    defaultPageSize: declaration.pageSize,
    maxPageSize: declaration.maxPageSize ?? RESOURCE_MAX_PAGE_SIZE,
    orders:
      declaration.listSource?.orders ??
      Object.fromEntries(
        declaration.fields
          .filter((field) => orderable(field) && (purpose === 'export' || !declaration.listOrders || declaration.listOrders.includes(field.source)))
          .map((field) => [field.source, fieldOrderSql(field)]),
      ),
    defaultOrder: `${declaration.sort.order === 'DESC' ? '-' : ''}${declaration.sort.field}`,
    tieBreaker: idField ? columnSql(idField) : `t."id"`,
    filters,
  };
}
