import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, count, eq } from 'drizzle-orm';
import { bearer, createTestApp, type TestApp } from '../helpers/testApp';
import { groups, locations, permissions, settings, siteRequests, sites, users, USER_TYPE } from '../../server/db/schema';
import { PERMISSIONS } from '../../resources/permissions';
import { isDatabaseEmpty } from '../../server/seed/reference';

let reference: TestApp;
let demo: TestApp;

beforeAll(async () => {
  [reference, demo] = await Promise.all([createTestApp({ seed: 'reference' }), createTestApp({ seed: 'demo' })]);
});
afterAll(async () => {
  await reference?.close();
  await demo?.close();
});

async function sitesByType(t: TestApp): Promise<Record<number, number>> {
  const rows = await t.database.db.select({ type: sites.siteTypeId, n: count() }).from(sites).groupBy(sites.siteTypeId);
  return Object.fromEntries(rows.map((r) => [r.type, Number(r.n)]));
}

describe('reference data', () => {
  it('creates one governorate and one assembly per department, one mayoralty and one council per municipality', async () => {
    // Bogotá, D.C. has no governorate nor assembly; the 18 áreas no municipalizadas no mayoralty nor council.
    expect(await sitesByType(reference)).toEqual({ 1: 32, 2: 1104, 3: 32, 4: 1104 });
    const [bogota] = await reference.database.query<{ n: number }>('select count(*)::int as n from sites where parent_location_id = 11 and location_id is null');
    expect(bogota!.n).toBe(0);
    const [installed] = await reference.database.db.select({ n: count() }).from(sites).where(eq(sites.installed, true));
    expect(Number(installed!.n)).toBe(0);
    const [medellin] = await reference.database.db.select().from(sites).where(eq(sites.alias, 'alcaldia-medellin-05001'));
    expect(medellin).toMatchObject({ name: 'Alcaldía de Medellín', parentLocationId: 5, locationId: 5001, orderType: 1, statusId: 2 });
    const [governorate] = await reference.database.db.select().from(sites).where(eq(sites.alias, 'gobernacion-antioquia-05'));
    expect(governorate).toMatchObject({ name: 'Gobernación de Antioquia', locationId: null, orderType: 0, siteTypeId: 1 });
    const aliases = await reference.database.db.select({ alias: sites.alias }).from(sites);
    expect(aliases.every((a) => /^[a-z0-9-]+$/.test(a.alias))).toBe(true);
  });

  it('loads the DIVIPOLA locations under the country root 170', async () => {
    const rows = await reference.database.db.select().from(locations).orderBy(asc(locations.id));
    expect(rows.find((l) => l.id === 170)).toMatchObject({ name: 'Colombia', parentLocationId: null });
    expect(rows.filter((l) => l.parentLocationId === 170)).toHaveLength(33);
    expect(rows.filter((l) => l.isMunicipality)).toHaveLength(1122);
    expect(rows.find((l) => l.id === 11001)).toMatchObject({ code: '11001', parentLocationId: 11 });
  });

  it('seeds permissions, site types, catalogues and settings, with sequences after the fixed ids', async () => {
    const held = await reference.database.db.select().from(permissions).orderBy(asc(permissions.permissionID));
    expect(held.map((p) => p.name)).toEqual(PERMISSIONS.map((p) => p.name));
    const types = await reference.database.query<{ id: number; name: string; is_editable: boolean; order_type: number | null }>(
      'select id, name, is_editable, order_type from site_types order by id',
    );
    expect(types.slice(0, 5).map((t) => [t.id, t.is_editable, t.order_type])).toEqual([
      [1, false, 0],
      [2, false, 1],
      [3, false, 0],
      [4, false, 1],
      [5, false, null],
    ]);
    expect(types.slice(5).every((t) => t.is_editable)).toBe(true);
    const [next] = await reference.database.query<{ id: number }>("insert into site_types (name) values ('Tipo nuevo de prueba') returning id");
    expect(next!.id).toBe(types.length + 1);
    const [categories] = await reference.database.query<{ n: number }>('select count(*)::int as n from chat_categories where not can_be_deleted');
    expect(categories!.n).toBe(1);

    const keys = (await reference.database.db.select().from(settings)).map((s) => s.keyWord);
    for (const key of ['Captcha.RequestValue', 'Location.CountryRootId', 'Analytics.DefaultSiteId', 'PQRDS.MaxFileSize', 'Terms.GlobalVersion', 'GOVCO.Background']) {
      expect(keys).toContain(key);
    }
    const [captcha] = await reference.database.db.select().from(settings).where(eq(settings.keyWord, 'Captcha.RequestValue'));
    expect(captcha!.value).toBe(String(reference.config.captchaRequestValue));
    expect(await isDatabaseEmpty(reference.database)).toBe(false);
  });

  it('holds no demo data', async () => {
    const [groupCount] = await reference.database.db.select({ n: count() }).from(groups);
    const [requestCount] = await reference.database.db.select({ n: count() }).from(siteRequests);
    const [siteUsers] = await reference.database.db.select({ n: count() }).from(users).where(eq(users.userTypeId, USER_TYPE.siteUser));
    expect([Number(groupCount!.n), Number(requestCount!.n), Number(siteUsers!.n)]).toEqual([0, 0, 0]);
  });
});

