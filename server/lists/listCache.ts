/**
 * Cached list answers with exact invalidation (issue 7, 'response cache'): the rows of a list statement,
 * kept per statement text and parameters together with the data version (server/db/schema/dataVersion.ts)
 * that the request read with its session. The database bumps that version in every transaction writing a
 * table the lists read, so an entry is served only to requests that started after it was filled and
 * before any later write committed: never a stale answer, on any instance, without messages between them.
 * A request without a version (no session) always reads the database. Access is decided before (route
 * access), and a list statement's rows do not depend on who asks, so one entry serves every caller.
 */
import type { Database } from '../db/connection';

interface Entry {
  version: string;
  rows: readonly unknown[];
}

export class ListCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly capacity = 1000) {}

  /** The statement's rows (shared and frozen: callers copy before changing them). */
  async rows<T>(database: Pick<Database, 'query'>, version: string | null | undefined, text: string, params: readonly unknown[]): Promise<readonly T[]> {
    if (!version) return database.query<T>(text, [...params]);
    const key = `${text}\u0000${JSON.stringify(params)}`;
    const hit = this.entries.get(key);
    if (hit && hit.version === version) {
      // Most recently used last: the first key is the one to drop.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.rows as readonly T[];
    }
    const rows = Object.freeze((await database.query<T>(text, [...params])).map((row) => Object.freeze(row)));
    this.entries.delete(key);
    this.entries.set(key, { version, rows });
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
    return rows;
  }

  get size(): number {
    return this.entries.size;
  }
}

/** Each database's cache; null: turned off (LIST_CACHE=0, setListCaching). */
const caches = new WeakMap<Pick<Database, 'query'>, ListCache | null>();

/** Turns the list cache of `database` on or off (the app reads LIST_CACHE); off, every list statement reads the database. */
export function setListCaching(database: Pick<Database, 'query'>, enabled: boolean): void {
  if (!enabled) caches.set(database, null);
  else if (caches.get(database) === null) caches.delete(database);
}

/** The list rows of `text` for a request: from the database's one cache when its data version allows. */
export function cachedListRows<T>(
  database: Pick<Database, 'query'>,
  dataVersion: string | null | undefined,
  text: string,
  params: readonly unknown[],
): Promise<readonly T[]> {
  let cache = caches.get(database);
  if (cache === null) return database.query<T>(text, [...params]);
  if (!cache) {
    cache = new ListCache();
    caches.set(database, cache);
  }
  return cache.rows<T>(database, dataVersion, text, params);
}
