/**
 * The declaration of a list route's query string (docs/decisions/0002-api-conventions.md, list paging):
 * its page sizes, the orders it accepts and its filters, each with an operator. One parser and one
 * SQL builder read it (server/lists/listQuery.ts); the OpenAPI querystring is derived from it.
 * Pure data: SQL expressions are plain strings written against the route's own table aliases.
 */

/**
 * `eq`: one value; `in`: any number of values, as repeated keys (`id=1&id=2`) or, for numbers, a
 * comma list (`id=1,2`); `range`: one bound (`from` ≥, `to` ≤, a bare date `to` takes the whole day);
 * `search`: accent- and case-insensitive "contains" over one or more columns; `bool`: true/false;
 * `choice`: one of a few named conditions.
 */
export type ListFilterKind = 'eq' | 'in' | 'range' | 'search' | 'bool' | 'choice';
export type ListValueType = 'int' | 'number' | 'text' | 'date';

interface FilterBase {
  /** One line for the API reference (Spanish). */
  description: string;
}

/** `sql` is a column expression (`s.parent_location_id`), or a function of the placeholder(s) giving the whole condition. */
export type ListFilterSql = string | ((placeholder: string) => string);

export type ListFilterSpec = FilterBase &
  (
    | { kind: 'eq'; type: ListValueType; sql: ListFilterSql; min?: number; max?: number; maxLength?: number }
    | { kind: 'in'; type: ListValueType; sql: ListFilterSql; min?: number; max?: number; maxLength?: number }
    | { kind: 'range'; type: 'date' | 'int' | 'number'; sql: string; bound: 'from' | 'to' }
    /** `keyed`: the columns already hold the Spanish key (a stored key such as sites.name_key), compared as they are. */
    | { kind: 'search'; sql: readonly string[]; maxLength: number; minLength?: number; keyed?: boolean }
    | { kind: 'bool'; sql: string }
    | { kind: 'choice'; choices: Readonly<Record<string, string>> }
  );

/** An order: a SQL expression; `nullsLast` keeps empty values last in both directions. */
export type ListOrderSpec = string | { sql: string; nullsLast?: boolean };

export interface ListSpec {
  defaultPageSize: number;
  /** A larger pageSize is refused with 400 (one message on every list). */
  maxPageSize: number;
  /** `orderBy` names (`name`, `-name` descending) and what they sort by. */
  orders: Readonly<Record<string, ListOrderSpec>>;
  /** e.g. `name` or `-createdDate`. */
  defaultOrder: string;
  /** Unique column breaking ties (same direction as the order), so that pages never overlap. */
  tieBreaker: string;
  filters: Readonly<Record<string, ListFilterSpec>>;
}

export type ListFilterValue = number | string | Date;

/** A filter the query uses, with its parsed values. */
export type ListCondition =
  | { name: string; kind: 'eq' | 'in'; spec: ListFilterSpec; values: ListFilterValue[] }
  | { name: string; kind: 'range'; spec: ListFilterSpec; value: ListFilterValue; operator: '>=' | '<=' | '<' }
  | { name: string; kind: 'search'; spec: ListFilterSpec; text: string }
  | { name: string; kind: 'bool'; spec: ListFilterSpec; value: boolean }
  | { name: string; kind: 'choice'; spec: ListFilterSpec; choice: string };

export interface ListQuery {
  page: number;
  pageSize: number;
  order: { name: string; descending: boolean };
  conditions: ListCondition[];
  /** `cursor`: the continuation a previous page answered (`meta.nextCursor`, server/lists/pageCursor.ts), as sent. */
  cursor?: string;
}

/** A refused parameter: its name and the i18n key (with values) of its one message. */
export interface ListQueryError {
  target: string;
  messageKey: string;
  values?: Record<string, string | number>;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** A real calendar date or date-time in ISO 8601 (a bare date is midnight UTC); anything else is null. */
export function parseIsoDate(value: string): Date | null {
  const match = ISO_DATE.exec(value.trim());
  if (!match) return null;
  const [year, month, day, hour = '0', minute = '0', second = '0'] = match.slice(1).map((part) => part ?? '0');
  const calendar = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  const sameDay =
    calendar.getUTCFullYear() === Number(year) && calendar.getUTCMonth() === Number(month) - 1 && calendar.getUTCDate() === Number(day);
  if (!sameDay || Number(hour) > 23 || Number(minute) > 59 || Number(second) > 59) return null;
  const parsed = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value.trim()) ? `${value.trim()}T00:00:00Z` : value.trim());
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}

/** A date with no time part: as a `to` bound it includes that whole day. */
export function isBareDate(value: unknown): boolean {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value.trim());
}
