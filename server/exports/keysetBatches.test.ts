import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ListSpec } from '../../resources/listQuery';
import { readListQuery } from '../lists/listQuery';
import { ORDER_KEY, TIE_KEY, type KeysetCursor } from './keyset';
import { keysetBatches, sameCursor, type KeysetReader } from './keysetBatches';

const spec: ListSpec = { defaultPageSize: 20, maxPageSize: 100, orders: { id: 't.id' }, defaultOrder: 'id', tieBreaker: 't.id', filters: {} };
const query = readListQuery(spec, {});

const after = (cursor: KeysetCursor | null) => (cursor && !('section' in cursor) ? Number(cursor.tieKey) : 0);
const keys = (id: number) => ({ [ORDER_KEY]: String(id), [TIE_KEY]: String(id) });

/** A table of ids read in keyset order, as it is at each call (the test may change it between calls). */
function tableReader(ids: number[], size: number, options: { end?: boolean; onCall?: (entry: string) => void } = {}) {
  const log: string[] = [];
  const batchAfter = (cursor: KeysetCursor | null) => [...ids].sort((a, b) => a - b).filter((id) => id > after(cursor)).slice(0, size);
  const reader: KeysetReader<number[]> = {
    read: async (cursor) => {
      log.push(`read ${after(cursor)}`);
      options.onCall?.(log.at(-1)!);
      const rows = batchAfter(cursor);
      return { batch: rows, rows: rows.length, last: rows.length ? keys(rows[rows.length - 1]!) : undefined };
    },
    ...(options.end
      ? {
          end: async (cursor: KeysetCursor | null) => {
            log.push(`end ${after(cursor)}`);
            options.onCall?.(log.at(-1)!);
            const rows = batchAfter(cursor);
            return { rows: rows.length, last: rows.length ? keys(rows[rows.length - 1]!) : undefined };
          },
        }
      : {}),
  };
  return { reader, log };
}

/** Ids of a table, a batch size, and writes to make while it is read: an insert (true) or a delete of an id. */
const initialIds = fc.uniqueArray(fc.integer({ min: 1, max: 200 }), { maxLength: 60 });
const batchSize = fc.integer({ min: 1, max: 7 });
const writes = (maxLength: number) => fc.array(fc.tuple(fc.boolean(), fc.integer({ min: 1, max: 200 })), { maxLength });

/** One write to the table: the id inserted when missing, or deleted when present. */
function applyWrite(ids: number[], write: [boolean, number] | undefined): void {
  if (!write) return;
  const [insert, id] = write;
  const at = ids.indexOf(id);
  if (insert && at < 0) ids.push(id);
  if (!insert && at >= 0) ids.splice(at, 1);
}

async function collect(batches: AsyncIterable<number[]>, between?: (index: number) => void): Promise<number[][]> {
  const out: number[][] = [];
  for await (const batch of batches) {
    out.push(batch);
    between?.(out.length);
  }
  return out;
}

