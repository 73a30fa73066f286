/**
 * A backup survives the death of its process (issue 9 'a kill -9 during a backup that completes after restart'): a
 * runner in a child process (tests/helpers/backupWorker.ts) builds a site's backup with each zip entry slowed
 * (BACKUP_TEST_ENTRY_DELAY_MS) and is killed with SIGKILL while the zip is half written; the backup is then still in
 * progress with no zip in the storage. A second runner takes the job over once its lease (1 s) has passed, builds the
 * zip again from the start and marks it ready: a valid zip whose manifest matches every entry, whose size and sha256
 * are the row's, and one e-mail to the requester; the killed build's partial zip is swept, no `.part` remains. PGlite folder or PostgreSQL (TEST_DATABASE_URL).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import JSZip from 'jszip';
import { afterAll, expect, it } from 'vitest';
import type { Database } from '../../server/db/connection';
import { createSharedDatabase } from '../helpers/testApp';

const ATTACHMENTS = 6;
/** Each of the 13 entries waits this long: the zip takes a few seconds to write, time enough to kill it midway. */
const ENTRY_DELAY_MS = 400;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const worker = path.join(root, 'tests/helpers/backupWorker.ts');

// Empty: the first runner migrates it.
const shared = await createSharedDatabase('br');
const dataDir = shared.dataDir;
const storageDir = path.join(dataDir, 'archivos');
const databaseEnv = shared.databaseUrl ? { JOB_WORKER_DATABASE_URL: shared.databaseUrl } : { JOB_WORKER_DATA_DIR: dataDir };

afterAll(async () => {
  await shared.drop();
});

interface Worker {
  child: ChildProcess;
  lines: string[];
  waitFor(test: (line: string) => boolean): Promise<string>;
  exited: Promise<number | null>;
}

function startWorker(mode: 'start' | 'resume'): Worker {
  const child = spawn(process.execPath, ['--import', 'tsx', worker], {
    cwd: root,
    env: {
      ...process.env,
      ...databaseEnv,
      BACKUP_WORKER_MODE: mode,
      BACKUP_WORKER_STORAGE_DIR: storageDir,
      // The resumed build runs at full speed.
      BACKUP_TEST_ENTRY_DELAY_MS: mode === 'start' ? String(ENTRY_DELAY_MS) : '',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const waiters: Array<{ test: (line: string) => boolean; resolve: (line: string) => void }> = [];
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += String(chunk)));
  readline.createInterface({ input: child.stdout! }).on('line', (line) => {
    lines.push(line);
    for (const waiter of [...waiters]) {
      if (waiter.test(line)) {
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
        const found = lines.find(test);
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

const backupsDir = path.join(storageDir, 'backups');
/** The zip being written (LocalFileStorage writes `<key>.<uuid>.part`, then renames it into place). */
const partialZips = (backupId: number) =>
  fs.existsSync(backupsDir) ? fs.readdirSync(backupsDir).filter((name) => name.startsWith(`${backupId}.zip.`) && name.endsWith('.part')) : [];

async function until(test: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!test()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

it('completes a backup after its process was killed with SIGKILL mid-zip, with a valid zip and one e-mail', { timeout: 180_000 }, async () => {
  const first = startWorker('start');
  const backupId = Number((await first.waitFor((line) => line.startsWith('backup '))).split(' ')[1]);
  // Killed once the zip has bytes on disk and at least two entries' worth of time has passed: half written.
  await until(() => partialZips(backupId).some((name) => fs.statSync(path.join(backupsDir, name)).size > 0), 60_000);
  await new Promise((resolve) => setTimeout(resolve, ENTRY_DELAY_MS * 2));
  first.child.kill('SIGKILL');
  await first.exited;

  const midway = await withDatabase(async (database) => {
    const [backup] = await database.query<{ status: string; size: number | null }>('select status, size from backups where id = $1', [backupId]);
    const [job] = await database.query<{ status: string; locked_by: string }>(`select j.status, j.locked_by from jobs j join backups b on b.job_id = j.id where b.id = $1`, [backupId]);
    return { backup: backup!, job: job! };
  });
  expect(midway.backup).toEqual({ status: 'inProgress', size: null });
  expect(midway.job.status).toBe('running');
  expect(midway.job.locked_by).toMatch(/^start-/);
  // Nothing half-written was put in place; the dead process's partial zip is still there.
  expect(fs.existsSync(path.join(backupsDir, `${backupId}.zip`))).toBe(false);
  expect(partialZips(backupId)).toHaveLength(1);

  const second = startWorker('resume');
  expect(await second.waitFor((line) => line.startsWith('final '))).toBe('final ready');
  expect(await second.exited).toBe(0);

  // The resumed attempt (holding the job's claim) swept the dead one's partial zip: no `.part` remains.
  expect(fs.readdirSync(backupsDir).filter((name) => name.endsWith('.part'))).toEqual([]);
  const zipPath = path.join(backupsDir, `${backupId}.zip`);
  const bytes = fs.readFileSync(zipPath);
  const zip = await JSZip.loadAsync(bytes);
  const names = Object.keys(zip.files);
  expect(names.filter((name) => name.startsWith('archivos/'))).toHaveLength(ATTACHMENTS);
  expect(names).toEqual(expect.arrayContaining(['entidad.json', 'solicitudes.jsonl', 'anotaciones.jsonl', 'administradores.jsonl', 'usuarios.jsonl', 'historial.jsonl', 'manifest.json']));
  const manifest = JSON.parse(await zip.file('manifest.json')!.async('string')) as { backupId: number; entries: Array<{ name: string; size: number; sha256: string }> };
  expect(manifest.backupId).toBe(backupId);
  expect(manifest.entries.map((entry) => entry.name).sort()).toEqual(names.filter((name) => name !== 'manifest.json').sort());
  for (const entry of manifest.entries) {
    const content = await zip.file(entry.name)!.async('nodebuffer');
    expect(content.length, entry.name).toBe(entry.size);
    expect(createHash('sha256').update(content).digest('hex'), entry.name).toBe(entry.sha256);
  }
  expect((await zip.file('anotaciones.jsonl')!.async('string')).trim().split('\n')).toHaveLength(ATTACHMENTS);

  await withDatabase(async (database) => {
    const [backup] = await database.query<{ status: string; size: string; sha256: string; process_date: unknown }>(
      'select status, size::text as size, sha256, process_date from backups where id = $1',
      [backupId],
    );
    expect(backup!.status).toBe('ready');
    expect(backup!.process_date).not.toBeNull();
    expect(Number(backup!.size)).toBe(bytes.length);
    expect(backup!.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    const [job] = await database.query<{ status: string; attempts: number }>(`select j.status, j.attempts from jobs j join backups b on b.job_id = j.id where b.id = $1`, [backupId]);
    expect(job).toEqual({ status: 'done', attempts: 2 });
    const [mail] = await database.query<{ n: number }>(`select count(*)::int as n from mail_log where template = 'backups.ready' and related_id = $1`, [String(backupId)]);
    expect(Number(mail!.n)).toBe(1);
  });
});
