/**
 * An installation survives the death of its process (issue 9: 'a kill -9 mid-job'): a runner in a child process
 * (tests/helpers/installationWorker.ts) is killed with SIGKILL while the portal installer (a fake HTTP server here) is
 * handling its call; a second runner takes the job over once the 1-second lease has passed, calls the installer again
 * with the same installation id, and completes it: each step recorded once, two main administrators (not four), the
 * site installed only at the end. PGlite folder or PostgreSQL (TEST_DATABASE_URL).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import type { Database } from '../../server/db/connection';
import { enqueueJob } from '../../server/jobs';
import { SITE_INSTALL_JOB } from '../../server/sites/installation/job';
import { createSharedDatabase } from '../helpers/testApp';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const worker = path.join(root, 'tests/helpers/installationWorker.ts');

// The reference data, copied from the run's template (the site below needs its locations and site types).
const shared = await createSharedDatabase('ir', { seed: 'reference' });
const databaseEnv = shared.databaseUrl ? { INSTALLATION_WORKER_DATABASE_URL: shared.databaseUrl } : { INSTALLATION_WORKER_DATA_DIR: shared.dataDir };

// The installer: the first call never gets an answer (its caller is killed meanwhile); later ones install.
const calls: Array<{ installationId: string; portalKey: string }> = [];
let onCall: (() => void) | null = null;
const installer = http.createServer((request, response) => {
  let text = '';
  request.on('data', (chunk: Buffer) => (text += chunk.toString()));
  request.on('end', () => {
    const body = JSON.parse(text) as { installationId: string; portalKey: string; site: { url: string } };
    calls.push({ installationId: body.installationId, portalKey: body.portalKey });
    onCall?.();
    if (calls.length === 1) return; // left hanging
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ status: 'installed', url: body.site.url }));
  });
});
await new Promise<void>((resolve) => installer.listen(0, '127.0.0.1', resolve));
const installerUrl = `http://127.0.0.1:${(installer.address() as AddressInfo).port}/install`;

afterAll(async () => {
  installer.closeAllConnections();
  await new Promise((resolve) => installer.close(resolve));
  await shared.drop();
});

async function withDatabase<T>(use: (database: Database) => Promise<T>): Promise<T> {
  const database = await shared.open();
  try {
    return await use(database);
  } finally {
    await database.close();
  }
}

function startWorker(name: string): { child: ChildProcess; final: Promise<string>; exited: Promise<number | null> } {
  const child = spawn(process.execPath, ['--import', 'tsx', worker], {
    cwd: root,
    env: { ...process.env, ...databaseEnv, INSTALLATION_WORKER_INSTALLER_URL: installerUrl, INSTALLATION_WORKER_NAME: name, DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += String(chunk)));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const final = new Promise<string>((resolve, reject) => {
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.startsWith('final ')) resolve(line);
    });
    void exited.then((code) => reject(new Error(`worker ${name} exited (${code}) without finishing:\n${stderr}`)));
  });
  final.catch(() => undefined);
  return { child, final, exited };
}

it('completes an installation after its process was killed during the installer call, each step once', { timeout: 180_000 }, async () => {
  const { siteId, requestId, jobId } = await withDatabase(async (database) => {
    const [site] = await database.query<{ id: number }>(
      `insert into sites (name, alias, parent_location_id, location_id, site_type_id, order_type)
       values ('Entidad reiniciada', 'entidad-reiniciada', 5, 5001, 5, 1) returning id`,
    );
    const [request] = await database.query<{ id: number }>(
      `insert into site_requests (site_id, kind, status, legal_representative, web_master, detail)
       values ($1, 'FirstTime', 'Approved', $2, $3, $4) returning id`,
      [
        site!.id,
        JSON.stringify({ name: 'Ana', lastName: 'Pérez', email: 'ana@reiniciada.gov.co', gender: 'F' }),
        JSON.stringify({ webMasterName: 'Luis', webMasterLastName: 'Rojas', webMasterEmail: 'luis@reiniciada.gov.co', webMasterGender: 'M' }),
        JSON.stringify({ site: { allowedUrl: 'https://reiniciada.gov.co' } }),
      ],
    );
    const id = await enqueueJob(database.db, { kind: SITE_INSTALL_JOB, payload: { requestId: Number(request!.id) } });
    return { siteId: Number(site!.id), requestId: Number(request!.id), jobId: id };
  });

  const first = startWorker('first');
  await Promise.race([
    new Promise<void>((resolve) => (onCall = resolve)),
    first.exited.then((code) => Promise.reject(new Error(`the first worker exited (${code}) before calling the installer`))),
  ]);
  first.child.kill('SIGKILL');
  await first.exited;
  onCall = null;

  // Killed during the installer call: the URL is reserved, the installer step is not recorded, the site not installed.
  const midway = await withDatabase(async (database) => ({
    items: await database.query<{ item_key: string; state: string }>('select item_key, state from job_items where job_id = $1 order by id', [jobId]),
    job: (await database.query<{ status: string; locked_by: string }>('select status, locked_by from jobs where id = $1', [jobId]))[0]!,
    site: (await database.query<{ installed: boolean }>('select installed from sites where id = $1', [siteId]))[0]!,
  }));
  expect(midway.job).toMatchObject({ status: 'running', locked_by: expect.stringMatching(/^first-/) });
  expect(Object.fromEntries(midway.items.map((item) => [item.item_key, item.state]))).toEqual({
    url: 'done',
    matomo: 'skipped',
    installer: 'queued',
    administrators: 'queued',
    finish: 'queued',
  });
  expect(midway.site.installed).toBe(false);

  const second = startWorker('second');
  expect(await second.final).toBe('final done');
  expect(await second.exited).toBe(0);

  expect(calls.map((call) => call.installationId)).toEqual([`site-request-${requestId}`, `site-request-${requestId}`]);
  await withDatabase(async (database) => {
    const items = await database.query<{ state: string }>('select state from job_items where job_id = $1', [jobId]);
    expect(items.map((item) => item.state).sort()).toEqual(['done', 'done', 'done', 'done', 'skipped']);
    const [job] = await database.query<{ status: string; attempts: number }>('select status, attempts from jobs where id = $1', [jobId]);
    expect(job).toEqual({ status: 'done', attempts: 2 });
    const lines = await database.query<{ action: string; step: string | null }>(
      "select action, after->>'step' as step from audit_log where resource = 'sites' and record_id = $1 order by id",
      [String(siteId)],
    );
    expect(lines.map((line) => line.step ?? line.action)).toEqual(['url', 'installer', 'administrators', 'install']);
    const admins = await database.query<{ admin_type: string }>('select admin_type from users where site_id = $1 and user_type_id = 1 and not deleted order by id', [siteId]);
    expect(admins.map((admin) => admin.admin_type)).toEqual(['LegalRepresentative', 'WebMaster']);
    const [site] = await database.query<{ installed: boolean; status_id: number }>('select installed, status_id from sites where id = $1', [siteId]);
    expect(site).toEqual({ installed: true, status_id: 1 });
    // Only the key handed over by the second call is live.
    const [keys] = await database.query<{ live: number; revoked: number }>(
      'select count(*) filter (where revoked_at is null)::int as live, count(*) filter (where revoked_at is not null)::int as revoked from portal_keys where site_id = $1',
      [siteId],
    );
    expect(keys).toEqual({ live: 1, revoked: 1 });
  });
});
