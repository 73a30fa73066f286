/**
 * The audience service (server/audience/resolve.ts, POST /audience/reach) over the demo data: each segment reaches
 * exactly the active portals a direct SQL query finds, and the administrators counted are their active site
 * administrators. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Audience, AudienceReach } from '../../resources/audience';
import { audience as texts } from '../../i18n/es/audience';
import { audienceReach, audienceSitesQuery, audienceSitesSql, resolveAudience } from '../../server/audience/resolve';
import { ACTIVE_SITE as ACTIVE, audienceOf as audience } from '../helpers/audiencePortals';
import { bearer, createTestApp, type TestApp } from '../helpers/testApp';

let t: TestApp;
let token: string;
let allTypes: number[];



async function reach(body: unknown, auth = true) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/audience/reach',
    headers: auth ? bearer(token) : {},
    payload: body as Record<string, unknown>,
  });
  return { status: response.statusCode, body: response.json() };
}

/** The expected reach by a direct count over `sites s` with `where`. */
async function direct(where: string): Promise<AudienceReach & { ids: number[] }> {
  const rows = await t.database.query<{ id: number }>(`select s.id from sites s where ${ACTIVE} and (${where}) order by s.id`);
  const ids = rows.map((row) => row.id);
  const [admins] = await t.database.query<{ n: number }>(
    `select count(*)::int as n from users u join sites s on s.id = u.site_id
     where u.user_type_id = 1 and not u.deleted and ${ACTIVE} and (${where})`,
  );
  return { portals: ids.length, administrators: admins!.n, ids };
}

async function expectReach(value: Audience, where: string) {
  const expected = await direct(where);
  expect(expected.portals).toBeGreaterThan(0);
  const { status, body } = await reach(value);
  expect(status).toBe(200);
  expect(body).toEqual({ portals: expected.portals, administrators: expected.administrators });
  expect(await resolveAudience(t.database, value)).toEqual(expected.ids);
  return expected;
}

/** The department with the most active portals, and another one with active municipal portals. */
let busiest: number;
let other: { department: number; municipality: number };

beforeAll(async () => {
  t = await createTestApp({ seed: 'demo' });
  token = await t.tokenFor(['Messages']);
  allTypes = (await t.database.query<{ id: number }>('select id from site_types order by id')).map((row) => row.id);
  const [top] = await t.database.query<{ d: number }>(
    `select s.parent_location_id as d from sites s where ${ACTIVE} group by 1 order by count(*) desc, 1 limit 1`,
  );
  busiest = top!.d;
  const [pick] = await t.database.query<{ department: number; municipality: number }>(
    `select s.parent_location_id as department, s.location_id as municipality from sites s
     where ${ACTIVE} and s.location_id is not null and s.parent_location_id <> $1 order by s.id limit 1`,
    [busiest],
  );
  other = pick!;
});
afterAll(async () => t?.close());

describe('POST /api/v1/audience/reach', () => {
  it('the whole country with every entity type reaches every active portal', async () => {
    const expected = await expectReach(audience(0, { siteTypes: allTypes }), 'true');
    const [inactive] = await t.database.query<{ n: number }>(`select count(*)::int as n from sites s where not (${ACTIVE})`);
    expect(inactive!.n).toBeGreaterThan(0);
    expect(expected.administrators).toBeGreaterThan(0);
  });

  it('the whole country with one entity type reaches only that type', async () => {
    await expectReach(audience(0, { siteTypes: [allTypes[0]!] }), `s.site_type_id = ${allTypes[0]}`);
  });

  it('a department reaches all its portals, department-level and municipal, and nothing else', async () => {
    const expected = await expectReach(audience(1, { departments: [busiest], siteTypes: allTypes }), `s.parent_location_id = ${busiest}`);
    const [kinds] = await t.database.query<{ departmental: number; municipal: number }>(
      `select count(*) filter (where s.location_id is null)::int as departmental, count(*) filter (where s.location_id is not null)::int as municipal
       from sites s where ${ACTIVE} and s.parent_location_id = ${busiest}`,
    );
    expect(kinds!.municipal).toBeGreaterThan(0);
    expect(kinds!.departmental + kinds!.municipal).toBe(expected.portals);
  });

  it('a department plus a municipality of another department reaches both', async () => {
    await expectReach(
      audience(1, { departments: [busiest], municipalities: [other.municipality], siteTypes: allTypes }),
      `s.parent_location_id = ${busiest} or s.location_id = ${other.municipality}`,
    );
  });

  it("a municipality of a chosen department adds nothing (the department covers it)", async () => {
    const [inside] = await t.database.query<{ m: number }>(
      `select s.location_id as m from sites s where ${ACTIVE} and s.parent_location_id = ${busiest} and s.location_id is not null limit 1`,
    );
    const alone = await reach(audience(1, { departments: [busiest], siteTypes: allTypes }));
    const withIt = await reach(audience(1, { departments: [busiest], municipalities: [inside!.m], siteTypes: allTypes }));
    expect(withIt.body).toEqual(alone.body);
  });

  it('wildcards: all departments is the whole country; all municipalities is every municipal portal', async () => {
    const country = await reach(audience(0, { siteTypes: allTypes }));
    const allDepartments = await reach(audience(1, { departments: [0], siteTypes: allTypes }));
    expect(allDepartments.body).toEqual(country.body);
    await expectReach(audience(1, { municipalities: [0], siteTypes: allTypes }), 's.location_id is not null');
    await expectReach(
      audience(1, { departments: [other.department], municipalities: [0], siteTypes: allTypes }),
      `s.location_id is not null or s.parent_location_id = ${other.department}`,
    );
  });

  it('groups reach their active member portals whatever the entity types', async () => {
    const groups = await t.database.query<{ groupId: number }>(
      `select gs.group_id as "groupId" from group_sites gs join sites s on s.id = gs.site_id where ${ACTIVE}
       group by 1 order by 1 limit 2`,
    );
    expect(groups.length).toBe(2);
    const ids = groups.map((g) => g.groupId);
    const where = `s.id in (select site_id from group_sites where group_id in (${ids.join(',')}))`;
    await expectReach(audience(2, { groups: ids }), where);
    // Entity types sent with groups are ignored (spec 02 §5: types are required unless groups).
    const withTypes = await reach({ ...audience(2, { groups: ids }), siteTypes: [allTypes[0]] });
    expect(withTypes.body).toEqual((await reach(audience(2, { groups: ids }))).body);
  });

  it('an audience without matches reaches no one', async () => {
    const { status, body } = await reach(audience(2, { groups: [2_000_000] }));
    expect(status).toBe(200);
    expect(body).toEqual({ portals: 0, administrators: 0 });
  });

  it.each([
    ['segment 1 without locations', audience(1, { siteTypes: [1] }), 'municipalities', texts.validation.locations],
    ['segment 2 without groups', audience(2), 'groups', texts.validation.groups],
    ['no entity types', audience(0), 'siteTypes', texts.validation.site_types],
    ['no segment', { siteTypes: [1] }, 'segment', texts.validation.segment],
  ])('refuses %s in Spanish', async (_name, body, target, message) => {
    const response = await reach(body);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('BadArgument');
    expect(response.body.error.details).toContainEqual({ code: 'BadArgument', target, message });
  });

  it('refuses malformed lists and unknown fields with a 400 envelope, never a 500', async () => {
    for (const body of [
      { segment: 0, siteTypes: ['x'] },
      { segment: 0, siteTypes: [-1] },
      { segment: 5, siteTypes: [1] },
      { segment: 0, siteTypes: [1], sites: [3] },
      { segment: 0, siteTypes: new Array(2001).fill(1) },
      { segment: 0, siteTypes: [1e12] },
    ]) {
      const response = await reach(body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.body.error.message).toMatch(/[a-záéíóú]/);
    }
  });

  it('needs a signed-in user', async () => {
    expect((await reach(audience(0, { siteTypes: [1] }), false)).status).toBe(401);
  });
});

