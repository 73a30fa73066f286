import { describe, expect, it } from 'vitest';
import { cachedListRows, ListCache, setListCaching } from './listCache';

function countingDatabase() {
  const calls: string[] = [];
  return {
    calls,
    query: async <T>(text: string, params?: unknown[]) => {
      calls.push(`${text} ${JSON.stringify(params)}`);
      return [{ text, params, call: calls.length }] as T[];
    },
  };
}

describe('ListCache', () => {
  it('answers the same statement and parameters from memory while the data version stays', async () => {
    const database = countingDatabase();
    const cache = new ListCache();
    const first = await cache.rows(database, '7', 'select 1', [1]);
    expect(await cache.rows(database, '7', 'select 1', [1])).toBe(first);
    expect(database.calls).toHaveLength(1);
    expect(Object.isFrozen(first) && Object.isFrozen(first[0])).toBe(true);
  });

  it('reads the database again after a write moved the version, for other parameters and without a version', async () => {
    const database = countingDatabase();
    const cache = new ListCache();
    await cache.rows(database, '7', 'select 1', [1]);
    await cache.rows(database, '8', 'select 1', [1]);
    await cache.rows(database, '8', 'select 1', [2]);
    await cache.rows(database, '8', 'select 2', [1]);
    await cache.rows(database, null, 'select 1', [1]);
    await cache.rows(database, undefined, 'select 1', [1]);
    expect(database.calls).toHaveLength(6);
    await cache.rows(database, '8', 'select 1', [1]);
    expect(database.calls).toHaveLength(6);
  });

  it('keeps at most its capacity, dropping the least recently used', async () => {
    const database = countingDatabase();
    const cache = new ListCache(2);
    await cache.rows(database, '1', 'select a', []);
    await cache.rows(database, '1', 'select b', []);
    await cache.rows(database, '1', 'select a', []);
    await cache.rows(database, '1', 'select c', []);
    expect(cache.size).toBe(2);
    await cache.rows(database, '1', 'select a', []);
    expect(database.calls).toHaveLength(3);
    await cache.rows(database, '1', 'select b', []);
    expect(database.calls).toHaveLength(4);
  });
});

describe('setListCaching', () => {
  it('off (LIST_CACHE=0), every read goes to the database; on again, rows are kept', async () => {
    const database = countingDatabase();
    setListCaching(database, false);
    await cachedListRows(database, '7', 'select 1', [1]);
    await cachedListRows(database, '7', 'select 1', [1]);
    expect(database.calls).toHaveLength(2);
    setListCaching(database, true);
    await cachedListRows(database, '7', 'select 1', [1]);
    await cachedListRows(database, '7', 'select 1', [1]);
    expect(database.calls).toHaveLength(3);
  });
});
