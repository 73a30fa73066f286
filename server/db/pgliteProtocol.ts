/**
 * Messages between the server's main thread and the worker thread that owns the embedded PGlite
 * (pgliteWorker.ts). Everything crosses by structured clone, so no functions: parsers travel as the type OIDs
 * the worker must leave as text, and errors as their plain fields.
 */

export type RowMode = 'array' | 'object';

export type WorkerRequest =
  /** `name`: run as a named prepared statement (pgliteStatements.ts); only outside a transaction. */
  | { id: number; op: 'query'; sql: string; params: unknown[]; rowMode: RowMode; rawTypes: number[]; tx: number | null; name?: string }
  /** Opens a transaction on the worker's one connection; answers its id. Other work waits until it ends. */
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'listen'; channel: string }
  | { id: number; op: 'unlisten'; channel: string }
  /** Answers the data directory as an uncompressed tarball (a Uint8Array) that `loadDataDir` opens again (test templates). */
  | { id: number; op: 'dump' }
  /** Waits for the work already sent, then closes the database (its files flushed). */
  | { id: number; op: 'close' };

export interface QueryAnswer {
  rows: unknown[];
  fields: Array<{ name: string; dataTypeID: number }>;
  affectedRows?: number;
}

export type WorkerMessage =
  | { kind: 'ready' }
  /**
   * `ranMs`: how long a statement outside a transaction, or a `begin`, ran once it had the connection; the rest of the
   * call's time it waited (poolStats.ts). Measured from here, since this thread reads its next message only when free.
   */
  | { kind: 'answer'; id: number; value: unknown; ranMs?: number }
  | { kind: 'failure'; id: number | null; error: SerializedError }
  | { kind: 'notification'; channel: string; payload: string };

export type SerializedError = { message: string; name: string; fields: Record<string, string | number | boolean> };

/** The fields a driver error carries (code, constraint, detail, table…), without what cannot be cloned. */
export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { message: String(error), name: 'Error', fields: {} };
  const fields: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(error)) {
    if (key === 'query' || key === 'params') continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') fields[key] = value;
  }
  return { message: error.message, name: error.name, fields };
}

/** An error thrown on the main thread (its stack shows the caller) with the database's fields. */
export function deserializeError(serialized: SerializedError): Error {
  const error = new Error(serialized.message);
  error.name = serialized.name;
  return Object.assign(error, serialized.fields);
}

type Parser = (value: string, typeId: number) => unknown;

/**
 * Applies the caller's parsers to the columns the worker left as text (the value a type's parser gets).
 * Rows are changed in place.
 */
export function applyParsers(answer: QueryAnswer, rowMode: RowMode, parsers: Record<number, Parser>): void {
  answer.fields.forEach((field, index) => {
    const parse = parsers[field.dataTypeID];
    if (!parse) return;
    const key = rowMode === 'array' ? index : field.name;
    for (const row of answer.rows as Array<Record<string | number, unknown>>) {
      const value = row[key];
      if (typeof value === 'string') row[key] = parse(value, field.dataTypeID);
    }
  });
}

/**
 * The nice value of the database's thread (pgliteWorker.ts): far below the main thread's when the processor is short
 * (19: weight 15 against 1,024; docs/decisions/0008-embedded-database.mds thread yields to the main thread').
 */
export const WORKER_NICE = 19;
