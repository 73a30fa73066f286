/**
 * `npm start`: takes the embedded data folder's lock, builds the admin when it is missing or stale, prepares the
 * database and serves admin and API, purging expired sign-in rows on a schedule.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { PURGE_INTERVAL_MINUTES, purgeExpired } from './auth/purge';
import { purgeRealtime } from './realtime/events';
import { loadSigningKey } from './auth/tokens';
import { buildState } from './build/freshness';
import { readConfig } from './config';
import { openDatabase } from './db/connection';
import { acquireDataDirLock, DataDirLockedError } from './db/dataDirLock';
import { createMailer } from './mail/mailer';
import { startMailProcessor } from './mail/mailLog';
import { every } from './schedule';
import { purgeBackgroundExports } from './resources/backgroundExports';
import { startJobRunner } from './jobs';
import { sweepBackups as sweepBackupFiles } from './backups/retention';
import { FILE_PURGE_INTERVAL_MINUTES, fileStorageOf, LocalFileStorage, PARTIAL_MAX_IDLE_MINUTES, purgeOrphanFiles, sweepPartial } from './files';
import { initializeDatabase } from './seed';
import { enqueueUpdateReminders, UPDATE_REMINDER_INTERVAL_MINUTES } from './users/updateReminders';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const staticDir = path.join(root, 'dist');

/** Builds the admin when dist/ is missing or older than any of its sources (see server/build/freshness.ts). */
function ensureBuilt(): void {
  const state = buildState(root, path.join(staticDir, 'index.html'));
  if (state === 'fresh') return;
  const vite = path.join(root, 'node_modules/vite/bin/vite.js');
  if (!fs.existsSync(vite)) {
    // Production installs may omit vite: serve what is built, but say it is out of date.
    if (state === 'stale') {
      console.warn('AVISO: la interfaz compilada (dist/) es anterior a sus fuentes y vite no está instalado: se sirve una versión desactualizada. Ejecute `npm run build`.');
      return;
    }
    console.error('No hay interfaz compilada (dist/) y vite no está instalado para construirla: ejecute `npm run build`.');
    process.exit(1);
  }
  console.log(
    state === 'missing'
      ? 'Construyendo la aplicación (vite build)…'
      : 'Las fuentes de la interfaz cambiaron desde la última compilación: reconstruyendo (vite build)…',
  );
  const result = spawnSync(process.execPath, [vite, 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('La compilación de la interfaz falló (vite build): corrija el error anterior o ejecute `npm run build`.');
    process.exit(result.status ?? 1);
  }
}

/** What shutdown undoes, last started first. */
const closers: Array<() => Promise<void> | void> = [];
let stopping = false;

async function shutdown(): Promise<void> {
  if (stopping) return;
  stopping = true;
  for (const close of closers.reverse()) await close();
  process.exit(0);
}

async function main(): Promise<void> {
  const config = readConfig();
  const log = (line: string) => console.log(line);
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  if (!config.databaseUrl) {
    // The embedded database: one server per DATA_DIR. The lock goes with the process, however it ends.
    const lock = acquireDataDirLock(config.dataDir, { log });
    process.once('exit', () => lock.release());
  }
  if (config.serveAdmin) ensureBuilt();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: config.pgPoolSize });
  closers.push(() => database.close());
  // The demo's banner and logo images go where the files service keeps uploads (server/files: DATA_DIR/uploads).
  await initializeDatabase(database, config, log, { files: new LocalFileStorage(path.join(config.dataDir, 'uploads')) });
  const context = {
    database,
    config,
    signingKey: await loadSigningKey(database, config.tokenSecret),
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, mailDir: path.join(config.dataDir, 'mail'), log }),
  };
  const app = await buildApp({
    context,
    staticDir: config.serveAdmin ? staticDir : undefined,
    logger: { level: process.env.LOG_LEVEL ?? 'warn' },
  });
  closers.push(() => app.close());
  const purge = every(
    PURGE_INTERVAL_MINUTES * 60_000,
    async () => {
      await purgeExpired(database, config);
      await purgeRealtime(database);
    },
    (error) => app.log.warn({ err: error }, 'purge of expired sessions failed'),
  );
  closers.push(() => purge.stop());
  // Partial writes left by a process that died mid-write (e.g. a backup's zip): swept now and with the orphan files.
  const sweepPartialWrites = async () => {
    const swept = await sweepPartial(fileStorageOf(context), { olderThan: new Date(Date.now() - PARTIAL_MAX_IDLE_MINUTES * 60_000) });
    if (swept.length) app.log.warn({ keys: swept }, 'partial writes swept');
  };
  await sweepPartialWrites().catch((error: unknown) => app.log.warn({ err: error }, 'sweep of partial writes failed'));
  // Ready backups past BACKUP_RETENTION_DAYS lose their zip, replaced ones their zip and row, and partial zips of
  // builds that died are deleted (server/backups/retention.ts): now and hourly.
  const sweepBackups = () =>
    sweepBackupFiles(database, fileStorageOf(context), { leaseMs: config.jobLeaseMs }).catch((error: unknown) =>
      app.log.warn({ err: error }, 'sweep of backups failed'),
    );
  await sweepBackups();
  const filePurge = every(
    FILE_PURGE_INTERVAL_MINUTES * 60_000,
    async () => {
      await sweepPartialWrites();
      await sweepBackups();
      await purgeOrphanFiles(database, fileStorageOf(context), { olderThanHours: config.fileOrphanHours });
      // Files of background exports (e.g. POST /siteusers/export/) are kept as long as orphan uploads.
      await purgeBackgroundExports(database, fileStorageOf(context), { olderThanHours: config.fileOrphanHours });
    },
    (error) => app.log.warn({ err: error }, 'purge of orphan files failed'),
  );
  closers.push(() => filePurge.stop());
  // A running job is handed back at its next item; another instance (or the next start) resumes it.
  const jobRunner = startJobRunner(context, { pollMs: config.jobPollMs, leaseMs: config.jobLeaseMs });
  closers.push(() => jobRunner.stop());
  // The administrators' update reminders (server/users/updateReminders.ts): a job now and every hour, never two waiting.
  const queueReminders = () => enqueueUpdateReminders(database.db);
  await queueReminders().catch((error: unknown) => app.log.warn({ err: error }, 'queueing the update reminders failed'));
  const reminders = every(UPDATE_REMINDER_INTERVAL_MINUTES * 60_000, queueReminders, (error) => app.log.warn({ err: error }, 'queueing the update reminders failed'));
  closers.push(() => reminders.stop());
  // Mail waiting to be retried (or queued by a transaction) goes out every MAIL_POLL_MS; safe on several instances.
  const mailProcessor = startMailProcessor(context, {
    pollMs: config.mailPollMs,
    onError: (error) => app.log.warn({ err: error }, 'mail log processing failed'),
  });
  closers.push(() => mailProcessor.stop());
  await app.listen({ port: config.port, host: config.host });
  console.log(`Portales admin escuchando en http://${config.host}:${config.port} (base de datos: ${database.kind})`);
}

main().catch((error) => {
  // A refusal to start is a sentence for the operator, not a stack trace.
  console.error(error instanceof DataDirLockedError ? error.message : error);
  process.exit(1);
});
