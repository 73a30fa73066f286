/**
 * Backups (spec 01 §3 'Backup', §4, §7, §8; issue 9): the one-pending rule (in the database too), the zip job with
 * its manifest and the requester's e-mail, the single-use token download (valid, reused, expired, wrong hash), delete,
 * a cancelled or failed job freeing the pending slot, and one backup per site (issue 21: a ready one is replaced only
 * when asked, its zip deleted once the new one is ready; a failed attempt gives way to the next; the database holds
 * it too). On PGlite and on PostgreSQL.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobRunner } from '../../server/jobs';
import { fileStorageOf } from '../../server/files';
import { backupStorageKey } from '../../server/backups/zip';
import { bearer, createTestApp, type TestApp } from '../helpers/testApp';
import { multipart } from '../helpers/multipart';
import { openStream } from '../helpers/eventStream';

let t: TestApp;
let sites: string;
let reports: string;
let siteIds: number[] = [];
const API = '/api/v1';
const quiet = { pollMs: 10, log: () => {} };

beforeAll(async () => {
  t = await createTestApp({ seed: 'demo' });
  sites = await t.tokenFor(['Sites'], 'copias@portales.gov.co');
  reports = await t.tokenFor(['Reports']);
  siteIds = (await t.database.query<{ id: number }>('select id from sites where not is_deleted order by id limit 5')).map((row) => row.id);
}, 120_000);

afterAll(async () => t?.close());

const request = (siteId: number, token = sites, extra: Record<string, unknown> = {}) =>
  t.app.inject({ method: 'POST', url: `${API}/backuprequests`, headers: bearer(token), payload: { siteId, ...extra } });
/** A request that replaces the site's ready backup if it holds one. */
const replacing = (siteId: number) => request(siteId, sites, { replace: true });
const listOf = async (siteId: number) =>
  ((await t.app.inject({ method: 'GET', url: `${API}/backuprequests?siteId=${siteId}`, headers: bearer(sites) })).json() as { results: Array<{ id: number; status: string }> }).results.map(
    (row) => [row.id, row.status],
  );
const drain = () => createJobRunner(t.context, quiet).drain();
const read = async (id: number) => (await t.app.inject({ method: 'GET', url: `${API}/backuprequests/${id}`, headers: bearer(sites) })).json() as Record<string, unknown>;

