/**
 * Bulk deactivation of administrators (server/users/deactivation.ts, /api/v1/siteusers/delete/…) over the demo
 * data: the spec's validation messages and the area's permission, the count of each mode against a direct SQL
 * count, the job deactivating exactly the confirmed administrators with per-item results and one audit row, and
 * the undo (exact rows, once, 24 h window, two undos racing). Runs on PGlite and, with TEST_DATABASE_URL, PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deactivation as texts } from '../../i18n/es/deactivation';
import { audience as audienceTexts } from '../../i18n/es/audience';
import { createJobRunner } from '../../server/jobs';
import { bearer, createTestApp, type TestApp } from '../helpers/testApp';

const API = '/api/v1/siteusers/delete';
const ACTIVE_SITE = 's.installed and s.status_id = 1 and not s.is_deleted';
let t: TestApp;
let settings: string;
let usersOnly: string;
let allTypes: string;
let department: number;

async function call(method: 'GET' | 'POST', url: string, token: string | null, payload?: Record<string, unknown>) {
  const response = await t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
  return { status: response.statusCode, body: response.json() };
}

const count = (query: Record<string, string>, token: string | null = settings) =>
  call('GET', `${API}/count?${new URLSearchParams(query).toString()}`, token);

/** Active site administrators of the sites a `where` over `sites s` picks. */
async function directIds(where: string): Promise<number[]> {
  const rows = await t.database.query<{ id: number }>(
    `select u.id from users u join sites s on s.id = u.site_id where u.user_type_id = 1 and not u.deleted and (${where}) order by u.id`,
  );
  return rows.map((row) => Number(row.id));
}

const runJobs = () => createJobRunner(t.context, { log: () => {} }).drain();

beforeAll(async () => {
  t = await createTestApp({ seed: 'demo' });
  settings = await t.tokenFor(['Settings']);
  usersOnly = await t.tokenFor(['Users', 'Sites', 'Reports']);
  allTypes = (await t.database.query<{ id: number }>('select id from site_types order by id')).map((row) => row.id).join(',');
  const [top] = await t.database.query<{ d: number }>(
    `select s.parent_location_id as d from sites s join users u on u.site_id = s.id and u.user_type_id = 1 and not u.deleted
     where ${ACTIVE_SITE} group by 1 order by count(*) desc, 1 limit 1`,
  );
  department = top!.d;
});
afterAll(async () => t?.close());

describe('access (spec 01 §2 and §6: Settings)', () => {
  it.each([
    ['GET', `${API}/count?siteTypes=1`],
    ['POST', `${API}/`],
    ['GET', `${API}/`],
    ['POST', `${API}/1/undo`],
    ['GET', `${API}/sites?name=alc`],
  ] as const)('%s %s: 401 without a session, 403 without Settings', async (method, url) => {
    const payload = method === 'POST' ? { siteTypes: '1' } : undefined;
    expect((await call(method, url, null, payload)).status).toBe(401);
    const refused = await call(method, url, usersOnly, payload);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe('Lo sentimos, no tienes permisos para ejecutar esta acción.');
  });
});

describe('validation (spec 01 §5)', () => {
  it.each([
    ['nothing', {}, texts.validation.filter],
    ['only empty lists', { locations: '', groups: '' }, texts.validation.filter],
    ['locations without entity types', { parentLocations: '5' }, audienceTexts.validation.site_types],
    ['two modes at once', { groups: '1', parentLocations: '5' }, texts.validation.invalid],
    ['a word in a list', { locations: 'x', siteTypes: '1' }, texts.validation.invalid],
  ])('%s: 400 with the message, on the count and on the request', async (_name, query, message) => {
    const counted = await count(query as Record<string, string>);
    expect(counted.status).toBe(400);
    expect(counted.body.error.message).toBe(message);
    const sent = await call('POST', `${API}/`, settings, query);
    expect(sent.status).toBe(400);
    expect(sent.body.error.message).toBe(message);
  });

  it('no active administrator matches: count 0, and the request answers the no-match text', async () => {
    expect((await count({ siteTypes: '999999' })).body).toEqual({ administrators: 0, portals: 0 });
    const sent = await call('POST', `${API}/`, settings, { siteTypes: '999999' });
    expect(sent.status).toBe(400);
    expect(sent.body.error.message).toBe('Para el filtro que seleccionaste no existen usuarios administradores activos');
    expect(Number((await t.database.query<{ n: number }>("select count(*)::int as n from jobs where kind = 'users.deactivate'"))[0]!.n)).toBe(0);
  });
});

