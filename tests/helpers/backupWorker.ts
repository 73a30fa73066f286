/**
 * A job runner in its own process building a real backup (job `backups.build`), for tests/api/backups-restart.test.ts:
 * `start` creates a site with six annotation attachments and a requested backup, queues its job and runs it (the test
 * kills the process with SIGKILL while the zip is half written: BACKUP_TEST_ENTRY_DELAY_MS slows each entry);
 * `resume` runs the queue until that backup is ready or failed, then exits.
 * Database: JOB_WORKER_DATABASE_URL (PostgreSQL) or the PGlite folder JOB_WORKER_DATA_DIR (one process at a time,
 * opened in this thread: openSharedDatabase);
 * files: BACKUP_WORKER_STORAGE_DIR. Prints `backup <id>`, then `final <status>` (resume).
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { readConfig } from '../../server/config';
import { LocalFileStorage } from '../../server/files';
import { enqueueJob, startJobRunner } from '../../server/jobs';
import { BACKUP_JOB } from '../../server/backups/job';
import { createMailer } from '../../server/mail/mailer';
import { openSharedDatabase } from './databaseTemplates';

export const ATTACHMENTS = 6;
const LEASE_MS = 1000;

const mode = process.env.BACKUP_WORKER_MODE;
const dataDir = process.env.JOB_WORKER_DATA_DIR;
const storageDir = process.env.BACKUP_WORKER_STORAGE_DIR!;
const database = await openSharedDatabase({ databaseUrl: process.env.JOB_WORKER_DATABASE_URL, dataDir });
await database.migrate();
const storage = new LocalFileStorage(storageDir);

let backupId: number;
if (mode === 'start') {
  await database.query(`insert into locations (id, code, name) values (5, '05', 'Antioquia')`);
  const [type] = await database.query<{ id: number }>(`insert into site_types (name) values ('Alcaldía') returning id`);
  const [site] = await database.query<{ id: number }>(
    `insert into sites (name, alias, parent_location_id, site_type_id, order_type) values ('Alcaldía de Prueba', 'prueba', 5, $1, 1) returning id`,
    [type!.id],
  );
  const [user] = await database.query<{ id: number }>(
    `insert into users (user_type_id, name, email) values (2, 'Ana Copias', 'copias@portales.test') returning id`,
  );
  for (let index = 0; index < ATTACHMENTS; index += 1) {
    const id = randomUUID();
    const bytes = randomBytes(64 * 1024);
    const key = `uploads/${id}.bin`;
    await storage.put(key, bytes);
    await database.query(
      `insert into files (id, storage_key, name, mime, extension, size, sha256, element_type) values ($1, $2, $3, 'application/octet-stream', 'bin', $4, $5, 'siteComment')`,
      [id, key, `anexo-${index}.bin`, bytes.length, createHash('sha256').update(bytes).digest('hex')],
    );
    await database.query('insert into site_comments (site_id, user_id, description, files) values ($1, $2, $3, $4)', [
      site!.id,
      user!.id,
      `Anotación ${index}`,
      JSON.stringify([{ fileID: id, name: `anexo-${index}.bin` }]),
    ]);
  }
  const [backup] = await database.query<{ id: number }>(
    `insert into backups (site_id, site_name, status, download_hash, requested_by) values ($1, 'Alcaldía de Prueba', 'requested', $2, $3) returning id`,
    [site!.id, randomBytes(24).toString('hex'), user!.id],
  );
  backupId = backup!.id;
  const jobId = await enqueueJob(database.db, { kind: BACKUP_JOB, payload: { backupId }, createdBy: { id: user!.id, email: 'copias@portales.test' } });
  await database.query('update backups set job_id = $1 where id = $2', [jobId, backupId]);
} else {
  const [row] = await database.query<{ id: number }>('select id from backups order by id desc limit 1');
  backupId = row!.id;
}
process.stdout.write(`backup ${backupId}\n`);

const config = readConfig({ DATA_DIR: dataDir ?? os.tmpdir() });
const context = {
  database,
  config,
  signingKey: new Uint8Array(32),
  fileStorage: storage,
  mailer: createMailer({ smtpUrl: undefined, from: config.mailFrom, mailDir: path.join(os.tmpdir(), 'backup-worker-mail'), log: () => {} }),
};
const runner = startJobRunner(context, { instanceId: `${mode}-${process.pid}`, pollMs: 50, leaseMs: LEASE_MS });

if (mode === 'resume') {
  for (;;) {
    const [row] = await database.query<{ status: string }>('select status from backups where id = $1', [backupId]);
    if (row && (row.status === 'ready' || row.status === 'failed')) {
      await runner.stop();
      await database.close();
      process.stdout.write(`final ${row.status}\n`);
      process.exit(0);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
