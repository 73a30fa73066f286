/**
 * A job runner in its own process, for tests/api/jobs-restart.test.ts: `start` queues a job and runs it (the test
 * kills it with SIGKILL midway); `resume` runs the queue until that job ends, then exits.
 * JOB_WORKER_KIND: `restart` (default), a 200-item job of `runItem`s; or `deactivate`, the bulk deactivation of
 * DEACTIVATE_ADMINS administrators (server/users/deactivation.ts, batched items) plus DEACTIVATE_INACTIVE already
 * inactive ones, each batch held open `DEACTIVATE_HOLD_MS` after its update so that the kill lands inside a batch
 * (`start` only: the resumed runner goes at full speed, as for `restart`'s items).
 * Database: JOB_WORKER_DATABASE_URL (PostgreSQL) or the PGlite folder JOB_WORKER_DATA_DIR (one process at a time,
 * opened in this thread: openSharedDatabase).
 * Prints `job <id>`, `done <key>` after each finished item (restart), `batch <n> written <size>` once a batch's
 * update ran and before it commits (deactivate), and `final <status>`.
 */
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { readConfig } from '../../server/config';
import { enqueueJob, jobKind, registerJobKind, startJobRunner } from '../../server/jobs';
import { DEACTIVATION_JOB_KIND } from '../../server/users/deactivation';
import { createMailer } from '../../server/mail/mailer';
import { openSharedDatabase } from './databaseTemplates';

const RESTART_ITEMS = 200;
const RESTART_LEASE_MS = 1000;
const DEACTIVATE_ADMINS = Number(process.env.DEACTIVATE_ADMINS ?? 2000);
const DEACTIVATE_INACTIVE = Number(process.env.DEACTIVATE_INACTIVE ?? 3);
const DEACTIVATE_HOLD_MS = 300;

const mode = process.env.JOB_WORKER_MODE;
const workerKind = process.env.JOB_WORKER_KIND === 'deactivate' ? DEACTIVATION_JOB_KIND : 'test.restart';
const dataDir = process.env.JOB_WORKER_DATA_DIR;
const database = await openSharedDatabase({ databaseUrl: process.env.JOB_WORKER_DATABASE_URL, dataDir });
await database.migrate();
await database.query('create table if not exists job_restart_records (item_key text not null, instance text not null)');

const instanceId = `${mode}-${process.pid}`;
registerJobKind('test.restart', {
  permissions: ['Settings'],
  async run(ctx) {
    const keys = Array.from({ length: RESTART_ITEMS }, (_, index) => `item-${String(index).padStart(3, '0')}`);
    await ctx.items(keys);
    for (const key of await ctx.pendingItems()) {
      await ctx.runItem(key, async (tx) => {
        // Slowed while the test waits to kill it midway; the resumed runner goes at full speed.
        if (mode === 'start') await new Promise((resolve) => setTimeout(resolve, 5));
        await tx.execute(sql`insert into job_restart_records (item_key, instance) values (${key}, ${instanceId})`);
      });
      process.stdout.write(`done ${key}\n`);
    }
  },
});

// The real deactivation kind, each batch held open after its update: a SIGKILL then lands between update and commit.
const deactivation = jobKind(DEACTIVATION_JOB_KIND)!;
const deactivate = deactivation.run;
let batches = 0;
deactivation.run = (ctx) =>
  deactivate({
    ...ctx,
    runItemBatches: (fn, options) =>
      ctx.runItemBatches(async (tx, keys) => {
        const outcomes = await fn(tx, keys);
        batches += 1;
        process.stdout.write(`batch ${batches} written ${keys.length}\n`);
        if (mode === 'start') await new Promise((resolve) => setTimeout(resolve, DEACTIVATE_HOLD_MS));
        return outcomes;
      }, options),
  });

const config = readConfig({ DATA_DIR: dataDir ?? os.tmpdir() });
const context = {
  database,
  config,
  signingKey: new Uint8Array(32),
  mailer: createMailer({ smtpUrl: undefined, from: config.mailFrom, mailDir: path.join(os.tmpdir(), 'job-worker-mail'), log: () => {} }),
};

let jobId: number;
if (mode === 'start' && workerKind === DEACTIVATION_JOB_KIND) {
  // Active administrators to deactivate, and a few already inactive ones (deactivated by hand after the request).
  const inserted = await database.query<{ id: number }>(
    `insert into users (user_type_id, name, email, deleted)
     select 1, 'Administrador ' || n, 'admin-restart-' || n || '@portales.test', n > $1::int
       from generate_series(1, $1::int + $2::int) as n
     returning id`,
    [DEACTIVATE_ADMINS, DEACTIVATE_INACTIVE],
  );
  const userIds = inserted.map((row) => Number(row.id)).sort((a, b) => a - b);
  jobId = await enqueueJob(database.db, { kind: DEACTIVATION_JOB_KIND, payload: { userIds, request: { locations: '', parentLocations: '', siteTypes: '', sites: '', groups: '' } } });
} else if (mode === 'start') {
  jobId = await enqueueJob(database.db, { kind: 'test.restart', payload: {} });
} else {
  const [row] = await database.query<{ id: string }>(`select id from jobs where kind = $1 order by id desc limit 1`, [workerKind]);
  jobId = Number(row!.id);
}
process.stdout.write(`job ${jobId}\n`);

const runner = startJobRunner(context, { instanceId, pollMs: 50, leaseMs: RESTART_LEASE_MS });
if (mode === 'resume') {
  for (;;) {
    const [row] = await database.query<{ status: string }>('select status from jobs where id = $1', [jobId]);
    if (row && ['done', 'failed', 'cancelled'].includes(row.status)) {
      await runner.stop();
      await database.close();
      process.stdout.write(`final ${row.status}\n`);
      process.exit(0);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