async function zipOf(backupId: number): Promise<Buffer> {
  const stream = await fileStorageOf(t.context).get(backupStorageKey(backupId));
  expect(stream).not.toBeNull();
  const chunks: Buffer[] = [];
  for await (const chunk of stream!) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('requesting a backup', () => {
  let firstId = 0;

  it('needs Sites: Reports holders are refused', async () => {
    expect((await request(siteIds[0]!, reports)).statusCode).toBe(403);
  });

  it('refuses a site that does not exist, in the envelope', async () => {
    const response = await request(99_999_999);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'BadArgument', details: [{ target: 'siteId' }] } });
  });

  it('creates a requested backup with the site name and its job; a second request while it is pending names that site', async () => {
    const created = await request(siteIds[0]!);
    expect(created.statusCode).toBe(201);
    const body = created.json() as { id: number; status: string; site: string; siteId: number };
    firstId = body.id;
    const [site] = await t.database.query<{ name: string }>('select name from sites where id = $1', [siteIds[0]]);
    expect(body).toMatchObject({ status: 'requested', site: site!.name, siteId: siteIds[0] });

    const second = await request(siteIds[1]!);
    expect(second.statusCode).toBe(409);
    const message = `No se puede generar backup: la entidad ${site!.name} tiene una copia de seguridad pendiente`;
    // The detail repeats the message (a 409's first detail is what the screens show) and points at the site holding it.
    expect(second.json()).toMatchObject({
      error: { code: 'BackupRequestAlreadyPeding', message, details: [{ target: 'siteId', message, value: String(siteIds[0]) }] },
    });
  });

  it('the database holds the rule: a second pending row is refused by its unique index', async () => {
    await expect(
      t.database.query("insert into backups (site_id, site_name, status, download_hash) values ($1, 'x', 'requested', 'h-directo')", [siteIds[1]]),
    ).rejects.toThrow();
  });

  it('cannot delete a backup while it is being built', async () => {
    await t.database.query("update backups set status = 'inProgress' where id = $1", [firstId]);
    const refused = await t.app.inject({ method: 'DELETE', url: `${API}/backuprequests/${firstId}`, headers: bearer(sites) });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: { message: 'La copia de seguridad se está generando: podrás eliminarla cuando termine' } });
    await t.database.query("update backups set status = 'requested' where id = $1", [firstId]);
  });

  it('the job builds the zip with a manifest of every entry, marks it ready and e-mails the requester', async () => {
    // An annotation with an attachment: its file goes into the zip.
    const upload = multipart('acta.pdf', Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'), { contentType: 'application/pdf' });
    const uploaded = await t.app.inject({ method: 'POST', url: `${API}/uploadfiles/elementType=siteComment`, payload: upload.payload, headers: { ...upload.headers, ...bearer(sites) } });
    expect(uploaded.statusCode).toBe(201);
    const file = uploaded.json() as { fileID: string; name: string };
    await t.database.query('insert into site_comments (site_id, user_id, description, files) values ($1, 1, $2, $3)', [siteIds[0], 'Nota con acta', JSON.stringify([file])]);

    await drain();
    const backup = await read(firstId);
    expect(backup).toMatchObject({ status: 'ready' });
    expect(backup.processDate).toEqual(expect.any(String));
    expect(Number(backup.size)).toBeGreaterThan(100);

    const zip = await JSZip.loadAsync(await zipOf(firstId));
    const names = Object.keys(zip.files);
    expect(names).toEqual(expect.arrayContaining(['entidad.json', 'solicitudes.jsonl', 'anotaciones.jsonl', 'administradores.jsonl', 'usuarios.jsonl', 'historial.jsonl', 'manifest.json']));
    expect(names.some((name) => name.startsWith(`archivos/${file.fileID}-`))).toBe(true);
    const manifest = JSON.parse(await zip.file('manifest.json')!.async('string')) as { siteId: number; entries: Array<{ name: string; size: number; sha256: string }> };
    expect(manifest.siteId).toBe(siteIds[0]);
    // No INSTALLER_URL: no portal content, and the manifest says why.
    expect(manifest).toMatchObject({ portal: { included: false, reason: 'no_installer' } });
    expect(manifest.entries.map((entry) => entry.name).sort()).toEqual(names.filter((name) => name !== 'manifest.json').sort());
    for (const entry of manifest.entries) {
      const bytes = await zip.file(entry.name)!.async('nodebuffer');
      expect(bytes.length, entry.name).toBe(entry.size);
      expect(createHash('sha256').update(bytes).digest('hex'), entry.name).toBe(entry.sha256);
    }
    expect(JSON.parse(await zip.file('entidad.json')!.async('string'))).toMatchObject({ id: siteIds[0] });
    const administrators = await zip.file('administradores.jsonl')!.async('string');
    expect(administrators).not.toContain('password');

    const [mail] = await t.database.query<{ to: string; subject: string }>(
      "select recipient as to, subject from mail_log where template = 'backups.ready' and related_id = $1",
      [String(firstId)],
    );
    expect(mail).toMatchObject({ to: 'copias@portales.gov.co' });
    expect(mail!.subject).toContain('está lista');
  });

  it('downloads the zip once through a token; the token does not open it again, nor another hash, nor after it expires', async () => {
    const issued = await t.app.inject({ method: 'GET', url: `${API}/download/${firstId}/token`, headers: bearer(sites) });
    expect(issued.statusCode).toBe(200);
    const { token, hash, url } = issued.json() as { token: string; hash: string; url: string };
    expect(url).toBe(`/download/${hash}?token=${token}`);

    expect((await t.app.inject({ method: 'GET', url: `/download/otro${hash.slice(4)}?token=${token}` })).statusCode).toBe(410);
    const downloaded = await t.app.inject({ method: 'GET', url });
    expect(downloaded.statusCode).toBe(200);
    expect(downloaded.headers['content-type']).toBe('application/zip');
    expect(downloaded.headers['content-disposition']).toMatch(/^attachment; filename="backup-.+-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect(downloaded.rawPayload.equals(await zipOf(firstId))).toBe(true);

    const again = await t.app.inject({ method: 'GET', url });
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({ error: { code: 'Gone', message: 'Este archivo ya no se encuentra para descarga' } });

    // The download page asks by the backup's hash; a value that is neither an id nor a hash finds nothing.
    const byHash = await t.app.inject({ method: 'GET', url: `${API}/download/${hash}/token`, headers: bearer(sites) });
    expect(byHash.statusCode).toBe(200);
    const late = byHash.json() as { url: string; token: string; hash: string };
    expect(late.hash).toBe(hash);
    expect(late.token).not.toBe(token);
    expect((await t.app.inject({ method: 'GET', url: `${API}/download/no-es-un-hash/token`, headers: bearer(sites) })).statusCode).toBe(404);
    await t.database.query("update backup_download_tokens set expires_at = now() - interval '1 second' where used_at is null");
    expect((await t.app.inject({ method: 'GET', url: late.url })).statusCode).toBe(410);

    const [audited] = await t.database.query<{ count: string }>("select count(*)::text as count from audit_log where resource = 'backups' and action = 'download'");
    expect(Number(audited!.count)).toBe(1);
  });

  it('a token needs Sites, and a backup that is not ready gets none', async () => {
    expect((await t.app.inject({ method: 'GET', url: `${API}/download/${firstId}/token`, headers: bearer(reports) })).statusCode).toBe(403);
    const pending = await request(siteIds[1]!);
    expect(pending.statusCode).toBe(201);
    const refused = await t.app.inject({ method: 'GET', url: `${API}/download/${(pending.json() as { id: number }).id}/token`, headers: bearer(sites) });
    expect(refused.statusCode).toBe(409);
    await drain();
  });

  it('deletes a ready backup and its zip', async () => {
    const deleted = await t.app.inject({ method: 'DELETE', url: `${API}/backuprequests/${firstId}`, headers: bearer(sites) });
    expect(deleted.statusCode).toBeLessThan(300);
    expect(await fileStorageOf(t.context).stat(backupStorageKey(firstId))).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: `${API}/backuprequests/${firstId}`, headers: bearer(sites) })).statusCode).toBe(404);
  });
});