describe('the count of each mode is exact (GET /siteusers/delete/count)', () => {
  it('1 Total: the active portals of the chosen types', async () => {
    const [first] = allTypes.split(',');
    const expected = await directIds(`${ACTIVE_SITE} and s.site_type_id = ${first}`);
    expect(expected.length).toBeGreaterThan(0);
    expect((await count({ siteTypes: first! })).body.administrators).toBe(expected.length);
    expect((await count({ siteTypes: allTypes })).body.administrators).toBe((await directIds(ACTIVE_SITE)).length);
  });

  it('2 Segmentada: a department, a municipality elsewhere, the wildcard', async () => {
    const expected = await directIds(`${ACTIVE_SITE} and s.parent_location_id = ${department}`);
    expect(expected.length).toBeGreaterThan(0);
    expect((await count({ parentLocations: String(department), siteTypes: allTypes })).body.administrators).toBe(expected.length);
    const [other] = await t.database.query<{ m: number }>(
      `select s.location_id as m from sites s join users u on u.site_id = s.id and u.user_type_id = 1 and not u.deleted
       where ${ACTIVE_SITE} and s.location_id is not null and s.parent_location_id <> $1 order by s.id limit 1`,
      [department],
    );
    const both = await directIds(`${ACTIVE_SITE} and (s.parent_location_id = ${department} or s.location_id = ${other!.m})`);
    expect(both.length).toBeGreaterThan(expected.length);
    expect((await count({ parentLocations: String(department), locations: String(other!.m), siteTypes: allTypes })).body.administrators).toBe(both.length);
    expect((await count({ parentLocations: '0', siteTypes: allTypes })).body.administrators).toBe((await directIds(ACTIVE_SITE)).length);
  });

  it('3 Una entidad: that portal, whatever its status', async () => {
    const [site] = await t.database.query<{ id: number }>(
      `select u.site_id as id from users u join sites s on s.id = u.site_id where u.user_type_id = 1 and not u.deleted and not s.is_deleted
       group by 1 order by count(*) desc, 1 limit 1`,
    );
    const expected = await directIds(`s.id = ${site!.id}`);
    expect((await count({ sites: String(site!.id) })).body).toEqual({ administrators: expected.length, portals: 1 });
  });

  it('4 Grupos: the active portals of the group, whatever their type', async () => {
    const [group] = await t.database.query<{ id: number }>('select group_id as id from group_sites order by group_id limit 1');
    const expected = await directIds(`${ACTIVE_SITE} and s.id in (select site_id from group_sites where group_id = ${group!.id})`);
    expect((await count({ groups: String(group!.id) })).body.administrators).toBe(expected.length);
  });
});

