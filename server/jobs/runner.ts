/**
 * The job runner: claims one job at a time from `jobs` with FOR UPDATE SKIP LOCKED (several runners and
 * several API instances never take the same job; PGlite and PostgreSQL alike), renews its lease while it
 * runs, and resumes a job whose worker died once its lease (`locked_at` + leaseMs) has passed.
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { and, eq, sql } from 'drizzle-orm';
import type { JobItemState } from '../../resources/jobs';
import { writeAuditAs } from '../audit/audit';
import type { AppContext } from '../context';
import type { Db } from '../db/connection';
import { jobItems, jobs } from '../db/schema';
import { t } from '../i18n';
import { afterFailure, DEFAULT_RETRY_POLICY } from './backoff';
import { isTemporaryError, JobFailure, JobInterrupted, JobItemFailure } from './failures';
import { queryRows } from '../db/rows';
import { jobKind, type BatchItemOutcome, type JobContext, type JobKind } from './kinds';

export interface JobRunnerOptions {
  /** Names this process in `jobs.locked_by` (default: host, pid and a random suffix). */
  instanceId?: string;
  /** Wait between looks at the queue when it is empty (default 1000 ms). */
  pollMs?: number;
  /** A running job whose lease was not renewed for this long is taken over by another runner (default 60 s). */
  leaseMs?: number;
  /** Unexpected errors (default: console.error). */
  log?: (message: string, error?: unknown) => void;
}

export interface JobRunner {
  readonly instanceId: string;
  /** Starts polling the queue (startJobRunner does it). */
  start(): void;
  /** Claims and runs one job now; answers its id, or null when none is due. */
  runNext(): Promise<number | null>;
  /** Runs due jobs until none is left (tests). */
  drain(): Promise<number[]>;
  /** Looks at the queue now instead of at the end of the current wait. */
  wake(): void;
  /** Stops claiming; a running job is handed back at its next item (another runner resumes it). */
  stop(): Promise<void>;
}

interface ClaimedJob {
  id: number;
  kind: string;
  payload: unknown;
  attempts: number;
  createdBy: number | null;
  createdByEmail: string | null;
  clientAddress: string | null;
  cancelRequested: boolean;
}

const CLAIM_SQL = `
update jobs
   set status = 'running', locked_by = $1, locked_at = now(), attempts = attempts + 1,
       started_at = coalesce(started_at, now())
 where id = (
   select id from jobs
    where (status in ('queued', 'retry') and run_after <= now())
       or (status = 'running' and locked_at < now() - $2::int * interval '1 millisecond')
    order by id
    for update skip locked
    limit 1)
returning id, kind, payload, attempts, created_by as "createdBy", created_by_email as "createdByEmail",
          host(client_address) as "clientAddress", cancel_requested as "cancelRequested"`;

const ITEM_KEY_MAX = 200;
const ITEMS_PER_INSERT = 1000;
/** Items per transaction of `runItemBatches` unless the kind asks otherwise, and the most it may ask. */
export const DEFAULT_ITEM_BATCH = 500;
const MAX_ITEM_BATCH = 5000;

