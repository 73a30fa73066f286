/**
 * A job survives the death of its process: a runner in a child process (tests/helpers/jobWorker.ts) is killed
 * with SIGKILL in the middle of a 200-item job; a second runner takes the job over once the lease (1 s) has
 * passed and completes it, and every item's effect is recorded exactly once. The same for the bulk deactivation,
 * whose items run in batches of 500 (`runItemBatches`): killed inside a batch, the batch is lost whole and redone,
 * every administrator is deactivated exactly once, and the undo restores exactly them. PGlite folder or PostgreSQL.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { FastifyRequest } from 'fastify';
import { afterAll, expect, it } from 'vitest';
import { DEFAULT_ITEM_BATCH } from '../../server/jobs';
import { undoDeactivation } from '../../server/users/deactivation';
import type { Database } from '../../server/db/connection';
import { createSharedDatabase } from '../helpers/testApp';

const ITEMS = 200;
const ADMINS = 2000;
const INACTIVE = 3;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const worker = path.join(root, 'tests/helpers/jobWorker.ts');

// Empty: the first runner migrates it.
const shared = await createSharedDatabase('jr');
const dataDir = shared.dataDir;
const databaseEnv = shared.databaseUrl ? { JOB_WORKER_DATABASE_URL: shared.databaseUrl } : { JOB_WORKER_DATA_DIR: dataDir };

afterAll(async () => {
  await shared.drop();
});

interface Worker {
  child: ChildProcess;
  lines: string[];
  /** Resolves on the first line that matches. */
  waitFor(test: (line: string, lines: string[]) => boolean): Promise<string>;
  exited: Promise<number | null>;
}

