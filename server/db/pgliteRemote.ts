/**
 * The main thread's handle on the embedded PGlite running in a worker thread (pgliteWorker.ts, issue 7).
 * It offers the part of PGlite's client that Drizzle's PGlite driver and the `Database` interface use —
 * `query`, `transaction` (interactive: its statements go to the worker's one connection while others
 * wait there), `listen` — so the rest of the server does not know the database lives in another thread.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { MessageChannel, Worker } from 'node:worker_threads';
import {
  applyParsers,
  deserializeError,
  type QueryAnswer,
  type RowMode,
  type SerializedError,
  type WorkerMessage,
  type WorkerRequest,
} from './pgliteProtocol';
import type { PgliteServerOptions } from './pgliteServer';
import { waitListeners, type PoolStats } from './poolStats';

type Parser = (value: string, typeId: number) => unknown;
export interface QueryOptions {
  rowMode?: RowMode;
  parsers?: Record<number, Parser>;
  /** Run as this named prepared statement (outside a transaction only; pgliteStatements.ts). */
  name?: string;
}
type Request = WorkerRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

export interface RemoteTransaction {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[], options?: QueryOptions): Promise<QueryAnswer & { rows: T[] }>;
}

/**
 * The worker runs TypeScript like the server does, through tsx: registered inside the worker, since a
 * loader given to the process (`--import tsx`) does not reach worker threads. tsx is found from this file, not
 * from the working directory.
 */