describe('the job and its undo', () => {
  let jobId: number;
  let matched: number[];
  let beforeOtherwise: number;
  let reactivated: number;
  let redeactivated: number;

  it('POST deactivates exactly the confirmed active administrators, never deleting them, with one audit row', async () => {
    const where = `${ACTIVE_SITE} and s.parent_location_id = ${department}`;
    // Deactivated by hand before the request: not matched, never restored by the undo.
    const [first] = await directIds(where);
    beforeOtherwise = first!;
    await t.database.query('update users set deleted = true where id = $1', [beforeOtherwise]);
    matched = await directIds(where);
    const outside = (await directIds('true')).length - matched.length;
    const usersBefore = Number((await t.database.query<{ n: number }>('select count(*)::int as n from users'))[0]!.n);

    const counted = await count({ parentLocations: String(department), siteTypes: allTypes });
    const sent = await call('POST', `${API}/`, settings, { parentLocations: String(department), siteTypes: allTypes });
    expect(sent.status).toBe(202);
    expect(sent.body.count).toBe(counted.body.administrators);
    expect(sent.body.count).toBe(matched.length);
    jobId = sent.body.jobId;

    // Undo before the job ran: refused.
    const early = await call('POST', `${API}/${jobId}/undo`, settings);
    expect(early.status).toBe(409);
    expect(early.body.error.message).toBe(texts.undo.running);

    expect(await runJobs()).toContain(jobId);
    const job = await call('GET', `/api/v1/jobs/${jobId}`, settings);
    expect(job.body.status).toBe('done');
    expect(job.body.counts).toMatchObject({ done: matched.length, failed: 0, skipped: 0 });
    expect(job.body.result).toEqual({ deactivated: matched.length, skipped: 0 });

    const rows = await t.database.query<{ id: number; deleted: boolean; deactivated_by_job: number | null }>(
      'select id, deleted, deactivated_by_job from users where id = any($1::int[]) order by id',
      [`{${matched.join(',')}}`],
    );
    expect(rows.map((row) => Number(row.id))).toEqual(matched);
    expect(rows.every((row) => row.deleted && Number(row.deactivated_by_job) === jobId)).toBe(true);
    expect(Number((await t.database.query<{ n: number }>('select count(*)::int as n from users'))[0]!.n)).toBe(usersBefore);
    expect((await directIds('true')).length).toBe(outside);

    const audits = await t.database.query<{ action: string; after: { count: number } }>(
      "select action, after from audit_log where resource = 'siteusers' and record_id = $1",
      [String(jobId)],
    );
    expect(audits).toHaveLength(1);
    expect(audits[0]!.action).toBe('deactivate');
    expect(audits[0]!.after.count).toBe(matched.length);
  });

  it('the undo restores exactly the rows this job deactivated and nobody changed since, once', async () => {
    expect(matched.length).toBeGreaterThan(2);
    reactivated = matched[0]!;
    redeactivated = matched[1]!;
    await t.database.query('update users set deleted = false where id = $1', [reactivated]);
    await t.database.query('update users set deleted = false where id = $1', [redeactivated]);
    await t.database.query('update users set deleted = true where id = $1', [redeactivated]);

    const recent = await call('GET', `${API}/`, settings);
    const run = recent.body.results.find((r: { jobId: number }) => r.jobId === jobId);
    expect(run).toMatchObject({ status: 'done', matched: matched.length, deactivated: matched.length, canUndo: true, undoneAt: null });

    const undone = await call('POST', `${API}/${jobId}/undo`, settings);
    expect(undone.status).toBe(200);
    expect(undone.body.restored).toBe(matched.length - 2);
    const state = new Map(
      (await t.database.query<{ id: number; deleted: boolean }>('select id, deleted from users where id = any($1::int[])', [
        `{${[...matched, beforeOtherwise].join(',')}}`,
      ])).map((row) => [Number(row.id), row.deleted]),
    );
    expect(state.get(reactivated)).toBe(false);
    expect(state.get(redeactivated)).toBe(true);
    expect(state.get(beforeOtherwise)).toBe(true);
    expect(matched.slice(2).every((id) => state.get(id) === false)).toBe(true);

    const again = await call('POST', `${API}/${jobId}/undo`, settings);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(texts.undo.already_undone);
    const audits = await t.database.query<{ after: { count: number } }>(
      "select after from audit_log where resource = 'siteusers' and action = 'reactivate' and record_id = $1",
      [String(jobId)],
    );
    expect(audits.map((row) => row.after.count)).toEqual([matched.length - 2]);
    const listed = (await call('GET', `${API}/`, settings)).body.results.find((r: { jobId: number }) => r.jobId === jobId);
    expect(listed).toMatchObject({ canUndo: false, restored: matched.length - 2 });
  });

  it('the undo is offered for 24 hours after the job finished', async () => {
    const site = matched.length > 0 ? (await t.database.query<{ site_id: number }>('select site_id from users where id = $1', [matched[2]]))[0]!.site_id : 0;
    const sent = await call('POST', `${API}/`, settings, { sites: String(site) });
    expect(sent.status).toBe(202);
    await runJobs();
    await t.database.query("update jobs set finished_at = now() - interval '24 hours 1 minute' where id = $1", [sent.body.jobId]);
    const late = await call('POST', `${API}/${sent.body.jobId}/undo`, settings);
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe(texts.undo.expired);
    await t.database.query("update jobs set finished_at = now() - interval '23 hours 59 minutes' where id = $1", [sent.body.jobId]);
    const inTime = await call('POST', `${API}/${sent.body.jobId}/undo`, settings);
    expect(inTime.status).toBe(200);
    expect(inTime.body.restored).toBe(sent.body.count);
  });

  it('two undos of one job at the same moment: one restores, the other is refused', async () => {
    const [group] = await t.database.query<{ id: number }>(
      `select gs.group_id as id from group_sites gs join sites s on s.id = gs.site_id join users u on u.site_id = s.id
       where u.user_type_id = 1 and not u.deleted and ${ACTIVE_SITE} group by 1 order by count(*) desc limit 1`,
    );
    const sent = await call('POST', `${API}/`, settings, { groups: String(group!.id) });
    expect(sent.status).toBe(202);
    await runJobs();
    const answers = await Promise.all([1, 2, 3].map(() => call('POST', `${API}/${sent.body.jobId}/undo`, settings)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    expect(answers.find((a) => a.status === 200)!.body.restored).toBe(sent.body.count);
    const [undos] = await t.database.query<{ n: number }>('select count(*)::int as n from user_deactivation_undos where job_id = $1', [sent.body.jobId]);
    expect(Number(undos!.n)).toBe(1);
  });

  it('an unknown job: 404', async () => {
    expect((await call('POST', `${API}/999999/undo`, settings)).status).toBe(404);
  });
});

describe('the entity lookup of mode 3', () => {
  it('answers from 3 characters, ignoring case and accents', async () => {
    const [site] = await t.database.query<{ name: string }>('select name from sites where not is_deleted order by id limit 1');
    expect((await call('GET', `${API}/sites?name=${encodeURIComponent(site!.name.slice(0, 2))}`, settings)).body.results).toEqual([]);
    const found = await call('GET', `${API}/sites?name=${encodeURIComponent(site!.name.slice(0, 6).toUpperCase())}`, settings);
    expect(found.status).toBe(200);
    expect(found.body.results.some((row: { name: string }) => row.name === site!.name)).toBe(true);
  });
});
