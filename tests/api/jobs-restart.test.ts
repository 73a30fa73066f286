/**
 * A job survives the death of its process: a runner in a child process (tests/helpers/jobWorker.ts) is killed
 * with SIGKILL in the middle of a 200-item job; a second runner takes the job over once the lease (1 s) has
 * passed and completes it, and every item's effect is recorded exactly once. PGlite folder or PostgreSQL.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/connection';
import { createFreshDatabase, type FreshDatabase } from '../../server/db/freshDatabase';

const ITEMS = 200;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const worker = path.join(root, 'tests/helpers/jobWorker.ts');

const pgBase = process.env.TEST_DATABASE_URL;
const fresh: FreshDatabase | null = pgBase ? await createFreshDatabase(pgBase, 'jr') : null;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portales-jobs-restart-'));
const databaseEnv = fresh ? { JOB_WORKER_DATABASE_URL: fresh.url } : { JOB_WORKER_DATA_DIR: dataDir };

afterAll(async () => {
  await fresh?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

interface Worker {
  child: ChildProcess;
  lines: string[];
  /** Resolves on the first line that matches. */
  waitFor(test: (line: string, lines: string[]) => boolean): Promise<string>;
  exited: Promise<number | null>;
}

function startWorker(mode: 'start' | 'resume'): Worker {
  const child = spawn(process.execPath, ['--import', 'tsx', worker], {
    cwd: root,
    env: { ...process.env, ...databaseEnv, JOB_WORKER_MODE: mode, DATABASE_URL: '' },
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
  const database = await openDatabase({ databaseUrl: fresh?.url, dataDir: fresh ? undefined : dataDir });
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
