/** Putting work in the queue: one row in `jobs`, inside the caller's transaction when it passes one. */
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/connection';
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
