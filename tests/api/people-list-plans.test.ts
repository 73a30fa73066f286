/**
 * The people lists' filtered orders at a size where the plan matters (issue 23, migration 0032_people_lists): each site
 * filter (entity type, department, municipality) in each order the screen offers reads its own index range and stops
 * at the page — no sort of the filter's rows, no walk of another order's index testing the filter row by row — and
 * the administrators' own orders read their partial indexes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteUsersResource } from '../../resources/people/siteUsers';
import { administratorsResource } from '../../resources/people/administrators';
import { readListQuery } from '../../server/lists/listQuery';
import { resourceListSpec } from '../../server/resources/listSpec';
import { resourceListSql } from '../../server/resources/store';
import { searchCandidatesSql, searchNames, searchWalkSql } from '../../server/resources/searchedPage';
import { bearer, createTestApp, type TestApp } from '../helpers/testApp';
import { planNodes, planScans } from '../helpers/queryPlan';

let t: TestApp;
let token: string;
let group: number;
let place: { siteTypeId: number; parentLocationId: number; locationId: number; locationParent: number };

beforeAll(async () => {
  t = await createTestApp({ seed: 'demo' });
  token = await t.tokenFor(['Users', 'Settings']);
  // 30,000 site users and 3,000 administrators spread over the demo sites (their places and types differ).
  await t.database.query(
    `with s as (select array_agg(id order by id) as ids from sites where site_type_id is not null and location_id is not null)
     insert into users (user_type_id, name, email, site_id, loa, admin_type, last_login, created_date)
     select case when g % 10 = 0 then 1 else 3 end, 'Persona ' || g, 'persona' || g || '@planes.gov.co', s.ids[1 + g % cardinality(s.ids)],
            case when g % 10 = 0 then null else g % 3 end, case when g % 10 = 0 then 'WebMaster' end,
            case when g % 4 = 0 then null else now() - make_interval(hours => g) end, now() - make_interval(mins => g)
       from generate_series(1, 33000) g, s`,
  );
  // A small group: five sites of some 350.
  [{ group }] = await t.database.query<{ group: number }>(`insert into groups (name) values ('Grupo de los planes') returning group_id as "group"`) as [{ group: number }];
  await t.database.query(
    `insert into group_sites (group_id, site_id, "order") select $1, id, row_number() over (order by id) from (select id from sites order by id desc limit 5) s`,
    [group],
  );
  await t.database.query('vacuum analyze users');
  await t.database.query('vacuum analyze group_sites');
  // Each filter's least frequent value: a share of the list the plain order's index would walk far to fill a page from.
  const least = async (column: string) =>
    (await t.database.query<{ value: number }>(`select ${column} as value from users where user_type_id = 3 group by 1 order by count(*), 1 limit 1`))[0]!.value;
  const locationId = await least('site_location_id');
  const [parent] = await t.database.query<{ id: number }>('select site_parent_location_id as id from users where site_location_id = $1 limit 1', [locationId]);
  place = { siteTypeId: await least('site_type_id'), parentLocationId: await least('site_parent_location_id'), locationId, locationParent: parent!.id };
});
afterAll(async () => t?.close());

/** The first two nodes of a first page's plan: its limit right over the index it reads (the computed columns' subplans follow). */
const head = async (declaration: typeof siteUsersResource | typeof administratorsResource, raw: Record<string, string>) => {
  const nodes = await planNodes(t.database, resourceListSql(declaration, readListQuery(resourceListSpec(declaration), raw)));
  return nodes.slice(0, 2).map((node) => `${node['Node Type']} ${node['Index Name'] ?? ''}`.trim());
};

describe('a site filter in each order reads its own index and stops', () => {
  const filters = [
    ['siteTypeId', 'site_type'],
    ['parentLocationId', 'parent_location'],
    ['locationId', 'location'],
  ] as const;
  const orders = [
    ['name', 'name'],
    ['-email', 'email'],
    ['loa', 'loa'],
    ['-lastLogin', 'last_login'],
  ] as const;
  for (const [filter, column] of filters) {
    it.each(orders)(`${filter}, orderBy=%s`, async (orderBy, order) => {
      // The municipality is sent with its department, as the screen does.
      const values: Record<string, string> = filter === 'locationId' ? { parentLocationId: String(place.locationParent), locationId: String(place.locationId) } : { [filter]: String(place[filter]) };
      expect(await head(siteUsersResource, { orderBy, ...values })).toEqual(['Limit', `Index Scan users_type_${column}_${order}_idx`]);
    });
  }
});

describe("administrators' own orders", () => {
  it.each([
    ['adminType', 'users_admin_type_idx'],
    ['-isGuest', 'users_admin_guest_idx'],
  ])('orderBy=%s reads %s and stops', async (orderBy, index) => {
    expect(await head(administratorsResource, { orderBy })).toEqual(['Limit', `Index Scan ${index}`]);
  });
});

describe('the group filter (no column holds it): tested on the walk, or read as candidates', () => {
  const spec = resourceListSpec(siteUsersResource);
  const base = () => ['(t.user_type_id = 3)'];

  it('the walk of the date order tests each row\'s site from that index: no other scan of users', async () => {
    const query = readListQuery(spec, { groupID: String(group) });
    expect(searchNames(query, siteUsersResource)).toEqual(['groupID']);
    const scans = planScans(await planNodes(t.database, searchWalkSql(siteUsersResource, spec, query, base, 't."id"', 420)));
    expect(scans.filter((scan) => / users(_|$)/.test(scan))).toEqual([expect.stringMatching(/^Index (Only )?Scan users_type_created_idx$/)]);
  });

  it('the candidates read the group\'s users by site: users is never read whole', async () => {
    const query = readListQuery(spec, { groupID: String(group), orderBy: 'name', page: '30' });
    const scans = planScans(await planNodes(t.database, searchCandidatesSql(siteUsersResource, spec, query, base, 't."id"')));
    expect(scans.filter((scan) => scan.startsWith('Seq Scan users'))).toEqual([]);
    expect(scans.some((scan) => scan.endsWith('users_type_site_idx'))).toBe(true);
  });

  it.each([
    ['-createdDate', 't.created_date desc, t.id desc', 1],
    ['-createdDate', 't.created_date desc, t.id desc', 30],
    ['name', 't.name_key collate "C", t.id', 12],
    ['loa', 't.loa, t.id', 40],
  ])('orderBy=%s: the page equals the plain query\'s', async (orderBy, order, page) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/siteusers/?groupID=${group}&orderBy=${orderBy}&page=${page}&pageSize=10`, headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    const plain = await t.database.query<{ id: number }>(
      `select id from users t where user_type_id = 3 and site_id in (select site_id from group_sites where group_id = $1) order by ${order} limit 11 offset ${(page - 1) * 10}`,
      [group],
    );
    const body = response.json() as { results: Array<{ id: number }>; meta: { hasNextPage: boolean } };
    expect(body.results.map((row) => row.id)).toEqual(plain.slice(0, 10).map((row) => row.id));
    expect(body.meta.hasNextPage).toBe(plain.length > 10);
  });
});
