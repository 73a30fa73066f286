/** Putting work in the queue: one row in `jobs`, inside the caller's transaction when it passes one. */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database, Db } from '../db/connection';
import { jobs } from '../db/schema';
import { clientAddress } from '../http/clientAddress';
import { jobKind } from './kinds';

export interface JobOrigin {
  /** The superadmin who started the job: the actor of its audit rows. */
  createdBy?: { id: number; email: string } | null;
  /** Client address the job was started from (audit). */
  address?: string | null;
}

export interface NewJob<Payload> extends JobOrigin {
  kind: string;
  payload: Payload;
  /** Not before this moment (default: now). */
  runAfter?: Date;
}

/** Who and from where, for a job started by a request. */
export function jobOrigin(request: FastifyRequest): Required<JobOrigin> {
  return { createdBy: request.user ? { id: request.user.id, email: request.user.email } : null, address: clientAddress(request) };
}

/** Queues a job of a registered kind and answers its id; `db` may be the caller's transaction (the job then exists only if it commits). */
export async function enqueueJob<Payload>(db: Db, job: NewJob<Payload>): Promise<number> {
  if (!jobKind(job.kind)) throw new Error(`unknown job kind: ${job.kind}`);
  const [row] = await db
    .insert(jobs)
    .values({
      kind: job.kind,
      payload: (job.payload ?? {}) as object,
      createdBy: job.createdBy?.id ?? null,
      createdByEmail: job.createdBy?.email ?? null,
      clientAddress: job.address ?? null,
      ...(job.runAfter ? { runAfter: job.runAfter } : {}),
    })
    .returning({ id: jobs.id });
  return row!.id;
}

/**
 * Puts a job that stopped — `failed`, `cancelled`, or waiting to `retry` — back in the queue to run now, with its
 * attempts counted afresh. Its items keep their states, so the job resumes at the first item not finished. A single
 * conditional update: of two calls at once only one requeues; answers false when the job is queued, running, done or
 * missing.
 */
export async function requeueJob(db: Db, jobId: number): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({
      status: 'queued',
      attempts: 0,
      error: null,
      finishedAt: null,
      cancelRequested: false,
      lockedBy: null,
      lockedAt: null,
      runAfter: sql`now()`,
    })
    .where(and(eq(jobs.id, jobId), inArray(jobs.status, ['failed', 'cancelled', 'retry'])))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** Jobs waiting per kind (queued or to retry), and how long the oldest due one has waited for a runner (GET /metrics). */
export function waitingJobs(database: Database): Promise<Array<{ kind: string; depth: number; oldestSeconds: number }>> {
  return database.query(
    `select kind, count(*)::int as depth,
       coalesce(extract(epoch from now() - min(run_after) filter (where run_after <= now())), 0)::float8 as "oldestSeconds"
     from jobs where status in ('queued', 'retry') group by kind`,
  );
}