describe('the pending slot is freed', () => {
  it('by a cancelled job: the next request is accepted', async () => {
    const created = (await request(siteIds[2]!)).json() as { id: number };
    const [job] = await t.database.query<{ job_id: number }>('select job_id from backups where id = $1', [created.id]);
    const cancelled = await t.app.inject({ method: 'POST', url: `${API}/jobs/${job!.job_id}/cancel`, headers: bearer(sites) });
    expect(cancelled.statusCode).toBe(200);
    const next = await request(siteIds[3]!);
    expect(next.statusCode).toBe(201);
    expect(await read(created.id)).toMatchObject({ status: 'failed' });
    await drain();
    expect(await read((next.json() as { id: number }).id)).toMatchObject({ status: 'ready' });
  });

  it('by a build that fails: the backup is failed and the requester told', async () => {
    const created = (await request(siteIds[2]!)).json() as { id: number };
    // The site disappears before the job runs (its backup keeps the name).
    await t.database.query('update backups set site_id = null where id = $1', [created.id]);
    await drain();
    expect(await read(created.id)).toMatchObject({ status: 'failed' });
    const [mail] = await t.database.query<{ count: string }>("select count(*)::text as count from mail_log where template = 'backups.failed' and related_id = $1", [String(created.id)]);
    expect(Number(mail!.count)).toBe(1);
    expect((await replacing(siteIds[3]!)).statusCode).toBe(201);
    await drain();
  });
});