function startWorker(mode: 'start' | 'resume', kind: 'restart' | 'deactivate' = 'restart'): Worker {
  const child = spawn(process.execPath, ['--import', 'tsx', worker], {
    cwd: root,
    env: {
      ...process.env,
      ...databaseEnv,
      JOB_WORKER_MODE: mode,
      JOB_WORKER_KIND: kind,
      DEACTIVATE_ADMINS: String(ADMINS),
      DEACTIVATE_INACTIVE: String(INACTIVE),
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const waiters: Array<{ test: (line: string, lines: string[]) => boolean; resolve: (line: string) => void }> = [];
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += String(chunk)));
  readline.createInterface({ input: child.stdout! }).on('line', (line) => {
    lines.push(line);
    for (const waiter of [...waiters]) {
      if (waiter.test(line, lines)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(line);
      }
    }
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    lines,
    exited,
    waitFor: (test) =>
      new Promise((resolve, reject) => {
        const found = lines.find((line) => test(line, lines));
        if (found) return resolve(found);
        waiters.push({ test, resolve });
        void exited.then((code) => reject(new Error(`worker ${mode} exited (${code}) before the expected line:\n${stderr}`)));
      }),
  };
}

async function withDatabase<T>(use: (database: Database) => Promise<T>): Promise<T> {
  const database = await shared.open();
  try {
    return await use(database);
  } finally {
    await database.close();
  }
}

const doneCount = (lines: string[]) => lines.filter((line) => line.startsWith('done ')).length;

it('completes a job after its process was killed mid-job, with no item done twice', { timeout: 180_000 }, async () => {
  const first = startWorker('start');
  await first.waitFor((_line, lines) => doneCount(lines) >= 30);
  first.child.kill('SIGKILL');
  await first.exited;
  const doneBeforeKill = doneCount(first.lines);
  expect(doneBeforeKill).toBeLessThan(ITEMS);

  // Killed midway: some items are recorded, not all, and the job is still held by the dead process.
  const midway = await withDatabase(async (database) => {
    const [records] = await database.query<{ n: number }>('select count(*)::int as n from job_restart_records');
    const [job] = await database.query<{ status: string; locked_by: string }>(`select status, locked_by from jobs where kind = 'test.restart'`);
    return { records: Number(records!.n), job: job! };
  });
  expect(midway.records).toBeGreaterThanOrEqual(doneBeforeKill);
  expect(midway.records).toBeLessThan(ITEMS);
  expect(midway.job.status).toBe('running');
  expect(midway.job.locked_by).toMatch(/^start-/);

  const second = startWorker('resume');
  expect(await second.waitFor((line) => line.startsWith('final '))).toBe('final done');
  expect(await second.exited).toBe(0);

  await withDatabase(async (database) => {
    const [records] = await database.query<{ total: number; distinct: number; resumed: number }>(
      `select count(*)::int as total, count(distinct item_key)::int as distinct,
              count(*) filter (where instance like 'resume-%')::int as resumed
         from job_restart_records`,
    );
    expect(records).toEqual({ total: ITEMS, distinct: ITEMS, resumed: ITEMS - midway.records });
    const [job] = await database.query<{ status: string; attempts: number; progress: number; total: number }>(
      `select status, attempts, progress, total from jobs where kind = 'test.restart'`,
    );
    expect(job).toEqual({ status: 'done', attempts: 2, progress: ITEMS, total: ITEMS });
    const [items] = await database.query<{ n: number }>(`select count(*)::int as n from job_items where state = 'done'`);
    expect(Number(items!.n)).toBe(ITEMS);
  });
});

const batchesWritten = (lines: string[]) => lines.filter((line) => line.startsWith('batch ')).length;

it('the batched deactivation killed inside a batch: resumed, each administrator once, and the undo restores exactly them', { timeout: 180_000 }, async () => {
  expect(ADMINS).toBeGreaterThan(3 * DEFAULT_ITEM_BATCH);
  const first = startWorker('start', 'deactivate');
  const jobId = Number((await first.waitFor((line) => line.startsWith('job '))).slice(4));
  // The third batch's update ran; its transaction is still open when the process dies.
  await first.waitFor((_line, lines) => batchesWritten(lines) >= 3);
  first.child.kill('SIGKILL');
  await first.exited;

  const countsOf = (database: Database) =>
    database.query<{ done: number; skipped: number; queued: number; marked: number; inactive: number }>(
      `select (select count(*)::int from job_items where job_id = $1 and state = 'done') as done,
              (select count(*)::int from job_items where job_id = $1 and state = 'skipped') as skipped,
              (select count(*)::int from job_items where job_id = $1 and state = 'queued') as queued,
              (select count(*)::int from users where deactivated_by_job = $1 and deleted) as marked,
              (select count(*)::int from users where email like 'admin-restart-%' and deleted) as inactive`,
      [jobId],
    );
  // Two whole batches committed, nothing of the third: the items done are exactly the administrators marked.
  const midway = await withDatabase(async (database) => (await countsOf(database))[0]!);
  expect(midway).toEqual({
    done: 2 * DEFAULT_ITEM_BATCH,
    skipped: 0,
    queued: ADMINS + INACTIVE - 2 * DEFAULT_ITEM_BATCH,
    marked: 2 * DEFAULT_ITEM_BATCH,
    inactive: 2 * DEFAULT_ITEM_BATCH + INACTIVE,
  });

  const second = startWorker('resume', 'deactivate');
  expect(await second.waitFor((line) => line.startsWith('final '))).toBe('final done');
  expect(await second.exited).toBe(0);

  await withDatabase(async (database) => {
    expect((await countsOf(database))[0]).toEqual({ done: ADMINS, skipped: INACTIVE, queued: 0, marked: ADMINS, inactive: ADMINS + INACTIVE });
    const [job] = await database.query<{ status: string; attempts: number; progress: number; total: number; result: unknown }>(
      'select status, attempts, progress, total, result from jobs where id = $1',
      [jobId],
    );
    expect(job).toEqual({ status: 'done', attempts: 2, progress: ADMINS + INACTIVE, total: ADMINS + INACTIVE, result: { deactivated: ADMINS, skipped: INACTIVE } });
    const audits = await database.query<{ after: { count: number } }>(
      "select after from audit_log where resource = 'siteusers' and action = 'deactivate' and record_id = $1",
      [String(jobId)],
    );
    expect(audits.map((row) => row.after.count)).toEqual([ADMINS]);

    // The undo: exactly the administrators this job deactivated, not the ones inactive before it.
    const request = { ip: '127.0.0.1', user: null } as unknown as FastifyRequest;
    expect(await undoDeactivation(database, request, jobId)).toEqual({ restored: ADMINS });
    const [after] = await database.query<{ active: number; inactive: number; marked: number }>(
      `select count(*) filter (where not deleted)::int as active, count(*) filter (where deleted)::int as inactive,
              count(*) filter (where deactivated_by_job is not null)::int as marked
         from users where email like 'admin-restart-%'`,
    );
    expect(after).toEqual({ active: ADMINS, inactive: INACTIVE, marked: 0 });
  });
});
