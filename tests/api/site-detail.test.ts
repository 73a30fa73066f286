/**
 * The site detail (issue 8, spec 01 §2 'Site detail'): `GET /sites/{id}`; annotations on the engine (`GET, POST, PUT
 * /sites/comments`: 540 characters, attachments of 5242880 bytes through the files service, 15 a page, author and
 * date, audited, the site's countComments recounted in the same transaction); 'Administrar' (`GET /sites/{id}/auth`:
 * Impersonate, installed and active sites, a reason, a two-minute single-use token verified through the JWKS, redeemed
 * once by the portal, audited) and the last entries.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { auditLog, siteImpersonations, sites } from '../../server/db/schema';
import { issuePortalKey } from '../../server/portal/keys';
import { siteTokenAudience, siteTokenIssuer } from '../../server/portal/siteTokens';
import { multipart } from '../helpers/multipart';
import { bearer, createTestApp } from '../helpers/testApp';

const API = '/api/v1';
const t = await createTestApp({ seed: 'reference' });
afterAll(async () => {
  await t.close();
});

const sitesToken = await t.tokenFor(['Sites'], 'anotaciones@portales.test');
const impersonateToken = await t.tokenFor(['Impersonate'], 'suplantar@portales.test');
const contentsToken = await t.tokenFor(['GlobalContents'], 'contenidos@portales.test');
const [site, otherSite, inactiveSite] = await t.database.db.select({ id: sites.id, name: sites.name }).from(sites).orderBy(sites.id).limit(3);
// The seed's sites are not installed: one installed and active with its address, one installed but inactive.
await t.database.db.update(sites).set({ installed: true, statusId: 1, url: 'https://portal-uno.gov.co/' }).where(eq(sites.id, site!.id));
await t.database.db.update(sites).set({ installed: true, statusId: 2, url: 'https://portal-tres.gov.co' }).where(eq(sites.id, inactiveSite!.id));
// A count that does not match the real number of annotations (none yet): the first write sets it right.
await t.database.db.update(sites).set({ countComments: 42 }).where(eq(sites.id, site!.id));

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: unknown) =>
  t.app.inject({ method, url: `${API}${url}`, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

function refusal(response: { statusCode: number; json(): unknown }, status = 400): { target: string; message: string } {
  expect(response.statusCode).toBe(status);
  const { error } = response.json() as { error: { details: Array<{ target: string; message: string }> } };
  return error.details[0]!;
}

const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
function upload(elementType: string, filename: string, content: Buffer) {
  const body = multipart(filename, content);
  return t.app.inject({ method: 'POST', url: `${API}/uploadfiles/elementType=${elementType}`, payload: body.payload, headers: { ...bearer(sitesToken), ...body.headers } });
}

const countOf = async (siteId: number) => (await t.database.db.select({ n: sites.countComments }).from(sites).where(eq(sites.id, siteId)))[0]!.n;

interface Comment {
  siteCommentID: number;
  siteId: number;
  description: string;
  files: Array<{ fileID: string; name: string; filePath: string }>;
  userName: string | null;
  creationDate: string;
}

describe('GET /sites/{id}', () => {
  it('answers the site with its names and administrators; 404 for an unknown site; 403 without the portal area', async () => {
    const response = await inject('GET', `/sites/${site!.id}`, impersonateToken);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: site!.id, name: site!.name, installed: true, statusId: 1, statusName: 'Activo', administrators: [] });
    expect((await inject('GET', '/sites/999999', sitesToken)).statusCode).toBe(404);
    expect((await inject('GET', `/sites/${site!.id}`, contentsToken)).statusCode).toBe(403);
  });
});

describe('annotations (GET, POST, PUT /sites/comments)', () => {
  it('creates an annotation with its author and date, audited, and recounts the site countComments', async () => {
    const response = await inject('POST', '/sites/comments', sitesToken, { siteId: site!.id, description: '  Llamada con el alcalde  ' });
    expect(response.statusCode).toBe(201);
    const created = response.json() as Comment;
    expect(created).toMatchObject({ siteId: site!.id, description: 'Llamada con el alcalde', files: [], userName: expect.any(String) });
    expect(Number.isNaN(Date.parse(created.creationDate))).toBe(false);
    expect(await countOf(site!.id)).toBe(1);
    const [line] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'sitecomments'), eq(auditLog.recordId, String(created.siteCommentID))));
    expect(line).toMatchObject({ action: 'create', userEmail: 'anotaciones@portales.test' });
  });

  it('refuses an empty text, a text over 540 characters and an unknown site; accepts exactly 540', async () => {
    expect(refusal(await inject('POST', '/sites/comments', sitesToken, { siteId: site!.id, description: '   ' }))).toEqual({
      code: 'BadArgument',
      target: 'description',
      message: 'Debes escribir la anotación',
    });
    expect(refusal(await inject('POST', '/sites/comments', sitesToken, { siteId: site!.id, description: 'x'.repeat(541) }))).toMatchObject({
      target: 'description',
      message: 'La anotación admite hasta 540 caracteres',
    });
    expect(refusal(await inject('POST', '/sites/comments', sitesToken, { siteId: 999999, description: 'Sitio que no existe' }))).toMatchObject({ target: 'siteId' });
    expect(refusal(await inject('POST', '/sites/comments', sitesToken, { description: 'Sin sitio' }))).toMatchObject({ target: 'siteId' });
    const exact = await inject('POST', '/sites/comments', sitesToken, { siteId: otherSite!.id, description: 'x'.repeat(540) });
    expect(exact.statusCode).toBe(201);
    expect(await countOf(otherSite!.id)).toBe(1);
  });

  it('needs Sites to read and write (spec 01 §6 annotations)', async () => {
    expect((await inject('GET', `/sites/comments?siteId=${site!.id}`, impersonateToken)).statusCode).toBe(403);
    expect((await inject('POST', '/sites/comments', impersonateToken, { siteId: site!.id, description: 'Sin permiso' })).statusCode).toBe(403);
    expect((await inject('PUT', '/sites/comments', impersonateToken, { siteCommentID: 1, description: 'Sin permiso' })).statusCode).toBe(403);
  });

  it('updates by the id in the body (PUT /sites/comments), keeps the site, audits the change', async () => {
    const created = (await inject('POST', '/sites/comments', sitesToken, { siteId: site!.id, description: 'Primera versión' })).json() as Comment;
    const updated = await inject('PUT', '/sites/comments', sitesToken, { siteCommentID: created.siteCommentID, description: 'Segunda versión' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ siteCommentID: created.siteCommentID, siteId: site!.id, description: 'Segunda versión' });
    const moved = await inject('PUT', '/sites/comments', sitesToken, { siteCommentID: created.siteCommentID, siteId: otherSite!.id, description: 'Otra' });
    expect(refusal(moved)).toMatchObject({ target: 'siteId', message: 'La anotación no se puede mover a otra entidad' });
    expect(refusal(await inject('PUT', '/sites/comments', sitesToken, { description: 'Sin id' }))).toMatchObject({ target: 'siteCommentID' });
    expect((await inject('PUT', '/sites/comments', sitesToken, { siteCommentID: 999999, description: 'No existe' })).statusCode).toBe(404);
    const lines = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'sitecomments'), eq(auditLog.recordId, String(created.siteCommentID))));
    expect(lines.map((line) => line.action).sort()).toEqual(['create', 'update']);
  });

  it('lists a site annotations newest first, 15 a page, with hasNextPage', async () => {
    const before = await countOf(site!.id);
    // Written at once: each recount waits for the other (the site row is locked), so none is lost.
    const writes = await Promise.all(
      Array.from({ length: 16 }, (_, index) => inject('POST', '/sites/comments', sitesToken, { siteId: site!.id, description: `Nota ${index}` })),
    );
    expect(writes.map((response) => response.statusCode)).toEqual(Array(16).fill(201));
    expect(await countOf(site!.id)).toBe(before + 16);
    const first = await inject('GET', `/sites/comments?siteId=${site!.id}`, sitesToken);
    expect(first.statusCode).toBe(200);
    const page = first.json() as { results: Comment[]; meta: { hasNextPage: boolean } };
    expect(page.results).toHaveLength(15);
    expect(page.meta.hasNextPage).toBe(true);
    expect(page.results.every((comment) => comment.siteId === site!.id)).toBe(true);
    const dates = page.results.map((comment) => Date.parse(comment.creationDate));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    const last = (await inject('GET', `/sites/comments?siteId=${site!.id}&page=2`, sitesToken)).json() as { results: Comment[]; meta: { hasNextPage: boolean } };
    expect(page.results.length + last.results.length).toBe(before + 16);
    expect(last.meta.hasNextPage).toBe(false);
  });

  it('attaches files through the files service: downloadable, referenced; refuses a file too big or of a type the element does not accept', async () => {
    const uploaded = await upload('siteComment', 'acta.pdf', pdf);
    expect(uploaded.statusCode).toBe(201);
    const file = uploaded.json() as { fileID: string };
    const created = await inject('POST', '/sites/comments', sitesToken, { siteId: site!.id, description: 'Con acta', files: [file] });
    expect(created.statusCode).toBe(201);
    const comment = created.json() as Comment;
    expect(comment.files).toEqual([expect.objectContaining({ fileID: file.fileID, name: 'acta.pdf' })]);
    const refs = await t.database.query<{ resource: string; record_id: string }>('select resource, record_id from file_refs where file_id = $1', [file.fileID]);
    expect(refs).toEqual([{ resource: 'sitecomments', record_id: String(comment.siteCommentID) }]);
    const download = await t.app.inject({ method: 'GET', url: comment.files[0]!.filePath, headers: bearer(sitesToken) });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain('attachment');

    // Over 5242880 bytes: the upload itself is refused, and a bigger document uploaded elsewhere (a request's, 10 MB) cannot be attached.
    const big = Buffer.concat([pdf, Buffer.alloc(5 * 1024 * 1024)]);
    expect((await upload('siteComment', 'grande.pdf', big)).statusCode).toBe(413);
    const elsewhere = (await upload('siteRequest', 'grande.pdf', big)).json() as { fileID: string };
    expect(refusal(await inject('POST', '/sites/comments', sitesToken, { siteId: site!.id, description: 'Muy grande', files: [elsewhere.fileID] }))).toMatchObject({
      target: 'files',
      message: 'Sube archivos de menos de 5 Mb',
    });
    // A text file is not an annotation attachment.
    expect(refusal(await upload('siteComment', 'notas.txt', Buffer.from('hola')))).toMatchObject({ message: 'No puedes subir este tipo de archivo.' });
    const text = (await upload('portalFile', 'portales.csv', Buffer.from('nombre;municipio\r\n'))).json() as { fileID: string };
    expect(refusal(await inject('POST', '/sites/comments', sitesToken, { siteId: site!.id, description: 'Texto', files: [text.fileID] }))).toMatchObject({
      target: 'files',
      message: 'No puedes subir este tipo de archivo.',
    });
    expect(refusal(await inject('POST', '/sites/comments', sitesToken, { siteId: site!.id, description: 'Raro', files: ['no-es-un-id'] }))).toMatchObject({ target: 'files' });
    // Replacing the list releases the file left out.
    const emptied = await inject('PUT', '/sites/comments', sitesToken, { siteCommentID: comment.siteCommentID, description: 'Con acta', files: [] });
    expect(emptied.statusCode).toBe(200);
    expect((emptied.json() as Comment).files).toEqual([]);
    expect(await t.database.query('select 1 from file_refs where file_id = $1', [file.fileID])).toHaveLength(0);
  });
});

describe("'Administrar' (GET /sites/{id}/auth)", () => {
  const auth = (siteId: number, reason: string | undefined, token = impersonateToken) =>
    inject('GET', `/sites/${siteId}/auth${reason === undefined ? '' : `?reason=${encodeURIComponent(reason)}`}`, token);
  const reason = 'Soporte por ticket 4521: revisar el menú';

  it('needs Impersonate, a reason of at least 10 characters and an installed, active site', async () => {
    expect((await auth(site!.id, reason, sitesToken)).statusCode).toBe(403);
    expect(refusal(await auth(site!.id, undefined))).toMatchObject({ target: 'reason', message: 'Debes indicar el motivo del ingreso (al menos 10 caracteres)' });
    expect(refusal(await auth(site!.id, '  corto   '))).toMatchObject({ target: 'reason' });
    expect(refusal(await auth(site!.id, 'x'.repeat(501)))).toMatchObject({ target: 'reason', message: 'El motivo admite hasta 500 caracteres' });
    const inactive = await auth(inactiveSite!.id, reason);
    expect(inactive.statusCode).toBe(409);
    expect((inactive.json() as { error: { message: string } }).error.message).toBe('No fue posible conectarse con el sitio, intenta de nuevo');
    expect((await auth(otherSite!.id, reason)).statusCode).toBe(409);
    expect((await auth(999999, reason)).statusCode).toBe(404);
  });

  it('answers a two-minute token the portal verifies through the JWKS, recorded with who, when and why, and redeemed only once', async () => {
    const response = await auth(site!.id, reason);
    expect(response.statusCode).toBe(200);
    const body = response.json() as { token: string; url: string; expiresAt: string; jti: string };
    expect(body.url).toBe(`https://portal-uno.gov.co/administrador/ingresar#token=${body.token}`);

    const server = await (await import('../../server/app')).buildApp({ context: t.context });
    const address = await server.listen({ port: 0, host: '127.0.0.1' });
    try {
      const keySet = createRemoteJWKSet(new URL(`${address}/.well-known/jwks.json`));
      const issuer = siteTokenIssuer(t.config.publicUrl);
      const { payload } = await jwtVerify(body.token, keySet, { issuer, audience: siteTokenAudience(site!.id), algorithms: ['ES256'] });
      expect(payload).toMatchObject({ purpose: 'impersonate', site: site!.id, jti: body.jti });
      expect(payload.exp! - payload.iat!).toBe(120);
      await expect(jwtVerify(body.token, keySet, { issuer, audience: siteTokenAudience(otherSite!.id) })).rejects.toThrow();
    } finally {
      await server.close();
    }

    const [entry] = await t.database.db.select().from(siteImpersonations).where(eq(siteImpersonations.jti, body.jti));
    expect(entry).toMatchObject({ siteId: site!.id, reason, usedAt: null });
    const [line] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'impersonate'), eq(auditLog.recordId, String(site!.id))));
    expect(line).toMatchObject({ resource: 'sites', userEmail: 'suplantar@portales.test', recordLabel: site!.name });
    expect(line!.after).toMatchObject({ reason, jti: body.jti });
    expect(JSON.stringify(line)).not.toContain(body.token);

    // The portal redeems it with its key: once; another portal's key cannot.
    const key = (await t.database.db.transaction((tx) => issuePortalKey(tx, site!.id)))!.key;
    const otherKey = (await t.database.db.transaction((tx) => issuePortalKey(tx, otherSite!.id)))!.key;
    const redeem = (portalKey: string, token: string) =>
      t.app.inject({ method: 'POST', url: `${API}/portal/impersonations/redeem`, headers: { authorization: `Portal ${portalKey}` }, payload: { token } });
    expect(refusal(await redeem(otherKey, body.token))).toMatchObject({ target: 'token', message: 'El token de ingreso no es válido, venció o ya fue usado' });
    const first = await redeem(key, body.token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ jti: body.jti, reason, userEmail: 'suplantar@portales.test', usedAt: expect.any(String) });
    expect(refusal(await redeem(key, body.token))).toMatchObject({ target: 'token' });

    // Expired (recorded expiry passed): refused even if never used.
    const late = (await auth(site!.id, reason)).json() as { token: string; jti: string };
    await t.database.db.update(siteImpersonations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(siteImpersonations.jti, late.jti));
    expect(refusal(await redeem(key, late.token))).toMatchObject({ target: 'token' });
    expect(refusal(await redeem(key, 'no.es.token'))).toMatchObject({ target: 'token' });

    // The detail lists the last entries, newest first, to Sites or Impersonate holders.
    const recent = await inject('GET', `/sites/${site!.id}/impersonations`, sitesToken);
    expect(recent.statusCode).toBe(200);
    const results = (recent.json() as { results: Array<{ jti: string; reason: string; usedAt: string | null; userEmail: string }> }).results;
    expect(results.map((row) => row.jti)).toEqual([late.jti, body.jti]);
    expect(results[1]).toMatchObject({ reason, userEmail: 'suplantar@portales.test', usedAt: expect.any(String) });
    expect((await inject('GET', `/sites/${site!.id}/impersonations`, contentsToken)).statusCode).toBe(403);
  });
});