const TSX_API = pathToFileURL(path.join(path.dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist/esm/api/index.mjs'));
const WORKER_BOOT = `import(${JSON.stringify(TSX_API.href)})
  .then(({ register }) => { register(); return import(${JSON.stringify(new URL('./pgliteWorker.ts', import.meta.url).href)}); })`;

/** What the client needs of the thread (or port) the database answers on. */
interface Endpoint {
  postMessage(message: WorkerRequest): void;
  ref(): void;
  unref(): void;
  terminate(): Promise<unknown>;
}

export interface StartOptions {
  /**
   * Tests only: the database answers in this thread, on a MessageChannel, rather than in a worker thread of its own —
   * the same messages and structured clone, without the thread's start (tsx registered in it, ~8 s on a loaded
   * machine). Every statement then holds this thread's event loop, which a server must not do.
   */
  inProcess?: boolean;
  /** With `inProcess`: a tarball of a data directory (the 'dump' request) opened instead of an empty database. */
  loadDataDir?: Blob;
}

export class RemotePglite {
  private readonly worker: Endpoint;
  private readonly calls = new Map<number, { resolve(value: unknown): void; reject(error: Error): void; sentAt: number }>();
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();
  private nextId = 1;
  private failure: Error | null = null;
  private closing: Promise<void> | null = null;
  /** `performance.now()` when the worker last answered anything. */
  lastAnswerAt = 0;
  private openTransactions = 0;
  private readonly waits = waitListeners();
  /** The one connection: in use while a call is out or a transaction open; the other calls out wait for it. */
  readonly poolStats: PoolStats = {
    size: 1,
    inUse: () => (this.calls.size > 0 || this.openTransactions > 0 ? 1 : 0),
    waiting: () => Math.max(0, this.calls.size - 1),
    onWait: this.waits.onWait,
  };

  private constructor(endpoint: (remote: RemotePglite) => Endpoint) {
    this.worker = endpoint(this);
  }

  private static inWorker(dataDir: string | undefined) {
    return (remote: RemotePglite): Endpoint => {
      const worker = new Worker(WORKER_BOOT, { eval: true, workerData: { dataDir }, execArgv: [] });
      worker.on('message', (message: WorkerMessage) => remote.received(message));
      worker.on('error', (error) => remote.fail(error));
      worker.on('exit', () => remote.fail(new Error('la base de datos embebida se detuvo')));
      return worker;
    };
  }

  private static inThisThread(options: PgliteServerOptions) {
    return (remote: RemotePglite): Endpoint => {
      const { port1, port2 } = new MessageChannel();
      port1.on('message', (message: WorkerMessage) => remote.received(message));
      port1.on('close', () => remote.fail(new Error('la base de datos embebida se detuvo')));
      // The database's end never keeps the process alive; the client's end does while calls are pending (as the worker).
      port2.unref();
      // Loaded on first use: the server's own start never imports PGlite into its main thread.
      void import('./pgliteServer').then(
        ({ servePglite }) => servePglite(options, port2),
        (error: Error) => remote.fail(error),
      );
      return {
        postMessage: (message) => port1.postMessage(message),
        ref: () => port1.ref(),
        unref: () => port1.unref(),
        terminate: async () => {
          port1.close();
          port2.close();
        },
      };
    };
  }

  /** Starts the worker and resolves once its database is open (created when the folder is empty). */
  static async start(dataDir: string | undefined, options: StartOptions = {}): Promise<RemotePglite> {
    const remote = new RemotePglite(
      options.inProcess ? RemotePglite.inThisThread({ dataDir, loadDataDir: options.loadDataDir }) : RemotePglite.inWorker(dataDir),
    );
    try {
      await new Promise<unknown>((resolve, reject) => remote.calls.set(0, { resolve, reject, sentAt: performance.now() }));
    } catch (error) {
      await remote.worker.terminate();
      throw error;
    }
    remote.worker.unref();
    return remote;
  }

  get closed(): boolean {
    return this.closing !== null;
  }

  query<T = Record<string, unknown>>(sql: string, params: unknown[] = [], options: QueryOptions = {}): Promise<QueryAnswer & { rows: T[] }> {
    return this.run(sql, params, options, null);
  }

  /** Runs `callback` in a transaction: committed when it resolves, rolled back when it throws. */
  async transaction<T>(callback: (tx: RemoteTransaction) => Promise<T>): Promise<T> {
    const id = (await this.call({ op: 'begin' })) as number;
    const tx: RemoteTransaction = { query: (sql, params = [], options = {}) => this.run(sql, params, options, id) };
    let result: T;
    this.openTransactions += 1;
    try {
      try {
        result = await callback(tx);
      } catch (error) {
        await this.call({ op: 'end', tx: id, commit: false }).catch(() => {});
        throw error;
      }
      await this.call({ op: 'end', tx: id, commit: true });
    } finally {
      this.openTransactions -= 1;
    }
    return result;
  }

  /** Calls `onPayload` for each NOTIFY on `channel` (sent by any statement on this database); answers the unlisten. */
  async listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>> {
    let callbacks = this.listeners.get(channel);
    if (!callbacks) this.listeners.set(channel, (callbacks = new Set()));
    const own = callbacks;
    own.add(onPayload);
    try {
      await this.call({ op: 'listen', channel });
    } catch (error) {
      own.delete(onPayload);
      throw error;
    }
    return async () => {
      own.delete(onPayload);
      if (own.size > 0 || this.listeners.get(channel) !== own) return;
      this.listeners.delete(channel);
      if (!this.closed) await this.call({ op: 'unlisten', channel });
    };
  }

  /** The data directory as an uncompressed tarball, for `loadDataDir` (test templates). */
  async dump(): Promise<Uint8Array> {
    return (await this.call({ op: 'dump' })) as Uint8Array;
  }

  /** Lets the work already sent finish, closes the database and stops the worker. Safe to call more than once. */
  close(): Promise<void> {
    this.closing ??= this.call({ op: 'close' }, true).then(
      async () => void (await this.worker.terminate()),
      async (error: unknown) => {
        await this.worker.terminate();
        if (this.failure !== error) throw error;
      },
    );
    return this.closing;
  }

  private async run(sql: string, params: unknown[], options: QueryOptions, tx: number | null) {
    const rowMode = options.rowMode ?? 'object';
    const parsers = options.parsers ?? {};
    const rawTypes = Object.keys(parsers).map(Number);
    const answer = (await this.call({ op: 'query', sql, params, rowMode, rawTypes, tx, name: tx === null ? options.name : undefined })) as QueryAnswer;
    applyParsers(answer, rowMode, parsers);
    return answer as QueryAnswer & { rows: never[] };
  }

  private call(request: Request, closingCall = false): Promise<unknown> {
    if (this.failure) return Promise.reject(this.failure);
    // A transaction's own statements may still finish while the database closes.
    if (this.closing && !closingCall && !('tx' in request && request.tx !== null)) {
      return Promise.reject(new Error('la base de datos embebida está cerrada'));
    }
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      try {
        this.worker.postMessage({ ...request, id } as WorkerRequest);
      } catch (error) {
        // A parameter that cannot cross threads (a function, a class with private state).
        reject(error as Error);
        return;
      }
      if (this.calls.size === 0) this.worker.ref();
      this.calls.set(id, { resolve, reject, sentAt: performance.now() });
    });
  }

  private settle(id: number, outcome: { value: unknown } | { error: Error }): void {
    const call = this.calls.get(id);
    if (!call) return;
    this.calls.delete(id);
    // An idle worker does not keep the process alive (nor did PGlite on the main thread).
    if (this.calls.size === 0) this.worker.unref();
    if ('error' in outcome) call.reject(outcome.error);
    else call.resolve(outcome.value);
  }

  private received(message: WorkerMessage): void {
    this.lastAnswerAt = performance.now();
    switch (message.kind) {
      case 'ready':
        return this.settle(0, { value: null });
      case 'answer':
        if (message.ranMs !== undefined) this.reportWait(message.id, message.ranMs);
        return this.settle(message.id, { value: message.value });
      case 'failure':
        if (message.id === null) return this.fail(deserializeError(message.error));
        return this.settle(message.id, { error: deserializeError(message.error as SerializedError) });
      case 'notification':
        for (const onPayload of [...(this.listeners.get(message.channel) ?? [])]) onPayload(message.payload);
    }
  }

  /** A call's time less the time it ran: its wait for the connection (behind the worker's other work). */
  private reportWait(id: number, ranMs: number): void {
    const call = this.calls.get(id);
    if (call) this.waits.report(Math.max(0, performance.now() - call.sentAt - ranMs) / 1000);
  }

  /** The worker died (or never started): every waiting call fails, and so does every later one. */
  private fail(error: Error): void {
    if (!this.failure && !this.closing) console.error(`La base de datos embebida se detuvo: ${error.message}`);
    this.failure ??= error;
    for (const id of [...this.calls.keys()]) this.settle(id, { error: this.failure });
  }
}
