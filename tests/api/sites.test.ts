import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, eq, ilike, inArray, not, sql } from 'drizzle-orm';
import { bearer, createTestApp, type TestApp } from '../helpers/testApp';
import { groups, groupSites, siteDomains, siteRequests, sites } from '../../server/db/schema';
import { domainKeys } from '../../resources/siteRules';
import { sites as siteTexts } from '../../i18n/es/sites';
import { errors } from '../../i18n/es/errors';
import { lists } from '../../i18n/es/server';

interface SiteItem {
  id: number;
  name: string;
  parentLocationId: number;
  parentLocation: string;
  locationId: number | null;
  childLocation: string | null;
  siteTypeId: number;
  siteType: string;
  installed: boolean;
  statusId: number;
  statusName: string;
  pendingRequest: boolean;
  requestType: string | null;
  modifiedDate: string;
  population: number | null;
  countUsers: number;
}
interface ListBody {
  results: SiteItem[];
  meta: { hasNextPage: boolean };
}

let t: TestApp;
let token: string;

async function list(query: string, auth = token) {
  const response = await t.app.inject({ method: 'GET', url: `/api/v1/sites/${query}`, headers: bearer(auth) });
  return { status: response.statusCode, body: response.json() as ListBody };
}

/** Every row of a filtered list, page after page (the list answers no total: meta.hasNextPage only). */
async function allRows(query: string): Promise<SiteItem[]> {
  const rows: SiteItem[] = [];
  for (let page = 1; ; page += 1) {
    const { status, body } = await list(`?${query}&pageSize=100&page=${page}`);
    expect(status).toBe(200);
    rows.push(...body.results);
    if (!body.meta.hasNextPage) return rows;
  }
}

async function counts(query: string, auth = token) {
  const response = await t.app.inject({ method: 'GET', url: `/api/v1/sites/counts/${query}`, headers: bearer(auth) });
  expect(response.statusCode).toBe(200);
  return response.json() as { all: number; active: number; inactive: number; pending: number };
}

/** Spanish dictionary order (accents and case ignored), ties by id: what the list promises. */
const spanish = new Intl.Collator('es', { sensitivity: 'base' });
function inSpanishOrder<T extends { id: number; name: string }>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) => spanish.compare(a.name, b.name) || a.id - b.id);
}

async function dbCount(where?: ReturnType<typeof and>): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(sites).where(where);
  return Number(row!.n);
}

beforeAll(async () => {
  t = await createTestApp({ seed: 'demo' });
  token = await t.tokenFor(['Sites']);
});
afterAll(async () => t?.close());