describe('audienceSitesSql', () => {
  /**
   * The plan of the audience query with sequential scans discouraged, optionally without some indexes (dropped inside
   * the transaction, then rolled back): each condition must be able to use an index of its own.
   */
  async function plan(value: Audience, withoutIndexes: string[] = []): Promise<string> {
    const { text, params } = audienceSitesSql(value);
    const inlined = text.replace(/\$(\d+)/g, (_match, n: string) => `'${String(params[Number(n) - 1])}'`);
    let lines = '';
    await t.database.db
      .transaction(async (tx) => {
        await tx.execute(sql.raw('set local enable_seqscan = off'));
        for (const name of withoutIndexes) await tx.execute(sql.raw(`drop index ${name}`));
        const result = (await tx.execute(sql.raw(`explain ${inlined}`))) as unknown as { rows: Array<Record<string, string>> };
        lines = result.rows.map((row) => Object.values(row)[0]).join('\n');
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!lines) throw error;
      });
    return lines;
  }

  it('uses the indexes on location, department, entity type and group membership', async () => {
    const located = audience(1, { departments: [5], municipalities: [8001], siteTypes: [1] });
    expect(await plan(located)).not.toMatch(/Seq Scan/);
    // Without the entity-type and status indexes the location alternatives still use their own indexes.
    const byLocation = await plan(located, ['sites_type_idx', 'sites_status_name_idx']);
    expect(byLocation).toMatch(/BitmapOr/);
    expect(byLocation).toMatch(/sites_parent_location_idx/);
    expect(byLocation).toMatch(/sites_location_idx/);
    const country = await plan(audience(0, { siteTypes: [1] }));
    expect(country).toMatch(/sites_type_idx/);
    expect(country).not.toMatch(/Seq Scan/);
    const grouped = await plan(audience(2, { groups: [1, 2] }));
    expect(grouped).toMatch(/group_sites_group_id_site_id_pk/);
    expect(grouped).not.toMatch(/Seq Scan/);
    // The indexes dropped above are back.
    const [kept] = await t.database.query<{ n: number }>(`select count(*)::int as n from pg_indexes where indexname = 'sites_type_idx'`);
    expect(kept!.n).toBe(1);
  });

  it('nests in a Drizzle query, which renumbers its parameters', async () => {
    const value = audience(1, { departments: [busiest], municipalities: [other.municipality], siteTypes: allTypes });
    const result = (await t.database.db.execute(
      sql`select count(*)::int as n from sites where id > ${0} and id in (${audienceSitesQuery(value)})`,
    )) as unknown as { rows: Array<{ n: number }> };
    expect(result.rows[0]!.n).toBe((await audienceReach(t.database, value)).portals);
  });

  it('is a parameterised fragment: values never enter the text', () => {
    const { text, params } = audienceSitesSql(audience(1, { departments: [5], municipalities: [8001], siteTypes: [3, 1] }));
    expect(text).not.toMatch(/8001|\b5\b/);
    expect(params).toEqual(['{1,3}', '{5}', '{8001}']);
  });
});