describe('keysetBatches', () => {
  it('without `end`: one batch after the other, the next read while the current one is written', async () => {
    const { reader, log } = tableReader([1, 2, 3, 4, 5, 6, 7], 3);
    expect(await collect(keysetBatches(spec, query, 3, reader))).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    expect(log).toEqual(['read 0', 'read 3', 'read 6']);
  });

  it('with `end`: starts the batch after the announced end before the current batch has answered', async () => {
    const reads: Array<{ cursor: number; resolve: () => void }> = [];
    const ids = Array.from({ length: 10 }, (_, index) => index + 1);
    const reader: KeysetReader<number[]> = {
      read: (cursor) =>
        new Promise((resolve) => {
          const rows = ids.filter((id) => id > after(cursor)).slice(0, 3);
          reads.push({ cursor: after(cursor), resolve: () => resolve({ batch: rows, rows: rows.length, last: rows.length ? keys(rows.at(-1)!) : undefined }) });
        }),
      end: async (cursor) => {
        const rows = ids.filter((id) => id > after(cursor)).slice(0, 3);
        return { rows: rows.length, last: rows.length ? keys(rows.at(-1)!) : undefined };
      },
    };
    const iterator = keysetBatches(spec, query, 3, reader);
    const first = iterator.next();
    await new Promise((resolve) => setTimeout(resolve, 0));
    // Two batches are being built at once, none has answered yet.
    expect(reads.map((read) => read.cursor)).toEqual([0, 3]);
    reads[0]!.resolve();
    expect((await first).value).toEqual([1, 2, 3]);
    const rest = (async () => {
      const out: number[][] = [];
      for (let step = await iterator.next(); !step.done; step = await iterator.next()) out.push(step.value);
      return out;
    })();
    // Batches after 0, 3, 6 and 9: the last one is short, so nothing more is read.
    for (let index = 1; index < 4; index += 1) {
      while (reads.length <= index) await new Promise((resolve) => setTimeout(resolve, 0));
      reads[index]!.resolve();
    }
    expect(await rest).toEqual([[4, 5, 6], [7, 8, 9], [10]]);
    expect(reads.map((read) => read.cursor)).toEqual([0, 3, 6, 9]);
  });

  it('with `end`: every row once, in order, whatever is written or deleted between the announcement and the read', async () => {
    await fc.assert(
      fc.asyncProperty(
        initialIds,
        batchSize,
        writes(8),
        async (initial, size, changes) => {
          const ids = [...initial];
          const { reader } = tableReader(ids, size, { end: true });
          // A write between batches: an insert or a delete somewhere in the order.
          const seen = (await collect(keysetBatches(spec, query, size, reader), (index) => applyWrite(ids, changes[index - 1]))).flat();
          // Strictly increasing (no row twice, keyset order kept) ...
          expect(seen).toEqual([...new Set(seen)].sort((a, b) => a - b));
          // ... and every row present from start to end and never deleted is there.
          const untouched = initial.filter((id) => !changes.some(([, changed]) => changed === id));
          for (const id of untouched) expect(seen).toContain(id);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('tells each batch how many rows come before it, whatever is written between the announcement and the read', async () => {
    await fc.assert(
      fc.asyncProperty(
        initialIds,
        batchSize,
        writes(12),
        async (initial, size, changes) => {
          const ids = [...initial];
          let call = 0;
          // A write before some of the calls (reads and announcements alike).
          const change = () => applyWrite(ids, changes[call++]);
          const batchAfter = (cursor: KeysetCursor | null) => [...ids].sort((a, b) => a - b).filter((id) => id > after(cursor)).slice(0, size);
          const reader: KeysetReader<{ ids: number[]; rowsBefore: number }> = {
            read: async (cursor, rowsBefore) => {
              change();
              const rows = batchAfter(cursor);
              return { batch: { ids: rows, rowsBefore }, rows: rows.length, last: rows.length ? keys(rows.at(-1)!) : undefined };
            },
            end: async (cursor) => {
              change();
              const rows = batchAfter(cursor);
              return { rows: rows.length, last: rows.length ? keys(rows.at(-1)!) : undefined };
            },
          };
          let seen = 0;
          for await (const batch of keysetBatches(spec, query, size, reader)) {
            expect(batch.rowsBefore).toBe(seen);
            seen += batch.ids.length;
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('with `end`: a batch that ends elsewhere than announced drops the batches started after it and reads on from its end', async () => {
    const ids = [1, 2, 3, 4, 5, 6, 7, 8];
    // The first batch is read with 3 in the table; its end is announced once 3 is gone (at 4).
    const { reader, log } = tableReader(ids, 3, { end: true, onCall: (entry) => entry === 'end 0' && ids.splice(ids.indexOf(3), 1) });
    const batches = await collect(keysetBatches(spec, query, 3, reader));
    expect(batches).toEqual([[1, 2, 3], [4, 5, 6], [7, 8]]);
    // The batch started at the announced end (after 4) was dropped, and read again from the real end (after 3).
    expect(log.filter((entry) => entry.startsWith('read'))).toEqual(['read 0', 'read 4', 'read 3', 'read 6']);
  });

  it('throws the failure of an announcement where the batches are awaited', async () => {
    const reader: KeysetReader<number[]> = {
      read: async () => ({ batch: [1], rows: 1, last: keys(1) }),
      end: async () => {
        throw new Error('la base de datos falló');
      },
    };
    await expect(collect(keysetBatches(spec, query, 3, reader))).rejects.toThrow('la base de datos falló');
  });

  it('sameCursor compares places in the order', () => {
    expect(sameCursor(null, null)).toBe(true);
    expect(sameCursor({ orderKey: 'a', tieKey: '1' }, { orderKey: 'a', tieKey: '1' })).toBe(true);
    expect(sameCursor({ orderKey: 'a', tieKey: '1' }, { orderKey: 'a', tieKey: '2' })).toBe(false);
    expect(sameCursor({ orderKey: null, tieKey: '1' }, { orderKey: 'a', tieKey: '1' })).toBe(false);
    expect(sameCursor({ section: 'empty' }, { section: 'empty' })).toBe(true);
    expect(sameCursor({ section: 'empty' }, { orderKey: null, tieKey: '1' })).toBe(false);
    expect(sameCursor(null, { section: 'filled' })).toBe(false);
  });
});