describe('concurrent requests', () => {
  it('two requests at once: one is accepted, the other names the pending site', async () => {
    const answers = await Promise.all([replacing(siteIds[0]!), replacing(siteIds[1]!)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    await drain();
  });
});

describe('a site holds one backup', () => {
  const site = () => siteIds[4]!;
  let siteName = '';
  let firstId = 0;
  let secondId = 0;
  const eventsOf = async (backupId: number) =>
    (await t.database.query<{ payload: unknown }>("select payload from events where channel = $1 order by id", [`backups:${site()}`]))
      .map((row) => (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload) as { backupId: number; status: string })
      .filter((payload) => payload.backupId === backupId)
      .map((payload) => payload.status);

  beforeAll(async () => {
    siteName = (await t.database.query<{ name: string }>('select name from sites where id = $1', [site()]))[0]!.name;
  });

  it('a request for a site whose backup is ready asks to replace it (replace must be true or false)', async () => {
    const first = await request(site());
    expect(first.statusCode).toBe(201);
    firstId = (first.json() as { id: number }).id;
    await drain();
    expect(await read(firstId)).toMatchObject({ status: 'ready' });

    const refused = await request(site());
    expect(refused.statusCode).toBe(409);
    const message = `La entidad ${siteName} ya tiene una copia de seguridad lista: confirma que deseas reemplazarla`;
    expect(refused.json()).toMatchObject({
      error: { code: 'BackupReplaceConfirmation', message, details: [{ code: 'BackupReplaceConfirmation', target: 'replace', message, value: String(site()) }] },
    });
    expect((await request(site(), sites, { replace: false })).statusCode).toBe(409);
    const malformed = await request(site(), sites, { replace: 'sí' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ error: { code: 'BadArgument', details: [{ target: 'replace', message: 'Debes indicar sí o no' }] } });
    expect(await listOf(site())).toEqual([[firstId, 'ready']]);
  });

  it('replacing: the ready one stays listed and downloadable until the new one is ready, then its zip and row go, announced and audited', async () => {
    const issued = (await t.app.inject({ method: 'GET', url: `${API}/download/${firstId}/token`, headers: bearer(sites) })).json() as { url: string };
    const second = await replacing(site());
    expect(second.statusCode).toBe(201);
    secondId = (second.json() as { id: number }).id;
    expect(await listOf(site())).toEqual([
      [secondId, 'requested'],
      [firstId, 'ready'],
    ]);
    await drain();
    expect(await listOf(site())).toEqual([[secondId, 'ready']]);
    expect((await t.app.inject({ method: 'GET', url: `${API}/backuprequests/${firstId}`, headers: bearer(sites) })).statusCode).toBe(404);
    expect(await t.database.query('select id from backups where id = $1', [firstId])).toEqual([]);
    expect(await fileStorageOf(t.context).stat(backupStorageKey(firstId))).toBeNull();
    expect(await fileStorageOf(t.context).stat(backupStorageKey(secondId))).not.toBeNull();
    // A token issued before the replacement opens nothing any more.
    expect((await t.app.inject({ method: 'GET', url: issued.url })).statusCode).toBe(410);
    expect(await eventsOf(firstId)).toEqual(['requested', 'inProgress', 'ready', 'replaced']);
    const audited = await t.database.query<{ after: unknown }>("select after from audit_log where resource = 'backups' and record_id = $1 and action = 'update'", [String(firstId)]);
    expect(audited.map((row) => (typeof row.after === 'string' ? JSON.parse(row.after) : row.after))).toContainEqual({ status: 'replaced', replacedBy: secondId });
  });

  it('a failed attempt gives way to the next request; the ready one stays until the new one is ready', async () => {
    const third = (await replacing(site())).json() as { id: number };
    const [job] = await t.database.query<{ job_id: number }>('select job_id from backups where id = $1', [third.id]);
    expect((await t.app.inject({ method: 'POST', url: `${API}/jobs/${job!.job_id}/cancel`, headers: bearer(sites) })).statusCode).toBe(200);
    // The next request frees the slot of the cancelled job (its backup fails) and replaces that failed attempt.
    const fourth = (await replacing(site())).json() as { id: number };
    expect(await listOf(site())).toEqual([
      [fourth.id, 'requested'],
      [secondId, 'ready'],
    ]);
    expect(await t.database.query('select id from backups where id = $1', [third.id])).toEqual([]);
    await drain();
    expect(await listOf(site())).toEqual([[fourth.id, 'ready']]);
    secondId = fourth.id;
  });

  it('the database holds it: a second ready (or expired) backup of a site, or a second attempt, is refused', async () => {
    const insert = (status: string, hash: string) =>
      t.database.query('insert into backups (site_id, site_name, status, download_hash) values ($1, $2, $3, $4)', [site(), siteName, status, hash]);
    await expect(insert('ready', 'h-segunda-lista')).rejects.toThrow();
    await expect(insert('expired', 'h-segunda-vencida')).rejects.toThrow();
    await insert('failed', 'h-fallida');
    await expect(insert('failed', 'h-otra-fallida')).rejects.toThrow();
    await t.database.query("delete from backups where download_hash = 'h-fallida'");
  });
});

describe("the portal's own content, from the installer's backup endpoint", () => {
  type Handler = (request: http.IncomingMessage, response: http.ServerResponse) => void;
  let handler: Handler = (_request, response) => response.writeHead(404).end();
  const calls: Array<{ url: string; authorization: string | undefined }> = [];
  const installer = http.createServer((request, response) => {
    calls.push({ url: request.url ?? '', authorization: request.headers.authorization });
    handler(request, response);
  });
  /** A tar-like body of `size` bytes, written in 64 KiB chunks as the socket drains. */
  const content = (size: number) => Buffer.from(Array.from({ length: size }, (_, index) => (index * 31 + 7) % 251));
  const answerWith = (body: Buffer, type = 'application/x-tar'): Handler => (_request, response) => {
    response.writeHead(200, { 'content-type': type });
    response.end(body);
  };
  const siteOf = async () => {
    const [site] = await t.database.query<{ id: number; alias: string }>('select id, alias from sites where id = $1', [siteIds[1]]);
    return site!;
  };
  const jobOf = async (backupId: number) =>
    (await t.database.query<{ status: string; attempts: number }>('select j.status, j.attempts from jobs j join backups b on b.job_id = j.id where b.id = $1', [backupId]))[0]!;
  /** The retry's wait is over now (the backoff is 30 s). */
  const retryNow = () => t.database.query("update jobs set run_after = now() where status = 'retry'");
  const partialFiles = () => {
    const dir = path.join(t.config.dataDir, 'uploads', 'backups');
    return fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => name.endsWith('.part')) : [];
  };

  beforeAll(async () => {
    await new Promise<void>((resolve) => installer.listen(0, '127.0.0.1', resolve));
    t.config.installerUrl = `http://127.0.0.1:${(installer.address() as AddressInfo).port}/install/`;
    t.config.installerToken = 'token-del-instalador';
  });
  afterAll(async () => {
    t.config.installerUrl = undefined;
    await new Promise((resolve) => installer.close(resolve));
  });

  it('streams the answer into the zip as portal/…, with its checksum in the manifest', async () => {
    const body = content(3 * 1024 * 1024 + 17);
    handler = answerWith(body);
    calls.length = 0;
    const created = (await replacing(siteIds[1]!)).json() as { id: number };
    await drain();
    expect(await read(created.id)).toMatchObject({ status: 'ready' });
    const site = await siteOf();
    expect(calls).toEqual([{ url: `/install/sites/${encodeURIComponent(site.alias)}/backup?siteId=${site.id}`, authorization: 'Bearer token-del-instalador' }]);
    const zip = await JSZip.loadAsync(await zipOf(created.id));
    const stored = await zip.file('portal/contenido.tar')!.async('nodebuffer');
    expect(stored.equals(body)).toBe(true);
    const manifest = JSON.parse(await zip.file('manifest.json')!.async('string')) as { portal: unknown; entries: Array<{ name: string; size: number; sha256: string }> };
    expect(manifest.portal).toEqual({ included: true, entry: 'portal/contenido.tar', contentType: 'application/x-tar' });
    expect(manifest.entries).toContainEqual({ name: 'portal/contenido.tar', size: body.length, sha256: createHash('sha256').update(body).digest('hex') });
  });

  it('a 404 means the installer keeps no content for the portal: recorded in the manifest, the backup is ready', async () => {
    handler = (_request, response) => response.writeHead(404, { 'content-type': 'application/json' }).end('{"code":"NotFound"}');
    const created = (await replacing(siteIds[1]!)).json() as { id: number };
    await drain();
    expect(await read(created.id)).toMatchObject({ status: 'ready' });
    const zip = await JSZip.loadAsync(await zipOf(created.id));
    expect(Object.keys(zip.files).filter((name) => name.startsWith('portal/'))).toEqual([]);
    expect(JSON.parse(await zip.file('manifest.json')!.async('string'))).toMatchObject({ portal: { included: false, reason: 'not_offered' } });
  });

  it('an installer error fails the attempt, which is retried: the next attempt includes the content', async () => {
    handler = (_request, response) => response.writeHead(503).end();
    const created = (await replacing(siteIds[1]!)).json() as { id: number };
    await drain();
    expect(await read(created.id)).toMatchObject({ status: 'inProgress' });
    expect(await jobOf(created.id)).toEqual({ status: 'retry', attempts: 1 });
    // Cut short the second time: the stream ends before its declared length.
    handler = (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/zip', 'content-length': '100000' });
      response.write(content(5000), () => response.destroy());
    };
    await retryNow();
    await drain();
    expect(await jobOf(created.id)).toEqual({ status: 'retry', attempts: 2 });
    expect(partialFiles()).toEqual([]);
    const body = content(20_000);
    handler = answerWith(body, 'application/zip');
    await retryNow();
    await drain();
    expect(await read(created.id)).toMatchObject({ status: 'ready' });
    const zip = await JSZip.loadAsync(await zipOf(created.id));
    expect((await zip.file('portal/contenido.zip')!.async('nodebuffer')).equals(body)).toBe(true);
  });

  it('an installer that keeps failing fails the backup at the last attempt and tells the requester', async () => {
    handler = (_request, response) => response.writeHead(500).end();
    const created = (await replacing(siteIds[1]!)).json() as { id: number };
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await retryNow();
      await drain();
    }
    expect(await read(created.id)).toMatchObject({ status: 'failed' });
    expect(await jobOf(created.id)).toEqual({ status: 'failed', attempts: 3 });
    const [mail] = await t.database.query<{ count: string }>("select count(*)::text as count from mail_log where template = 'backups.failed' and related_id = $1", [String(created.id)]);
    expect(Number(mail!.count)).toBe(1);
  });

  it('content over INSTALLER_BACKUP_MAX_BYTES fails the backup at once, leaving no partial file', async () => {
    const cap = t.config.installerBackupMaxBytes;
    t.config.installerBackupMaxBytes = 100_000;
    try {
      handler = answerWith(content(300_000));
      const created = (await replacing(siteIds[1]!)).json() as { id: number };
      await drain();
      expect(await read(created.id)).toMatchObject({ status: 'failed' });
      expect(await jobOf(created.id)).toEqual({ status: 'failed', attempts: 1 });
      expect(partialFiles()).toEqual([]);
    } finally {
      t.config.installerBackupMaxBytes = cap;
    }
  });
});

