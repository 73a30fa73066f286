/**
 * The list call's query string, parsed against a declaration: page (1-based), pageSize (capped),
 * search, orderBy (`field` or `-field`, declared fields only) and equality filters by any declared
 * field under its `source` name. Pure: throws the API's Spanish 400 for what it cannot accept.
 */
import { databaseInteger, MAX_PAGE } from '../../resources/limits';
import type { FieldDeclaration, ResourceDeclaration } from '../../resources/types';
import { badArgument } from '../http/errors';
import { searchableFields } from './fields';

export const MAX_PAGE_SIZE = 1000;
export const RESERVED_QUERY_KEYS = ['page', 'pageSize', 'search', 'orderBy'] as const;

export type FilterValue = string | number | boolean | Date;

export interface ListQuery {
  page: number;
  pageSize: number;
  search: string | null;
  order: { source: string; descending: boolean };
  filters: Array<{ source: string; values: FilterValue[] }>;
}

function single(value: unknown): unknown {
  return Array.isArray(value) ? value[0] : value;
}

/** An integer from 1 to `max`; larger values are refused (page) or capped (pageSize) by the caller's choice of `max`. */
function positiveInteger(name: string, value: unknown, fallback: number, max: number): number {
  const raw = single(value);
  if (raw === undefined || raw === null || raw === '') return fallback;
  const number = typeof raw === 'number' ? raw : Number(raw);
  if (!Number.isInteger(number) || number < 1 || number > max) throw badArgument(name, 'errors.invalid_request');
  return number;
}

/** Parses one filter value to the field's type; `undefined` when it does not fit. */
export function parseFilterValue(field: FieldDeclaration, raw: unknown): FilterValue | undefined {
  switch (field.type) {
    case 'id':
    case 'integer':
      // The columns are int4: a value outside it is refused here, not by the database.
      return databaseInteger(raw);
    case 'decimal': {
      const number = typeof raw === 'number' ? raw : Number(raw);
      return raw !== '' && Number.isFinite(number) ? number : undefined;
    }
    case 'boolean':
      if (raw === true || raw === 'true' || raw === '1' || raw === 1) return true;
      if (raw === false || raw === 'false' || raw === '0' || raw === 0) return false;
      return undefined;
    case 'date': {
      const date = raw instanceof Date ? raw : new Date(String(raw));
      return Number.isNaN(date.getTime()) ? undefined : date;
    }
    case 'text':
      return typeof raw === 'string' ? raw : String(raw);
  }
}

export function parseListQuery(declaration: ResourceDeclaration, query: Record<string, unknown>): ListQuery {
  const page = positiveInteger('page', query.page, 1, MAX_PAGE);
  const pageSize = Math.min(positiveInteger('pageSize', query.pageSize, declaration.pageSize, Number.MAX_SAFE_INTEGER), MAX_PAGE_SIZE);

  const rawSearch = single(query.search);
  const search = typeof rawSearch === 'string' && rawSearch.trim() !== '' && searchableFields(declaration).length > 0 ? rawSearch.trim() : null;

  const rawOrder = single(query.orderBy);
  let order = { source: declaration.sort.field, descending: declaration.sort.order === 'DESC' };
  if (typeof rawOrder === 'string' && rawOrder.trim() !== '') {
    const descending = rawOrder.trim().startsWith('-');
    const source = rawOrder.trim().replace(/^[-+]/, '');
    if (!declaration.fields.some((f) => f.source === source)) throw badArgument('orderBy', 'errors.invalid_order');
    order = { source, descending };
  }

  const filters: ListQuery['filters'] = [];
  for (const field of declaration.fields) {
    if ((RESERVED_QUERY_KEYS as readonly string[]).includes(field.source)) continue;
    const raw = query[field.source];
    if (raw === undefined) continue;
    const list = Array.isArray(raw) ? raw : [raw];
    const values = list.map((item) => {
      const value = parseFilterValue(field, item);
      if (value === undefined) throw badArgument(field.source, 'errors.invalid_request');
      return value;
    });
    if (values.length > 0) filters.push({ source: field.source, values });
  }
  return { page, pageSize, search, order, filters };
}

/** `%`, `_` and `\` match themselves in the ILIKE pattern built from the search text. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
