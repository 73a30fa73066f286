/**
 * The installation job (`sites.install`, issue 9; spec 01 §4 'Site request', §8 'Approve errors') against a fake portal
 * installer and a fake Matomo, both real HTTP servers reached by the real clients: success, a failure at each step
 * (SiteUrlAlreadyExists, PiwikError, InstallerError, DataBaseIsAlreadyExists, an incomplete profile) with the retry
 * (`POST /siterequests/install/{id}`) resuming where it stopped, the change of administrators, the built-in installer,
 * and a site never marked installed half-way. Requests are inserted directly (the approval endpoint is the requests
 * work). PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createJobRunner, enqueueJob } from '../../server/jobs';
import { resolvePortalKey } from '../../server/portal/keys';
import { INSTALLATION_ACCESS_MAIL, SITE_INSTALL_JOB } from '../../server/sites/installation/job';
import { bearer, createTestApp, type TestApp } from '../helpers/testApp';

const API = '/api/v1';
const quiet = { pollMs: 10, log: () => {} };

interface Answer {
  status: number;
  body: unknown;
  delayMs?: number;
}

/** A fake HTTP service: records each call (headers and body) and answers what the test sets. */
function fakeService(parse: (text: string) => unknown) {
  const calls: Array<{ headers: http.IncomingHttpHeaders; body: any }> = [];
  let answer: (body: any) => Answer = () => ({ status: 200, body: {} });
  const server = http.createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      const body = parse(text);
      calls.push({ headers: request.headers, body });
      const { status, body: reply, delayMs } = answer(body);
      setTimeout(() => {
        if (response.destroyed) return;
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(reply));
      }, delayMs ?? 0);
    });
  });
  return {
    calls,
    server,
    answerWith(next: (body: any) => Answer) {
      answer = next;
    },
    async listen(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

const installer = fakeService((text) => (text ? JSON.parse(text) : null));
const matomo = fakeService((text) => Object.fromEntries(new URLSearchParams(text)));
let matomoSites: Array<{ id: number; url: string }> = [];

/** Matomo as it behaves: finds a site by URL, adds one with the next id. */
const matomoWorks = (body: Record<string, string>): Answer => {
  if (body.method === 'SitesManager.getSitesIdFromSiteUrl') {
    return { status: 200, body: matomoSites.filter((site) => site.url === body.url).map((site) => ({ idsite: String(site.id) })) };
  }
  if (body.method === 'SitesManager.addSite') {
    const id = 100 + matomoSites.length;
    matomoSites.push({ id, url: body['urls[0]']! });
    return { status: 200, body: { value: id } };
  }
  return { status: 200, body: { result: 'error', message: 'método desconocido' } };
};
const installerWorks = (body: { site: { url: string } }): Answer => ({ status: 200, body: { status: 'installed', url: body.site.url } });

let t: TestApp;
let sitesToken: string;
let reportsToken: string;
let installerUrl = '';
let matomoUrl = '';
let counter = 0;

beforeAll(async () => {
  installerUrl = await installer.listen();
  matomoUrl = await matomo.listen();
  t = await createTestApp({
    seed: 'reference',
    env: {
      MATOMO_URL: matomoUrl,
      MATOMO_TOKEN: 'token-de-matomo',
      INSTALLER_URL: `${installerUrl}/install`,
      INSTALLER_TOKEN: 'token-del-instalador',
      INSTALLER_TIMEOUT_MS: '1500',
    },
  });
  sitesToken = await t.tokenFor(['Sites'], 'instalador@portales.gov.co');
  reportsToken = await t.tokenFor(['Reports']);
}, 120_000);

afterAll(async () => {
  await t?.close();
  await installer.close();
  await matomo.close();
});

beforeEach(() => {
  installer.calls.length = 0;
  matomo.calls.length = 0;
  installer.answerWith(installerWorks);
  matomo.answerWith(matomoWorks);
  t.config.installerUrl = `${installerUrl}/install`;
  t.config.matomoUrl = matomoUrl;
});

const lr = (n: number) => ({
  name: 'Ana',
  name2: 'María',
  lastName: 'Pérez',
  lastName2: 'Gómez',
  identificationNumber: '1020304050',
  gender: 'F',
  position: 'Alcaldesa',
  email: `ana.perez${n}@entidad.gov.co`,
  phone: '3001234567',
  phone2: '',
});
const wm = (n: number) => ({
  webMasterName: 'Luis',
  webMasterLastName: 'Rojas',
  webMasterIdentificationNumber: '80900100',
  webMasterGender: 'M',
  webMasterPosition: 'Ingeniero',
  webMasterEmail: `luis.rojas${n}@entidad.gov.co`,
  webMasterPhone: '3109876543',
});

/** A site not installed (or installed), without an allowed URL unless given. */
async function newSite(options: { allowedUrl?: string | null; installed?: boolean } = {}): Promise<number> {
  counter += 1;
  const [site] = await t.database.query<{ id: number }>(
    `insert into sites (name, alias, parent_location_id, location_id, site_type_id, order_type, allowed_url, installed, status_id)
     values ($1, $2, 5, 5001, 5, 1, $3, $4, $5) returning id`,
    [`Entidad de instalación ${counter}`, `entidad-instalacion-${counter}`, options.allowedUrl ?? null, options.installed ?? false, options.installed ? 1 : 2],
  );
  return Number(site!.id);
}

/** An approved request, as the approval leaves it. */
async function newRequest(siteId: number, options: { kind?: string; status?: string; detail?: unknown; legal?: unknown; web?: unknown } = {}): Promise<number> {
  const [row] = await t.database.query<{ id: number }>(
    `insert into site_requests (site_id, kind, status, legal_representative, web_master, detail, processed_date)
     values ($1, $2, $3, $4, $5, $6, now()) returning id`,
    [
      siteId,
      options.kind ?? 'FirstTime',
      options.status ?? 'Approved',
      JSON.stringify(options.legal ?? lr(counter)),
      JSON.stringify(options.web ?? wm(counter)),
      JSON.stringify(options.detail ?? { site: { allowedUrl: `https://entidad${counter}.gov.co` } }),
    ],
  );
  return Number(row!.id);
}

const enqueue = (requestId: number) => enqueueJob(t.database.db, { kind: SITE_INSTALL_JOB, payload: { requestId } });
const drain = () => createJobRunner(t.context, quiet).drain();
const retry = (requestId: number, token = sitesToken) => t.app.inject({ method: 'POST', url: `${API}/siterequests/install/${requestId}`, headers: bearer(token) });

async function job(id: number) {
  const [row] = await t.database.query<{ status: string; error: string | null }>('select status, error from jobs where id = $1', [id]);
  return row!;
}
async function items(id: number): Promise<Record<string, string>> {
  const rows = await t.database.query<{ item_key: string; state: string }>('select item_key, state from job_items where job_id = $1 order by id', [id]);
  return Object.fromEntries(rows.map((row) => [row.item_key, row.state]));
}
async function site(id: number) {
  const [row] = await t.database.query<{ installed: boolean; status_id: number; allowed_url: string | null; url: string | null; piwik_id: number | null }>(
    'select installed, status_id, allowed_url, url, piwik_id from sites where id = $1',
    [id],
  );
  return row!;
}
async function installationState(requestId: number) {
  const [row] = await t.database.query<{ state: Record<string, unknown> }>("select detail->'installation' as state from site_requests where id = $1", [requestId]);
  return row!.state;
}
const history = (siteId: number) =>
  t.database.query<{ action: string; after: Record<string, unknown> }>(
    "select action, after from audit_log where resource = 'sites' and record_id = $1::text order by id",
    [String(siteId)],
  );
const administrators = (siteId: number) =>
  t.database.query<{ id: number; email: string; admin_type: string | null; deleted: boolean; password_hash: string | null; gender_id: number | null; site_permissions: Array<{ enabled: boolean }> }>(
    'select id, email, admin_type, deleted, password_hash, gender_id, site_permissions from users where site_id = $1 and user_type_id = 1 order by id',
    [siteId],
  );

describe('a first-time installation that succeeds', () => {
  it('reserves the URL, registers Matomo, calls the installer with a live portal key, creates and e-mails the administrators, then marks the site installed and active', async () => {
    const siteId = await newSite();
    const requestId = await newRequest(siteId, { detail: { site: { allowedUrl: 'https://www.nueva-entidad.gov.co' } } });
    const jobId = await enqueue(requestId);
    await drain();

    expect(await job(jobId)).toMatchObject({ status: 'done', error: null });
    expect(await items(jobId)).toEqual({ url: 'done', matomo: 'done', installer: 'done', administrators: 'done', finish: 'done' });
    const installed = await site(siteId);
    expect(installed).toMatchObject({ installed: true, status_id: 1, allowed_url: 'https://www.nueva-entidad.gov.co', url: 'https://www.nueva-entidad.gov.co', piwik_id: 100 });
    expect(await t.database.query('select domain from site_domains where site_id = $1', [siteId])).toEqual([{ domain: 'nueva-entidad.gov.co' }]);

    // Matomo: looked up by URL first, then added with the name and the URL, the token in the body.
    expect(matomo.calls.map((call) => call.body.method)).toEqual(['SitesManager.getSitesIdFromSiteUrl', 'SitesManager.addSite']);
    expect(matomo.calls[1]!.body).toMatchObject({ siteName: expect.stringContaining('Entidad de instalación'), 'urls[0]': 'https://www.nueva-entidad.gov.co', token_auth: 'token-de-matomo' });

    // The installer: the contract's headers and body; the portal key it got is the site's live key.
    expect(installer.calls).toHaveLength(1);
    const call = installer.calls[0]!;
    expect(call.headers.authorization).toBe('Bearer token-del-instalador');
    expect(call.headers['idempotency-key']).toBe(`site-request-${requestId}`);
    expect(call.body).toMatchObject({
      installationId: `site-request-${requestId}`,
      requestId,
      kind: 'FirstTime',
      site: { id: siteId, url: 'https://www.nueva-entidad.gov.co', allowedUrls: ['https://www.nueva-entidad.gov.co'], piwikId: 100, siteTypeId: 5 },
      platform: { url: t.config.publicUrl, jwksUrl: `${t.config.publicUrl}/.well-known/jwks.json` },
    });
    const resolved = await resolvePortalKey(t.database, call.body.portalKey);
    expect(resolved).toMatchObject({ siteId });

    // The main administrators: no password, every site permission, gender from the profile.
    const admins = await administrators(siteId);
    expect(admins.map((admin) => [admin.admin_type, admin.deleted, admin.password_hash])).toEqual([
      ['LegalRepresentative', false, null],
      ['WebMaster', false, null],
    ]);
    expect(admins.map((admin) => admin.gender_id)).toEqual([1, 0]);
    expect(admins.every((admin) => admin.site_permissions.length > 0 && admin.site_permissions.every((permission) => permission.enabled))).toBe(true);
    const [legal] = await t.database.query<{ name: string }>('select name from users where id = $1', [admins[0]!.id]);
    expect(legal!.name).toBe('Ana María Pérez Gómez');

    // Each one gets an activation link through the mail log; the link's token is stored only as its hash.
    const mails = await t.database.query<{ recipient: string; text_body: string | null; related_id: string }>(
      'select recipient, related_id, * from mail_log where template = $1 and related_id in ($2, $3) order by id',
      [INSTALLATION_ACCESS_MAIL, String(admins[0]!.id), String(admins[1]!.id)],
    );
    expect(mails.map((mail) => mail.recipient)).toEqual([admins[0]!.email, admins[1]!.email]);
    const resets = await t.database.query<{ user_id: number }>('select user_id from password_resets where user_id in ($1, $2) and used_at is null', [admins[0]!.id, admins[1]!.id]);
    expect(resets).toHaveLength(2);

    // The site's history: one line per step and the installation.
    const lines = await history(siteId);
    expect(lines.map((line) => line.action)).toEqual(['install_step', 'install_step', 'install_step', 'install_step', 'install']);
    expect(lines.map((line) => line.after.step ?? 'done')).toEqual(['url', 'matomo', 'installer', 'administrators', 'done']);
    expect(JSON.stringify(lines)).not.toContain(call.body.portalKey);
    expect(await installationState(requestId)).toMatchObject({ jobId, status: 'done' });

    // The wait screen follows the job.
    const followed = await t.app.inject({ method: 'GET', url: `${API}/jobs/${jobId}`, headers: bearer(sitesToken) });
    expect(followed.json()).toMatchObject({ status: 'done', progress: { done: 5, total: 5, percent: 100 } });
  });

  it('the built-in installer (no INSTALLER_URL, no Matomo) installs and activates the portal at the end', async () => {
    t.config.installerUrl = undefined;
    t.config.matomoUrl = undefined;
    const siteId = await newSite({ allowedUrl: 'https://integrado.gov.co' });
    const requestId = await newRequest(siteId, { kind: 'UserMade', detail: {} });
    const jobId = await enqueue(requestId);
    await drain();
    expect(await job(jobId)).toMatchObject({ status: 'done' });
    expect(await items(jobId)).toEqual({ url: 'done', matomo: 'skipped', installer: 'done', administrators: 'done', finish: 'done' });
    expect(await site(siteId)).toMatchObject({ installed: true, status_id: 1, url: 'https://integrado.gov.co', piwik_id: null });
    expect(installer.calls).toHaveLength(0);
    expect(matomo.calls).toHaveLength(0);
  });
});

describe('failures at each step, and the retry resuming where it stopped', () => {
  it('SiteUrlAlreadyExists: another site holds the domain; freed, the retry installs', async () => {
    const holder = await newSite({ allowedUrl: 'https://ocupada.gov.co' });
    await t.database.query("insert into site_domains (domain, site_id) values ('ocupada.gov.co', $1)", [holder]);
    const siteId = await newSite();
    const requestId = await newRequest(siteId, { detail: { allowedUrl: 'https://ocupada.gov.co' } });
    const jobId = await enqueue(requestId);
    await drain();

    expect(await job(jobId)).toMatchObject({ status: 'failed', error: 'La URL asignada a este sitio ya se encuentra en uso' });
    expect(await installationState(requestId)).toMatchObject({ status: 'failed', code: 'SiteUrlAlreadyExists', step: 'url', message: 'La URL asignada a este sitio ya se encuentra en uso' });
    expect(await site(siteId)).toMatchObject({ installed: false, allowed_url: null });
    expect(matomo.calls).toHaveLength(0);
    expect(installer.calls).toHaveLength(0);

    await t.database.query('delete from site_domains where site_id = $1', [holder]);
    const retried = await retry(requestId);
    expect(retried.statusCode).toBe(202);
    expect(retried.json()).toEqual({ jobId });
    await drain();
    expect(await job(jobId)).toMatchObject({ status: 'done' });
    expect(await site(siteId)).toMatchObject({ installed: true, allowed_url: 'https://ocupada.gov.co' });
  });

  it('PiwikError: Matomo down is retried later, Matomo refusing fails; the retry does not reserve the URL again', async () => {
    const siteId = await newSite();
    const requestId = await newRequest(siteId);
    const jobId = await enqueue(requestId);

    matomo.answerWith(() => ({ status: 503, body: {} }));
    await drain();
    expect(await job(jobId)).toMatchObject({ status: 'retry', error: 'No fue posible registrar el sitio en Matomo' });
    expect(await installationState(requestId)).toMatchObject({ status: 'retry', code: 'PiwikError', step: 'matomo' });
    expect(await items(jobId)).toMatchObject({ url: 'done', matomo: 'queued' });

    // Run now instead of waiting for the backoff: Matomo refuses the site.
    matomo.answerWith((body) => (body.method === 'SitesManager.addSite' ? { status: 200, body: { result: 'error', message: 'URL no válida' } } : matomoWorks(body)));
    expect((await retry(requestId)).statusCode).toBe(202);
    await drain();
    expect(await job(jobId)).toMatchObject({ status: 'failed', error: 'No fue posible registrar el sitio en Matomo' });
    expect(await site(siteId)).toMatchObject({ installed: false, piwik_id: null });
    expect(installer.calls).toHaveLength(0);

    matomo.answerWith(matomoWorks);
    expect((await retry(requestId)).statusCode).toBe(202);
    await drain();
    expect(await job(jobId)).toMatchObject({ status: 'done' });
    expect((await site(siteId)).piwik_id).toEqual(expect.any(Number));
    const steps = (await history(siteId)).map((line) => line.after.step ?? line.action);
    expect(steps.filter((step) => step === 'url')).toHaveLength(1);
  });

  it('InstallerError then DataBaseIsAlreadyExists with the installer\'s message; Matomo is not registered twice and the first portal key is revoked', async () => {
    const siteId = await newSite();
    const requestId = await newRequest(siteId);
    const jobId = await enqueue(requestId);

    installer.answerWith(() => ({ status: 500, body: { message: 'Error interno' } }));
    await drain();
    expect(await job(jobId)).toMatchObject({ status: 'retry', error: 'Error interno' });
    expect(await installationState(requestId)).toMatchObject({ code: 'InstallerError', step: 'installer' });
    expect(await items(jobId)).toMatchObject({ url: 'done', matomo: 'done', installer: 'queued' });

    installer.answerWith(() => ({ status: 409, body: { code: 'DataBaseIsAlreadyExists', message: 'La base de datos entidad_x ya existe' } }));
    expect((await retry(requestId)).statusCode).toBe(202);
    await drain();
    expect(await job(jobId)).toMatchObject({ status: 'failed', error: 'La base de datos entidad_x ya existe' });
    expect(await installationState(requestId)).toMatchObject({ status: 'failed', code: 'DataBaseIsAlreadyExists', step: 'installer' });
    expect(await site(siteId)).toMatchObject({ installed: false });
    expect(await administrators(siteId)).toEqual([]);

    installer.answerWith(installerWorks);
    expect((await retry(requestId)).statusCode).toBe(202);
    await drain();
    expect(await job(jobId)).toMatchObject({ status: 'done' });
    expect(matomo.calls.filter((call) => call.body.method === 'SitesManager.addSite')).toHaveLength(1);
    // Three calls, one installation id, a new key each time: only the last one is live.
    expect(installer.calls.map((call) => call.body.installationId)).toEqual(Array(3).fill(`site-request-${requestId}`));
    const keys = installer.calls.map((call) => call.body.portalKey as string);
    expect(new Set(keys).size).toBe(3);
    expect(await resolvePortalKey(t.database, keys[0]!)).toBeNull();
    expect(await resolvePortalKey(t.database, keys[2]!)).toMatchObject({ siteId });
  });

  it('an installer that does not answer in INSTALLER_TIMEOUT_MS is an InstallerError to retry', async () => {
    const siteId = await newSite();
    const requestId = await newRequest(siteId);
    const jobId = await enqueue(requestId);
    installer.answerWith(() => ({ status: 200, body: {}, delayMs: 3000 }));
    await drain();
    expect(await job(jobId)).toMatchObject({ status: 'retry', error: 'No fue posible instalar el portal, intenta de nuevo más tarde' });
    expect(await site(siteId)).toMatchObject({ installed: false });
  });

  it('an incomplete profile stops at the administrators: the site stays not installed (never half-installed), the retry completes it', async () => {
    const siteId = await newSite();
    const requestId = await newRequest(siteId, { web: { webMasterName: 'Sin correo' } });
    const jobId = await enqueue(requestId);
    await drain();
    expect(await job(jobId)).toMatchObject({ status: 'failed', error: 'La solicitud no tiene los datos completos del webmaster (nombre y correo electrónico)' });
    expect(await items(jobId)).toEqual({ url: 'done', matomo: 'done', installer: 'done', administrators: 'queued', finish: 'queued' });
    // Everything before the administrators is there, but the site is not marked installed nor active.
    expect(await site(siteId)).toMatchObject({ installed: false, status_id: 2 });
    expect((await history(siteId)).map((line) => line.action)).not.toContain('install');

    await t.database.query('update site_requests set web_master = $2 where id = $1', [requestId, JSON.stringify(wm(999))]);
    expect((await retry(requestId)).statusCode).toBe(202);
    await drain();
    expect(await job(jobId)).toMatchObject({ status: 'done' });
    expect(installer.calls).toHaveLength(1);
    expect(await site(siteId)).toMatchObject({ installed: true, status_id: 1 });
  });
});

describe('a change of administrators', () => {
  it('deactivates (never deletes) the previous main administrators, keeps the others, creates the new ones; nothing is installed again', async () => {
    const siteId = await newSite({ allowedUrl: 'https://instalada.gov.co', installed: true });
    const [oldLegal, oldWeb, other] = await t.database.query<{ id: number }>(
      `insert into users (user_type_id, name, email, site_id, admin_type) values
         (1, 'Representante anterior', 'anterior@instalada.gov.co', $1, 'LegalRepresentative'),
         (1, 'Webmaster anterior', 'webanterior@instalada.gov.co', $1, 'WebMaster'),
         (1, 'Editor', 'editor@instalada.gov.co', $1, null)
       returning id`,
      [siteId],
    );
    const requestId = await newRequest(siteId, { kind: 'ChangeAdmin', detail: {} });
    const jobId = await enqueue(requestId);
    await drain();

    expect(await job(jobId)).toMatchObject({ status: 'done' });
    expect(await items(jobId)).toEqual({ administrators: 'done', finish: 'done' });
    expect(installer.calls).toHaveLength(0);
    expect(matomo.calls).toHaveLength(0);
    const admins = await administrators(siteId);
    const byId = new Map(admins.map((admin) => [Number(admin.id), admin]));
    expect(byId.get(Number(oldLegal!.id))).toMatchObject({ deleted: true });
    expect(byId.get(Number(oldWeb!.id))).toMatchObject({ deleted: true });
    expect(byId.get(Number(other!.id))).toMatchObject({ deleted: false });
    const active = admins.filter((admin) => !admin.deleted && admin.admin_type);
    expect(active.map((admin) => admin.admin_type)).toEqual(['LegalRepresentative', 'WebMaster']);
    expect(active.map((admin) => admin.email)).toEqual([lr(counter).email, wm(counter).webMasterEmail]);
    const step = (await history(siteId)).find((line) => line.after.step === 'administrators')!;
    expect((step.after.deactivated as Array<{ id: number }>).map((user) => Number(user.id)).sort()).toEqual([Number(oldLegal!.id), Number(oldWeb!.id)].sort());
  });
});

describe('POST /siterequests/install/{id}', () => {
  it('needs Sites; answers 404 for an unknown request and 409 for one not approved, one being installed or one installed', async () => {
    const siteId = await newSite();
    const pending = await newRequest(siteId, { status: 'PendingApproval' });
    expect((await retry(pending, reportsToken)).statusCode).toBe(403);
    expect((await retry(99_999_999)).statusCode).toBe(404);
    expect((await retry(pending)).json()).toMatchObject({ error: { code: 'RequestNotApproved', message: 'La solicitud no está aprobada: solo se instala una solicitud aprobada' } });

    const approved = await newRequest(siteId);
    const jobId = await enqueue(approved);
    const busy = await retry(approved);
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toMatchObject({ error: { code: 'InstallationInProgress', message: 'La instalación de esta solicitud está en curso' } });
    await drain();
    expect(await job(jobId)).toMatchObject({ status: 'done' });
    expect((await retry(approved)).json()).toMatchObject({ error: { code: 'InstallationDone', message: 'La instalación de esta solicitud ya terminó' } });
  });

  it('a cancelled installation is put back in the queue and completes', async () => {
    const siteId = await newSite();
    const requestId = await newRequest(siteId);
    const jobId = await enqueue(requestId);
    const cancelled = await t.app.inject({ method: 'POST', url: `${API}/jobs/${jobId}/cancel`, headers: bearer(sitesToken) });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    await drain();
    expect(await site(siteId)).toMatchObject({ installed: false });
    expect((await retry(requestId)).json()).toEqual({ jobId });
    expect(await installationState(requestId)).toMatchObject({ jobId, status: 'queued' });
    await drain();
    expect(await job(jobId)).toMatchObject({ status: 'done' });
    expect(await site(siteId)).toMatchObject({ installed: true });
  });

  it('an approved request without a job gets one; two retries at once queue a single job', async () => {
    const siteId = await newSite();
    const requestId = await newRequest(siteId);
    const answers = await Promise.all([retry(requestId), retry(requestId)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([202, 409]);
    const jobs = await t.database.query<{ id: number }>("select id from jobs where kind = $1 and payload->>'requestId' = $2", [SITE_INSTALL_JOB, String(requestId)]);
    expect(jobs).toHaveLength(1);
    const audit = await t.database.query<{ user_email: string }>("select user_email from audit_log where action = 'install_retry' and record_id = $1", [String(requestId)]);
    expect(audit).toEqual([{ user_email: 'instalador@portales.gov.co' }]);
    await drain();
    expect(await site(siteId)).toMatchObject({ installed: true });
  });
});

describe('POST /portal/administrators/activate', () => {
  it("the portal redeems a new administrator's e-mailed link once, with the chosen password, only for its own administrators", async () => {
    const siteId = await newSite();
    const requestId = await newRequest(siteId);
    await enqueue(requestId);
    await drain();
    const portalKey = installer.calls.at(-1)!.body.portalKey as string;
    const [legal] = await administrators(siteId);
    const [mail] = await t.database.query<{ text_body: string }>('select text_body from mail_log where template = $1 and related_id = $2', [INSTALLATION_ACCESS_MAIL, String(legal!.id)]);
    expect(mail!.text_body).toContain('representante legal');
    const link = /(\S+)\/administrador\/activar#token=(\S+)/.exec(mail!.text_body)!;
    expect(link[1]).toBe((await site(siteId)).url);
    const token = link[2]!;
    const activate = (key: string, body: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: `${API}/portal/administrators/activate`, headers: { authorization: `Portal ${key}` }, payload: body });

    // Another portal's key does not open this portal's administrator.
    const otherSite = await newSite();
    await enqueue(await newRequest(otherSite));
    await drain();
    const otherKey = installer.calls.at(-1)!.body.portalKey as string;
    expect((await activate(otherKey, { token, password: 'clave-segura' })).json()).toMatchObject({
      error: { details: [{ target: 'token', message: 'El enlace de activación no es válido, venció o ya fue usado' }] },
    });
    expect((await activate(portalKey, { token, password: 'corta' })).json()).toMatchObject({ error: { message: 'Debes por lo menos ingresar 6 caracteres' } });

    const activated = await activate(portalKey, { token, password: 'clave-segura' });
    expect(activated.statusCode).toBe(200);
    expect(activated.json()).toMatchObject({ userId: Number(legal!.id), adminType: 'LegalRepresentative', email: legal!.email });
    const [stored] = await t.database.query<{ password_hash: string | null }>('select password_hash from users where id = $1', [legal!.id]);
    expect(stored!.password_hash).toMatch(/^\$argon2/);
    // Single use.
    expect((await activate(portalKey, { token, password: 'otra-clave' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: `${API}/portal/administrators/activate`, payload: { token, password: 'x' } })).statusCode).toBe(401);
  });
});