describe('GET /api/v1/sites/', () => {
  it('pages 20 sites by name with hasNextPage and no count', async () => {
    const first = await list('');
    expect(first.status).toBe(200);
    expect(first.body.results).toHaveLength(20);
    expect(first.body.meta).toEqual({ hasNextPage: true });
    expect((await counts('')).all).toBe(await dbCount(eq(sites.isDeleted, false)));
    const expected = inSpanishOrder(await t.database.db.select({ id: sites.id, name: sites.name }).from(sites).orderBy(asc(sites.id)));
    expect(first.body.results.map((s) => s.id)).toEqual(expected.slice(0, 20).map((s) => s.id));

    const second = await list('?page=2');
    expect(second.body.results.map((s) => s.id)).toEqual(expected.slice(20, 40).map((s) => s.id));
    const firstIds = new Set(first.body.results.map((s) => s.id));
    expect(second.body.results.some((s) => firstIds.has(s.id))).toBe(false);
  });

  it("sorts names in Spanish order: 'Ábrego' among the A's, 'Alcaldía Mayor de Bogotá' after the 'Alcaldía de …'", async () => {
    const names: string[] = [];
    for (let page = 1; ; page += 1) {
      const { body } = await list(`?page=${page}&pageSize=100`);
      names.push(...body.results.map((s) => s.name));
      if (!body.meta.hasNextPage) break;
    }
    expect(names).toEqual(inSpanishOrder(names.map((name, id) => ({ id, name }))).map((s) => s.name));
    expect(names.indexOf('Alcaldía de Ábrego')).toBe(names.indexOf('Alcaldía de Abejorral') + 1);
    expect(names.indexOf('Alcaldía de Abriaquí')).toBe(names.indexOf('Alcaldía de Ábrego') + 1);
    expect(names.indexOf('Alcaldía Mayor de Bogotá, D.C.')).toBe(names.indexOf('Alcaldía de Zona Bananera') + 1);
    const descending = await list('?orderBy=-name&pageSize=100');
    expect(descending.body.results.map((s) => s.name)).toEqual(names.slice(-100).reverse());
  });

  it('answers each row with its location and type names, status name and counts', async () => {
    const { body } = await list('?locationId=5001');
    const names = body.results.map((s) => s.name).sort();
    expect(names).toEqual(['Alcaldía de Medellín', 'Concejo Municipal de Medellín']);
    for (const site of body.results) {
      expect(site.parentLocation).toBe('Antioquia');
      expect(site.childLocation).toBe('Medellín');
      expect(site.locationId).toBe(5001);
      expect(site.statusName).toBe(site.installed && site.statusId === 1 ? siteTexts.server.status.active : siteTexts.server.status.inactive);
    }
    expect(body.results.find((s) => s.siteTypeId === 2)?.siteType).toBe('Alcaldía');
    expect(body.meta).toEqual({ hasNextPage: false });
  });

  it('filters by name, ignoring case and accents', async () => {
    const rows = await allRows('name=MEDELL');
    expect(rows.length).toBe(await dbCount(ilike(sites.name, '%medell%')));
    expect(rows.length).toBeGreaterThan(0);
    for (const site of rows) expect(site.name.toLowerCase()).toContain('medell');

    const accentless = await list('?name=bogota');
    expect(accentless.body.results.map((s) => s.name)).toContain('Alcaldía Mayor de Bogotá, D.C.');
    const accented = await allRows('name=%C3%A1BREGO');
    expect(accented.map((s) => s.name)).toContain('Alcaldía de Ábrego');
    expect(accented.map((s) => s.name)).toEqual((await allRows('name=abrego')).map((s) => s.name));
    const wildcard = await list('?name=%25');
    expect(wildcard.body.results).toEqual([]);
  });

  it('filters by department', async () => {
    const rows = await allRows('parentLocationId=5');
    expect(rows.length).toBe(await dbCount(eq(sites.parentLocationId, 5)));
    expect(rows.length).toBe(2 + 2 * 125);
    expect((await list('?parentLocationId=5&pageSize=100')).body.meta.hasNextPage).toBe(true);
    expect(rows.every((s) => s.parentLocationId === 5 && s.parentLocation === 'Antioquia')).toBe(true);
  });

  it('filters by group', async () => {
    const [group] = await t.database.db.select().from(groups).where(eq(groups.name, 'Capitales de departamento'));
    const members = await t.database.db.select({ siteId: groupSites.siteID }).from(groupSites).where(eq(groupSites.groupID, group!.groupID));
    const rows = await allRows(`groupID=${group!.groupID}`);
    expect(rows.map((s) => s.id).sort((a, b) => a - b)).toEqual(members.map((m) => m.siteId).sort((a, b) => a - b));
  });

  it('filters by status: 1 active installed, 2 everything else', async () => {
    const activeWhere = and(eq(sites.installed, true), eq(sites.statusId, 1));
    const active = await allRows('status=1');
    expect(active.length).toBe(await dbCount(activeWhere));
    expect(active.length).toBeGreaterThan(100);
    expect(active.every((s) => s.installed && s.statusId === 1 && s.statusName === 'Activo')).toBe(true);

    const inactive = await allRows('status=2');
    expect(inactive.length).toBe(await dbCount(not(activeWhere!)));
    expect(inactive.length + active.length).toBe(await dbCount());
    expect(inactive.every((s) => !(s.installed && s.statusId === 1) && s.statusName === 'Inactivo')).toBe(true);

    // Installed but inactive sites are in the inactive tab too (not-installed ones have no users).
    const inactiveInstalled = await list('?status=2&orderBy=-countUsers&pageSize=5');
    expect(inactiveInstalled.body.results.some((s) => s.installed && s.statusId === 2)).toBe(true);
  });

  it('filters by pending request and names the latest request kind', async () => {
    const pending = await t.database.db
      .select({ siteId: siteRequests.siteId, kind: siteRequests.kind })
      .from(siteRequests)
      .where(eq(siteRequests.status, 'PendingApproval'));
    const rows = await allRows('pendingRequest=true');
    expect(rows.length).toBe(new Set(pending.map((p) => p.siteId)).size);
    expect(rows.length).toBeGreaterThan(0);
    for (const site of rows) {
      expect(site.pendingRequest).toBe(true);
      expect(pending.filter((p) => p.siteId === site.id).map((p) => p.kind)).toContain(site.requestType);
    }
    const notPending = await allRows('pendingRequest=false');
    expect(notPending.length).toBe(await dbCount(eq(sites.pendingRequest, false)));
    expect(notPending.every((s) => !s.pendingRequest && s.requestType === null)).toBe(true);
  });

  it('combines filters', async () => {
    const rows = await allRows('parentLocationId=5&status=1');
    expect(rows.length).toBe(await dbCount(and(eq(sites.parentLocationId, 5), eq(sites.installed, true), eq(sites.statusId, 1))));
    expect(rows.every((s) => s.parentLocationId === 5 && s.statusId === 1)).toBe(true);
  });

  it('orders by a whitelisted field, descending with a minus sign', async () => {
    const { body } = await list('?orderBy=-modifiedDate&status=1');
    const dates = body.results.map((s) => Date.parse(s.modifiedDate));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    const byPopulation = await list('?orderBy=-population&status=1&pageSize=5');
    const [top] = await t.database.db
      .select({ population: sql<number>`max(${sites.population})` })
      .from(sites)
      .where(inArray(sites.id, sql`(select id from sites where installed and status_id = 1)`));
    expect(byPopulation.body.results[0]!.population).toBe(top!.population);
  });

  it('lets Impersonate and Reports holders read the list; refuses others with 403 and anonymous with 401', async () => {
    expect((await list('', await t.tokenFor(['Impersonate']))).status).toBe(200);
    expect((await list('', await t.tokenFor(['Reports']))).status).toBe(200);
    const forbidden = await t.app.inject({ method: 'GET', url: '/api/v1/sites/', headers: bearer(await t.tokenFor(['Settings'])) });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error.message).toBe(errors.forbidden);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/sites/' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.message).toBe(errors.unauthorized);
  });

  it.each([
    ['page=0', 'page', lists.query.page],
    ['page=abc', 'page', lists.query.page],
    ['pageSize=101', 'pageSize', 'El tamaño de página debe ser un número entre 1 y 100'],
    ['orderBy=password', 'orderBy', lists.query.order_by],
    ['status=3', 'status', lists.query.choice],
    ['parentLocationId=5.5', 'parentLocationId', lists.query.integer],
    ['pendingRequest=maybe', 'pendingRequest', lists.query.boolean],
  ])('refuses %s with a Spanish 400', async (query, target, message) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/sites/?${query}`, headers: bearer(token) });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.error.code).toBe('BadArgument');
    expect(body.error.message).toBe(message);
    expect(body.error.details[0].target).toBe(target);
  });

  it('reads several ids as repeated keys or as a comma list', async () => {
    const some = (await list('?pageSize=3')).body.results.map((s) => s.id);
    const repeated = await list(`?${some.map((id) => `id=${id}`).join('&')}`);
    const comma = await list(`?id=${some.join(',')}`);
    expect(repeated.body.results.map((s) => s.id)).toEqual(some);
    expect(comma.body.results.map((s) => s.id)).toEqual(some);
  });
});

describe('GET /api/v1/sites/counts/', () => {
  it('counts every status tab of the same search in one answer, whatever tab filter is sent', async () => {
    const activeWhere = and(eq(sites.installed, true), eq(sites.statusId, 1), eq(sites.parentLocationId, 5));
    const expected = {
      all: await dbCount(eq(sites.parentLocationId, 5)),
      active: await dbCount(activeWhere),
      inactive: await dbCount(and(eq(sites.parentLocationId, 5), not(and(eq(sites.installed, true), eq(sites.statusId, 1))!))),
      pending: await dbCount(and(eq(sites.parentLocationId, 5), eq(sites.pendingRequest, true))),
    };
    expect(await counts('?parentLocationId=5')).toEqual(expected);
    expect(await counts('?parentLocationId=5&status=1&pendingRequest=true')).toEqual(expected);
    expect(expected.active + expected.inactive).toBe(expected.all);
    expect((await counts('?name=medell')).all).toBe((await allRows('name=medell')).length);
  });

  it('has the list access and refuses bad filters like the list', async () => {
    expect((await counts('', await t.tokenFor(['Reports']))).all).toBeGreaterThan(0);
    const forbidden = await t.app.inject({ method: 'GET', url: '/api/v1/sites/counts/', headers: bearer(await t.tokenFor(['Settings'])) });
    expect(forbidden.statusCode).toBe(403);
    const bad = await t.app.inject({ method: 'GET', url: '/api/v1/sites/counts/?groupID=x', headers: bearer(token) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details).toEqual([{ code: 'BadArgument', target: 'groupID', message: lists.query.integer }]);
  });
});

describe('site_domains after the demo seed', () => {
  it('holds each domain of the stored allowedUrl lists once, with its site (the same keys as the service)', async () => {
    const stored = await t.database.db.select({ id: sites.id, allowedUrl: sites.allowedUrl }).from(sites).where(not(sql`${sites.allowedUrl} is null`));
    expect(stored.length).toBeGreaterThan(0);
    const rows = await t.database.db.select().from(siteDomains);
    const held = new Map(rows.map((row) => [row.domain, row.siteId]));
    for (const site of stored) {
      for (const key of domainKeys(site.allowedUrl)) expect(held.has(key), key).toBe(true);
    }
    // Keys are the service's: no scheme, no www., lower case.
    expect(rows.every((row) => !row.domain.includes('/') && !row.domain.startsWith('www.') && row.domain === row.domain.toLowerCase())).toBe(true);
  });
});
