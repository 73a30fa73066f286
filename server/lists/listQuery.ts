/**
 * The one list query of the API (docs/decisions/0002-api-conventions.md, list paging): every list
 * route declares a ListSpec (resources/listQuery.ts); `parseListQuery` reads the query string against
 * it (pure, never throws), the builders give the route its WHERE / ORDER BY / LIMIT, and a page is
 * fetched with `pageSize + 1` rows so that `hasNextPage` needs no count. Tab totals come from one
 * grouped `count(*) filter (where …)` (countColumns).
 */
import { databaseInteger, INTEGER_MAX, INTEGER_MIN, MAX_PAGE } from '../../resources/limits';
import {
  isBareDate,
  parseIsoDate,
  type ListCondition,
  type ListFilterSpec,
  type ListFilterValue,
  type ListQuery,
  type ListQueryError,
  type ListSpec,
  type ListValueType,
} from '../../resources/listQuery';
import { ApiError } from '../http/errors';
import { t } from '../i18n';

export type { ListQuery, ListSpec } from '../../resources/listQuery';

/** Longest `cursor` read (a page's continuation is far shorter); a longer one is ignored like any stale cursor. */
const MAX_CURSOR_LENGTH = 1000;
/** Most values one `in` filter takes (a getMany of a whole page and more). */
export const MAX_IN_VALUES = 1000;
/** Longest text an `eq`/`in` text filter takes when its spec sets none. */
const DEFAULT_TEXT_LENGTH = 200;
const DAY_MS = 24 * 3600 * 1000;

export type ParsedListQuery = { ok: true; query: ListQuery } | { ok: false; errors: ListQueryError[] };

/** The raw values of a parameter: a repeated key gives several; blanks are dropped. `null`: not a text value. */
function rawValues(value: unknown): string[] | null {
  const list = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  const texts: string[] = [];
  for (const item of list) {
    if (typeof item !== 'string' && typeof item !== 'number' && typeof item !== 'boolean') return null;
    const text = String(item).trim();
    if (text !== '') texts.push(text);
  }
  return texts;
}

type Read<T> = { value: T } | { error: Omit<ListQueryError, 'target'> } | undefined;

/** The one value of a single-valued parameter; `undefined` when absent or blank. */
function single(value: unknown): Read<string> {
  const texts = rawValues(value);
  if (texts === null) return { error: { messageKey: 'lists.query.choice' } };
  if (texts.length === 0) return undefined;
  if (texts.length > 1) return { error: { messageKey: 'lists.query.repeated' } };
  return { value: texts[0]! };
}

function parseValue(type: ListValueType, text: string, spec: { min?: number; max?: number; maxLength?: number }): Read<ListFilterValue> {
  switch (type) {
    case 'int': {
      const number = databaseInteger(text);
      const ok = number !== undefined && number >= (spec.min ?? INTEGER_MIN) && number <= (spec.max ?? INTEGER_MAX);
      return ok ? { value: number } : { error: { messageKey: 'lists.query.integer' } };
    }
    case 'number': {
      const number = /^[-+]?\d{1,15}(\.\d{1,15})?$/.test(text) ? Number(text) : Number.NaN;
      const ok = Number.isFinite(number) && (spec.min === undefined || number >= spec.min) && (spec.max === undefined || number <= spec.max);
      return ok ? { value: number } : { error: { messageKey: 'lists.query.number' } };
    }
    case 'text': {
      const max = spec.maxLength ?? DEFAULT_TEXT_LENGTH;
      return text.length <= max ? { value: text } : { error: { messageKey: 'lists.query.text', values: { max } } };
    }
    case 'date': {
      const date = parseIsoDate(text);
      return date ? { value: date } : { error: { messageKey: 'lists.query.date' } };
    }
  }
}

