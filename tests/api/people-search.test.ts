/**
 * The people search at a size where the plan matters (issue 23, server/resources/searchedPage.ts): 20,000 site users
 * where 'Jimena' is frequent overall but absent from the newest rows and 'Martina' is everywhere. Each page equals the
 * plain query's; the walk reads the order's index, the candidates the trigram index, neither the whole table.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteUsersResource } from '../../resources/people/siteUsers';
import { readListQuery } from '../../server/lists/listQuery';
import { resourceListSpec } from '../../server/resources/listSpec';
import { searchCandidatesSql, searchWalkRows, searchWalkSql } from '../../server/resources/searchedPage';
import { bearer, createTestApp, type TestApp } from '../helpers/testApp';
import { planNodes, planScans } from '../helpers/queryPlan';

let t: TestApp;
let token: string;
const ROWS = 20_000;

beforeAll(async () => {
  t = await createTestApp({ seed: 'demo' });
  token = await t.tokenFor(['Users']);
  // Newest first: rows 1–4,000 (the newest) have no Jimena; every 7th row is a Martina; 'Zoilo' twice, both old.
  await t.database.query(
    `insert into users (user_type_id, name, email, site_id, created_date)
     select 3,
            case when g in (15001, 19001) then 'Zoilo Quintero ' || g
                 when g % 7 = 0 then 'Martina Gómez ' || g
                 when g > 4000 and g % 5 = 0 then 'Jimena Ríos ' || g
                 else 'Pedro Pérez ' || g end,
            'persona' || g || '@buscada.gov.co', (select min(id) from sites), now() - make_interval(mins => g)
       from generate_series(1, ${ROWS}) g`,
  );
  // Vacuumed as production tables are: the rows leave the trigram indexes' pending lists, and statistics are read.
  await t.database.query('vacuum analyze users');
});
afterAll(async () => t?.close());

const spec = resourceListSpec(siteUsersResource);
const idsOf = async (url: string) => {
  const response = await t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  const body = response.json() as { results: Array<{ id: number }>; meta: { hasNextPage: boolean } };
  return { ids: body.results.map((row) => row.id), hasNextPage: body.meta.hasNextPage };
};
/** The plain query: every match in the list's order (newest first), as the list answered it before the strategy. */
const expected = async (term: string, page: number, pageSize: number) => {
  const rows = await t.database.query<{ id: number }>(
    `select id from users where user_type_id = 3 and (spanish_key(name) like $1 or spanish_key(email) like $1)
     order by created_date desc, id desc limit $2 offset $3`,
    [`%${term}%`, pageSize + 1, (page - 1) * pageSize],
  );
  return { ids: rows.slice(0, pageSize).map((row) => row.id), hasNextPage: rows.length > pageSize };
};

describe('people search: same pages as the plain query, by walk or by candidates', () => {
  it.each([
    ['martina', 1, 20],
    ['MARTÍNA', 30, 20],
    ['jimena', 1, 20],
    ['jimena', 40, 20],
    ['zoilo', 1, 20],
    ['nadie-asi', 1, 20],
    ['pedro', 200, 50],
  ])('search=%s page %i of %i', async (term, page, pageSize) => {
    const answer = await idsOf(`/siteusers/?search=${encodeURIComponent(term)}&page=${page}&pageSize=${pageSize}`);
    expect(answer).toEqual(await expected(term.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, ''), page, pageSize));
  });
});

describe('people search: the plans (EXPLAIN on the test database)', () => {
  const base = () => ['(t.user_type_id = 3)'];
  const query = (search: string) => readListQuery(spec, { search });

  it('the walk reads the order\'s index, stopped by its limit: no other scan of users', async () => {
    const walk = searchWalkSql(siteUsersResource, spec, query('martina'), base, 't."id"', searchWalkRows(query('martina'), 20));
    const nodes = await planNodes(t.database, walk);
    expect(planScans(nodes)).toEqual([expect.stringMatching(/^Index (Only )?Scan users_type_created_idx$/)]);
    expect(nodes.some((node) => node['Node Type'] === 'Limit')).toBe(true);
  });

  it('the candidates come from the trigram indexes: users is never read whole', async () => {
    const candidates = searchCandidatesSql(siteUsersResource, spec, query('zoilo'), base, 't."id"');
    const scans = planScans(await planNodes(t.database, candidates));
    expect(scans).toEqual(expect.arrayContaining(['Bitmap Index Scan users_name_search_idx', 'Bitmap Index Scan users_email_search_idx']));
    expect(scans.filter((scan) => scan.startsWith('Seq Scan'))).toEqual([]);
  });

  it('a search over the stored keys needs no key computed per row', () => {
    const walk = searchWalkSql(siteUsersResource, spec, query('jim'), base, 't."id"', 100);
    expect(walk.text).toContain('t.name_key like');
    expect(walk.text).not.toMatch(/spanish_key\(t\./);
  });
});
