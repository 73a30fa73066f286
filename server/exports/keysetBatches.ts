/**
 * The batches of an export read in keyset order (server/exports/keyset.ts): each batch one statement after the
 * previous batch's last row, ordered, `limit` the batch size, so that its plan is the index scan of one batch. A plain
 * stream: the next batch is read once the caller has written the current one, so memory holds one batch whatever the
 * number of rows (issue 22: this meets CSV ≥ 50% and XLSX ≥ 25% of `COPY`, docs/performance.md).
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

/** Every batch in order, each read after the last row of the one before; empty batches are not yielded. */
export async function* keysetBatches<Batch>(spec: ListSpec, query: ListQuery, batchSize: number, reader: KeysetReader<Batch>): AsyncGenerator<Batch> {
  let cursor: KeysetCursor | null = null;
  do {
    const from: KeysetCursor | null = cursor;
    const result = await reader.read(from);
    cursor = cursorAfter(spec, query, batchSize, from, result);
    if (result.rows > 0) yield result.batch;
  } while (cursor);
}
