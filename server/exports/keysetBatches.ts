/**
 * The batches of an export read in keyset order (server/exports/keyset.ts), with the database kept busy (issue 7:
 * exports at ≥ 50% of COPY). Each batch is the same statement as ever — after the previous batch's last row, ordered,
 * `limit` the batch size — so its plan is the index scan of one batch. What changes is when it starts:
 *
 * - Always: the next batch is read while the caller writes the current one.
 * - With `end` (PostgreSQL, a pool of connections): where a batch will end is asked first with a cheap statement (the
 *   batch's own statement reading only its keys: PostgreSQL computes no column that is not read, so it is an index scan
 *   of one batch's entries), and the batch after it starts at once, on another connection: `depth` batches are built
 *   by the database at the same time instead of one after the other. A batch whose real end differs from the one
 *   announced (rows written or deleted in between) drops the batches started after it, which are read again from its
 *   real end: the file is always the rows of consecutive batches, each after the last row of the one before.
 *   Each batch is told how many rows come before it (the announced counts); a batch that holds another number of rows
 *   than announced (only a short one can: a full one holds `limit` rows) drops the batches after it the same way.
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
  /** The batch after `cursor` (from the start when null); `rowsBefore` rows of the export come before it (XLSX row numbers). */
  read(cursor: KeysetCursor | null, rowsBefore: number): Promise<KeysetRead<Batch>>;
  /** Only where the batch after `cursor` would end: its number of rows and its last row's keys. */
  end?(cursor: KeysetCursor | null): Promise<Omit<KeysetRead<unknown>, 'batch'>>;
}

/** Batches being built at the same time when the reader announces their ends. */
export const KEYSET_DEPTH = 2;

/** Whether two cursors are the same place in the order. */
export function sameCursor(a: KeysetCursor | null, b: KeysetCursor | null): boolean {
  if (a === null || b === null) return a === b;
  if ('section' in a || 'section' in b) return 'section' in a && 'section' in b && a.section === b.section;
  return a.orderKey === b.orderKey && a.tieKey === b.tieKey;
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

/** A promise whose failure is thrown only where it is awaited (a batch dropped, or left when the caller stopped, is not an unhandled rejection). */
function quiet<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => {});
  return promise;
}

interface Started<Batch> {
  cursor: KeysetCursor | null;
  rowsBefore: number;
  result: Promise<KeysetRead<Batch>>;
  /** Where it will end and how many rows it holds (announced by `end`); null once used, or without `end`. */
  announced: Promise<{ next: KeysetCursor | null; rows: number }> | null;
}

export async function* keysetBatches<Batch>(
  spec: ListSpec,
  query: ListQuery,
  batchSize: number,
  reader: KeysetReader<Batch>,
  depth = KEYSET_DEPTH,
): AsyncGenerator<Batch> {
  const start = (cursor: KeysetCursor | null, rowsBefore: number): Started<Batch> => ({
    cursor,
    rowsBefore,
    result: quiet(reader.read(cursor, rowsBefore)),
    announced: reader.end ? quiet(reader.end(cursor).then((end) => ({ next: cursorAfter(spec, query, batchSize, cursor, end), rows: end.rows }))) : null,
  });
  /** Starts the batches announced after the last one started, up to `depth` of them. */
  const fill = async (started: Started<Batch>[]) => {
    while (started.length > 0 && started.length < depth) {
      const last = started[started.length - 1]!;
      if (!last.announced) return;
      const { next, rows } = await last.announced;
      last.announced = null;
      if (!next) return;
      started.push(start(next, last.rowsBefore + rows));
    }
  };
  let started: Started<Batch>[] = [start(null, 0)];
  while (started.length > 0) {
    await fill(started);
    const current = started.shift()!;
    const result = await current.result;
    const next = cursorAfter(spec, query, batchSize, current.cursor, result);
    const rowsBefore = current.rowsBefore + result.rows;
    // The batches started after it hold only when it ended where and as announced; otherwise they are read again from its end.
    const holds = started.length > 0 && sameCursor(started[0]!.cursor, next) && started[0]!.rowsBefore === rowsBefore;
    if (!holds) started = next ? [start(next, rowsBefore)] : [];
    await fill(started);
    if (result.rows > 0) yield result.batch;
  }
}
