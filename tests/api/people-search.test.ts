/**
 * The people search at a size where the plan matters (issue 23, server/resources/searchedPage.ts): 20,000 site users
 * where 'Jimena' is frequent overall but absent from the newest rows and 'Martina' is everywhere. Each page equals the
 * plain query's; the walk reads the order's index, the candidates the trigram index, neither the whole table.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteUsersResource } from '../../resources/people/siteUsers';
import { readListQuery } from '../../server/lists/listQuery';
import { resourceListSpec } from '../../server/resources/listSpec';
import { farWalkRows, pageFromFarWalk, pageFromWalk, searchCandidatesSql, searchFarWalkSql, searchWalkRows, searchWalkSql } from '../../server/resources/searchedPage';
import { administratorsResource } from '../../resources/people/administrators';
import { auditResource } from '../../resources/audit';
import { resourceListSql } from '../../server/resources/store';
import { pageCursor, pageStart } from '../../server/lists/pageCursor';
import { lists } from '../../i18n/es/server';
import { bearer, createTestApp, type TestApp } from '../helpers/testApp';
import { planNodes, planScans } from '../helpers/queryPlan';

let t: TestApp;
let token: string;
const ROWS = 20_000;

beforeAll(async () => {
  t = await createTestApp({ seed: 'demo' });
  token = await t.tokenFor(['Users', 'Settings']);
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
  await t.database.query(
    `insert into audit_log (at, action, resource) select now() - make_interval(secs => g / 3), 'update', 'sites' from generate_series(1, 3000) g`,
  );
  await t.database.query('vacuum analyze users');
  await t.database.query('vacuum analyze audit_log');
});
afterAll(async () => t?.close());

const spec = resourceListSpec(siteUsersResource);
const pageOf = async (url: string) => {
  const response = await t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return response.json() as { results: Array<{ id: number }>; meta: { hasNextPage: boolean; nextCursor?: string } };
};
const idsOf = async (url: string) => {
  const body = await pageOf(url);
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

  it.each([
    ['name', 'users_type_name_idx'],
    ['-email', 'users_type_email_idx'],
    ['-lastLogin', 'users_type_last_login_idx'],
    ['loa', 'users_type_loa_idx'],
  ])('orderBy=%s reads %s and stops: no sort of the type\'s rows', async (orderBy, index) => {
    const nodes = await planNodes(t.database, resourceListSql(siteUsersResource, readListQuery(spec, { orderBy })));
    // The page's limit right over the order's index (the computed columns' subplans come after).
    expect(nodes.slice(0, 2).map((node) => `${node['Node Type']} ${node['Index Name'] ?? ''}`.trim())).toEqual(['Limit', `Index Scan ${index}`]);
  });

  it('a frequent word deep by page= takes the far walk: the order\'s index, stopped at the page\'s last match', async () => {
    const deep = readListQuery(spec, { search: 'martina', page: '40' });
    const walk = searchWalkRows(deep, 20);
    const walkSql = searchWalkSql(siteUsersResource, spec, deep, base, 't."id"', walk);
    const [first] = await t.database.query<{ walked: number; ids: unknown[] }>(walkSql.text, walkSql.params);
    expect(pageFromWalk(deep, walk, first!)).toBeNull();
    const far = farWalkRows(deep, first!.walked, first!.ids.length)!;
    expect(far).toBeGreaterThan(walk);
    const statement = searchFarWalkSql(siteUsersResource, spec, deep, base, 't."id"', far);
    const nodes = await planNodes(t.database, statement, { analyze: true });
    expect(planScans(nodes)).toEqual([expect.stringMatching(/^Index (Only )?Scan users_type_created_idx$/)]);
    const scan = nodes.find((node) => node['Index Name'] === 'users_type_created_idx')!;
    // Stopped at the page: 801 matches at one row in 7 are about 5,600 rows of the ~8,400 allowed.
    expect(Number(scan['Actual Rows'])).toBeLessThan(far * 0.8);
    const rows = await t.database.query<{ id: number; position: number }>(statement.text, statement.params);
    expect(pageFromFarWalk(deep, rows)!.slice(0, 20)).toEqual((await expected('martina', 40, 20)).ids);
  });

  it('a rare word goes to the candidates: no far walk', async () => {
    const query = readListQuery(spec, { search: 'zoilo', page: '1' });
    const walk = searchWalkRows(query, 20);
    const walkSql = searchWalkSql(siteUsersResource, spec, query, base, 't."id"', walk);
    const [first] = await t.database.query<{ walked: number; ids: unknown[] }>(walkSql.text, walkSql.params);
    expect(first!.ids).toEqual([]);
    expect(farWalkRows(query, first!.walked, first!.ids.length)).toBeNull();
  });

  it('an administrators\' search reads their own trigram indexes, not the site users\'', async () => {
    const adminSpec = resourceListSpec(administratorsResource);
    const candidates = searchCandidatesSql(administratorsResource, adminSpec, readListQuery(adminSpec, { search: 'zoilo' }), () => ['(t.user_type_id = 1)'], 't."id"');
    const scans = planScans(await planNodes(t.database, candidates));
    expect(scans).toEqual(expect.arrayContaining(['Bitmap Index Scan users_admin_name_search_idx', 'Bitmap Index Scan users_admin_email_search_idx']));
    expect(scans.filter((scan) => /users_(name|email)_search_idx|Seq Scan/.test(scan))).toEqual([]);
  });

  it('a search over the stored keys needs no key computed per row', () => {
    const walk = searchWalkSql(siteUsersResource, spec, query('jim'), base, 't."id"', 100);
    expect(walk.text).toContain('t."name_key" like');
    expect(walk.text).not.toMatch(/spanish_key\(t\./);
  });
});

describe('deep pages: the cursor of the page before (issue 23)', () => {
  it.each([
    ['/siteusers/?pageSize=50', 8],
    ['/siteusers/?pageSize=20&search=jimena', 6],
    ['/usermain/?pageSize=5', 3],
    ['/audit/?pageSize=100', 5],
  ])('%s: each page read after the last one equals the same page by offset', async (list, pages) => {
    let cursor: string | undefined;
    for (let page = 1; page <= pages; page += 1) {
      const byOffset = await pageOf(`${list}&page=${page}`);
      const byCursor = await pageOf(`${list}&page=${page}${cursor ? `&cursor=${cursor}` : ''}`);
      expect(byCursor.results).toEqual(byOffset.results);
      expect(byCursor.meta.hasNextPage).toBe(byOffset.meta.hasNextPage);
      if (byOffset.meta.hasNextPage) expect(typeof byCursor.meta.nextCursor).toBe('string');
      cursor = byCursor.meta.nextCursor;
    }
  });

  it('a cursor of another query or page is ignored: the page is read by offset', async () => {
    const first = await pageOf('/siteusers/?pageSize=20&page=1');
    const cursor = first.meta.nextCursor!;
    const query = (extra: Record<string, string>) => readListQuery(spec, { pageSize: '20', page: '2', cursor, ...extra });
    expect(pageStart(query({}))).not.toBeNull();
    expect(pageStart(query({ pageSize: '21' }))).toBeNull();
    expect(pageStart(query({ page: '3' }))).toBeNull();
    expect(pageStart(query({ search: 'martina' }))).toBeNull();
    expect(pageStart(query({ orderBy: 'createdDate' }))).toBeNull();
    expect(pageStart(query({ cursor: 'no-es-un-cursor' }))).toBeNull();
    const ignored = await idsOf(`/siteusers/?pageSize=20&page=3&cursor=${cursor}`);
    expect(ignored).toEqual(await expected('', 3, 20));
    // Administrators order by their name (a Spanish key, not a cursor's column): no cursor, pages by offset.
    expect((await pageOf('/usermain/?pageSize=5&orderBy=name')).meta.nextCursor).toBeUndefined();
  });

  it('a forged cursor (the signature is public) whose keys are no values of the order answers 400 in Spanish, never 500', async () => {
    const forged = pageCursor(readListQuery(spec, { pageSize: '20', page: '1' }), { orderKey: 'no-es-una-fecha', tieKey: 'x' });
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/siteusers/?pageSize=20&page=2&cursor=${forged}`, headers: bearer(token) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'BadArgument', message: 'Un valor enviado no es válido o está fuera del rango permitido.' } });
    expect(response.body).not.toMatch(/at |stack/i);
  });

  it('a deep jump by offset is bounded (400 in Spanish); the same page continuing its cursor is not', async () => {
    const deep = await t.app.inject({ method: 'GET', url: '/api/v1/siteusers/?pageSize=100&page=102', headers: bearer(token) });
    expect(deep.statusCode).toBe(400);
    expect(deep.json().error.details[0]).toMatchObject({ target: 'page', message: lists.query.page_deep.replace('%{max}', '10000') });
    expect((await pageOf('/siteusers/?pageSize=100&page=101')).results).toHaveLength(100);
    let cursor = '';
    for (let page = 1; page <= 102; page += 1) cursor = (await pageOf(`/siteusers/?pageSize=100&page=${page}${cursor ? `&cursor=${cursor}` : ''}`)).meta.nextCursor ?? '';
    expect(cursor).not.toBe('');
  });

  it.each(['name', '-email', 'loa', '-lastLogin'])('orderBy=%s (no cursor): a deep jump by offset is bounded too, searched or not', async (orderBy) => {
    for (const search of ['', '&search=pedro']) {
      const deep = await t.app.inject({ method: 'GET', url: `/api/v1/siteusers/?pageSize=100&page=102&orderBy=${orderBy}${search}`, headers: bearer(token) });
      expect(deep.statusCode).toBe(400);
      expect(deep.json().error.details[0]).toMatchObject({ target: 'page', message: lists.query.page_deep.replace('%{max}', '10000') });
    }
    expect((await pageOf(`/siteusers/?pageSize=100&page=101&orderBy=${orderBy}`)).results).toHaveLength(100);
  });

  it('a continued page reads an index range from the cursor: no rows skipped by offset', async () => {
    for (const [declaration, index, url] of [
      [siteUsersResource, 'users_type_created_idx', '/siteusers/?pageSize=20'],
      [auditResource, 'audit_log_at_idx', '/audit/?pageSize=20'],
    ] as const) {
      const listSpec = resourceListSpec(declaration);
      const cursor = (await pageOf(`${url}&page=1`)).meta.nextCursor!;
      const page2 = readListQuery(listSpec, { pageSize: '20', page: '2', cursor });
      const statement = resourceListSql(declaration, { ...page2, page: 1 }, undefined, listSpec, pageStart(page2));
      expect(statement.text).not.toMatch(/offset [1-9]/);
      const nodes = await planNodes(t.database, statement);
      const scan = nodes.find((node) => node['Index Name'] === index);
      expect(String(scan?.['Index Cond'])).toMatch(/created_date|at/);
      expect(planScans(nodes).filter((name) => name === `Seq Scan ${declaration.table}`)).toEqual([]);
    }
  });
});
