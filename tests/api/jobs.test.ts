/**
 * The job runner (server/jobs) and GET/POST /api/v1/jobs/{id}…: claim exclusivity between runners, items done
 * once, retries with backoff, takeover of a dead instance's job, cancellation, audit with actor and address,
 * and the kind's permissions on reading. Runs on PGlite and on PostgreSQL (TEST_DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  createJobRunner,
  enqueueJob,
  itemFailure,
  permanentFailure,
  registerJobKind,
  startJobRunner,
  temporaryFailure,
  type JobRunner,
} from '../../server/jobs';
import { declaredName } from '../../server/audit/audit';
import { bearer, createTestApp, type TestApp } from '../helpers/testApp';

const API = '/api/v1';
let t: TestApp;
const quiet = { log: () => {} };

/** Waits for a condition the runner brings about (not a timing assertion: it fails only if it never happens). */
async function until(condition: () => Promise<boolean>, what: string, limitMs = 30_000): Promise<void> {
  const start = Date.now();
  while (!(await condition())) {
    if (Date.now() - start > limitMs) throw new Error(`never happened: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function jobRow(id: number) {
  const [row] = await t.database.query<{ status: string; attempts: number; error: string | null; locked_by: string | null; finished_at: Date | null }>(
    'select status, attempts, error, locked_by, finished_at from jobs where id = $1',
    [id],
  );
  return row!;
}

async function effects(jobId: number): Promise<string[]> {
  const rows = await t.database.query<{ item_key: string }>('select item_key from job_test_effects where job_id = $1 order by item_key', [jobId]);
  return rows.map((row) => row.item_key);
}

const enqueue = (kind: string, payload: unknown = {}, origin = {}) => enqueueJob(t.database.db, { kind, payload, ...origin });
const makeDue = (id: number) => t.database.query('update jobs set run_after = now() where id = $1', [id]);

// ── Kinds used by the tests ──────────────────────────────────────────────────────────
registerJobKind('test.count', {
  permissions: ['Settings'],
  async run(ctx) {
    await ctx.db.execute(sql`insert into job_test_runs (job_id) values (${ctx.job.id})`);
    await new Promise((resolve) => setTimeout(resolve, 2));
    return { ok: true };
  },
});

interface ItemsPayload {
  keys: string[];
  /** Fails temporarily on this key during the first attempt. */
  flaky?: string;
  /** Fails for good on this key (after writing its effect, which must be rolled back). */
  bad?: string;
  skip?: string;
}
registerJobKind<ItemsPayload>('test.items', {
  permissions: ['Settings'],
  retry: { baseDelayMs: 60_000 },
  async run(ctx) {
    await ctx.items(ctx.job.payload.keys);
    for (const key of await ctx.pendingItems()) {
      await ctx.runItem(key, async (tx) => {
        await tx.execute(sql`insert into job_test_effects (job_id, item_key) values (${ctx.job.id}, ${key})`);
        await ctx.audit(tx, { action: 'update', resource: declaredName('pruebas-trabajos'), recordId: key, after: { key, password: 'x' } });
        if (key === ctx.job.payload.flaky && ctx.job.attempt === 1) throw temporaryFailure('Servicio externo no disponible');
        if (key === ctx.job.payload.bad) throw itemFailure('El elemento %{key} no es válido', { key });
        if (key === ctx.job.payload.skip) return { state: 'skipped', message: 'Sin cambios' };
      });
    }
    return { processed: ctx.job.payload.keys.length };
  },
});

interface BatchesPayload extends ItemsPayload {
  size: number;
  /** The batch holding this key asks for the job's cancellation (as POST /jobs/{id}/cancel would meanwhile). */
  cancelAt?: string;
}
/** The keys each call of a batch's function received, per job (to see how items were grouped). */
const batchCalls = new Map<number, string[][]>();
registerJobKind<BatchesPayload>('test.batches', {
  permissions: ['Settings'],
  retry: { baseDelayMs: 60_000 },
  async run(ctx) {
    const { keys, size, flaky, bad, skip, cancelAt } = ctx.job.payload;
    await ctx.items(keys);
    return ctx.runItemBatches(
      async (tx, batch) => {
        batchCalls.set(ctx.job.id, [...(batchCalls.get(ctx.job.id) ?? []), batch]);
        for (const key of batch) await tx.execute(sql`insert into job_test_effects (job_id, item_key) values (${ctx.job.id}, ${key})`);
        if (cancelAt && batch.includes(cancelAt)) await tx.execute(sql`update jobs set cancel_requested = true where id = ${ctx.job.id}`);
        if (flaky && batch.includes(flaky) && ctx.job.attempt === 1) throw temporaryFailure('Servicio externo no disponible');
        if (bad && batch.includes(bad)) throw itemFailure('El elemento %{key} no es válido', { key: bad });
        return new Map(batch.filter((key) => key === skip).map((key) => [key, { state: 'skipped' as const, message: 'Sin cambios' }]));
      },
      { size },
    );
  },
});

registerJobKind('test.flaky', {
  permissions: ['Settings'],
  retry: { baseDelayMs: 3_600_000, maxDelayMs: 24 * 3_600_000, maxAttempts: 3 },
  async run() {
    throw temporaryFailure('Servicio externo no disponible');
  },
});
registerJobKind('test.broken', {
  permissions: ['Settings'],
  async run() {
    throw permanentFailure('El archivo no tiene el formato esperado');
  },
});
registerJobKind('test.crash', {
  permissions: ['Settings'],
  async run() {
    throw new Error('programming error');
  },
});

/** Stops after its second item until the test opens the gate. */
let openGate: () => void = () => {};
let gate = Promise.resolve();
registerJobKind('test.gated', {
  permissions: ['Settings'],
  async run(ctx) {
    const keys = ['1', '2', '3', '4', '5'];
    await ctx.items(keys);
    for (const key of keys) {
      await ctx.runItem(key, async (tx) => {
        await tx.execute(sql`insert into job_test_effects (job_id, item_key) values (${ctx.job.id}, ${key})`);
      });
      if (key === '2') await gate;
    }
  },
});

registerJobKind('test.sites', {
  permissions: ['Sites'],
  async run(ctx) {
    await ctx.items(['x', 'y', 'z']);
    await ctx.runItem('x', async () => {});
    await ctx.runItem('y', async () => {
      throw itemFailure('Falta el código DANE');
    });
  },
});

/** A kind that settles its own records when the runner gives it up: what each call of its hook received. */
const gaveUp: Array<{ jobId: number; attempt: number; error: string }> = [];
registerJobKind('test.givesup', {
  permissions: ['Settings'],
  retry: { baseDelayMs: 3_600_000, maxAttempts: 2 },
  async run() {
    throw temporaryFailure('Servicio externo no disponible');
  },
  async onGiveUp(ctx) {
    gaveUp.push({ jobId: ctx.job.id, attempt: ctx.job.attempt, error: ctx.error });
    await ctx.tx.execute(sql`insert into job_test_effects (job_id, item_key) values (${ctx.job.id}, 'rendido')`);
  },
});
/** Its hook fails after writing: the write is rolled back, the job still ends failed. */
registerJobKind('test.givesup-badly', {
  permissions: ['Settings'],
  async run() {
    throw permanentFailure('El archivo no tiene el formato esperado');
  },
  async onGiveUp(ctx) {
    await ctx.tx.execute(sql`insert into job_test_effects (job_id, item_key) values (${ctx.job.id}, 'rendido')`);
    throw new Error('hook bug');
  },
});

beforeAll(async () => {
  t = await createTestApp({ seed: 'reference' });
  await t.database.query('create table job_test_runs (job_id bigint not null, at timestamptz not null default now())');
  await t.database.query('create table job_test_effects (job_id bigint not null, item_key text not null)');
});
afterAll(async () => {
  await t?.close();
});

describe('claiming', () => {
  it('two runners share 50 jobs and run each exactly once (FOR UPDATE SKIP LOCKED)', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 50; i += 1) ids.push(await enqueue('test.count'));
    const runners: JobRunner[] = [
      startJobRunner(t.context, { instanceId: 'pareja-1', pollMs: 10, ...quiet }),
      startJobRunner(t.context, { instanceId: 'pareja-2', pollMs: 10, ...quiet }),
    ];
    try {
      await until(async () => {
        const [row] = await t.database.query<{ n: number }>(`select count(*)::int as n from jobs where kind = 'test.count' and status = 'done'`);
        return Number(row!.n) === 50;
      }, 'all 50 jobs done');
    } finally {
      await Promise.all(runners.map((runner) => runner.stop()));
    }
    const runs = await t.database.query<{ job_id: string; n: number }>(
      'select job_id, count(*)::int as n from job_test_runs group by job_id order by job_id',
    );
    expect(runs.map((row) => Number(row.job_id))).toEqual(ids);
    expect(runs.every((row) => Number(row.n) === 1)).toBe(true);
    const done = await t.database.query<{ attempts: number; result: unknown }>(`select attempts, result from jobs where kind = 'test.count'`);
    expect(done.every((row) => Number(row.attempts) === 1)).toBe(true);
    expect(done[0]!.result).toEqual({ ok: true });
  });

  it('does not claim a job whose run_after is in the future', async () => {
    const runner = createJobRunner(t.context, quiet);
    const id = await enqueueJob(t.database.db, { kind: 'test.count', payload: {}, runAfter: new Date(Date.now() + 3_600_000) });
    expect(await runner.runNext()).toBeNull();
    expect((await jobRow(id)).status).toBe('queued');
    await t.database.query(`update jobs set status = 'cancelled' where id = $1`, [id]);
  });

  it('refuses to queue a kind nobody registered', async () => {
    await expect(enqueue('test.nadie')).rejects.toThrow(/unknown job kind/);
  });
});

describe('items', () => {
  it('a retried job skips the items already done; failed and skipped items keep their message', async () => {
    const runner = createJobRunner(t.context, { instanceId: 'items', ...quiet });
    const id = await enqueue('test.items', { keys: ['a', 'b', 'c', 'd', 'e', 'f'], flaky: 'c', bad: 'e', skip: 'f' });
    expect(await runner.runNext()).toBe(id);
    let row = await jobRow(id);
    expect(row.status).toBe('retry');
    expect(row.error).toBe('Servicio externo no disponible');
    expect(await effects(id)).toEqual(['a', 'b']);

    await makeDue(id);
    expect(await runner.runNext()).toBe(id);
    row = await jobRow(id);
    expect(row.status).toBe('done');
    expect(row.attempts).toBe(2);
    // Each effect once; the failed item's effect was rolled back with its transaction.
    expect(await effects(id)).toEqual(['a', 'b', 'c', 'd', 'f']);

    const token = await t.tokenFor(['Settings']);
    const view = (await t.app.inject({ method: 'GET', url: `${API}/jobs/${id}`, headers: bearer(token) })).json();
    expect(view).toMatchObject({
      id,
      kind: 'test.items',
      status: 'done',
      progress: { done: 6, total: 6, percent: 100 },
      counts: { queued: 0, done: 4, failed: 1, skipped: 1 },
      error: null,
      result: { processed: 6 },
      attempts: 2,
      cancelRequested: false,
    });
    const failed = (await t.app.inject({ method: 'GET', url: `${API}/jobs/${id}/items?state=failed`, headers: bearer(token) })).json();
    expect(failed).toEqual({
      results: [{ key: 'e', state: 'failed', message: 'El elemento e no es válido', finishedAt: expect.any(String) }],
      meta: { hasNextPage: false },
    });
    const skipped = (await t.app.inject({ method: 'GET', url: `${API}/jobs/${id}/items?state=skipped`, headers: bearer(token) })).json();
    expect(skipped.results.map((item: { key: string; message: string }) => [item.key, item.message])).toEqual([['f', 'Sin cambios']]);
    const page2 = (await t.app.inject({ method: 'GET', url: `${API}/jobs/${id}/items?pageSize=4&page=2`, headers: bearer(token) })).json();
    expect(page2.results.map((item: { key: string }) => item.key)).toEqual(['e', 'f']);
    expect(page2.meta).toEqual({ hasNextPage: false });
    const wrong = await t.app.inject({ method: 'GET', url: `${API}/jobs/${id}/items?state=perdido`, headers: bearer(token) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('BadArgument');
  });

  it('batched items: a batch commits its effects and states together; an item failure reruns its batch item by item', async () => {
    const runner = createJobRunner(t.context, { instanceId: 'batches', ...quiet });
    const keys = Array.from({ length: 12 }, (_, index) => `k${String(index + 1).padStart(2, '0')}`);
    const id = await enqueue('test.batches', { keys, size: 5, bad: 'k03', flaky: 'k08', skip: 'k11' });
    expect(await runner.runNext()).toBe(id);
    // First batch: k03 fails, so k01…k05 run again one by one; the second batch (k06…k10) fails temporarily and
    // leaves nothing: neither effects nor finished items.
    expect((await jobRow(id)).status).toBe('retry');
    expect(await effects(id)).toEqual(['k01', 'k02', 'k04', 'k05']);
    const [midway] = await t.database.query<{ queued: number; progress: number }>(
      `select (select count(*)::int from job_items where job_id = $1 and state = 'queued') as queued, progress from jobs where id = $1`,
      [id],
    );
    expect(midway).toEqual({ queued: 7, progress: 5 });

    await makeDue(id);
    expect(await runner.runNext()).toBe(id);
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 2 });
    expect(await effects(id)).toEqual(keys.filter((key) => key !== 'k03'));
    expect(batchCalls.get(id)).toEqual([
      keys.slice(0, 5),
      ...keys.slice(0, 5).map((key) => [key]),
      keys.slice(5, 10),
      keys.slice(5, 10),
      keys.slice(10),
    ]);
    const token = await t.tokenFor(['Settings']);
    const view = (await t.app.inject({ method: 'GET', url: `${API}/jobs/${id}`, headers: bearer(token) })).json();
    expect(view).toMatchObject({
      status: 'done',
      progress: { done: 12, total: 12, percent: 100 },
      counts: { queued: 0, done: 10, failed: 1, skipped: 1 },
      // The counts of the second attempt's call: what it finished.
      result: { done: 6, skipped: 1, failed: 0 },
    });
    const items = (await t.app.inject({ method: 'GET', url: `${API}/jobs/${id}/items?state=failed`, headers: bearer(token) })).json();
    expect(items.results.map((item: { key: string; message: string }) => [item.key, item.message])).toEqual([['k03', 'El elemento k03 no es válido']]);
  });

  it('batched items stop at the next batch when the job is cancelled', async () => {
    const runner = createJobRunner(t.context, quiet);
    const keys = ['c1', 'c2', 'c3', 'c4', 'c5'];
    const id = await enqueue('test.batches', { keys, size: 2, cancelAt: 'c3' });
    expect(await runner.runNext()).toBe(id);
    expect(await jobRow(id)).toMatchObject({ status: 'cancelled', locked_by: null });
    // The batch that saw the request finished; the next one never ran.
    expect(await effects(id)).toEqual(['c1', 'c2', 'c3', 'c4']);
    expect(batchCalls.get(id)).toEqual([['c1', 'c2'], ['c3', 'c4']]);
  });

  it('audits each item with the job creator as actor and the address it was started from, secrets removed', async () => {
    const runner = createJobRunner(t.context, quiet);
    const id = await enqueue('test.items', { keys: ['p', 'q', 'r'], bad: 'r' }, {
      createdBy: { id: 777, email: 'autor@portales.test' },
      address: '10.1.2.3',
    });
    await runner.runNext();
    const rows = await t.database.query<Record<string, unknown>>(
      `select user_id, user_email, action, record_id, after, host(client_address) as address
         from audit_log where resource = 'pruebas-trabajos' and record_id in ('p', 'q', 'r') order by record_id`,
    );
    // 'r' failed: its audit row went away with the rest of its transaction.
    expect(rows).toEqual([
      { user_id: 777, user_email: 'autor@portales.test', action: 'update', record_id: 'p', after: { key: 'p' }, address: '10.1.2.3' },
      { user_id: 777, user_email: 'autor@portales.test', action: 'update', record_id: 'q', after: { key: 'q' }, address: '10.1.2.3' },
    ]);
    expect((await jobRow(id)).status).toBe('done');
  });
});

describe('failures', () => {
  it('retries a temporary failure with exponential backoff, then fails after the last attempt', async () => {
    const runner = createJobRunner(t.context, quiet);
    const id = await enqueue('test.flaky');
    const wait = async () => {
      const [row] = await t.database.query<{ seconds: number }>(
        'select extract(epoch from (run_after - now()))::float8 as seconds from jobs where id = $1',
        [id],
      );
      return Number(row!.seconds);
    };
    await runner.runNext();
    expect(await jobRow(id)).toMatchObject({ status: 'retry', attempts: 1, error: 'Servicio externo no disponible', locked_by: null });
    expect(await wait()).toBeGreaterThan(3_500);
    expect(await wait()).toBeLessThanOrEqual(3_600);
    expect(await runner.runNext()).toBeNull(); // not due yet

    await makeDue(id);
    await runner.runNext();
    expect(await jobRow(id)).toMatchObject({ status: 'retry', attempts: 2 });
    expect(await wait()).toBeGreaterThan(7_100);
    expect(await wait()).toBeLessThanOrEqual(7_200);

    await makeDue(id);
    await runner.runNext();
    const row = await jobRow(id);
    expect(row).toMatchObject({ status: 'failed', attempts: 3, error: 'Servicio externo no disponible' });
    expect(row.finished_at).not.toBeNull();
  });

  it('a permanent failure ends the job at once with its Spanish message', async () => {
    const id = await enqueue('test.broken');
    await createJobRunner(t.context, quiet).runNext();
    expect(await jobRow(id)).toMatchObject({ status: 'failed', attempts: 1, error: 'El archivo no tiene el formato esperado' });
  });

  it('an unexpected error fails the job with a generic Spanish message, no stack', async () => {
    const logged: string[] = [];
    const id = await enqueue('test.crash');
    await createJobRunner(t.context, { log: (message) => logged.push(message) }).runNext();
    expect(await jobRow(id)).toMatchObject({ status: 'failed', error: 'El trabajo se detuvo por un error inesperado.' });
    expect(logged).toHaveLength(1);
  });

  it('a job of a kind this server does not know fails with a Spanish message', async () => {
    const [row] = await t.database.query<{ id: string }>(`insert into jobs (kind) values ('otro.sistema') returning id`);
    const id = Number(row!.id);
    await createJobRunner(t.context, quiet).runNext();
    expect(await jobRow(id)).toMatchObject({ status: 'failed', error: 'Este servidor no conoce el tipo de trabajo «otro.sistema».' });
  });
});

describe('giving up (a kind\'s onGiveUp)', () => {
  it('is called once, when the last attempt fails, in the transaction that marks the job failed; not on a retry', async () => {
    const runner = createJobRunner(t.context, quiet);
    const id = await enqueue('test.givesup');
    await runner.runNext();
    expect(await jobRow(id)).toMatchObject({ status: 'retry', attempts: 1 });
    expect(gaveUp.filter((call) => call.jobId === id)).toEqual([]);
    await makeDue(id);
    await runner.runNext();
    expect(await jobRow(id)).toMatchObject({ status: 'failed', attempts: 2, error: 'Servicio externo no disponible', locked_by: null });
    expect(gaveUp.filter((call) => call.jobId === id)).toEqual([{ jobId: id, attempt: 2, error: 'Servicio externo no disponible' }]);
    expect(await effects(id)).toEqual(['rendido']);
    // A finished job is never claimed again: the hook is not called twice.
    expect(await runner.runNext()).toBeNull();
    expect(gaveUp.filter((call) => call.jobId === id)).toHaveLength(1);
  });

  it('is called when a job whose last attempt died with its instance is claimed again (attempts ran out)', async () => {
    const id = await enqueue('test.givesup');
    await t.database.query(
      "update jobs set status = 'running', attempts = 2, locked_by = 'instancia-muerta', locked_at = now() - interval '1 hour' where id = $1",
      [id],
    );
    await createJobRunner(t.context, quiet).runNext();
    const row = await jobRow(id);
    expect(row).toMatchObject({ status: 'failed', attempts: 3, locked_by: null });
    expect(row.error).toBe('El trabajo se interrumpió demasiadas veces y no se volverá a intentar.');
    expect(gaveUp.filter((call) => call.jobId === id)).toEqual([{ jobId: id, attempt: 3, error: row.error }]);
    expect(await effects(id)).toEqual(['rendido']);
  });

  it('a hook that throws is logged; its writes are rolled back and the job still ends failed', async () => {
    const logged: string[] = [];
    const id = await enqueue('test.givesup-badly');
    await createJobRunner(t.context, { log: (message) => logged.push(message) }).runNext();
    expect(await jobRow(id)).toMatchObject({ status: 'failed', attempts: 1, error: 'El archivo no tiene el formato esperado', locked_by: null });
    expect(await effects(id)).toEqual([]);
    expect(logged).toEqual([expect.stringContaining('onGiveUp')]);
  });
});

describe('lease', () => {
  it('takes over a job whose instance died (old locked_at), resumes it without redoing finished items, leaves live ones alone', async () => {
    const live = await enqueue('test.items', { keys: ['m'] });
    await t.database.query(`update jobs set status = 'running', locked_by = 'vivo', locked_at = now(), attempts = 1 where id = $1`, [live]);
    const dead = await enqueue('test.items', { keys: ['a', 'b', 'c'] });
    await t.database.query(
      `update jobs set status = 'running', locked_by = 'muerto', locked_at = now() - interval '10 minutes', attempts = 1, total = 3 where id = $1`,
      [dead],
    );
    await t.database.query(
      `insert into job_items (job_id, item_key, state) values ($1, 'a', 'done'), ($1, 'b', 'queued'), ($1, 'c', 'queued')`,
      [dead],
    );
    await t.database.query(`update jobs set progress = 1 where id = $1`, [dead]);
    await t.database.query(`insert into job_test_effects (job_id, item_key) values ($1, 'a')`, [dead]);

    const runner = createJobRunner(t.context, { instanceId: 'sucesor', leaseMs: 60_000, ...quiet });
    expect(await runner.runNext()).toBe(dead);
    expect(await runner.runNext()).toBeNull();
    expect(await jobRow(dead)).toMatchObject({ status: 'done', attempts: 2, locked_by: null });
    expect(await effects(dead)).toEqual(['a', 'b', 'c']);
    expect(await jobRow(live)).toMatchObject({ status: 'running', locked_by: 'vivo' });
    await t.database.query(`update jobs set status = 'failed', locked_by = null where id = $1`, [live]);
  });

  it('a runner that lost its lease does not finish the item nor overwrite the job', async () => {
    const id = await enqueue('test.gated');
    gate = new Promise((resolve) => (openGate = resolve));
    const runner = createJobRunner(t.context, { instanceId: 'desplazado', leaseMs: 60_000, ...quiet });
    const running = runner.runNext();
    await until(async () => (await effects(id)).length === 2, 'two items done');
    // Another instance took the job over meanwhile.
    await t.database.query(`update jobs set locked_by = 'otro', locked_at = now() where id = $1`, [id]);
    openGate();
    await running;
    expect(await jobRow(id)).toMatchObject({ status: 'running', locked_by: 'otro' });
    expect(await effects(id)).toEqual(['1', '2']);
    await t.database.query(`update jobs set status = 'failed', locked_by = null where id = $1`, [id]);
  });
  it('a stopping runner hands its job back at the next item, uncounted, and another runner finishes it', async () => {
    const id = await enqueue('test.gated');
    gate = new Promise((resolve) => (openGate = resolve));
    const runner = startJobRunner(t.context, { instanceId: 'saliente', pollMs: 10, ...quiet });
    await until(async () => (await effects(id)).length === 2, 'two items done');
    const stopped = runner.stop();
    openGate();
    await stopped;
    expect(await jobRow(id)).toMatchObject({ status: 'queued', attempts: 0, locked_by: null });
    expect(await createJobRunner(t.context, { instanceId: 'entrante', ...quiet }).drain()).toEqual([id]);
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 1 });
    expect(await effects(id)).toEqual(['1', '2', '3', '4', '5']);
  });
});

describe('cancellation', () => {
  let token: string;
  beforeAll(async () => {
    token = await t.tokenFor(['Settings']);
  });
  const cancel = (id: number | string, as = token) => t.app.inject({ method: 'POST', url: `${API}/jobs/${id}/cancel`, headers: bearer(as) });

  it('a running job stops before its next item', async () => {
    const id = await enqueue('test.gated');
    gate = new Promise((resolve) => (openGate = resolve));
    const runner = createJobRunner(t.context, quiet);
    const running = runner.runNext();
    await until(async () => (await effects(id)).length === 2, 'two items done');
    const response = await cancel(id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'running', cancelRequested: true });
    openGate();
    await running;
    expect(await jobRow(id)).toMatchObject({ status: 'cancelled', locked_by: null });
    expect(await effects(id)).toEqual(['1', '2']);
    const view = (await t.app.inject({ method: 'GET', url: `${API}/jobs/${id}`, headers: bearer(token) })).json();
    expect(view).toMatchObject({ status: 'cancelled', counts: { done: 2, queued: 3, failed: 0, skipped: 0 }, progress: { done: 2, total: 5, percent: 40 } });
  });

  it('a queued job is cancelled at once and never runs; a finished one answers 409', async () => {
    const id = await enqueue('test.count');
    const response = await cancel(id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'cancelled', cancelRequested: true });
    expect(await createJobRunner(t.context, quiet).runNext()).toBeNull();
    const again = await cancel(id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: { code: 'Conflict', message: 'El trabajo ya terminó: no se puede cancelar.', details: [] } });
  });
});

describe('GET /jobs/{id} permissions', () => {
  let id: number;
  beforeAll(async () => {
    id = await enqueue('test.sites');
    await createJobRunner(t.context, quiet).runNext();
  });

  it('holders of the kind’s permissions read the job and its items', async () => {
    const token = await t.tokenFor(['Sites']);
    const response = await t.app.inject({ method: 'GET', url: `${API}/jobs/${id}`, headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'done',
      progress: { done: 2, total: 3, percent: 100 },
      counts: { queued: 1, done: 1, failed: 1, skipped: 0 },
    });
    const items = await t.app.inject({ method: 'GET', url: `${API}/jobs/${id}/items`, headers: bearer(token) });
    expect(items.json().results.map((item: { key: string; state: string }) => `${item.key}:${item.state}`)).toEqual(['x:done', 'y:failed', 'z:queued']);
  });

  it('others get 403 in the envelope, on reading, items and cancelling', async () => {
    const token = await t.tokenFor(['Users', 'Settings']);
    for (const [method, url] of [
      ['GET', `/jobs/${id}`],
      ['GET', `/jobs/${id}/items`],
      ['POST', `/jobs/${id}/cancel`],
    ] as const) {
      const response = await t.app.inject({ method, url: `${API}${url}`, headers: bearer(token) });
      expect(response.statusCode, url).toBe(403);
      expect(response.json().error.code).toBe('Forbidden');
    }
  });

  it('a missing job or a malformed id is 404; no token is 401', async () => {
    const token = await t.tokenFor(['Sites']);
    for (const missing of ['99999999', 'abc', '-1']) {
      const response = await t.app.inject({ method: 'GET', url: `${API}/jobs/${missing}`, headers: bearer(token) });
      expect(response.statusCode, missing).toBe(404);
      expect(response.json().error.code).toBe('NotFound');
    }
    expect((await t.app.inject({ method: 'GET', url: `${API}/jobs/${id}` })).statusCode).toBe(401);
  });

  it('a job of an unknown kind is readable by nobody', async () => {
    const [row] = await t.database.query<{ id: string }>(`insert into jobs (kind, status) values ('otro.tipo', 'failed') returning id`);
    const token = await t.tokenFor(['Sites', 'Settings', 'Users']);
    const response = await t.app.inject({ method: 'GET', url: `${API}/jobs/${row!.id}`, headers: bearer(token) });
    expect(response.statusCode).toBe(403);
  });
});
