/**
 * The database's connections as GET /metrics shows them (server/http/metrics.ts): how many the server may hold, how
 * many are in use, callers waiting for one and how long each waited. PostgreSQL: the `pg` pool, its `connect`
 * timed; PGlite: its one connection, each wait a call's time less the time it ran there (pgliteRemote.ts).
 */
import type pg from 'pg';

export interface PoolStats {
  /** Connections the server may hold (PG_POOL_SIZE; 1 on PGlite). */
  readonly size: number;
  inUse(): number;
  waiting(): number;
  /** Calls `listener` with each wait for a connection, in seconds; answers the function that stops it. */
  onWait(listener: (seconds: number) => void): () => void;
}

/** The listeners of waits, and the function that tells them one. */
export function waitListeners(): { onWait: PoolStats['onWait']; report(seconds: number): void } {
  const listeners = new Set<(seconds: number) => void>();
  return {
    onWait: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    report: (seconds) => {
      for (const listener of listeners) listener(seconds);
    },
  };
}

type ConnectCallback = (error: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void;

/** The pool's figures; its `connect` (which `pool.query` and transactions call) timed from the ask to the connection. */
export function pgPoolStats(pool: pg.Pool, size: number): PoolStats {
  const waits = waitListeners();
  const connect = pool.connect.bind(pool) as (callback?: ConnectCallback) => Promise<pg.PoolClient> | undefined;
  const timed = (callback?: ConnectCallback) => {
    const asked = performance.now();
    const waited = () => waits.report((performance.now() - asked) / 1000);
    if (callback) {
      return connect((error, client, done) => {
        if (!error) waited();
        callback(error, client, done);
      });
    }
    return connect()!.then((client) => {
      waited();
      return client;
    });
  };
  pool.connect = timed as typeof pool.connect;
  return {
    size,
    inUse: () => pool.totalCount - pool.idleCount,
    waiting: () => pool.waitingCount,
    onWait: waits.onWait,
  };
}
