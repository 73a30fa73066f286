/**
 * Scale past one machine (docs/performance.md): two API instances on one database share everything a user meets —
 * a session signed in on one is honoured and revoked on the other at once, a job queued through one is run once by
 * whichever runner claims it, and an event published through one reaches a stream opened on the other. On
 * PostgreSQL (the runner's TEST_DATABASE_URL pass) the second instance has its own pool and LISTEN connection, as
 * another process would; on PGlite the embedded database can be opened once, so both servers share it.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import type { AppContext } from '../../server/context';
import { openDatabase, type Database } from '../../server/db/connection';
import { createFreshDatabase } from '../../server/db/freshDatabase';
import { UNTRACKED_TABLES } from '../../server/lists/dataVersionTracking';
import { createJobRunner, enqueueJob, registerJobKind } from '../../server/jobs';
import { publish } from '../../server/realtime/events';
import { bearer, createTestApp } from '../helpers/testApp';

const t = await createTestApp({ seed: 'reference' });
let other: FastifyInstance;
let otherDatabase: Database | null = null;
let otherContext: AppContext;
let otherBase = '';
const quiet = { pollMs: 20, log: () => {} };

registerJobKind<{ keys: string[] }>('test.two-instances', {
  permissions: ['Settings'],
  async run(ctx) {
    await ctx.items(ctx.job.payload.keys);
    for (const key of await ctx.pendingItems()) {
      await ctx.runItem(key, async (tx) => {
        await tx.execute(sql`insert into two_instance_effects (job_id, item_key) values (${ctx.job.id}, ${key})`);
      });
    }
    return { processed: ctx.job.payload.keys.length };
  },
});

beforeAll(async () => {
  await t.database.query('create table two_instance_effects (job_id integer not null, item_key text not null)');
  otherDatabase = t.databaseUrl ? await openDatabase({ databaseUrl: t.databaseUrl }) : null;
  otherContext = { ...t.context, database: otherDatabase ?? t.database };
  other = await buildApp({ context: otherContext });
  otherBase = await other.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await other?.close();
  await otherDatabase?.close();
  await t.close();
});

describe('two API instances on one database', () => {
  it('a session signed in through A is honoured by B, and a logout through B refuses it on A at once', async () => {
    const token = await t.tokenFor(['Sites'], 'dos-instancias@portales.gov.co');
    const onA = await t.app.inject({ method: 'GET', url: '/api/v1/auth/', headers: bearer(token) });
    const onB = await other.inject({ method: 'GET', url: '/api/v1/auth/', headers: bearer(token) });
    expect(onA.statusCode).toBe(200);
    expect(onB.statusCode).toBe(200);
    expect(onB.json()).toMatchObject({ email: 'dos-instancias@portales.gov.co' });

    const logout = await other.inject({ method: 'GET', url: '/api/v1/auth/logout/', headers: bearer(token) });
    expect(logout.statusCode).toBe(200);
    const afterOnA = await t.app.inject({ method: 'GET', url: '/api/v1/auth/', headers: bearer(token) });
    expect(afterOnA.statusCode).toBe(401);
    expect(afterOnA.headers['x-invalid-token']).toBe('true');
  });

  it('jobs queued through A are run by the runners of both instances, each item once, and A reports them done', async () => {
    const settings = await t.tokenFor(['Settings']);
    const keys = Array.from({ length: 12 }, (_, index) => `k${index}`);
    const ids = [];
    for (let index = 0; index < 4; index += 1) ids.push(await enqueueJob(t.database.db, { kind: 'test.two-instances', payload: { keys } }));
    const runnerA = createJobRunner(t.context, { instanceId: 'instancia-a', ...quiet });
    const runnerB = createJobRunner(otherContext, { instanceId: 'instancia-b', ...quiet });
    await Promise.all([runnerA.drain(), runnerB.drain()]);

    const effects = await t.database.query<{ job_id: number; count: string; distinct: string }>(
      'select job_id, count(*)::text as count, count(distinct item_key)::text as distinct from two_instance_effects group by job_id order by job_id',
    );
    expect(effects.map((row) => [Number(row.job_id), Number(row.count), Number(row.distinct)])).toEqual(ids.map((id) => [Number(id), 12, 12]));
    for (const id of ids) {
      const job = await t.app.inject({ method: 'GET', url: `/api/v1/jobs/${id}`, headers: bearer(settings) });
      expect(job.statusCode).toBe(200);
      expect(job.json()).toMatchObject({ status: 'done', counts: { done: 12, failed: 0 } });
    }
  });

  it('an event published through A reaches a stream opened on B', async () => {
    const token = await t.tokenFor(['Sites']);
    const ticket = await t.app.inject({ method: 'POST', url: '/api/v1/events/ticket', headers: bearer(token) });
    expect(ticket.statusCode).toBe(200);
    const controller = new AbortController();
    const query = new URLSearchParams({ ticket: (ticket.json() as { ticket: string }).ticket, channels: 'sites' });
    const response = await fetch(`${otherBase}/api/v1/events/stream?${query}`, { signal: controller.signal });
    expect(response.status).toBe(200);
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    try {
      // The stream is open (its first bytes arrived) before the event is published.
      let buffer = (await reader.read()).value ?? '';
      const id = await publish(t.database.db, 'sites', { desde: 'A' });
      while (!buffer.includes(`id: ${id}\n`)) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
      }
      expect(buffer).toContain(`id: ${id}\n`);
      expect(buffer).toContain('"desde":"A"');
    } finally {
      controller.abort();
    }
  });
});

describe('instances starting together', () => {
  it('migrate one fresh database at once: one applies the migrations, the other waits and finds them applied', async () => {
    const base = process.env.TEST_DATABASE_URL;
    // PostgreSQL: two pools on one fresh database, as two processes. PGlite: two embedded databases (one process each).
    const fresh = base ? await createFreshDatabase(base, 'mig2') : null;
    const first = await openDatabase({ databaseUrl: fresh?.url, dataDir: 'memory://' });
    const second = await openDatabase({ databaseUrl: fresh?.url, dataDir: 'memory://' });
    try {
      await Promise.all([first.migrate(), second.migrate()]);
      const [tables] = await second.query<{ count: string }>("select count(*)::text as count from pg_tables where schemaname = 'public'");
      expect(Number(tables!.count)).toBeGreaterThan(20);
      const [triggers] = await first.query<{ count: string }>(
        "select count(*)::text as count from pg_trigger where tgfoid = 'public.bump_data_version'::regproc and tgconstraint <> 0",
      );
      expect(Number(triggers!.count)).toBe(Number(tables!.count) - UNTRACKED_TABLES.length);
    } finally {
      await first.close();
      await second.close();
      await fresh?.drop();
    }
  });
});
