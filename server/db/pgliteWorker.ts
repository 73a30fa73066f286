/**
 * The worker thread that owns the embedded PGlite (issue 7): PostgreSQL in WebAssembly runs each statement
 * synchronously, so on the main thread every query stopped the server's event loop. Here it stops only this
 * thread. One connection: PGlite itself queues statements and keeps a transaction exclusive until it ends.
 */
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { PgliteStatements } from './pgliteStatements';
import { serializeError, WORKER_NICE, type QueryAnswer, type WorkerMessage, type WorkerRequest } from './pgliteProtocol';

const port = parentPort!;
const post = (message: WorkerMessage) => port.postMessage(message);

/** Thrown into a transaction's callback to make PGlite roll it back. */
const ROLLBACK = Symbol('rollback');

/** A transaction PGlite holds open (its lock taken) until `finish`; its statements run through PgliteStatements. */
interface OpenTransaction {
  finish(commit: boolean): void;
  done: Promise<void>;
}

/**
 * This thread yields the processor to the server's main thread when both want it (Linux: a thread is a task with its
 * own nice value, and /proc/thread-self names this one): a busy database then slows its own statements, not the
 * answers the main thread can give at once (/healthz, kept answers). Elsewhere, or when refused, it runs as it is.
 */
function yieldToMainThread(): void {
  try {
    const thread = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(thread) && thread > 0 && thread !== process.pid) setPriority(thread, WORKER_NICE);
  } catch {
    // Not Linux, or not allowed: same priority as the main thread.
  }
}

async function start(): Promise<void> {
  yieldToMainThread();
  const { dataDir } = workerData as { dataDir?: string };
  // The migrations create these extensions (accent-free name keys, trigram search): PGlite ships them as contrib.
  const client = await PGlite.create({ dataDir, extensions: { unaccent, pg_trgm } });
  const statements = new PgliteStatements(client);
  const transactions = new Map<number, OpenTransaction>();
  const unlisteners = new Map<string, () => Promise<void>>();
  /** Work under way (besides closing). */
  const pending = new Set<Promise<unknown>>();
  let nextTransaction = 1;
  let closing = false;

  const begin = () =>
    new Promise<number>((opened, failed) => {
      const id = nextTransaction++;
      const done: Promise<void> = client
        .transaction(
          () =>
            new Promise<void>((resolve, reject) => {
              transactions.set(id, { finish: (commit) => (commit ? resolve() : reject(ROLLBACK)), done });
              opened(id);
            }),
        )
        .catch((error: unknown) => {
          if (error !== ROLLBACK) throw error;
        })
        .finally(() => transactions.delete(id));
      // BEGIN itself failed: the callback never ran.
      done.catch(failed);
    });

  const handle = async (request: Exclude<WorkerRequest, { op: 'close' }>): Promise<unknown> => {
    switch (request.op) {
      case 'query': {
        const { sql, params, rowMode, rawTypes, name, tx } = request;
        if (tx !== null && !transactions.has(tx)) throw new Error('la transacción ya terminó');
        if (tx === null && closing) throw new Error('la base de datos se está cerrando');
        const result = await statements.run({ sql, params, rowMode, rawTypes, name, inTransaction: tx !== null });
        const answer: QueryAnswer = {
          rows: result.rows,
          fields: result.fields.map((field) => ({ name: field.name, dataTypeID: field.dataTypeID })),
          affectedRows: result.affectedRows,
        };
        return answer;
      }
      case 'begin':
        if (closing) throw new Error('la base de datos se está cerrando');
        return begin();
      case 'end': {
        const open = transactions.get(request.tx);
        if (!open) throw new Error('la transacción ya terminó');
        open.finish(request.commit);
        await open.done;
        return null;
      }
      case 'listen':
        if (!unlisteners.has(request.channel)) {
          const channel = request.channel;
          unlisteners.set(channel, await client.listen(channel, (payload) => post({ kind: 'notification', channel, payload })));
        }
        return null;
      case 'unlisten': {
        const unlisten = unlisteners.get(request.channel);
        unlisteners.delete(request.channel);
        await unlisten?.();
        return null;
      }
    }
  };

  /** Statements and transactions already under way finish first (a transaction's own statements still run): nothing written is lost. */
  const close = async (): Promise<null> => {
    closing = true;
    while (pending.size > 0 || transactions.size > 0) {
      await Promise.allSettled([...pending, ...[...transactions.values()].map((open) => open.done)]);
    }
    await client.close();
    return null;
  };

  port.on('message', (request: WorkerRequest) => {
    const work = request.op === 'close' ? close() : handle(request);
    if (request.op !== 'close') pending.add(work);
    work
      .then(
        (value) => post({ kind: 'answer', id: request.id, value }),
        (error: unknown) => post({ kind: 'failure', id: request.id, error: serializeError(error) }),
      )
      .finally(() => {
        pending.delete(work);
        if (request.op === 'close') port.close();
      });
  });
  post({ kind: 'ready' });
}

start().catch((error: unknown) => post({ kind: 'failure', id: null, error: serializeError(error) }));
