/**
 * The user lists' site filters read the user's copies of its site's department, municipality and entity type
 * (users.site_parent_location_id, site_location_id, site_type_id; migration 0024_user_site_place). The triggers keep
 * them exact: a user created or moved to another site, a site moved or retyped, a direct write of the copies; and the
 * filtered lists answer the rows the join to `sites` answered. PGlite by default; PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { bearer, createTestApp, type TestApp } from '../helpers/testApp';

const API = '/api/v1';
let t: TestApp;
let token: string;

interface SiteRow {
  id: number;
  parentLocationId: number;
  locationId: number | null;
  siteTypeId: number;
}
let sites: SiteRow[];
let groupId: number;

async function rows<T>(statement: ReturnType<typeof sql>): Promise<T[]> {
  const result = await t.database.db.execute(statement);
  return (Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? [])) as T[];
}

const get = (url: string) => t.app.inject({ method: 'GET', url: `${API}${url}`, headers: bearer(token) });
const send = (method: 'POST' | 'PUT', url: string, payload: unknown) =>
  t.app.inject({ method, url: `${API}${url}`, payload: payload as object, headers: bearer(token) });

/** Users whose copies differ from their site's columns (none while the triggers hold). */
const stale = () =>
  rows<{ id: number }>(sql`
    select u.id from users u left join sites s on s.id = u.site_id
     where (u.site_parent_location_id, u.site_location_id, u.site_type_id) is distinct from (s.parent_location_id, s.location_id, s.site_type_id)`);

const place = async (userId: number) =>
  (
    await rows<{ parentLocationId: number | null; locationId: number | null; siteTypeId: number | null }>(sql`
      select site_parent_location_id as "parentLocationId", site_location_id as "locationId", site_type_id as "siteTypeId"
        from users where id = ${userId}`)
  )[0]!;

const listIds = async (path: string, query: string) => {
  const response = await get(`${path}?${query}&pageSize=100`);
  expect(response.statusCode).toBe(200);
  return (response.json() as { results: { id: number }[] }).results.map((row) => Number(row.id));
};

/** The rows the lists answered through the join to `sites` before the copies (newest first, id breaking ties). */
const joinedIds = async (userType: number, column: 'parent_location_id' | 'location_id' | 'site_type_id', value: number) =>
  (
    await rows<{ id: number }>(sql`
      select u.id from users u where u.user_type_id = ${userType}
         and u.site_id in (select s.id from sites s where ${sql.raw(`s.${column}`)} = ${value})
       order by u.created_date desc, u.id desc limit 100`)
  ).map((row) => Number(row.id));

let counter = 0;
async function insertUser(type: 1 | 3, siteId: number): Promise<number> {
  counter += 1;
  const [row] = await rows<{ id: number }>(sql`
    insert into users (user_type_id, name, email, site_id, created_date)
    values (${type}, ${`Persona ${counter}`}, ${`persona${counter}@correo.example.co`}, ${siteId}, now() - make_interval(mins => ${counter}))
    returning id`);
  return Number(row!.id);
}

