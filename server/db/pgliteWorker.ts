/**
 * The worker thread that owns the embedded PGlite (issue 7): PostgreSQL in WebAssembly runs each statement
 * synchronously, so on the main thread every query stopped the server's event loop. Here it stops only this
 * thread. One connection: PGlite itself queues statements and keeps a transaction exclusive until it ends.
 */
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { WORKER_NICE } from './pgliteProtocol';
import { servePglite, type PgliteServerOptions } from './pgliteServer';

/**
 * This thread yields the processor to the server's main thread when both want it (Linux: a thread is a task with its
 * own nice value, and /proc/thread-self names this one): a busy database then slows its own statements, not the
 * answers the main thread can give at once (/healthz, 304s). Elsewhere, or when refused, it runs as it is.
 */
function yieldToMainThread(): void {
  try {
    const thread = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(thread) && thread > 0 && thread !== process.pid) setPriority(thread, WORKER_NICE);
  } catch {
    // Not Linux, or not allowed: same priority as the main thread.
  }
}

yieldToMainThread();
servePglite(workerData as PgliteServerOptions, parentPort!);
