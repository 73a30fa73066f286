import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ListSpec } from '../../resources/listQuery';
import { readListQuery } from '../lists/listQuery';
import { ORDER_KEY, TIE_KEY, type KeysetCursor } from './keyset';
import { keysetBatches, type KeysetReader } from './keysetBatches';

const spec: ListSpec = { defaultPageSize: 20, maxPageSize: 100, orders: { id: 't.id' }, defaultOrder: 'id', tieBreaker: 't.id', filters: {} };
const query = readListQuery(spec, {});

const after = (cursor: KeysetCursor | null) => (cursor && !('section' in cursor) ? Number(cursor.tieKey) : 0);
const keys = (id: number) => ({ [ORDER_KEY]: String(id), [TIE_KEY]: String(id) });

/** A table of ids read in keyset order, as it is at each call (the test may change it between calls). */
function tableReader(ids: number[], size: number) {
  const log: string[] = [];
  const batchAfter = (cursor: KeysetCursor | null) => [...ids].sort((a, b) => a - b).filter((id) => id > after(cursor)).slice(0, size);
  const reader: KeysetReader<number[]> = {
    read: async (cursor) => {
      log.push(`read ${after(cursor)}`);
      const rows = batchAfter(cursor);
      return { batch: rows, rows: rows.length, last: rows.length ? keys(rows[rows.length - 1]!) : undefined };
    },
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
  it('one batch after the other, the next one (no more) read while the caller writes the current one', async () => {
    const { reader, log } = tableReader([1, 2, 3, 4, 5, 6, 7], 3);
    const seen: string[][] = [];
    for await (const _batch of keysetBatches(spec, query, 3, reader)) seen.push([...log]);
    // When each batch reaches the caller, the one after it is being read, and no other.
    expect(seen).toEqual([['read 0', 'read 3'], ['read 0', 'read 3', 'read 6'], ['read 0', 'read 3', 'read 6']]);
    expect(await collect(keysetBatches(spec, query, 3, tableReader([1, 2, 3, 4, 5, 6, 7], 3).reader))).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
  });

  it('every row once, in order, whatever is written or deleted between the batches', async () => {
    await fc.assert(
      fc.asyncProperty(
        initialIds,
        batchSize,
        writes(8),
        async (initial, size, changes) => {
          const ids = [...initial];
          const { reader } = tableReader(ids, size);
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

  it('throws the failure of a read where the batches are awaited', async () => {
    let calls = 0;
    const reader: KeysetReader<number[]> = {
      read: async () => {
        calls += 1;
        if (calls === 2) throw new Error('la base de datos falló');
        return { batch: [1, 2, 3], rows: 3, last: keys(3) };
      },
    };
    await expect(collect(keysetBatches(spec, query, 3, reader))).rejects.toThrow('la base de datos falló');
  });
});
