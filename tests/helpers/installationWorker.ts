/**
 * A job runner in its own process for tests/api/installation-restart.test.ts: runs the queue with a 1-second lease
 * and the installation job registered, the portal installer at INSTALLATION_WORKER_INSTALLER_URL, until the newest
 * `sites.install` job ends (then prints `final <status>` and exits). The test kills the first one with SIGKILL while
 * the installer is being called. Database: INSTALLATION_WORKER_DATABASE_URL (PostgreSQL) or the PGlite folder
 * INSTALLATION_WORKER_DATA_DIR (one process at a time, opened in this thread: openSharedDatabase).
 */
import os from 'node:os';
import path from 'node:path';
import { readConfig } from '../../server/config';
import { startJobRunner } from '../../server/jobs';
import { createMailer } from '../../server/mail/mailer';
import { SITE_INSTALL_JOB } from '../../server/sites/installation/job';
import { openSharedDatabase } from './databaseTemplates';

const dataDir = process.env.INSTALLATION_WORKER_DATA_DIR;
const database = await openSharedDatabase({ databaseUrl: process.env.INSTALLATION_WORKER_DATABASE_URL, dataDir });
const config = readConfig({
  DATA_DIR: dataDir ?? os.tmpdir(),
  PUBLIC_URL: 'http://127.0.0.1:0',
  INSTALLER_URL: process.env.INSTALLATION_WORKER_INSTALLER_URL,
  INSTALLER_TIMEOUT_MS: '60000',
});
const context = {
  database,
  config,
  signingKey: new Uint8Array(32),
  mailer: createMailer({ smtpUrl: undefined, from: config.mailFrom, mailDir: path.join(os.tmpdir(), 'installation-worker-mail'), log: () => {} }),
};

const [row] = await database.query<{ id: string }>('select id from jobs where kind = $1 order by id desc limit 1', [SITE_INSTALL_JOB]);
const jobId = Number(row!.id);
const instanceId = `${process.env.INSTALLATION_WORKER_NAME ?? 'worker'}-${process.pid}`;
const runner = startJobRunner(context, { instanceId, pollMs: 50, leaseMs: 1000, log: () => {} });
process.stdout.write(`started ${jobId}\n`);
for (;;) {
  const [job] = await database.query<{ status: string }>('select status from jobs where id = $1', [jobId]);
  if (job && ['done', 'failed', 'cancelled'].includes(job.status)) {
    await runner.stop();
    await database.close();
    process.stdout.write(`final ${job.status}\n`);
    process.exit(0);
  }
  await new Promise((resolve) => setTimeout(resolve, 100));
}
