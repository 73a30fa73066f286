/**
 * Work a write's hooks leave for after its transaction commits (`WriteContext.afterCommit`): sending a mail, say, which
 * must not happen for a write that rolls back, nor hold the transaction open. The engine's routes run the tasks once
 * the transaction has committed and drop them when it fails; a task's own failure is logged, never the write's answer.
 */
import type { FastifyRequest } from 'fastify';

type Task = () => Promise<void>;

const pending = new WeakMap<FastifyRequest, Task[]>();

export function queueAfterCommit(request: FastifyRequest, task: Task): void {
  const tasks = pending.get(request) ?? [];
  tasks.push(task);
  pending.set(request, tasks);
}

/** After the commit: each task in order; a failure is logged and the next one still runs. */
export async function runAfterCommit(request: FastifyRequest): Promise<void> {
  const tasks = pending.get(request) ?? [];
  pending.delete(request);
  for (const task of tasks) {
    try {
      await task();
    } catch (error) {
      request.log.error({ err: error }, 'after-commit task failed');
    }
  }
}

/** The transaction failed: nothing it promised happens. */
export function dropAfterCommit(request: FastifyRequest): void {
  pending.delete(request);
}

/** Runs `work` in a transaction of `db`, then the tasks its hooks left for after the commit (dropped if it fails). */
export async function writeTransaction<T, Tx>(
  request: FastifyRequest,
  db: { transaction<R>(work: (tx: Tx) => Promise<R>): Promise<R> },
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  let result: T;
  try {
    result = await db.transaction(work);
  } catch (error) {
    dropAfterCommit(request);
    throw error;
  }
  await runAfterCommit(request);
  return result;
}
