/**
 * The site's counters from the portal API (issue 8; docs/decisions/0013-sites.md): a portal reports its number
 * of contents with its own key (`PUT /portal/stats`), which shows in the site's record and in the list, audited; no key,
 * a revoked key or a superadmin token → 401, and a portal only ever writes its own row; bad bodies → 400 in Spanish;
 * the counters the platform keeps (countUsers, countEmails, countComments) cannot be set by a portal nor by the
 * site form.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, sites } from '../../server/db/schema';
import { issuePortalKey } from '../../server/portal/keys';
import { bearer, createTestApp } from '../helpers/testApp';

const t = await createTestApp({ seed: 'reference' });
afterAll(async () => {
  await t.close();
});

const sitesToken = await t.tokenFor(['Sites']);
const [site, otherSite] = await t.database.db.select({ id: sites.id, name: sites.name }).from(sites).orderBy(sites.id).limit(2);
const keyOf = async (siteId: number) => (await t.database.db.transaction((tx) => issuePortalKey(tx, siteId)))!.key;
const ownKey = await keyOf(site!.id);
const otherKey = await keyOf(otherSite!.id);

const report = (body: unknown, headers: Record<string, string> = { authorization: `Portal ${ownKey}` }) =>
  t.app.inject({ method: 'PUT', url: '/api/v1/portal/stats', headers, payload: body as Record<string, unknown> });
const countersOf = async (siteId: number) =>
  (
    await t.database.db
      .select({ contents: sites.countContents, comments: sites.countComments, users: sites.countUsers, emails: sites.countEmails })
      .from(sites)
      .where(eq(sites.id, siteId))
  )[0]!;

describe('PUT /api/v1/portal/stats', () => {
  it('a portal reports its contents: its record and the list show them, and the trail says which key reported', async () => {
    const otherBefore = await countersOf(otherSite!.id);
    const response = await report({ contents: 1234 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ siteId: site!.id, countContents: 1234 });

    const record = await t.app.inject({ method: 'GET', url: `/api/v1/sites/${site!.id}`, headers: bearer(sitesToken) });
    expect(record.statusCode).toBe(200);
    expect(record.json().countContents).toBe(1234);
    const list = await t.app.inject({ method: 'GET', url: `/api/v1/sites/?id=${site!.id}`, headers: bearer(sitesToken) });
    expect(list.json().results).toEqual([expect.objectContaining({ id: site!.id, countContents: 1234 })]);
    // Only the caller's row changed.
    expect(await countersOf(otherSite!.id)).toEqual(otherBefore);

    const [line] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'portal_stats'), eq(auditLog.recordId, String(site!.id))));
    expect(line).toMatchObject({ resource: 'sites', recordLabel: site!.name, userId: null, after: { contents: 1234, keyId: expect.any(String) } });
    expect(JSON.stringify(line)).not.toContain(ownKey.split('.')[1]);

    // A later report replaces it, and the audit keeps the value it replaced; zero is a count too.
    expect((await report({ contents: 0 })).statusCode).toBe(200);
    expect((await countersOf(site!.id)).contents).toBe(0);
    const lines = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'portal_stats'), eq(auditLog.recordId, String(site!.id))));
    expect(lines.map((row) => row.before)).toContainEqual({ contents: 1234 });
  });

  it('each portal writes its own row only: the other portal key reports for the other site', async () => {
    const before = await countersOf(site!.id);
    const response = await report({ contents: 77 }, { authorization: `Bearer ${otherKey}` });
    expect(response.statusCode).toBe(200);
    expect(response.json().siteId).toBe(otherSite!.id);
    expect((await countersOf(otherSite!.id)).contents).toBe(77);
    expect(await countersOf(site!.id)).toEqual(before);
  });

  it('refuses a call without a portal key, with a superadmin token, a revoked or a forged key (401), changing nothing', async () => {
    const revoked = await keyOf(otherSite!.id); // rotating: otherKey is revoked now
    const before = await countersOf(otherSite!.id);
    for (const headers of [
      {},
      bearer(sitesToken),
      bearer(await t.tokenFor(['Sites', 'Settings', 'Users'])),
      { authorization: `Portal ${otherKey}` },
      { authorization: `Portal ${revoked.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'))}` },
    ]) {
      const response = await report({ contents: 999 }, headers);
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toMatchObject({ code: 'Unauthorized', message: 'La clave del portal no es válida o fue revocada.' });
    }
    expect(await countersOf(otherSite!.id)).toEqual(before);
  });

  it('refuses bad bodies with 400 and a Spanish message on the field, changing nothing', async () => {
    const before = await countersOf(site!.id);
    const cases: Array<[unknown, string, string]> = [
      [{}, 'contents', 'Indica el número de contenidos del portal.'],
      [{ contents: null }, 'contents', 'Indica el número de contenidos del portal.'],
      [{ contents: -1 }, 'contents', 'El número de contenidos debe ser un entero entre 0 y 2.147.483.647.'],
      [{ contents: 1.5 }, 'contents', 'El número de contenidos debe ser un entero entre 0 y 2.147.483.647.'],
      [{ contents: '12' }, 'contents', 'El número de contenidos debe ser un entero entre 0 y 2.147.483.647.'],
      [{ contents: true }, 'contents', 'El número de contenidos debe ser un entero entre 0 y 2.147.483.647.'],
      [{ contents: 2_147_483_648 }, 'contents', 'El número de contenidos debe ser un entero entre 0 y 2.147.483.647.'],
      [{ contents: 5, comments: 3 }, 'comments', 'Los comentarios de la entidad son sus anotaciones en la plataforma y se cuentan allí: el portal solo informa sus contenidos.'],
    ];
    for (const [body, target, message] of cases) {
      const response = await report(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'BadArgument', message, details: [{ target, message }] });
    }
    expect(await countersOf(site!.id)).toEqual(before);
  });

  it('the site form cannot set the counters: they change only through their sources', async () => {
    const before = await countersOf(site!.id);
    const record = (await t.app.inject({ method: 'GET', url: `/api/v1/sites/${site!.id}`, headers: bearer(sitesToken) })).json() as Record<string, unknown>;
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/sites/${site!.id}`,
      headers: bearer(sitesToken),
      payload: { ...record, countUsers: 5000, countEmails: 5000, countContents: 5000, countComments: 5000 },
    });
    expect(response.statusCode).toBeLessThan(500);
    expect(await countersOf(site!.id)).toEqual(before);
  });
});
