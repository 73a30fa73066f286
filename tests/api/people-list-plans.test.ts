/**
 * The people lists' filtered orders at a size where the plan matters (issue 23, migration 0030_people_lists): each site
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
import { createTestApp, type TestApp } from '../helpers/testApp';
import { planNodes } from '../helpers/queryPlan';

let t: TestApp;
let place: { siteTypeId: number; parentLocationId: number; locationId: number; locationParent: number };

beforeAll(async () => {
  t = await createTestApp({ seed: 'demo' });
  // 30,000 site users and 3,000 administrators spread over the demo sites (their places and types differ).
  await t.database.query(
    `with s as (select array_agg(id order by id) as ids from sites where site_type_id is not null and location_id is not null)
     insert into users (user_type_id, name, email, site_id, loa, admin_type, last_login, created_date)
     select case when g % 10 = 0 then 1 else 3 end, 'Persona ' || g, 'persona' || g || '@planes.gov.co', s.ids[1 + g % cardinality(s.ids)],
            case when g % 10 = 0 then null else g % 3 end, case when g % 10 = 0 then 'WebMaster' end,
            case when g % 4 = 0 then null else now() - make_interval(hours => g) end, now() - make_interval(mins => g)
       from generate_series(1, 33000) g, s`,
  );
  await t.database.query('vacuum analyze users');
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
      const values = filter === 'locationId' ? { parentLocationId: String(place.locationParent), locationId: String(place.locationId) } : { [filter]: String(place[filter]) };
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
