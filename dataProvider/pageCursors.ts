/**
 * The lists' continuation cursors on the client (issue 23, server/lists/pageCursor.ts): the last `meta.nextCursor`
 * of each list (path and query without the page) is sent back with the next page — 'Ver más' and the pagination's
 * next page — so that the server reads it after the previous page instead of by offset. Any other page goes without.
 */
import { toQueryString, type QueryValue } from './httpClient';

/** Lists remembered at most (the oldest forgotten first). */
const MAX_LISTS = 50;

export function pageCursors() {
  const lists = new Map<string, { page: number; cursor: string }>();
  const keyOf = (path: string, query: Record<string, QueryValue>) => {
    const { page: _page, cursor: _cursor, ...rest } = query;
    void _page;
    void _cursor;
    return `${path}${toQueryString(rest)}`;
  };
  return {
    /** The query of a page, with the cursor of the page before when this client read it last. */
    withCursor(path: string, query: Record<string, QueryValue>): Record<string, QueryValue> {
      const known = lists.get(keyOf(path, query));
      return known && typeof query.page === 'number' && known.page === query.page - 1 ? { ...query, cursor: known.cursor } : query;
    },
    /** Remembers the cursor a page answered. */
    remember(path: string, query: Record<string, QueryValue>, meta: { nextCursor?: unknown } | undefined): void {
      const key = keyOf(path, query);
      lists.delete(key);
      if (typeof meta?.nextCursor !== 'string' || typeof query.page !== 'number') return;
      lists.set(key, { page: query.page, cursor: meta.nextCursor });
      if (lists.size > MAX_LISTS) lists.delete(lists.keys().next().value!);
    },
  };
}
