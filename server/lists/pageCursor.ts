/**
 * The continuation of a list page (issue 23, docs/decisions/0002-api-conventions.md): a page answers
 * `meta.nextCursor`, the keys of its last row in the list's order; sent back with the next `page`, that page is read
 * after those keys (server/exports/keyset.ts, the exports' keyset) instead of skipping the rows before it, so page
 * 50 costs what page 1 costs. The cursor carries a signature of its query (order, page size, filters): sent with
 * another query or another page it is ignored and the page is read by offset — never a wrong page.
 */
import { createHash } from 'node:crypto';
import type { ListQuery } from '../../resources/listQuery';

/** Where the next page starts: the last row's order key and tie breaker, as text (keyset.ts). */
export interface PageStart {
  orderKey: string;
  tieKey: string;
}

/** What makes two list queries the same list: order, page size and filters (not the page). */
function signature(query: ListQuery): string {
  const filters = JSON.stringify(query.conditions, (key, value: unknown) => (key === 'spec' ? undefined : value));
  return createHash('sha256').update(`${query.order.name}|${query.order.descending}|${query.pageSize}|${filters}`).digest('base64url').slice(0, 16);
}

/** The cursor a page answers: its query's signature, its page number and its last row's keys. */
export function pageCursor(query: ListQuery, last: PageStart): string {
  return Buffer.from(JSON.stringify([signature(query), query.page, last.orderKey, last.tieKey])).toString('base64url');
}

/** The start of this page when the query's cursor continues it (same list, the page just before); else null. */
export function pageStart(query: ListQuery): PageStart | null {
  if (!query.cursor) return null;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(query.cursor, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(decoded) || decoded.length !== 4) return null;
  const [signed, page, orderKey, tieKey] = decoded as unknown[];
  if (signed !== signature(query) || page !== query.page - 1 || typeof orderKey !== 'string' || typeof tieKey !== 'string') return null;
  return { orderKey, tieKey };
}