function readCondition(name: string, spec: ListFilterSpec, raw: unknown): Read<ListCondition> {
  switch (spec.kind) {
    case 'eq': {
      const text = single(raw);
      if (!text || 'error' in text) return text;
      const value = parseValue(spec.type, text.value, spec);
      if (!value || 'error' in value) return value;
      return { value: { name, kind: 'eq', spec, values: [value.value] } };
    }
    case 'in': {
      const texts = rawValues(raw);
      if (texts === null) return { error: { messageKey: 'lists.query.choice' } };
      // Numbers also come as a comma list (`id=1,2`); text values never split (a name may hold a comma).
      const items = spec.type === 'int' || spec.type === 'number' ? texts.flatMap((text) => text.split(',').map((part) => part.trim())).filter(Boolean) : texts;
      if (items.length === 0) return undefined;
      if (items.length > MAX_IN_VALUES) return { error: { messageKey: 'lists.query.too_many', values: { max: MAX_IN_VALUES } } };
      const values: ListFilterValue[] = [];
      for (const item of items) {
        const value = parseValue(spec.type, item, spec);
        if (!value || 'error' in value) return value;
        if (!values.some((known) => known === value.value)) values.push(value.value);
      }
      return { value: { name, kind: 'in', spec, values } };
    }
    case 'range': {
      const text = single(raw);
      if (!text || 'error' in text) return text;
      const value = parseValue(spec.type, text.value, {});
      if (!value || 'error' in value) return value;
      if (spec.bound === 'from') return { value: { name, kind: 'range', spec, value: value.value, operator: '>=' } };
      // A bare date as the upper bound includes that whole day.
      if (spec.type === 'date' && isBareDate(text.value)) {
        return { value: { name, kind: 'range', spec, value: new Date((value.value as Date).getTime() + DAY_MS), operator: '<' } };
      }
      return { value: { name, kind: 'range', spec, value: value.value, operator: '<=' } };
    }
    case 'search': {
      const text = single(raw);
      if (!text || 'error' in text) return text;
      if (text.value.length > spec.maxLength) return { error: { messageKey: 'lists.query.text', values: { max: spec.maxLength } } };
      if (spec.minLength && text.value.trim().length < spec.minLength) return { error: { messageKey: 'lists.query.text_short', values: { min: spec.minLength } } };
      return { value: { name, kind: 'search', spec, text: text.value } };
    }
    case 'bool': {
      const text = single(raw);
      if (!text || 'error' in text) return text;
      const lower = text.value.toLowerCase();
      if (lower === 'true' || lower === '1') return { value: { name, kind: 'bool', spec, value: true } };
      if (lower === 'false' || lower === '0') return { value: { name, kind: 'bool', spec, value: false } };
      return { error: { messageKey: 'lists.query.boolean' } };
    }
    case 'choice': {
      const text = single(raw);
      if (!text || 'error' in text) return text;
      const choice = Object.keys(spec.choices).find((key) => key.toLowerCase() === text.value.toLowerCase());
      return choice === undefined ? { error: { messageKey: 'lists.query.choice' } } : { value: { name, kind: 'choice', spec, choice } };
    }
  }
}

function readInteger(raw: unknown, max: number): Read<number> {
  const text = single(raw);
  if (!text || 'error' in text) return text;
  const number = databaseInteger(text.value);
  return number !== undefined && number >= 1 && number <= max ? { value: number } : { error: { messageKey: '' } };
}

function readOrder(spec: ListSpec, raw: string): ListQuery['order'] | undefined {
  const descending = raw.startsWith('-');
  const wanted = raw.replace(/^[-+]/, '').toLowerCase();
  const name = Object.keys(spec.orders).find((key) => key.toLowerCase() === wanted);
  return name === undefined ? undefined : { name, descending };
}

/**
 * Reads a list's query string against its spec: page (1…MAX_PAGE), pageSize (1…maxPageSize, larger
 * refused), orderBy (a declared order, `-` for descending) and the declared filters; unknown keys are
 * ignored. One error per refused parameter. Pure: never throws, whatever the input.
 */
