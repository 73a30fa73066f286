/**
 * The batches of an export read in keyset order (server/exports/keyset.ts): each batch one statement after the
 * previous batch's last row, ordered, `limit` the batch size, so that its plan is the index scan of one batch. The next
 * batch is read while the caller writes the current one, so memory holds two batches at most whatever the number of
 * rows. Reading ahead is kept for speed only: without it the audit CSV, the slowest export against `COPY`, took longer
 * in the same run (docs/performance.md).
 */
import type { ListQuery, ListSpec } from '../../resources/listQuery';
import { cursorOf, keysetRest, type KeysetCursor } from './keyset';

/** What one read answers: the batch, its number of rows and its last row (holding the keyset keys). */
export interface KeysetRead<Batch> {
  batch: Batch;
  rows: number;
  last: Record<string, unknown> | undefined;
}

export interface KeysetReader<Batch> {
  /** The batch after `cursor` (from the start when null). */
  read(cursor: KeysetCursor | null): Promise<KeysetRead<Batch>>;
}

/** Where the batch after `from` leaves the order: after its last row, or (a short batch) the rest of the order, or null. */
export function cursorAfter(
  spec: ListSpec,
  query: ListQuery,
  batchSize: number,
  from: KeysetCursor | null,
  read: { rows: number; last: Record<string, unknown> | undefined },
): KeysetCursor | null {
  return read.rows < batchSize ? keysetRest(spec, query, from) : cursorOf(read.last!);
}

/** A promise whose failure is thrown only where it is awaited (a batch read ahead and left when the caller stopped is not an unhandled rejection). */
function quiet<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => {});
  return promise;
}

/**
 * Every batch in order, each read after the last row of the one before; empty batches are not yielded. The next batch
 * is read while the caller writes the current one (one batch ahead, no more): the database and Node work at the same time.
 */
export async function* keysetBatches<Batch>(spec: ListSpec, query: ListQuery, batchSize: number, reader: KeysetReader<Batch>): AsyncGenerator<Batch> {
  let from: KeysetCursor | null = null;
  let reading: Promise<KeysetRead<Batch>> | null = quiet(reader.read(null));
  while (reading) {
    const result: KeysetRead<Batch> = await reading;
    const next = cursorAfter(spec, query, batchSize, from, result);
    from = next;
    reading = next ? quiet(reader.read(next)) : null;
    if (result.rows > 0) yield result.batch;
  }
}