beforeAll(async () => {
  t = await createTestApp({ seed: 'reference' });
  token = await t.tokenFor(['Users']);
  const picked = await rows<SiteRow>(sql`
    select id, parent_location_id as "parentLocationId", location_id as "locationId", site_type_id as "siteTypeId"
      from sites where location_id is not null and not is_deleted order by id limit 400`);
  const first = picked[0]!;
  const second = picked.find((site) => site.parentLocationId !== first.parentLocationId && site.siteTypeId !== first.siteTypeId)!;
  const third = picked.find((site) => site.id !== first.id && site.parentLocationId === first.parentLocationId)!;
  sites = [first, second, third];
  const [group] = await rows<{ group_id: number }>(sql`insert into groups (name) values ('Grupo de lugares') returning group_id`);
  groupId = Number(group!.group_id);
  await t.database.db.execute(sql`insert into group_sites (group_id, site_id, "order") values (${groupId}, ${second.id}, 1)`);
  for (const site of sites) for (let i = 0; i < 3; i += 1) await insertUser(i === 0 ? 1 : 3, site.id);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe("users' copies of their site's place", () => {
  it('an inserted user takes its site\'s department, municipality and type; a user without site has none', async () => {
    const [first] = sites;
    const id = await insertUser(3, first!.id);
    expect(await place(id)).toEqual({ parentLocationId: first!.parentLocationId, locationId: first!.locationId, siteTypeId: first!.siteTypeId });
    const [superadmin] = await rows<{ id: number }>(sql`select id from users where site_id is null limit 1`);
    expect(await place(Number(superadmin!.id))).toEqual({ parentLocationId: null, locationId: null, siteTypeId: null });
    expect(await stale()).toEqual([]);
  });

  it('a site user created and moved through the API follows its site', async () => {
    const [first, second] = sites;
    const payload = { name: 'Valentina Castro', email: 'valentina.castro@correo.example.co', siteId: first!.id, loa: 2, genderId: null, birthDate: '1999-03-01', permissions: [1, 2, 3, 4, 5, 6].map((id) => ({ sitePermissionID: id, enabled: id === 2 })) };
    const created = await send('POST', '/siteusers/', payload);
    expect(created.statusCode).toBe(201);
    const id = Number((created.json() as { id: number }).id);
    expect(await place(id)).toMatchObject({ parentLocationId: first!.parentLocationId, siteTypeId: first!.siteTypeId });
    const moved = await send('PUT', `/siteuser/${id}`, { ...payload, siteId: second!.id });
    expect(moved.statusCode).toBe(200);
    expect(await place(id)).toEqual({ parentLocationId: second!.parentLocationId, locationId: second!.locationId, siteTypeId: second!.siteTypeId });
    expect(await listIds('/siteusers/', `parentLocationId=${second!.parentLocationId}`)).toContain(id);
    expect(await listIds('/siteusers/', `parentLocationId=${first!.parentLocationId}`)).not.toContain(id);
    expect(await stale()).toEqual([]);
  });

  it('the copies cannot be written apart from the site', async () => {
    const [first] = sites;
    const id = await insertUser(3, first!.id);
    await t.database.db.execute(sql`update users set site_parent_location_id = null, site_location_id = -1, site_type_id = -1 where id = ${id}`);
    expect(await place(id)).toEqual({ parentLocationId: first!.parentLocationId, locationId: first!.locationId, siteTypeId: first!.siteTypeId });
  });

  it('a site moved to another municipality and type takes its users along (both lists follow)', async () => {
    const [first, second, third] = sites;
    const users = (await rows<{ id: number }>(sql`select id from users where site_id = ${third!.id}`)).map((row) => Number(row.id));
    expect(users.length).toBeGreaterThan(0);
    await t.database.db.execute(
      sql`update sites set parent_location_id = ${second!.parentLocationId}, location_id = ${second!.locationId}, site_type_id = ${second!.siteTypeId} where id = ${third!.id}`,
    );
    for (const id of users) expect(await place(id)).toEqual({ parentLocationId: second!.parentLocationId, locationId: second!.locationId, siteTypeId: second!.siteTypeId });
    const [admin] = await rows<{ id: number }>(sql`select id from users where site_id = ${third!.id} and user_type_id = 1`);
    expect(await listIds('/usermain/', `locationId=${second!.locationId}`)).toContain(Number(admin!.id));
    expect(await listIds('/usermain/', `locationId=${first!.locationId}`)).not.toContain(Number(admin!.id));
    expect(await listIds('/siteusers/', `siteTypeId=${second!.siteTypeId}`)).toEqual(expect.arrayContaining(users.filter((id) => id !== Number(admin!.id))));
    // Back where it was, by municipality only the second time: the other columns stay as the site has them.
    await t.database.db.execute(sql`update sites set parent_location_id = ${third!.parentLocationId}, location_id = ${third!.locationId}, site_type_id = ${third!.siteTypeId} where id = ${third!.id}`);
    for (const id of users) expect(await place(id)).toEqual({ parentLocationId: third!.parentLocationId, locationId: third!.locationId, siteTypeId: third!.siteTypeId });
    expect(await stale()).toEqual([]);
  });

  it('the filtered lists answer the rows of the join to sites, for every filter and both tabs', async () => {
    for (const [path, type] of [['/usermain/', 1], ['/siteusers/', 3]] as const) {
      for (const site of sites) {
        expect(await listIds(path, `parentLocationId=${site.parentLocationId}`)).toEqual(await joinedIds(type, 'parent_location_id', site.parentLocationId));
        expect(await listIds(path, `locationId=${site.locationId}`)).toEqual(await joinedIds(type, 'location_id', site.locationId!));
        expect(await listIds(path, `siteTypeId=${site.siteTypeId}`)).toEqual(await joinedIds(type, 'site_type_id', site.siteTypeId));
      }
      const grouped = (
        await rows<{ id: number }>(sql`
          select u.id from users u where u.user_type_id = ${type} and u.site_id in (select gs.site_id from group_sites gs where gs.group_id = ${groupId})
           order by u.created_date desc, u.id desc`)
      ).map((row) => Number(row.id));
      expect(grouped.length).toBeGreaterThan(0);
      expect(await listIds(path, `groupID=${groupId}`)).toEqual(grouped);
    }
  });

  it('pages after the first (their ids chosen first, then read whole) give the same rows in the same order', async () => {
    for (const [path, filter] of [['/siteusers/', ''], ['/usermain/', ''], ['/siteusers/', `parentLocationId=${sites[0]!.parentLocationId}&`]] as const) {
      const whole = await listIds(path, filter.replace(/&$/, '') || 'page=1');
      expect(whole.length).toBeGreaterThanOrEqual(3);
      const paged: number[] = [];
      for (let page = 1; page <= Math.ceil(whole.length / 2) + 1; page += 1) {
        const response = await get(`${path}?${filter}page=${page}&pageSize=2`);
        expect(response.statusCode).toBe(200);
        const body = response.json() as { results: { id: number; siteName: string | null }[]; meta: { hasNextPage: boolean } };
        paged.push(...body.results.map((row) => Number(row.id)));
        for (const row of body.results) expect(row.siteName).toEqual(expect.any(String));
        expect(body.meta.hasNextPage).toBe(paged.length < whole.length);
      }
      expect(paged).toEqual(whole);
    }
  });
});
