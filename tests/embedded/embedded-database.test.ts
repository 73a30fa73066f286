/**
 * The embedded PGlite in its worker thread (issue 7): the server's event loop keeps turning while the
 * database works, and the `Database` contract holds across the thread boundary — interactive transactions
 * on the one connection, driver errors with their fields, LISTEN/NOTIFY, and a close that loses no write.
 * (Speed is measured by `npm run bench`, never here.)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/connection';
import { postgresConstraint, postgresErrorCode } from '../../server/resources/dbErrors';

let database: Database;

beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
  await database.query('create table worker_items (id int primary key, label text not null)');
});

afterAll(async () => {
  await database?.close();
});

/** Counts the turns of this thread's event loop (timers of 0 ms, one after the other) until `work` settles. */
async function loopTurnsDuring(work: Promise<unknown>): Promise<number> {
  let turns = 0;
  let settled = false;
  const tick = () => {
    if (settled) return;
    turns += 1;
    setTimeout(tick, 0);
  };
  setTimeout(tick, 0);
  await work.finally(() => (settled = true));
  return turns;
}

describe('embedded database in a worker thread', () => {
  it('lets the event loop turn while a long statement runs (on the main thread it turned at most once)', async () => {
    const turns = await loopTurnsDuring(database.query('select count(*) from generate_series(1, 3000000) g where g % 7 = 3'));
    expect(turns).toBeGreaterThan(5);
  });

  it('keeps other statements waiting while a transaction is open, then shows them its committed rows', async () => {
    const order: string[] = [];
    let outside: Promise<void> | undefined;
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into worker_items values (1, 'en transacción')`);
      outside = database.query<{ n: number }>('select count(*)::int as n from worker_items').then(([row]) => void order.push(`fuera: ${row!.n}`));
      // Time for the outside statement to run, if it could.
      await new Promise((resolve) => setTimeout(resolve, 50));
      await tx.execute(sql`insert into worker_items values (2, 'en transacción')`);
      order.push('confirmada');
    });
    await outside;
    expect(order).toEqual(['confirmada', 'fuera: 2']);
  });

  it('rolls back a transaction whose callback throws, and only the inner part of a nested one', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into worker_items values (10, 'se deshace')`);
        throw new Error('falla a propósito');
      }),
    ).rejects.toThrow('falla a propósito');
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into worker_items values (11, 'queda')`);
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`insert into worker_items values (12, 'se deshace')`);
          throw new Error('interna');
        })
        .catch(() => {});
    });
    const rows = await database.query<{ id: number }>('select id from worker_items where id >= 10 order by id');
    expect(rows.map((row) => row.id)).toEqual([11]);
  });

  it('refuses a statement sent to a transaction that has ended, rather than running it outside', async () => {
    let late: Promise<unknown> | undefined;
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into worker_items values (20, 'dentro')`);
      // Sent after the callback returned, once the worker has the order to commit.
      setImmediate(() => (late = tx.execute(sql`insert into worker_items values (21, 'tarde')`)));
    });
    await new Promise((resolve) => setImmediate(resolve));
    // Drizzle reports it as a failed query, with the worker's refusal as its cause.
    await expect(late).rejects.toMatchObject({ cause: { message: 'la transacción ya terminó' } });
    const rows = await database.query<{ id: number }>('select id from worker_items where id in (20, 21) order by id');
    expect(rows.map((row) => row.id)).toEqual([20]);
  });

  it('reports database errors with their code and constraint, through Drizzle as through query', async () => {
    const viaQuery = await database.query('insert into worker_items values (1, $1)', ['repetido']).catch((error: unknown) => error);
    expect(postgresErrorCode(viaQuery)).toBe('23505');
    expect(postgresConstraint(viaQuery)).toBe('worker_items_pkey');
    const viaDrizzle = await database.db.execute(sql`insert into worker_items values (1, 'repetido')`).catch((error: unknown) => error);
    expect(postgresErrorCode(viaDrizzle)).toBe('23505');
    expect(postgresConstraint(viaDrizzle)).toBe('worker_items_pkey');
    // The connection is usable afterwards.
    expect(await database.query('select 1 as one')).toEqual([{ one: 1 }]);
  });

  it('rejects a parameter that cannot cross to the worker, and keeps working', async () => {
    await expect(database.query('select $1::text', [() => 'no se clona'])).rejects.toThrow();
    expect(await database.query('select 2 as two')).toEqual([{ two: 2 }]);
  });

  it('gives typed values back as PGlite parses them: numbers, booleans, dates, JSON', async () => {
    const [row] = await database.query<Record<string, unknown>>(
      `select 7::int as n, true as b, '2024-05-06T07:08:09Z'::timestamptz as t, '{"a":[1,2]}'::jsonb as j, null::text as nothing`,
    );
    expect(row).toEqual({ n: 7, b: true, t: new Date('2024-05-06T07:08:09Z'), j: { a: [1, 2] }, nothing: null });
  });

  it('delivers each NOTIFY to every listener of its channel until it stops listening', async () => {
    const first: string[] = [];
    const second: string[] = [];
    const stopFirst = await database.listen('worker_test', (payload) => first.push(payload));
    const stopSecond = await database.listen('worker_test', (payload) => second.push(payload));
    await database.query(`select pg_notify('worker_test', 'uno')`);
    await stopFirst();
    await database.query(`select pg_notify('worker_test', 'dos')`);
    await stopSecond();
    await database.query(`select pg_notify('worker_test', 'tres')`);
    expect(first).toEqual(['uno']);
    expect(second).toEqual(['uno', 'dos']);
  });

  it('answers a ping (/healthz) while busy, on its recent answers, without queueing behind the work', async () => {
    await database.query('select 1');
    let busyDone = false;
    const busy = database.query('select count(*) from generate_series(1, 3000000) g where g % 7 = 3').then(() => (busyDone = true));
    await database.ping();
    expect(busyDone).toBe(false);
    await busy;
  });
});

describe('closing the embedded database', () => {
  it('finishes the writes already sent before closing, so a reopened folder has them all', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portales-worker-'));
    try {
      const first = await openDatabase({ dataDir });
      await first.query('create table kept (id int primary key)');
      const writes = Array.from({ length: 40 }, (_, i) => first.query('insert into kept values ($1)', [i]));
      await first.close();
      await Promise.all(writes);
      await expect(first.query('select 1')).rejects.toThrow();
      const reopened = await openDatabase({ dataDir });
      try {
        expect(await reopened.query('select count(*)::int as n from kept')).toEqual([{ n: 40 }]);
      } finally {
        await reopened.close();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
