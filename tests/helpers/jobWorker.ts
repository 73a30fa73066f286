/**
 * A job runner in its own process, for tests/api/jobs-restart.test.ts: `start` queues a 200-item job and runs
 * it (the test kills it with SIGKILL midway); `resume` runs the queue until that job ends, then exits.
 * Database: JOB_WORKER_DATABASE_URL (PostgreSQL) or the PGlite folder JOB_WORKER_DATA_DIR (one process at a time).
 * Prints `job <id>`, `done <key>` after each finished item, and `final <status>`.
 */
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { readConfig } from '../../server/config';
import { openDatabase } from '../../server/db/connection';
import { enqueueJob, registerJobKind, startJobRunner } from '../../server/jobs';
import { createMailer } from '../../server/mail/mailer';

const RESTART_ITEMS = 200;
const RESTART_LEASE_MS = 1000;

const mode = process.env.JOB_WORKER_MODE;
const dataDir = process.env.JOB_WORKER_DATA_DIR;
const database = await openDatabase({ databaseUrl: process.env.JOB_WORKER_DATABASE_URL, dataDir });
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
        await new Promise((resolve) => setTimeout(resolve, 5));
        await tx.execute(sql`insert into job_restart_records (item_key, instance) values (${key}, ${instanceId})`);
      });
      process.stdout.write(`done ${key}\n`);
    }
  },
});

const config = readConfig({ DATA_DIR: dataDir ?? os.tmpdir() });
const context = {
  database,
  config,
  signingKey: new Uint8Array(32),
  mailer: createMailer({ smtpUrl: undefined, from: config.mailFrom, mailDir: path.join(os.tmpdir(), 'job-worker-mail'), log: () => {} }),
};

let jobId: number;
if (mode === 'start') {
  jobId = await enqueueJob(database.db, { kind: 'test.restart', payload: {} });
} else {
  const [row] = await database.query<{ id: string }>(`select id from jobs where kind = 'test.restart' order by id desc limit 1`);
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