export function parseListQuery(spec: ListSpec, rawQuery: unknown): ParsedListQuery {
  const query = (rawQuery !== null && typeof rawQuery === 'object' ? rawQuery : {}) as Record<string, unknown>;
  const own = (key: string): unknown => (Object.prototype.hasOwnProperty.call(query, key) ? query[key] : undefined);
  const errors: ListQueryError[] = [];

  const page = readInteger(own('page'), MAX_PAGE);
  if (page && 'error' in page) errors.push({ target: 'page', messageKey: 'lists.query.page' });
  const pageSize = readInteger(own('pageSize'), spec.maxPageSize);
  if (pageSize && 'error' in pageSize) errors.push({ target: 'pageSize', messageKey: 'lists.query.page_size', values: { max: spec.maxPageSize } });

  let order = readOrder(spec, spec.defaultOrder)!;
  const orderBy = single(own('orderBy'));
  if (orderBy) {
    const chosen = 'error' in orderBy ? undefined : readOrder(spec, orderBy.value);
    if (chosen) order = chosen;
    else errors.push({ target: 'orderBy', messageKey: 'lists.query.order_by' });
  }

  const conditions: ListCondition[] = [];
  for (const [name, filter] of Object.entries(spec.filters)) {
    const read = readCondition(name, filter, own(name));
    if (!read) continue;
    if ('error' in read) errors.push({ target: name, ...read.error });
    else conditions.push(read.value);
  }

  // Opaque; one that does not continue this query is ignored (server/lists/pageCursor.ts): the page is read by offset.
  const cursor = single(own('cursor'));
  if (cursor && 'error' in cursor) errors.push({ target: 'cursor', messageKey: 'lists.query.choice' });

  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    query: {
      page: page && 'value' in page ? page.value : 1,
      pageSize: pageSize && 'value' in pageSize ? pageSize.value : spec.defaultPageSize,
      order,
      conditions,
      ...(cursor && 'value' in cursor && cursor.value.length <= MAX_CURSOR_LENGTH ? { cursor: cursor.value } : {}),
    },
  };
}

/** The Spanish 400 of refused list parameters: one detail per parameter, the first one as the message. */
export function listQueryError(errors: readonly ListQueryError[]): ApiError {
  const details = errors.map((error) => ({ code: 'BadArgument', target: error.target, message: t(error.messageKey, error.values) }));
  return new ApiError(400, 'BadArgument', details[0]?.message ?? t('errors.invalid_request'), details);
}

/** `parseListQuery` for a route: the typed query, or the Spanish 400 thrown. */
export function readListQuery(spec: ListSpec, rawQuery: unknown): ListQuery {
  const parsed = parseListQuery(spec, rawQuery);
  if (!parsed.ok) throw listQueryError(parsed.errors);
  return parsed.query;
}

