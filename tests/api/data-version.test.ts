/**
 * Lists never answer stale: a write committed through another instance (or straight in the database) is visible on the
 * very next read; the data version behind the lists' ETags (server/http/etag.ts) moves once per writing transaction and
 * never on reads; and the order keys kept on the sites row follow renames.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { bearer, createTestApp, type TestApp } from '../helpers/testApp';
import { buildApp } from '../../server/app';
import { openDatabase, type Database } from '../../server/db/connection';
import { trackDataVersionSql, UNTRACKED_TABLES } from '../../server/lists/dataVersionTracking';

let t: TestApp;
let token: string;
let other: FastifyInstance;
let otherDatabase: Database | null = null;

beforeAll(async () => {
  t = await createTestApp({ seed: 'demo' });
  token = await t.tokenFor(['Sites', 'Users', 'Settings']);
  // PostgreSQL: a second pool, as another process would have. PGlite: the second server shares the one embedded database.
  otherDatabase = t.databaseUrl ? await openDatabase({ databaseUrl: t.databaseUrl }) : null;
  other = await buildApp({ context: { ...t.context, database: otherDatabase ?? t.database } });
  await other.ready();
}, 120_000);

afterAll(async () => {
  await other?.close();
  await otherDatabase?.close();
  await t?.close();
});

async function get<T>(app: FastifyInstance, url: string): Promise<T> {
  const response = await app.inject({ method: 'GET', url, headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return response.json() as T;
}

type Page = { results: Array<{ id: number; name: string; siteType: string; pendingRequest: boolean }> };
type Counts = { all: number; active: number; inactive: number; pending: number };

async function version(): Promise<number> {
  const [row] = await t.database.query<{ version: string }>('select version::text as version from data_version where id = 1');
  return Number(row!.version);
}

describe('fresh lists', () => {
  it('answers a write committed through another instance on the very next read, on both instances', async () => {
    const url = '/api/v1/sites/?pageSize=5';
    const first = await get<Page>(t.app, url);
    expect(await get<Page>(t.app, url)).toEqual(first);
    expect(await get<Page>(other, url)).toEqual(first);

    const target = first.results[0]!;
    const otherDb = (otherDatabase ?? t.database).db;
    await otherDb.execute(sql`update sites set name = ${`${target.name} (renombrado)`} where id = ${target.id}`);
    const onA = await get<Page>(t.app, url);
    expect(onA.results.find((row) => row.id === target.id)?.name).toBe(`${target.name} (renombrado)`);
    expect(await get<Page>(other, url)).toEqual(onA);
  });

  it('tab counts follow a change of the pending flag at once', async () => {
    const before = await get<Counts>(t.app, '/api/v1/sites/counts/');
    expect(await get<Counts>(t.app, '/api/v1/sites/counts/')).toEqual(before);
    const [site] = await t.database.query<{ id: number }>('select id from sites where not pending_request and not is_deleted order by id limit 1');
    await t.database.query('update sites set pending_request = true where id = $1', [site!.id]);
    expect(await get<Counts>(other, '/api/v1/sites/counts/')).toEqual({ ...before, pending: before.pending + 1 });
    await t.database.query('update sites set pending_request = false where id = $1', [site!.id]);
    expect(await get<Counts>(t.app, '/api/v1/sites/counts/')).toEqual(before);
  });

  it('moves the data version once per writing transaction, never on reads', async () => {
    const start = await version();
    await get<Page>(t.app, '/api/v1/sites/?pageSize=3');
    await get<unknown>(t.app, '/api/v1/users/');
    expect(await version()).toBe(start);
    // One statement over many rows, then a transaction writing three tables: one step each.
    await t.database.query('update sites set count_comments = count_comments where id in (select id from sites order by id limit 50)');
    expect(await version()).toBe(start + 1);
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`update sites set count_emails = count_emails where id in (select id from sites order by id limit 3)`);
      await tx.execute(sql`update groups set name = name`);
      await tx.execute(sql`update users set name = name where user_type_id = 2`);
    });
    expect(await version()).toBe(start + 2);
  });

  it('a new superadmin and a new audit line show in their lists at once', async () => {
    const users = await get<{ results: Array<{ email: string }> }>(t.app, '/api/v1/users/?pageSize=100');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/',
      headers: bearer(token),
      payload: { name: 'Persona de la caché', email: 'persona.cache@portales.test', permissions: [{ permissionID: 1, name: 'Sites' }] },
    });
    expect(created.statusCode).toBe(201);
    const after = await get<{ results: Array<{ email: string }> }>(other, '/api/v1/users/?pageSize=100');
    expect(after.results.map((row) => row.email)).toContain('persona.cache@portales.test');
    expect(after.results).toHaveLength(users.results.length + 1);
    const audit = await get<{ results: Array<{ recordLabel: string | null }> }>(t.app, '/api/v1/audit/?resource=superadmins&pageSize=5');
    expect(audit.results[0]?.recordLabel).toBe('Persona de la caché');
  });
});

describe('ETag and 304', () => {
  const conditional = (app: FastifyInstance, url: string, tag?: string) =>
    app.inject({ method: 'GET', url, headers: { ...bearer(token), ...(tag ? { 'if-none-match': tag } : {}) } });

  it('answers 304 without a body while nothing was written, on either instance, and 200 with a new tag after a write', async () => {
    const url = '/api/v1/sites/?pageSize=3';
    const first = await conditional(t.app, url);
    expect(first.statusCode).toBe(200);
    const tag = first.headers.etag as string;
    expect(tag).toMatch(/^W\//);
    expect(first.headers['cache-control']).toBe('private, no-cache');

    const same = await conditional(t.app, url, tag);
    expect(same.statusCode).toBe(304);
    expect(same.body).toBe('');
    expect((await conditional(other, url, tag)).statusCode).toBe(304);

    const target = (first.json() as Page).results[0]!;
    await (otherDatabase ?? t.database).db.execute(sql`update sites set name = ${`${target.name} (etag)`} where id = ${target.id}`);
    const after = await conditional(t.app, url, tag);
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(tag);
    expect((after.json() as Page).results.find((row) => row.id === target.id)?.name).toBe(`${target.name} (etag)`);
  });

  it('gives another caller another tag, and the engine lists, the tab counts and the audit list their tags', async () => {
    const otherToken = await t.tokenFor(['Sites', 'Users', 'Settings'], 'etag-otro@portales.gov.co');
    for (const url of ['/api/v1/sitetypes/', '/api/v1/sites/counts/', '/api/v1/audit/?pageSize=2', '/api/v1/locations/?pageSize=2']) {
      const mine = await conditional(t.app, url);
      expect(mine.statusCode, url).toBe(200);
      const theirs = await t.app.inject({ method: 'GET', url, headers: { ...bearer(otherToken), 'if-none-match': mine.headers.etag as string } });
      expect(theirs.statusCode, url).toBe(200);
      expect(theirs.headers.etag, url).not.toBe(mine.headers.etag);
      expect((await conditional(t.app, url, mine.headers.etag as string)).statusCode, url).toBe(304);
    }
  });
});

describe('tracked tables', () => {
  it('every table of the schema moves the data version except the declared untracked ones', async () => {
    const rows = await t.database.query<{ name: string; tracked: boolean }>(
      `select t.tablename as name,
              exists (select 1 from pg_trigger g join pg_class c on c.oid = g.tgrelid join pg_namespace n on n.oid = c.relnamespace
                       where n.nspname = 'public' and c.relname = t.tablename and g.tgfoid = 'public.bump_data_version'::regproc
                         and g.tgconstraint <> 0) as tracked
         from pg_tables t where t.schemaname = 'public' order by 1`,
    );
    expect(rows.length).toBeGreaterThan(20);
    const untracked = rows.filter((row) => !row.tracked).map((row) => row.name);
    expect(untracked.sort()).toEqual([...UNTRACKED_TABLES].sort());
  });

  it('a write to a table no earlier migration tracked (site comments) moves the version', async () => {
    const before = await version();
    const [site] = await t.database.query<{ id: number }>('select id from sites order by id limit 1');
    await t.database.query("insert into site_comments (site_id, user_id, description) values ($1, 1, 'nota')", [site!.id]);
    expect(await version()).toBe(before + 1);
  });

  it('adding the triggers again changes nothing (every start runs it)', async () => {
    await t.database.query(trackDataVersionSql());
    const [row] = await t.database.query<{ count: string }>(
      "select count(*)::text as count from pg_trigger where tgfoid = 'public.bump_data_version'::regproc",
    );
    await t.database.query(trackDataVersionSql());
    const [again] = await t.database.query<{ count: string }>(
      "select count(*)::text as count from pg_trigger where tgfoid = 'public.bump_data_version'::regproc",
    );
    expect(again!.count).toBe(row!.count);
  });
});

describe('order keys on the sites row', () => {
  it('follow a rename of a site type and of a location, and a site moved to another type', async () => {
    const [site] = await t.database.query<{ id: number; site_type_id: number }>('select id, site_type_id from sites where not is_deleted order by id limit 1');
    await t.database.query(`update site_types set name = 'AAA Primero en el orden' where id = $1`, [site!.site_type_id]);
    const byType = await get<Page>(t.app, '/api/v1/sites/?orderBy=siteType&pageSize=1');
    expect(byType.results[0]?.siteType).toBe('AAA Primero en el orden');
    const [keys] = await t.database.query<{ site_type_key: string; parent_location_key: string; name_key: string }>(
      'select site_type_key, parent_location_key, name_key from sites where id = $1',
      [site!.id],
    );
    expect(keys).toMatchObject({ site_type_key: 'aaa primero en el orden', name_key: expect.any(String) });

    const [{ id: otherType }] = (await t.database.query<{ id: number }>('select id from site_types where id <> $1 order by id limit 1', [site!.site_type_id])) as [{ id: number }];
    await t.database.query('update sites set site_type_id = $1 where id = $2', [otherType, site!.id]);
    const [moved] = await t.database.query<{ site_type_key: string; expected: string }>(
      'select s.site_type_key, spanish_key(st.name) as expected from sites s join site_types st on st.id = s.site_type_id where s.id = $1',
      [site!.id],
    );
    expect(moved!.site_type_key).toBe(moved!.expected);

    const [location] = await t.database.query<{ parent_location_id: number }>('select parent_location_id from sites where id = $1', [site!.id]);
    await t.database.query(`update locations set name = 'Ñandú del Ávila' where id = $1`, [location!.parent_location_id]);
    const [renamed] = await t.database.query<{ parent_location_key: string }>('select parent_location_key from sites where id = $1', [site!.id]);
    expect(renamed!.parent_location_key).toBe('n~andu del avila');
  });
});

describe('prepared statements (PostgreSQL path)', () => {
  it('a read statement keeps answering after its table gained a column (another instance migrated)', async () => {
    await t.database.query('create table prepared_probe (id int primary key)');
    await t.database.query('insert into prepared_probe values (1)');
    // Run it on several pool connections, so that each one holds the prepared form.
    await Promise.all(Array.from({ length: 6 }, () => t.database.query('select * from prepared_probe')));
    await t.database.query('alter table prepared_probe add column label text');
    const results = await Promise.all(Array.from({ length: 6 }, () => t.database.query('select * from prepared_probe')));
    for (const rows of results) expect(rows).toEqual([{ id: 1, label: null }]);
  });
});
