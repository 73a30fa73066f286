/**
 * Keyset paging of an export (docs/decisions.md 'Exports'): a list is read in batches ordered by its own
 * order plus the spec's tie breaker, each batch starting right after the last row of the one before
 * (`(order, id) > (last order, last id)`), so that no batch costs an OFFSET, no transaction stays open
 * between batches (PGlite serves one statement at a time) and memory holds one batch only.
 * Keys travel as text: PostgreSQL casts a parameter to the type of the expression it is compared with,
 * so a timestamp keeps its microseconds and a Spanish order key its bytes.
 */
import type { ListQuery, ListSpec } from '../../resources/listQuery';
import type { SqlParams } from '../lists/listQuery';

/** Where the previous batch ended: its last row's order key (null for an empty value) and tie breaker. */
export interface KeysetCursor {
  orderKey: string | null;
  tieKey: string;
}

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
 * The condition "after the cursor" in the list's order (same direction for the order and the tie
 * breaker, as listOrderBy writes them); none for the first batch.
 */
export function keysetAfter(spec: ListSpec, query: ListQuery, cursor: KeysetCursor | null, params: SqlParams): string[] {
  if (!cursor) return [];
  const { expression, nullsLast, descending } = orderOf(spec, query);
  const after = descending ? '<' : '>';
  const tie = params.add(cursor.tieKey);
  if (expression === spec.tieBreaker) return [`${spec.tieBreaker} ${after} ${tie}`];
  if (cursor.orderKey === null) {
    const sameNullKey = `(${expression} is null and ${spec.tieBreaker} ${after} ${tie})`;
    // Empty keys last: only the rest of the empty ones follow. Empty keys first: every non-empty one follows too.
    return [nullsLast ? sameNullKey : `(${expression} is not null or ${sameNullKey})`];
  }
  const key = params.add(cursor.orderKey);
  const following = `(${expression}, ${spec.tieBreaker}) ${after} (${key}, ${tie})`;
  return [nullsLast ? `(${following} or ${expression} is null)` : `(${following})`];
}

/** The cursor after a batch: its last row's keys. */
export function cursorOf(row: Record<string, unknown>): KeysetCursor {
  const orderKey = row[ORDER_KEY];
  return { orderKey: orderKey === null || orderKey === undefined ? null : String(orderKey), tieKey: String(row[TIE_KEY]) };
}
