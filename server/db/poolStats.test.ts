/** The embedded database's connection as GET /metrics shows it: in use, callers queued behind it, and each wait. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedDatabase, type Database } from './connection';
import { RemotePglite } from './pgliteRemote';

describe('PGlite pool figures', () => {
  let database: Database;
  beforeAll(async () => {
    database = embeddedDatabase(await RemotePglite.start(undefined, { inProcess: true }));
  });
  afterAll(() => database.close());

  it('counts the calls queued behind the one connection and reports the wait of each statement and transaction', async () => {
    const waits: number[] = [];
    const stop = database.pool.onWait((seconds) => waits.push(seconds));
    const queued = Promise.all(Array.from({ length: 4 }, () => database.query('select pg_sleep(0.02)')));
    expect([database.pool.size, database.pool.inUse(), database.pool.waiting()]).toEqual([1, 1, 3]);
    await queued;
    await database.db.transaction(async (tx) => {
      expect(database.pool.inUse()).toBe(1);
      await tx.execute('select 1' as never);
    });
    stop();
    // Four statements and one transaction's begin; its own statement held the connection already and waited for nothing.
    expect(waits).toHaveLength(5);
    expect(waits.every((seconds) => seconds >= 0)).toBe(true);
    expect([database.pool.inUse(), database.pool.waiting()]).toEqual([0, 0]);
  });
});