export function createJobRunner(context: AppContext, options: JobRunnerOptions = {}): JobRunner {
  const { database } = context;
  const instanceId = options.instanceId ?? `${os.hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`.slice(0, 100);
  const pollMs = options.pollMs ?? 1000;
  const leaseMs = Math.max(1, Math.round(options.leaseMs ?? 60_000));
  const log = options.log ?? ((message: string, error?: unknown) => console.error(message, error ?? ''));
  let stopping = false;
  let loop: Promise<void> | null = null;
  let wakeUp: (() => void) | null = null;

  async function claim(): Promise<ClaimedJob | null> {
    const [row] = await database.query<ClaimedJob>(CLAIM_SQL, [instanceId, leaseMs]);
    return row ? { ...row, id: Number(row.id), attempts: Number(row.attempts) } : null;
  }

  /** Final or waiting states are written only while this runner still holds the job. */
  async function settle(jobId: number, set: string, params: unknown[] = []): Promise<void> {
    await database.query(
      `update jobs set ${set}, locked_by = null, locked_at = null where id = $1 and locked_by = $2 and status = 'running'`,
      [jobId, instanceId, ...params],
    );
  }

  /**
   * Ends the job as failed for good. A kind with `onGiveUp` settles its own records in the same transaction, once:
   * only the runner that still holds the job marks it failed and calls the hook. A hook that throws is logged and the
   * job is marked failed without its effects.
   */
  async function giveUp(job: ClaimedJob, kind: JobKind<unknown>, message: string): Promise<void> {
    if (kind.onGiveUp) {
      const onGiveUp = kind.onGiveUp.bind(kind);
      try {
        await database.db.transaction(async (tx) => {
          const held = await queryRows<{ id: number }>(
            tx,
            sql`update jobs set status = 'failed', error = ${message}, finished_at = now(), locked_by = null, locked_at = null
                 where id = ${job.id} and locked_by = ${instanceId} and status = 'running' returning id`,
          );
          if (held.length === 0) return;
          const origin = { actor: { id: job.createdBy, email: job.createdByEmail }, address: job.clientAddress };
          await onGiveUp({
            job: { id: job.id, kind: job.kind, payload: job.payload, attempt: job.attempts, createdBy: job.createdBy },
            app: context,
            tx,
            error: message,
            audit: (auditTx, entry) => writeAuditAs(auditTx, origin, entry),
          });
        });
        return;
      } catch (error) {
        log(`trabajo ${job.id} (${job.kind}): falló su cierre al agotar los intentos (onGiveUp)`, error);
      }
    }
    await settle(job.id, `status = 'failed', error = $3, finished_at = now()`, [message]);
  }

  async function run(job: ClaimedJob): Promise<void> {
    const kind = jobKind(job.kind);
    if (!kind) {
      await settle(job.id, `status = 'failed', error = $3, finished_at = now()`, [t('jobs.errors.unknown_kind', { kind: job.kind })]);
      return;
    }
    const policy = { ...DEFAULT_RETRY_POLICY, ...kind.retry };
    if (job.cancelRequested) {
      await settle(job.id, `status = 'cancelled', finished_at = now()`);
      return;
    }
    if (job.attempts > policy.maxAttempts) {
      // Claimed again after its last attempt died with its instance: given up now, not when someone next looks.
      await giveUp(job, kind, t('jobs.errors.too_many_attempts'));
      return;
    }

    let leaseLost = false;
    const heartbeat = setInterval(
      () => {
        database
          .query(`update jobs set locked_at = now() where id = $1 and locked_by = $2 and status = 'running' returning id`, [
            job.id,
            instanceId,
          ])
          .then((rows) => {
            if (rows.length === 0) leaseLost = true;
          })
          .catch((error) => log(`trabajo ${job.id}: no se pudo renovar la concesión`, error));
      },
      Math.max(10, Math.floor(leaseMs / 3)),
    );
    const interruption = (): JobInterrupted | null =>
      stopping ? new JobInterrupted('stopping') : leaseLost ? new JobInterrupted('lease_lost') : null;

    try {
      const result = await kind.run(jobContext(job, interruption));
      await settle(job.id, `status = 'done', result = $3::text::jsonb, error = null, finished_at = now()`, [
        JSON.stringify(result ?? null),
      ]);
    } catch (error) {
      if (error instanceof JobInterrupted) {
        if (error.reason === 'cancelled') await settle(job.id, `status = 'cancelled', finished_at = now()`);
        // Handed back without counting the attempt: another runner (or this one after a restart) resumes it.
        if (error.reason === 'stopping') await settle(job.id, `status = 'queued', attempts = greatest(attempts - 1, 0)`);
        return;
      }
      const temporary = isTemporaryError(error);
      if (!(error instanceof JobFailure)) log(`trabajo ${job.id} (${job.kind}) falló`, error);
      const message = error instanceof JobFailure ? error.message : t(temporary ? 'jobs.errors.temporary' : 'jobs.errors.unexpected');
      const outcome = afterFailure(job.attempts, temporary, policy);
      if (outcome.action === 'retry') {
        await settle(job.id, `status = 'retry', error = $3, run_after = now() + $4::int * interval '1 millisecond'`, [
          message,
          outcome.delayMs,
        ]);
      } else {
        await giveUp(job, kind, message);
      }
    } finally {
      clearInterval(heartbeat);
    }
  }

  function jobContext(job: ClaimedJob, interruption: () => JobInterrupted | null): JobContext {
    const db = database.db;
    const origin = { actor: { id: job.createdBy, email: job.createdByEmail }, address: job.clientAddress };
    const itemWhere = (key: string) => and(eq(jobItems.jobId, job.id), eq(jobItems.itemKey, key));

    const lockItem = (tx: Db, key: string) =>
      tx.select({ state: jobItems.state }).from(jobItems).where(itemWhere(key)).for('update');

    /** Inside an item's transaction: the job is still this runner's and not cancelled (else the item is not run). */
    async function assertHeld(tx: Db): Promise<void> {
      const [current] = await tx
        .select({ status: jobs.status, lockedBy: jobs.lockedBy, cancelRequested: jobs.cancelRequested })
        .from(jobs)
        .where(eq(jobs.id, job.id));
      if (!current || current.status !== 'running' || current.lockedBy !== instanceId) throw new JobInterrupted('lease_lost');
      if (current.cancelRequested) throw new JobInterrupted('cancelled');
    }

    async function finishItem(tx: Db, key: string, state: JobItemState, message: string | null): Promise<boolean> {
      const updated = await tx
        .update(jobItems)
        .set({ state, message, finishedAt: sql`now()` })
        .where(and(itemWhere(key), eq(jobItems.state, 'queued')))
        .returning({ id: jobItems.id });
      if (updated.length === 0) return false;
      await tx.update(jobs).set({ progress: sql`${jobs.progress} + 1` }).where(eq(jobs.id, job.id));
      return true;
    }

    const jobCtx: JobContext = {
      job: { id: job.id, kind: job.kind, payload: job.payload, attempt: job.attempts, createdBy: job.createdBy },
      app: context,
      db,
      async items(keys) {
        const tooLong = keys.find((key) => key.length > ITEM_KEY_MAX);
        if (tooLong !== undefined) throw new Error(`job item key longer than ${ITEM_KEY_MAX}: ${tooLong.slice(0, 40)}…`);
        for (let start = 0; start < keys.length; start += ITEMS_PER_INSERT) {
          await database.query(
            `insert into job_items (job_id, item_key)
             select $1, key from unnest($2::varchar[]) with ordinality as given(key, position) order by position
             on conflict (job_id, item_key) do nothing`,
            [job.id, keys.slice(start, start + ITEMS_PER_INSERT)],
          );
        }
        await database.query(`update jobs set total = (select count(*) from job_items where job_id = $1) where id = $1`, [job.id]);
      },
      async runItem(key, fn) {
        const interrupted = interruption();
        if (interrupted) throw interrupted;
        try {
          return await db.transaction(async (tx) => {
            await assertHeld(tx);
            // The item's row lock serialises two runners on one item: the second one sees it finished.
            let [item] = await lockItem(tx, key);
            if (!item) {
              if (key.length > ITEM_KEY_MAX) throw new Error(`job item key longer than ${ITEM_KEY_MAX}`);
              await tx.insert(jobItems).values({ jobId: job.id, itemKey: key }).onConflictDoNothing();
              await tx.update(jobs).set({ total: sql`coalesce(${jobs.total}, 0) + 1` }).where(eq(jobs.id, job.id));
              [item] = await lockItem(tx, key);
            }
            if (item!.state !== 'queued') return 'already' as const;
            const outcome = (await fn(tx)) ?? {};
            const state = outcome.state ?? 'done';
            await finishItem(tx, key, state, outcome.message ?? null);
            return state;
          });
        } catch (error) {
          if (!(error instanceof JobItemFailure)) throw error;
          // The item's effects were rolled back with its transaction; only its failure is recorded.
          const recorded = await db.transaction((tx) => finishItem(tx, key, 'failed', error.message));
          return recorded ? 'failed' : 'already';
        }
      },
      async runItemBatches(fn, options = {}) {
        const size = Math.min(MAX_ITEM_BATCH, Math.max(1, Math.floor(options.size ?? DEFAULT_ITEM_BATCH)));
        const counts = { done: 0, skipped: 0, failed: 0 };
        const count = (state: JobItemState | 'already') => {
          if (state === 'done' || state === 'skipped' || state === 'failed') counts[state] += 1;
        };
        for (;;) {
          const interrupted = interruption();
          if (interrupted) throw interrupted;
          let claimed: string[] = [];
          try {
            await db.transaction(async (tx) => {
              await assertHeld(tx);
              // The next queued items in declaration order, row-locked: a second runner on this job (one that took it
              // over while this one still ran) waits for this batch and then no longer sees its items as queued.
              const rows = await queryRows<{ key: string }>(
                tx,
                sql`select item_key as key from job_items where job_id = ${job.id} and state = 'queued' order by id limit ${size} for update`,
              );
              claimed = rows.map((row) => row.key);
              if (claimed.length === 0) return;
              const outcomes = (await fn(tx, claimed)) ?? new Map<string, BatchItemOutcome>();
              const finished = claimed.map((key) => {
                const outcome = outcomes.get(key) ?? {};
                return { key, state: outcome.state ?? 'done', message: outcome.message ?? null };
              });
              // Every item's final state in one statement, in the batch's transaction: with its effects or not at all.
              const updated = await queryRows<{ state: JobItemState }>(
                tx,
                sql`update job_items i set state = v.state, message = v.message, finished_at = now()
                      from jsonb_to_recordset(${JSON.stringify(finished)}::jsonb) as v(key text, state text, message text)
                     where i.job_id = ${job.id} and i.item_key = v.key and i.state = 'queued'
                 returning i.state`,
              );
              if (updated.length > 0) await tx.update(jobs).set({ progress: sql`${jobs.progress} + ${updated.length}` }).where(eq(jobs.id, job.id));
              for (const row of updated) count(row.state);
            });
          } catch (error) {
            if (!(error instanceof JobItemFailure) || claimed.length === 0) throw error;
            // The batch was rolled back: its items go again one at a time, so that only the failing ones fail.
            for (const key of claimed) {
              count(
                await jobCtx.runItem(key, async (tx) => {
                  const outcome = (await fn(tx, [key]))?.get(key);
                  if (outcome?.state === 'failed') throw new JobItemFailure(outcome.message);
                  return outcome;
                }),
              );
            }
            continue;
          }
          if (claimed.length > 0) continue;
          // Nothing queued was free to claim: done, unless rows locked by another runner are still queued.
          const [left] = await database.query<{ n: number }>(`select count(*)::int as n from job_items where job_id = $1 and state = 'queued'`, [job.id]);
          if (Number(left?.n ?? 0) === 0) return counts;
        }
      },
      async pendingItems() {
        const rows = await db
          .select({ key: jobItems.itemKey })
          .from(jobItems)
          .where(and(eq(jobItems.jobId, job.id), eq(jobItems.state, 'queued')))
          .orderBy(jobItems.id);
        return rows.map((row) => row.key);
      },
      async progress(done, total) {
        await db
          .update(jobs)
          .set({ progress: Math.max(0, Math.floor(done)), ...(total === undefined ? {} : { total: Math.max(0, Math.floor(total)) }) })
          .where(eq(jobs.id, job.id));
      },
      async isCancelled() {
        const [row] = await db.select({ cancelRequested: jobs.cancelRequested }).from(jobs).where(eq(jobs.id, job.id));
        return row?.cancelRequested ?? true;
      },
      audit: (tx, entry) => writeAuditAs(tx, origin, entry),
    };
    return jobCtx;
  }

  async function runNext(): Promise<number | null> {
    const job = await claim();
    if (!job) return null;
    await run(job);
    return job.id;
  }

  async function poll(): Promise<void> {
    while (!stopping) {
      let ran: number | null = null;
      try {
        ran = await runNext();
      } catch (error) {
        log('el ejecutor de trabajos no pudo consultar la cola', error);
      }
      if (ran !== null || stopping) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollMs);
        wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wakeUp = null;
    }
  }

  return {
    instanceId,
    start() {
      if (!loop) loop = poll();
    },
    runNext,
    async drain() {
      const ran: number[] = [];
      for (let id = await runNext(); id !== null; id = await runNext()) ran.push(id);
      return ran;
    },
    wake: () => wakeUp?.(),
    async stop() {
      stopping = true;
      wakeUp?.();
      await loop;
    },
  };
}

/** Creates a runner and starts polling (server/main.ts; tests that need a live runner). Stop it before closing the database. */
export function startJobRunner(context: AppContext, options: JobRunnerOptions = {}): JobRunner {
  const runner = createJobRunner(context, options);
  runner.start();
  return runner;
}
