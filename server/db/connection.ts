/**
 * Opens the database: PostgreSQL through `pg` when DATABASE_URL is set, otherwise embedded
 * PGlite under DATA_DIR, in a worker thread (pgliteRemote.ts). Both are driven through the same Drizzle API
 * and migrations.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { trackDataVersionSql } from '../lists/dataVersionTracking';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { RemotePglite } from './pgliteRemote';
import { DEFAULT_PG_POOL_SIZE } from '../config';
import { pgPoolStats, type PoolStats } from './poolStats';
import { StatementNames } from './preparedStatements';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs one SQL statement with parameters and returns its rows (as arrays with `rowMode: 'array'`). */
  query<T = Record<string, unknown>>(text: string, params?: unknown[], options?: QueryShape): Promise<T[]>;
  /** Resolves when the database answers (/healthz). */
  ping(): Promise<void>;
  migrate(): Promise<void>;
  /** Waits for the work already sent (no lost writes), then closes. */
  close(): Promise<void>;
  /**
   * LISTENs on a PostgreSQL notification channel (a plain identifier) and calls `onPayload` for each NOTIFY
   * committed by anyone on the same database; answers a function that stops listening. PostgreSQL: a
   * dedicated connection outside the pool, reconnected after a loss. PGlite: the embedded client's listener.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /** Connections in use, callers waiting for one and each wait (GET /metrics). */
  pool: PoolStats;
}

/**
 * How a statement's rows come back: `rowMode: 'array'`, each row an array in select order (no object per row), and
 * `textTypes`, the type ids whose values stay PostgreSQL's text (no Date parsed: an export reads its instants itself).
 */
export interface QueryShape {
  rowMode?: 'array';
  textTypes?: readonly number[];
}

const asText = (value: string) => value;
const pgTextTypes = new Map<string, { getTypeParser: (oid: number, format?: string) => unknown }>();

/** `pg`'s per-query `types`: its parsers, with `textTypes` left as text (one object per list of types). */
function pgTypes(textTypes: readonly number[]) {
  const key = textTypes.join(',');
  let types = pgTextTypes.get(key);
  if (!types) {
    types = {
      getTypeParser: (oid: number, format?: string) => (textTypes.includes(oid) ? asText : pg.types.getTypeParser(oid, format as 'text')),
    };
    pgTextTypes.set(key, types);
  }
  return types;
}

/** How long an answer from the embedded database counts as proof that it is up. */
const RECENT_ANSWER_MS = 1000;

const NOTIFY_CHANNEL_NAME = /^[a-z_][a-z0-9_]*$/;

/** A LISTEN connection of its own (notifications need one session), opened again a second after it is lost. */
async function listenPostgres(connectionString: string, channel: string, onPayload: (payload: string) => void) {
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    if (stopped) return;
    const next = new pg.Client({ connectionString });
    client = next;
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost || stopped) return;
      lost = true;
      if (error) console.warn(`PostgreSQL: se perdió la conexión de notificaciones (${error.message}); reconectando`);
      next.end().catch(() => {});
      retry = setTimeout(() => void connect(), 1000);
    };
    next.on('notification', (message) => {
      if (message.channel === channel) onPayload(message.payload ?? '');
    });
    next.on('error', onLost);
    next.on('end', () => onLost());
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
    } catch (error) {
      onLost(error as Error);
    }
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => {});
    client = null;
  };
}

/** The advisory lock the PostgreSQL migration holds (any constant no other code takes). */
const MIGRATION_LOCK_KEY = 7_201_311_001;
const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface OpenOptions {
  databaseUrl?: string;
  /** Folder of the embedded database; `memory://` keeps it in memory (tests). */
  dataDir?: string;
  /** PostgreSQL connections (config `pgPoolSize`, PG_POOL_SIZE); DEFAULT_PG_POOL_SIZE without it. */
  poolSize?: number;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    const size = options.poolSize ?? DEFAULT_PG_POOL_SIZE;
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: size });
    // An idle connection closed by the server (restart, failover, dropped database) must not crash the process:
    // the pool discards it and opens a new one on the next query.
    pool.on('error', (error) => console.warn(`PostgreSQL: se perdió una conexión inactiva (${error.message})`));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const statementNames = new StatementNames();
    return {
      db,
      kind: 'postgres',
      query: (text, params, shape) => {
        const values = (params ?? []) as unknown[];
        const types = shape?.textTypes?.length ? pgTypes(shape.textTypes) : undefined;
        return statementNames.run(text, async (name) => (await pool.query({ text, values, name, rowMode: shape?.rowMode, types } as pg.QueryConfig)).rows);
      },
      ping: async () => void (await pool.query('select 1')),
      migrate: async () => {
        // Instances starting together on one database: the first migrates, the others wait for it on this lock
        // (drizzle's migrator takes none) and then find nothing left to apply.
        const lock = await pool.connect();
        try {
          await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
          await migratePg(db as never, { migrationsFolder });
          await pool.query(trackDataVersionSql());
        } finally {
          await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
          lock.release();
        }
      },
      close: () => pool.end(),
      listen: async (channel, onPayload) => {
        if (!NOTIFY_CHANNEL_NAME.test(channel)) throw new Error(`invalid notification channel: ${channel}`);
        return listenPostgres(options.databaseUrl!, channel, onPayload);
      },
      pool: pgPoolStats(pool, size),
    };
  }
  const dataDir = options.dataDir ?? 'memory://';
  if (!dataDir.startsWith('memory://')) fs.mkdirSync(dataDir, { recursive: true });
  // PGlite runs each statement synchronously: in a worker thread of its own, the server keeps answering meanwhile.
  return embeddedDatabase(await RemotePglite.start(dataDir.startsWith('memory://') ? undefined : path.join(dataDir, 'pglite')));
}

/** The `Database` over an embedded PGlite reached through `RemotePglite` (openDatabase; tests open theirs from a template). */
export function embeddedDatabase(client: RemotePglite): Database {
  const db = drizzlePglite({ client: client as unknown as PGlite, schema }) as unknown as Db;
  const statementNames = new StatementNames();
  return {
    db,
    kind: 'pglite',
    query: (text, params, shape) => {
      const parsers = shape?.textTypes?.length ? Object.fromEntries(shape.textTypes.map((oid) => [oid, asText])) : undefined;
      return statementNames.run(text, async (name) => (await client.query(text, params as unknown[], { name, rowMode: shape?.rowMode, parsers })).rows as never);
    },
    ping: async () => {
      // A database busy answering others is answering: /healthz does not queue behind them.
      if (performance.now() - client.lastAnswerAt < RECENT_ANSWER_MS) return;
      await client.query('select 1');
    },
    migrate: async () => {
      await migratePglite(db as never, { migrationsFolder });
      await client.query(trackDataVersionSql());
    },
    close: () => client.close(),
    listen: async (channel, onPayload) => {
      if (!NOTIFY_CHANNEL_NAME.test(channel)) throw new Error(`invalid notification channel: ${channel}`);
      return client.listen(channel, onPayload);
    },
    pool: client.poolStats,
  };
}
