/**
 * Keyset paging of an export (docs/decisions/0011-dates-and-export-files.md): a list is read in batches ordered by its own
 * order plus the spec's tie breaker, each batch starting right after the last row of the one before
 * (`(order, id) > (last order, last id)`), so that no batch costs an OFFSET, no transaction stays open
 * between batches (PGlite serves one statement at a time) and memory holds one batch only.
 * Keys travel as text: PostgreSQL casts a parameter to the type of the expression it is compared with,
 * so a timestamp keeps its microseconds and a Spanish order key its bytes.
 * Each condition is one row comparison that the order's index can start from (no `or`: with `or … is null` the index
 * was read from its start and the rows before the cursor filtered out, so that batch k read k batches of rows); the
 * rows with an empty key are a section of their own, read after (or before) the others (`keysetRest`).
 */
import type { ListQuery, ListSpec } from '../../resources/listQuery';
import type { SqlParams } from '../lists/listQuery';

/**
 * Where the previous batch ended: its last row's order key (null for an empty value) and tie breaker; or the start of
 * the section of the rows with an empty order key (`empty`) or with one (`filled`).
 */
export type KeysetCursor = { orderKey: string | null; tieKey: string } | { section: 'empty' | 'filled' };

/** Column aliases of the keys each batch row carries (read back by `cursorOf`). */
export const ORDER_KEY = '__orderKey';
export const TIE_KEY = '__tieKey';

function orderOf(spec: ListSpec, query: ListQuery): { expression: string; nullsLast: boolean; descending: boolean } {
  const order = spec.orders[query.order.name]!;
  const expression = typeof order === 'string' ? order : order.sql;
  const descending = query.order.descending;
  // listOrderBy writes `nulls last` when the spec asks; otherwise PostgreSQL's default: last ascending, first descending.
  const nullsLast = (typeof order === 'object' && order.nullsLast === true) || !descending;
  return { expression, nullsLast, descending };
}

/** The select-list fragment of the keys: the order expression and the tie breaker, as text. */
export function keysetSelect(spec: ListSpec, query: ListQuery): string {
  const { expression } = orderOf(spec, query);
  return `(${expression})::text as "${ORDER_KEY}", (${spec.tieBreaker})::text as "${TIE_KEY}"`;
}

/**
 * The keys of a statement whose rows are arrays: each read from a column it already selects when that column is the
 * key's own expression and its value comes back as text PostgreSQL reads back exactly (`plain`: the select list's plain
 * columns, in order), else selected once more as text after them (`select`, '' when nothing is added). `order` and
 * `tie` are their positions in the row.
 */
export function keysetColumns(spec: ListSpec, query: ListQuery, plain: readonly (string | null)[]): { select: string; order: number; tie: number } {
  const { expression } = orderOf(spec, query);
  const extra: string[] = [];
  const position = (key: string): number => {
    const at = plain.indexOf(key);
    if (at >= 0) return at;
    extra.push(`(${key})::text`);
    return plain.length + extra.length - 1;
  };
  const order = position(expression);
  const tie = expression === spec.tieBreaker ? order : position(spec.tieBreaker);
  return { select: extra.join(', '), order, tie };
}

/**
 * The condition "after the cursor" in the list's order (same direction for the order and the tie
 * breaker, as listOrderBy writes them), within the cursor's section (empty or filled keys); none for the first batch.
 */
export function keysetAfter(spec: ListSpec, query: ListQuery, cursor: KeysetCursor | null, params: SqlParams): string[] {
  if (!cursor) return [];
  const { expression, descending } = orderOf(spec, query);
  if ('section' in cursor) return [`${expression} is ${cursor.section === 'empty' ? '' : 'not '}null`];
  const after = descending ? '<' : '>';
  const tie = params.add(cursor.tieKey);
  if (expression === spec.tieBreaker) return [`${spec.tieBreaker} ${after} ${tie}`];
  if (cursor.orderKey === null) return [`(${expression} is null and ${spec.tieBreaker} ${after} ${tie})`];
  const key = params.add(cursor.orderKey);
  // A row with an empty key never compares greater nor smaller: only the filled keys after the cursor.
  return [`(${expression}, ${spec.tieBreaker}) ${after} (${key}, ${tie})`];
}

/**
 * After a batch shorter than asked, read with `cursor`: where the rest of the order is — the other section when the
 * one just read ends before it (empty keys last after filled ones, or filled ones after empty keys first) — or null
 * when nothing is left.
 */
export function keysetRest(spec: ListSpec, query: ListQuery, cursor: KeysetCursor | null): KeysetCursor | null {
  if (!cursor || 'section' in cursor) return cursorSectionRest(spec, query, cursor);
  const { expression, nullsLast } = orderOf(spec, query);
  if (expression === spec.tieBreaker) return null;
  if (cursor.orderKey === null) return nullsLast ? null : { section: 'filled' };
  return nullsLast ? { section: 'empty' } : null;
}

/** The first batch reads the whole order; a section is read to the end of the order when it is the last one. */
function cursorSectionRest(spec: ListSpec, query: ListQuery, cursor: { section: 'empty' | 'filled' } | null): KeysetCursor | null {
  if (!cursor) return null;
  const { nullsLast } = orderOf(spec, query);
  // Empty keys last: the empty section ends the order. Empty keys first: the filled one does.
  if (cursor.section === 'filled' && nullsLast) return { section: 'empty' };
  if (cursor.section === 'empty' && !nullsLast) return { section: 'filled' };
  return null;
}

/** The cursor after a batch: its last row's keys. */
export function cursorOf(row: Record<string, unknown>): KeysetCursor {
  const orderKey = row[ORDER_KEY];
  return { orderKey: orderKey === null || orderKey === undefined ? null : String(orderKey), tieKey: String(row[TIE_KEY]) };
}