describe('demo data', () => {
  it('installs a few hundred sites, mostly active, with figures', async () => {
    const rows = await demo.database.db.select().from(sites).where(eq(sites.installed, true));
    expect(rows.length).toBeGreaterThan(250);
    expect(rows.length).toBeLessThan(450);
    const active = rows.filter((s) => s.statusId === 1).length;
    expect(active / rows.length).toBeGreaterThan(0.7);
    expect(active).toBeLessThan(rows.length);
    expect(rows.every((s) => s.url?.startsWith('https://') && s.allowedUrl && s.population !== null)).toBe(true);
    expect(rows.some((s) => s.piwikId !== null)).toBe(true);
    const twoYears = Date.now() - 731 * 86_400_000;
    expect(rows.every((s) => s.modifiedDate.getTime() > twoYears)).toBe(true);
    expect(await sitesByType(demo)).toEqual({ 1: 32, 2: 1104, 3: 32, 4: 1104 });
    const [bogota] = await demo.database.db.select().from(sites).where(eq(sites.alias, 'alcaldia-bogota-d-c-11001'));
    expect(bogota?.population).toBe(7_907_000);
    const [aguaDeDios] = await demo.database.query<{ n: number }>('select count(*)::int as n from sites where location_id = 25001 and population > 60000');
    expect(aguaDeDios!.n).toBe(0);
  });

  it("counts each site's annotations as its countComments (the list's and the detail's 'Anotaciones')", async () => {
    const [mismatched] = await demo.database.query<{ n: number }>(
      'select count(*)::int as n from sites s where s.count_comments <> (select count(*)::int from site_comments c where c.site_id = s.id)',
    );
    expect(mismatched!.n).toBe(0);
  });

  it('adds pending requests flagged on their sites, groups, administrators and site users', async () => {
    const requests = await demo.database.db.select().from(siteRequests);
    expect(requests.length).toBeGreaterThanOrEqual(8);
    expect(new Set(requests.map((r) => r.kind))).toEqual(new Set(['FirstTime', 'ChangeAdmin']));
    expect(requests.every((r) => r.status === 'PendingApproval' && (r.legalRepresentative as { email?: string }).email)).toBe(true);
    const [flagged] = await demo.database.query<{ n: number }>('select count(*)::int as n from sites where pending_request');
    expect(flagged!.n).toBe(new Set(requests.map((r) => r.siteId)).size);

    const token = await demo.tokenFor(['Sites']);
    const response = await demo.app.inject({ method: 'GET', url: '/api/v1/sites/groups/', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    const body = response.json() as { results: Array<{ groupID: number; name: string; countEntities: number }>; meta: { hasNextPage: boolean } };
    expect(body.results.length).toBeGreaterThanOrEqual(3);
    expect(body.meta.hasNextPage).toBe(false);
    const capitals = body.results.find((g) => g.name === 'Capitales de departamento');
    expect(capitals?.countEntities).toBe(32); // 31 capitals coded DD001 and Bogotá (Cundinamarca's)
    const filtered = await demo.app.inject({ method: 'GET', url: '/api/v1/sites/groups/?name=caribe', headers: bearer(token) });
    expect((filtered.json() as typeof body).results.map((g) => g.name)).toEqual(['Región Caribe']);
    const searched = await demo.app.inject({ method: 'GET', url: '/api/v1/sites/groups/?search=CAFETERO', headers: bearer(token) });
    expect((searched.json() as typeof body).results.map((g) => g.name)).toEqual(['Eje Cafetero']);
    const forbidden = await demo.app.inject({ method: 'GET', url: '/api/v1/sites/groups/', headers: bearer(await demo.tokenFor(['Tickets'])) });
    expect(forbidden.statusCode).toBe(403);
    const reader = await demo.app.inject({ method: 'GET', url: '/api/v1/sites/groups/?pageSize=2', headers: bearer(await demo.tokenFor(['GlobalBanners'])) });
    expect(reader.json()).toMatchObject({ meta: { hasNextPage: true } });
    expect((reader.json() as typeof body).results).toHaveLength(2);

    const counts = await demo.database.db.select({ type: users.userTypeId, n: count() }).from(users).groupBy(users.userTypeId);
    const byType = Object.fromEntries(counts.map((c) => [c.type, Number(c.n)]));
    expect(byType[USER_TYPE.siteAdministrator]).toBeGreaterThan(250);
    expect(byType[USER_TYPE.siteUser]).toBeGreaterThan(500);
    expect(byType[USER_TYPE.siteUser]).toBeLessThan(5000);
    const [orphans] = await demo.database.query<{ n: number }>(
      'select count(*)::int as n from users u join sites s on s.id = u.site_id where u.user_type_id in (1, 3) and not s.installed',
    );
    expect(orphans!.n).toBe(0);
  });
});
