/**
 * Portal keys and site tokens (issue 6, docs/services.md 'Portal keys'): a Sites holder issues a site's key (shown
 * once, stored hashed, audited without the secret), the portal calls portal routes with it, rotation and revocation
 * refuse the old key, two rotations racing leave one live key; site tokens verify through the published JWKS.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { auditLog, events, portalKeys, sites } from '../../server/db/schema';
import { parsePortalKey } from '../../server/portal/keys';
import { rotateSiteTokenKey, signSiteToken, siteTokenAudience, siteTokenIssuer, verifySiteToken } from '../../server/portal/siteTokens';
import { bearer, createTestApp } from '../helpers/testApp';

const t = await createTestApp({ seed: 'reference' });
afterAll(async () => {
  await t.close();
});

const sitesToken = await t.tokenFor(['Sites']);
const [site, otherSite] = await t.database.db.select({ id: sites.id, name: sites.name }).from(sites).orderBy(sites.id).limit(2);

const issue = (siteId: number) => t.app.inject({ method: 'POST', url: `/api/v1/sites/${siteId}/portalkey`, headers: bearer(sitesToken) });
const whoami = (key: string, scheme = 'Portal') =>
  t.app.inject({ method: 'GET', url: '/api/v1/portal/whoami', headers: { authorization: `${scheme} ${key}` } });

describe('portal keys', () => {
  it('issues a key shown once, stored only as a hash, and the portal calls with it', async () => {
    const response = await issue(site!.id);
    expect(response.statusCode).toBe(201);
    const body = response.json() as { siteId: number; keyId: string; key: string };
    expect(body.siteId).toBe(site!.id);
    const parsed = parsePortalKey(body.key);
    expect(parsed?.keyId).toBe(body.keyId);

    const [stored] = await t.database.db.select().from(portalKeys).where(eq(portalKeys.keyId, body.keyId));
    expect(JSON.stringify(stored)).not.toContain(parsed!.secret);

    for (const scheme of ['Portal', 'Bearer']) {
      const me = await whoami(body.key, scheme);
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({ siteId: site!.id, name: site!.name, keyId: body.keyId });
    }
    // Another site's portal is another site.
    const other = (await issue(otherSite!.id)).json() as { key: string };
    expect((await whoami(other.key)).json().siteId).toBe(otherSite!.id);

    const shown = await t.app.inject({ method: 'GET', url: `/api/v1/sites/${site!.id}/portalkey`, headers: bearer(sitesToken) });
    expect(shown.json()).toEqual({ siteId: site!.id, keyId: body.keyId, createdAt: expect.any(String) });
    expect(shown.body).not.toContain(parsed!.secret);
  });

  it('audits the issue with the key id and never the key', async () => {
    const body = (await issue(site!.id)).json() as { keyId: string; key: string };
    const rows = await t.database.db.select().from(auditLog).where(and(eq(auditLog.resource, 'sites'), eq(auditLog.action, 'portal_key_issue')));
    const line = rows.find((row) => JSON.stringify(row.after).includes(body.keyId));
    expect(line).toMatchObject({ recordId: String(site!.id), recordLabel: site!.name });
    expect(JSON.stringify(rows)).not.toContain(parsePortalKey(body.key)!.secret);
    // And announces it on the 'sites' realtime channel (key id only).
    const announced = await t.database.db.select().from(events).where(eq(events.channel, 'sites'));
    expect(announced.map((event) => event.payload)).toContainEqual({ siteId: site!.id, change: 'portal_key', keyId: body.keyId });
    expect(JSON.stringify(announced)).not.toContain(parsePortalKey(body.key)!.secret);
  });

  it('rotation refuses the previous key; revocation refuses the live one (401 in the envelope)', async () => {
    const first = (await issue(site!.id)).json() as { key: string };
    const second = (await issue(site!.id)).json() as { key: string };
    const refused = await whoami(first.key);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error).toMatchObject({ code: 'Unauthorized', message: 'La clave del portal no es válida o fue revocada.' });
    expect((await whoami(second.key)).statusCode).toBe(200);

    const revoked = await t.app.inject({ method: 'DELETE', url: `/api/v1/sites/${site!.id}/portalkey`, headers: bearer(sitesToken) });
    expect(revoked.statusCode).toBe(204);
    expect((await whoami(second.key)).statusCode).toBe(401);
    const again = await t.app.inject({ method: 'DELETE', url: `/api/v1/sites/${site!.id}/portalkey`, headers: bearer(sitesToken) });
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe('El portal no tiene una clave activa.');
  });

  it('refuses a deleted site’s key and answers 404 for a site that does not exist', async () => {
    const body = (await issue(otherSite!.id)).json() as { key: string };
    await t.database.db.update(sites).set({ isDeleted: true }).where(eq(sites.id, otherSite!.id));
    try {
      expect((await whoami(body.key)).statusCode).toBe(401);
      expect((await issue(otherSite!.id)).statusCode).toBe(404);
    } finally {
      await t.database.db.update(sites).set({ isDeleted: false }).where(eq(sites.id, otherSite!.id));
    }
    expect((await issue(99_999_999)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/sites/abc/portalkey', headers: bearer(sitesToken) })).statusCode).toBe(404);
  });

  it('two rotations racing leave exactly one live key, and it is one of the two answered', async () => {
    const answers = await Promise.all([issue(site!.id), issue(site!.id), issue(site!.id)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201]);
    const live = await t.database.db.select().from(portalKeys).where(and(eq(portalKeys.siteId, site!.id), isNull(portalKeys.revokedAt)));
    expect(live).toHaveLength(1);
    const working = [];
    for (const answer of answers) if ((await whoami(answer.json().key)).statusCode === 200) working.push(answer.json().keyId);
    expect(working).toEqual([live[0]!.keyId]);
  });
});

describe('API reference', () => {
  it('documents portal routes with the portal key scheme, not the bearer token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json', headers: bearer(sitesToken) });
    const document = response.json() as {
      components: { securitySchemes: Record<string, unknown> };
      paths: Record<string, Record<string, { security?: unknown; description?: string }>>;
    };
    expect(document.components.securitySchemes.portalKey).toEqual({ type: 'apiKey', in: 'header', name: 'Authorization' });
    expect(document.paths['/api/v1/portal/whoami']!.get).toMatchObject({ security: [{ portalKey: [] }], description: 'Acceso: portal' });
    expect(document.paths['/api/v1/sites/{id}/portalkey']!.post!.security).toEqual([{ bearerAuth: [] }]);
  });
});

describe('site tokens verified through /.well-known/jwks.json', () => {
  it('a portal verifies a site token with the published keys; the wrong audience, an expired token and a forged one fail', async () => {
    // A real listening server: the portal fetches the JWKS over HTTP as it would in production.
    const second = await (await import('../../server/app')).buildApp({ context: t.context });
    const address = await second.listen({ port: 0, host: '127.0.0.1' });
    try {
      const jwksResponse = await fetch(`${address}/.well-known/jwks.json`);
      expect(jwksResponse.status).toBe(200);
      const jwks = (await jwksResponse.json()) as { keys: Array<Record<string, unknown>> };
      expect(jwks.keys.length).toBeGreaterThan(0);
      for (const key of jwks.keys) {
        expect(key).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig', kid: expect.any(String) });
        expect(key).not.toHaveProperty('d');
      }

      const keySet = createRemoteJWKSet(new URL(`${address}/.well-known/jwks.json`));
      const issuer = siteTokenIssuer(t.config.publicUrl);
      const token = await signSiteToken(t.context, { siteId: site!.id, userId: 7, purpose: 'impersonate', ttlSeconds: 120 });
      const { payload } = await jwtVerify(token, keySet, { issuer, audience: siteTokenAudience(site!.id), algorithms: ['ES256'] });
      expect(payload).toMatchObject({ sub: '7', purpose: 'impersonate', site: site!.id, jti: expect.any(String) });
      expect(payload.exp! - payload.iat!).toBe(120);

      await expect(jwtVerify(token, keySet, { issuer, audience: siteTokenAudience(otherSite!.id) })).rejects.toThrow();
      await expect(
        jwtVerify(token, keySet, { issuer, audience: siteTokenAudience(site!.id), currentDate: new Date((payload.exp! + 1) * 1000) }),
      ).rejects.toThrow();
      const [header, body] = token.split('.');
      const forged = `${header}.${Buffer.from(JSON.stringify({ ...payload, site: otherSite!.id })).toString('base64url')}.${token.split('.')[2]}`;
      expect(body).not.toBe(forged.split('.')[1]);
      await expect(jwtVerify(forged, keySet, { issuer, audience: siteTokenAudience(site!.id) })).rejects.toThrow();
    } finally {
      await second.close();
    }
  });

  it('rotation signs with a new key and keeps the previous one published, so earlier tokens still verify', async () => {
    const before = await signSiteToken(t.context, { siteId: site!.id, purpose: 'sso', ttlSeconds: 60 });
    const newKid = await rotateSiteTokenKey(t.database);
    const after = await signSiteToken(t.context, { siteId: site!.id, purpose: 'sso', ttlSeconds: 60 });
    expect(decodeProtectedHeader(after).kid).toBe(newKid);
    expect(decodeProtectedHeader(before).kid).not.toBe(newKid);
    const jwks = (await t.app.inject({ method: 'GET', url: '/.well-known/jwks.json' })).json() as { keys: Array<{ kid: string }> };
    expect(jwks.keys.map((key) => key.kid)).toEqual([newKid, decodeProtectedHeader(before).kid]);
    expect(await verifySiteToken(t.context, before, site!.id)).not.toBeNull();
    expect(await verifySiteToken(t.context, after, site!.id)).not.toBeNull();
    expect(await verifySiteToken(t.context, after, otherSite!.id)).toBeNull();

    // A second rotation drops the oldest key: tokens it signed no longer verify.
    await rotateSiteTokenKey(t.database);
    expect(await verifySiteToken(t.context, before, site!.id)).toBeNull();
    expect(await verifySiteToken(t.context, after, site!.id)).not.toBeNull();
  });

  it('refuses a lifetime that is not short', async () => {
    await expect(signSiteToken(t.context, { siteId: site!.id, purpose: 'sso', ttlSeconds: 3600 })).rejects.toThrow(RangeError);
  });
});
