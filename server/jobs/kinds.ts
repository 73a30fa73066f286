/**
 * The job kinds areas register (`registerJobKind('sites.load', { permissions, run })`) and what their
 * code receives: the JobContext (items, runItem, progress, cancellation, audit).
 */
import type { PermissionName } from '../../resources/permissions';
import type { JobItemState } from '../../resources/jobs';
import type { AuditEntry } from '../audit/audit';
import type { AppContext } from '../context';
import type { Db } from '../db/connection';
import type { RetryPolicy } from './backoff';

/** What an item's function may answer: nothing (done) or another final state with a Spanish message. */
export interface ItemOutcome {
  state?: 'done' | 'skipped';
  message?: string;
}

/**
 * What a batch's function answers for one of its items (`runItemBatches`): nothing (done), `skipped` or `failed` with a
 * Spanish message. An item answered `failed` must have been left without any effect by the function.
 */
export type BatchItemOutcome = ItemOutcome | { state: 'failed'; message: string };

/** How many items of a `runItemBatches` call ended in each state (items finished before are not counted). */
export interface BatchCounts {
  done: number;
  skipped: number;
  failed: number;
}

export interface JobContext<Payload = unknown> {
  job: {
    id: number;
    kind: string;
    payload: Payload;
    /** 1 on the first run; more after a retry or a takeover from a dead instance. */
    attempt: number;
    createdBy: number | null;
  };
  app: AppContext;
  /** The database outside any item (reads, setup). Effects of an item go through runItem's transaction. */
  db: Db;
  /** Declares the job's items (idempotent: a restarted job declares them again and keeps their states). */
  items(keys: readonly string[]): Promise<void>;
  /**
   * Runs one item in a transaction unless it is already finished: `fn`'s effects and the item's final state
   * commit together, so an item is never done twice, even when another instance resumes the job.
   * `fn` must use only the `tx` it receives (on PGlite, any other query waits for the transaction: a deadlock).
   * Throw `itemFailure(…)` to record the item as failed and go on; any other error ends the attempt.
   * Between items the job stops if it was cancelled. Answers the item's state, `'already'` when it was finished before.
   */
  runItem(key: string, fn: (tx: Db) => Promise<ItemOutcome | void>): Promise<JobItemState | 'already'>;
  /**
   * The batched item mode, for jobs of many small items (one commit per item costs a disk flush each): claims the
   * job's queued items in declaration order, `size` at a time (default 500), and runs `fn(tx, keys)` for them in one
   * transaction that also records every item's final state (the answered outcome, `done` when none). A batch's effects
   * and its items' states commit together, so a job killed mid-batch loses the whole batch and redoes it on resume:
   * each item is done exactly once. `fn` must use only `tx`. Throwing `itemFailure(…)` rolls the batch back and runs
   * its items again one at a time (`fn(tx, [key])`), so that only the failing ones are recorded as failed; any other
   * error ends the attempt. Items must have been declared with `items()`. Stops between batches when cancelled.
   */
  runItemBatches(
    fn: (tx: Db, keys: string[]) => Promise<ReadonlyMap<string, BatchItemOutcome> | void>,
    options?: { size?: number },
  ): Promise<BatchCounts>;
  /** Keys still queued, in declaration order (to resume without re-reading finished input). */
  pendingItems(): Promise<string[]>;
  /** Progress for jobs without items: `done` units of `total`. */
  progress(done: number, total?: number): Promise<void>;
  /** Whether cancellation was asked (runItem already stops by itself between items). */
  isCancelled(): Promise<boolean>;
  /** Audit row in `tx` with the job's creator as actor and the address the job was started from. */
  audit(tx: Db, entry: AuditEntry): Promise<void>;
}

/**
 * What a kind's `onGiveUp` receives: the job that the runner gives up on (its last attempt failed, or it was claimed
 * again after its attempts ran out — the instance running it died), the transaction that marks it failed (the hook's
 * effects commit with that, once) and the job's final Spanish error.
 */
export interface GiveUpContext<Payload = unknown> {
  job: JobContext<Payload>['job'];
  app: AppContext;
  tx: Db;
  error: string;
  /** Audit row in `tx` with the job's creator as actor and the address the job was started from. */
  audit(tx: Db, entry: AuditEntry): Promise<void>;
}

export interface JobKind<Payload = unknown> {
  /** Who may follow the job (GET /jobs/{id}) and cancel it: holding any one suffices. */
  permissions: readonly PermissionName[];
  /** The work; its return value is stored as the job's `result` (JSON). */
  run(ctx: JobContext<Payload>): Promise<unknown>;
  /** Attempts and backoff for temporary failures (defaults: backoff.DEFAULT_RETRY_POLICY). */
  retry?: Partial<RetryPolicy>;
  /**
   * Called once when the runner gives the job up for good (status `failed`, not retried again), in the transaction
   * that marks it failed: a kind whose records wait on the job (a backup 'in progress') settles them here and says so.
   * Not called for a cancelled job. If it throws, the job is still marked failed (without its effects) and the error logged.
   */
  onGiveUp?(ctx: GiveUpContext<Payload>): Promise<void>;
}

const kinds = new Map<string, JobKind<never>>();

/** Registers a kind once per process, at module load of its area (a second, different registration is a bug). */
export function registerJobKind<Payload>(kind: string, definition: JobKind<Payload>): void {
  if (!/^[a-z][a-z0-9._-]{0,49}$/.test(kind)) throw new Error(`invalid job kind name: ${kind}`);
  const existing = kinds.get(kind);
  if (existing && existing !== (definition as unknown)) throw new Error(`job kind already registered: ${kind}`);
  kinds.set(kind, definition as unknown as JobKind<never>);
}

export function jobKind(kind: string): JobKind<unknown> | undefined {
  return kinds.get(kind) as JobKind<unknown> | undefined;
}
