/**
 * The embedded PGlite's side of the message protocol (pgliteProtocol.ts): opens the database and answers the
 * requests that arrive on a message port. It runs in the worker thread (pgliteWorker.ts) for the server; the API
 * tests run it in their own thread on a MessageChannel (same messages, same structured clone, no thread to start:
 * docs/decisions.md 'Tests get their database from a template'). One connection: PGlite itself queues statements
 * and keeps a transaction exclusive until it ends.
 */
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { keepingBom } from './pgliteKeepsBom';
import { PgliteStatements } from './pgliteStatements';
import { serializeError, type QueryAnswer, type WorkerMessage, type WorkerRequest } from './pgliteProtocol';

/** Thrown into a transaction's callback to make PGlite roll it back. */
const ROLLBACK = Symbol('rollback');

/** A transaction PGlite holds open (its lock taken) until `finish`; its statements run through PgliteStatements. */
interface OpenTransaction {
  finish(commit: boolean): void;
  done: Promise<void>;
}

/** The side of the channel the database answers on: a worker's parentPort or one end of a MessageChannel. */
export interface PglitePort {
  on(event: 'message', listener: (request: WorkerRequest) => void): unknown;
  postMessage(message: WorkerMessage): void;
  close(): void;
}

export interface PgliteServerOptions {
  /** Folder of the database; none keeps it in memory. */
  dataDir?: string;
  /** A data directory dumped by the 'dump' request (a tarball), loaded instead of creating an empty database. */
  loadDataDir?: Blob;
}

/** Opens the database and answers `port`'s requests until 'close'; posts 'ready' once open (or a failure). */
export function servePglite(options: PgliteServerOptions, port: PglitePort): void {
  start(options, port).catch((error: unknown) => port.postMessage({ kind: 'failure', id: null, error: serializeError(error) }));
}

async function start({ dataDir, loadDataDir }: PgliteServerOptions, port: PglitePort): Promise<void> {
  const post = (message: WorkerMessage) => port.postMessage(message);
  // The migrations create these extensions (accent-free name keys, trigram search): PGlite ships them as contrib.
  const client = await keepingBom(() => PGlite.create({ dataDir, loadDataDir, extensions: { unaccent, pg_trgm } }));
  const statements = new PgliteStatements(client);
  const transactions = new Map<number, OpenTransaction>();
  const unlisteners = new Map<string, () => Promise<void>>();
  /** Work under way (besides closing). */
  const pending = new Set<Promise<unknown>>();
  let nextTransaction = 1;
  let closing = false;

  const begin = (onStart: () => void) =>
    new Promise<number>((opened, failed) => {
      const id = nextTransaction++;
      const done: Promise<void> = client
        .transaction(
          () =>
            new Promise<void>((resolve, reject) => {
              onStart();
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

  /** `onStart`: the statement outside a transaction, or the transaction, got the connection. */
  const handle = async (request: Exclude<WorkerRequest, { op: 'close' }>, onStart: () => void): Promise<unknown> => {
    switch (request.op) {
      case 'query': {
        const { sql, params, rowMode, rawTypes, name, tx } = request;
        if (tx !== null && !transactions.has(tx)) throw new Error('la transacción ya terminó');
        if (tx === null && closing) throw new Error('la base de datos se está cerrando');
        const result = await statements.run({ sql, params, rowMode, rawTypes, name, inTransaction: tx !== null }, onStart);
        const answer: QueryAnswer = {
          rows: result.rows,
          fields: result.fields.map((field) => ({ name: field.name, dataTypeID: field.dataTypeID })),
          affectedRows: result.affectedRows,
        };
        return answer;
      }
      case 'begin':
        if (closing) throw new Error('la base de datos se está cerrando');
        return begin(onStart);
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
      case 'dump': {
        // Flushed first, so that loading the copy replays no WAL: replayed, each sequence would come back up to 32
        // values ahead (what PostgreSQL logs ahead of it), as after a crash.
        await client.query('checkpoint');
        const tarball = await client.dumpDataDir('none');
        return new Uint8Array(await tarball.arrayBuffer());
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
    let startedAt: number | undefined;
    const work = request.op === 'close' ? close() : handle(request, () => (startedAt = performance.now()));
    if (request.op !== 'close') pending.add(work);
    work
      .then(
        (value) => post({ kind: 'answer', id: request.id, value, ...(startedAt === undefined ? {} : { ranMs: performance.now() - startedAt }) }),
        (error: unknown) => post({ kind: 'failure', id: request.id, error: serializeError(error) }),
      )
      .finally(() => {
        pending.delete(work);
        if (request.op === 'close') port.close();
      });
  });
  post({ kind: 'ready' });
}