describe("a backup's life on the realtime channel of its site", () => {
  let base = '';
  beforeAll(async () => {
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  const ticket = async (token: string) =>
    ((await t.app.inject({ method: 'POST', url: `${API}/events/ticket`, headers: bearer(token) })).json() as { ticket: string }).ticket;

  it('needs Sites to subscribe', async () => {
    expect((await openStream(base, { ticket: await ticket(reports), channels: `backups:${siteIds[2]}` })).response.status).toBe(403);
  });

  it('a subscriber receives requested, inProgress, ready and deleted, and failed when a cancelled job frees the slot; nothing of other sites', async () => {
    const [site, other] = [siteIds[2]!, siteIds[3]!];
    const stream = await openStream(base, { ticket: await ticket(sites), channels: `backups:${site}` });
    expect(stream.response.status).toBe(200);
    try {
      // Cancelled, then freed (failed) by a request for another site, whose own events go to that site's channel.
      const cancelled = (await request(site)).json() as { id: number };
      const [job] = await t.database.query<{ job_id: number }>('select job_id from backups where id = $1', [cancelled.id]);
      expect((await t.app.inject({ method: 'POST', url: `${API}/jobs/${job!.job_id}/cancel`, headers: bearer(sites) })).statusCode).toBe(200);
      expect((await replacing(other)).statusCode).toBe(201);
      await drain();

      // The site's failed attempt gives way to the new request.
      const created = (await request(site)).json() as { id: number };
      await drain();
      expect((await t.app.inject({ method: 'DELETE', url: `${API}/backuprequests/${created.id}`, headers: bearer(sites) })).statusCode).toBeLessThan(300);

      const received = [];
      for (let index = 0; index < 7; index += 1) received.push(await stream.next());
      expect(received.map((event) => [event.channel, event.payload])).toEqual([
        [`backups:${site}`, { backupId: cancelled.id, siteId: site, status: 'requested' }],
        [`backups:${site}`, { backupId: cancelled.id, siteId: site, status: 'failed' }],
        [`backups:${site}`, { backupId: cancelled.id, siteId: site, status: 'replaced' }],
        [`backups:${site}`, { backupId: created.id, siteId: site, status: 'requested' }],
        [`backups:${site}`, { backupId: created.id, siteId: site, status: 'inProgress' }],
        [`backups:${site}`, { backupId: created.id, siteId: site, status: 'ready' }],
        [`backups:${site}`, { backupId: created.id, siteId: site, status: 'deleted' }],
      ]);
    } finally {
      stream.close();
    }
  });
});