/** The parameters of one statement, numbered `$1`, `$2`… in the order they are added. */
export class SqlParams {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** `%`, `_` and `\` of a search text match themselves in LIKE. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Accent- and case-insensitive "contains": the Spanish key of the column (server/db/textKey.ts) against
 * the key of the text, so that the trigram indexes on `spanish_key(column)` serve it. `keyed`: the
 * columns hold the key already (stored), so the index's recheck reads it instead of computing it per row.
 */
export function searchSql(columns: readonly string[], placeholder: string, keyed = false): string {
  const pattern = `'%' || spanish_key(${placeholder}) || '%'`;
  return `(${columns.map((column) => `${keyed ? column : `spanish_key(${column})`} like ${pattern}`).join(' or ')})`;
}

function bindValue(value: ListFilterValue, params: SqlParams): string {
  return value instanceof Date ? `${params.add(value.toISOString())}::timestamptz` : params.add(value);
}

function conditionSql(condition: ListCondition, params: SqlParams): string {
  const { spec } = condition;
  switch (condition.kind) {
    case 'eq':
    case 'in': {
      if (spec.kind !== 'eq' && spec.kind !== 'in') break;
      const placeholders = condition.values.map((value) => bindValue(value, params));
      if (typeof spec.sql === 'function') return spec.kind === 'in' ? spec.sql(`(${placeholders.join(', ')})`) : spec.sql(placeholders[0]!);
      return placeholders.length === 1 ? `${spec.sql} = ${placeholders[0]}` : `${spec.sql} in (${placeholders.join(', ')})`;
    }
    case 'range':
      if (spec.kind !== 'range') break;
      return `${spec.sql} ${condition.operator} ${bindValue(condition.value, params)}`;
    case 'search':
      if (spec.kind !== 'search') break;
      return searchSql(spec.sql, params.add(escapeLike(condition.text)), spec.keyed);
    case 'bool':
      if (spec.kind !== 'bool') break;
      return condition.value ? `(${spec.sql})` : `not (${spec.sql})`;
    case 'choice':
      if (spec.kind !== 'choice') break;
      return `(${spec.choices[condition.choice]})`;
  }
  throw new Error(`list filter ${condition.name}: condition and spec disagree`);
}

/**
 * `where …` of the query's filters plus the route's own conditions (e.g. `not s.is_deleted`); empty
 * when there are none. `except` leaves out filters by name (the tab counts ignore the status filters).
 */
export function listWhere(query: ListQuery, params: SqlParams, base: readonly string[] = [], except: readonly string[] = []): string {
  const conditions = [
    ...base,
    ...query.conditions.filter((condition) => !except.includes(condition.name)).map((condition) => conditionSql(condition, params)),
  ];
  return conditions.length > 0 ? `where ${conditions.join(' and ')}` : '';
}

/** `order by …` of the chosen order, ties broken by the spec's unique column in the same direction. */
export function listOrderBy(spec: ListSpec, query: ListQuery): string {
  const order = spec.orders[query.order.name]!;
  const expression = typeof order === 'string' ? order : order.sql;
  const nulls = typeof order === 'object' && order.nullsLast ? ' nulls last' : '';
  const direction = query.order.descending ? 'desc' : 'asc';
  const tieBreak = expression === spec.tieBreaker ? '' : `, ${spec.tieBreaker} ${direction}`;
  return `order by ${expression} ${direction}${nulls}${tieBreak}`;
}

/**
 * `limit … offset …`: one row more than the page, which tells whether a next page exists. The numbers are
 * written into the SQL (validated integers): a prepared statement's generic plan then knows how few rows
 * it needs (with parameters it assumes many and gives up the index order). `_params` is kept for callers.
 */
export function listLimit(query: ListQuery, _params?: SqlParams): string {
  const limit = query.pageSize + 1;
  const offset = (query.page - 1) * query.pageSize;
  if (!Number.isSafeInteger(limit) || !Number.isSafeInteger(offset) || limit < 1 || offset < 0) throw new Error('list page out of range');
  return `limit ${limit} offset ${offset}`;
}

/** The list envelope from the rows of `listLimit`: the page and `hasNextPage` (no count). */
export function listPage<T>(rows: readonly T[], query: ListQuery): { results: T[]; meta: { hasNextPage: boolean } } {
  return { results: rows.slice(0, query.pageSize), meta: { hasNextPage: rows.length > query.pageSize } };
}

/**
 * The select list of one grouped count: `count(*) filter (where …) as "name"` per bucket, so that
 * several totals (the site status tabs) cost one scan.
 */
export function countColumns(buckets: Readonly<Record<string, string>>): string {
  return Object.entries(buckets)
    .map(([name, condition]) => `(count(*) filter (where ${condition}))::int as "${name}"`)
    .join(', ');
}

type JsonSchema = Record<string, unknown>;

function orderNames(spec: ListSpec): string {
  return Object.keys(spec.orders).join(', ');
}

/**
 * The OpenAPI querystring of a list route, from its spec (the docs follow the spec). Values are typed
 * as text (arrays for `in` filters) so that the parser, not the JSON schema validator, answers every
 * refusal with its Spanish message.
 */
export function listQuerySchema(spec: ListSpec): JsonSchema {
  const properties: Record<string, JsonSchema> = {
    page: { type: 'string', description: `Página, desde 1 (hasta ${MAX_PAGE}).` },
    pageSize: { type: 'string', description: `Registros por página: ${spec.defaultPageSize} por defecto, de 1 a ${spec.maxPageSize} (más: 400).` },
    orderBy: { type: 'string', description: `Orden: ${orderNames(spec)}; \`-campo\` descendente (por defecto ${spec.defaultOrder}).` },
    cursor: { type: 'string', description: 'El `meta.nextCursor` de la página anterior, con su `page` siguiente: esa página se lee tras ella (si no la continúa, por posición).' },
  };
  for (const [name, filter] of Object.entries(spec.filters)) {
    properties[name] =
      filter.kind === 'in'
        ? {
            type: 'array',
            items: { type: 'string' },
            description: `${filter.description} (varios valores: ${name}=1&${name}=2${filter.type === 'int' || filter.type === 'number' ? ` o ${name}=1,2` : ''}).`,
          }
        : { type: 'string', description: filter.description };
  }
  return { type: 'object', properties };
}
