/**
 * Work done after the answer has left (a recovery e-mail, a lock notice): the answer then takes the
 * same time whatever the work finds. Each task is tracked per app so that tests and shutdown can wait
 * for it; its errors are logged, never thrown.
 */
import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';

const pendingByApp = new WeakMap<FastifyInstance, Set<Promise<void>>>();

function pendingOf(app: FastifyInstance): Set<Promise<void>> {
  let pending = pendingByApp.get(app);
  if (!pending) {
    pending = new Set();
    pendingByApp.set(app, pending);
  }
  return pending;
}

/** Starts `task` once `reply` has been sent (or its connection closed). */
export function afterResponse(
  app: FastifyInstance,
  reply: FastifyReply,
  log: FastifyBaseLogger,
  label: string,
  task: () => Promise<void>,
): void {
  let start!: () => void;
  const started = new Promise<void>((resolve) => {
    start = resolve;
  });
  const done = started
    .then(task)
    .catch((error: unknown) => log.error({ err: error }, `${label} failed`))
    .finally(() => pendingOf(app).delete(done));
  pendingOf(app).add(done);
  reply.raw.once('finish', start);
  reply.raw.once('close', start);
}

/** Resolves when every task started so far (and any they start) has finished. */
export async function settleBackgroundTasks(app: FastifyInstance): Promise<void> {
  const pending = pendingOf(app);
  while (pending.size > 0) await Promise.all([...pending]);
}

/** Shutting down waits for the pending tasks, so none runs against a closed database. */
export function registerBackgroundTasks(app: FastifyInstance): void {
  app.addHook('onClose', async () => settleBackgroundTasks(app));
}
