/**
 * Group management (spec 01 §3 'Group', §5 'Group', §7 `/sites/groups/…`, `/sites/groupsites/find`, §9): CRUD on the
 * engine, the rules and their Spanish messages, the ordered rows of sites, and the entity search from 3 characters.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { groupSites, sites } from '../../server/db/schema';
import { siteGroups } from '../../i18n/es/siteGroups';
import { lists } from '../../i18n/es/server';
import { bearer, createTestApp, type TestApp } from '../helpers/testApp';
import { planNodes, planScans } from '../helpers/queryPlan';
import { groupsResource } from '../../resources/groups';
import { readListQuery } from '../../server/lists/listQuery';
import { resourceListSpec } from '../../server/resources/listSpec';
import { resourceListSql } from '../../server/resources/store';

interface Group {
  groupID: number;
  name: string;
  countEntities: number;
  sites: number[];
  rows: Array<{ siteID: number; order: number; name: string }>;
}
interface ErrorBody {
  error: { message: string; details?: Array<{ target?: string; message: string }> };
}

let t: TestApp;
let token: string;
let siteIds: number[];

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, auth = token) {
  const response = await t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(auth), ...(payload === undefined ? {} : { payload: payload as object }) });
  return { status: response.statusCode, body: response.json() as unknown };
}
const messagesOf = (body: unknown) => ((body as ErrorBody).error.details ?? []).map((detail) => `${detail.target}: ${detail.message}`);

beforeAll(async () => {
  t = await createTestApp({ seed: 'demo' });
  token = await t.tokenFor(['Sites']);
  const rows = await t.database.db.select({ id: sites.id }).from(sites).where(eq(sites.isDeleted, false)).orderBy(asc(sites.id)).limit(5);
  siteIds = rows.map((row) => row.id);
});
afterAll(async () => t?.close());

describe('groups: rules and messages (spec 01 §5)', () => {
  it('requires a name and at least one entity, in Spanish, on the field', async () => {
    const { status, body } = await call('POST', '/sites/groups/', { name: '  ', sites: [] });
    expect(status).toBe(400);
    expect(messagesOf(body)).toEqual(expect.arrayContaining([`name: ${siteGroups.validation.name_required}`, `sites: ${siteGroups.validation.sites_required}`]));
    const missing = await call('POST', '/sites/groups/', { name: 'Grupo sin entidades' });
    expect(missing.status).toBe(400);
    expect(messagesOf(missing.body)).toEqual([`sites: ${siteGroups.validation.sites_required}`]);
  });

  it('refuses a name over 100 characters and accepts exactly 100', async () => {
    const long = await call('POST', '/sites/groups/', { name: 'x'.repeat(101), sites: [siteIds[0]] });
    expect(long.status).toBe(400);
    expect(messagesOf(long.body)).toEqual([`name: ${siteGroups.validation.name_too_long}`]);
    const exact = await call('POST', '/sites/groups/', { name: 'y'.repeat(100), sites: [siteIds[0]] });
    expect(exact.status).toBe(201);
  });

  it('refuses a site that does not exist or is deleted', async () => {
    const unknown = await call('POST', '/sites/groups/', { name: 'Grupo fantasma', sites: [siteIds[0], 99_999_999] });
    expect(unknown.status).toBe(400);
    expect(((unknown.body as ErrorBody).error.details ?? [])[0]?.target).toBe('sites');
    const [victim] = await t.database.db.insert(sites).values({ name: 'Portal borrado de prueba', alias: 'borrado-grupo', parentLocationId: 5, siteTypeId: 1, orderType: 0, isDeleted: true } as never).returning({ id: sites.id });
    const deleted = await call('POST', '/sites/groups/', { name: 'Grupo con borrado', sites: [victim!.id] });
    expect(deleted.status).toBe(400);
  });
});

describe('groups: CRUD with ordered rows of sites', () => {
  it('creates, reads, edits (new order) and deletes a group; rows keep the order given', async () => {
    const order = [siteIds[3]!, siteIds[0]!, siteIds[2]!];
    const created = await call('POST', '/sites/groups/', { name: 'Grupo Caribe', sites: order });
    expect(created.status).toBe(201);
    const group = created.body as Group;
    expect(group.sites).toEqual(order);
    expect(group.countEntities).toBe(3);
    expect(group.rows.map((row) => row.siteID)).toEqual(order);
    expect(group.rows.map((row) => row.order)).toEqual([0, 1, 2]);
    expect(group.rows.every((row) => typeof row.name === 'string' && row.name.length > 0)).toBe(true);

    const read = await call('GET', `/sites/groups/${group.groupID}`);
    expect(read.status).toBe(200);
    expect((read.body as Group).sites).toEqual(order);

    const reordered = [siteIds[2]!, siteIds[4]!, siteIds[3]!, siteIds[1]!];
    const updated = await call('PUT', `/sites/groups/${group.groupID}`, { name: 'Grupo Caribe 2', sites: reordered });
    expect(updated.status).toBe(200);
    expect((updated.body as Group).sites).toEqual(reordered);
    const stored = await t.database.db.select().from(groupSites).where(eq(groupSites.groupID, group.groupID)).orderBy(asc(groupSites.order));
    expect(stored.map((row) => row.siteID)).toEqual(reordered);

    // Emptying the group is refused: at least one entity, also on edit.
    const emptied = await call('PUT', `/sites/groups/${group.groupID}`, { name: 'Grupo Caribe 3', sites: [] });
    expect(emptied.status).toBe(400);
    expect(messagesOf(emptied.body)).toEqual([`sites: ${siteGroups.validation.sites_required}`]);
    const renamed = await call('PUT', `/sites/groups/${group.groupID}`, { name: 'Grupo Caribe 3', sites: reordered });
    expect((renamed.body as Group).sites).toEqual(reordered);

    const rows = await call('GET', `/sites/groupsites/?groupID=${group.groupID}`);
    expect(rows.status).toBe(200);
    expect((rows.body as { results: Array<{ siteID: number; order: number; name: string }> }).results.map((row) => [row.siteID, row.order])).toEqual(
      reordered.map((siteID, order) => [siteID, order]),
    );

    const listed = await call('GET', `/sites/groups/?name=caribe 3`);
    expect((listed.body as { results: Group[] }).results.map((row) => row.groupID)).toEqual([group.groupID]);
    // The list answers the criteria (spec 01: groupID, name, countEntities), not every site of the group: `rows` and
    // `sites` are detailOnly, read with one group.
    expect((listed.body as { results: Group[] }).results[0]).toEqual({ groupID: group.groupID, name: 'Grupo Caribe 3', countEntities: 4 });
    const one = (await call('GET', `/sites/groups/${group.groupID}`)).body as Group;
    expect(one.sites).toEqual(reordered);
    expect(one.rows.map((row) => [row.siteID, row.order])).toEqual(reordered.map((siteID, order) => [siteID, order]));
    expect((renamed.body as Group).rows.map((row) => row.siteID)).toEqual(reordered);

    const removed = await call('DELETE', `/sites/groups/${group.groupID}`);
    expect(removed.status).toBe(200);
    expect((await call('GET', `/sites/groups/${group.groupID}`)).status).toBe(404);
    expect(await t.database.db.select().from(groupSites).where(eq(groupSites.groupID, group.groupID))).toEqual([]);
  });

  it('lists 10 groups a page', async () => {
    for (let i = 0; i < 11; i += 1) expect((await call('POST', '/sites/groups/', { name: `Grupo paginado ${i}`, sites: [siteIds[0]] })).status).toBe(201);
    const page = await call('GET', '/sites/groups/');
    expect((page.body as { results: Group[] }).results).toHaveLength(10);
    expect((page.body as { meta: { hasNextPage: boolean } }).meta.hasNextPage).toBe(true);
    // The group lookup of the filters and audiences (100 a page): criteria only, no group's sites.
    const lookup = (await call('GET', '/sites/groups/?pageSize=100')).body as { results: Array<Record<string, unknown>> };
    expect(lookup.results.length).toBeGreaterThan(10);
    for (const row of lookup.results) expect(Object.keys(row).sort()).toEqual(['countEntities', 'groupID', 'name']);
  });

  it('documents the list without rows nor sites, and one group with them (OpenAPI)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    const document = response.json() as { paths: Record<string, Record<string, { responses: Record<string, { content: Record<string, { schema: Record<string, any> }> }> }>> };
    const schemaOf = (path: string, method: string) => document.paths[path]![method]!.responses['200']!.content['application/json']!.schema;
    const listItem = schemaOf('/api/v1/sites/groups/', 'get').properties.results.items.properties as Record<string, unknown>;
    expect(Object.keys(listItem).sort()).toEqual(['countEntities', 'groupID', 'name']);
    const one = schemaOf('/api/v1/sites/groups/{id}', 'get').properties as Record<string, unknown>;
    expect(Object.keys(one)).toEqual(expect.arrayContaining(['rows', 'sites']));
  });

  it('needs Sites to write; a reader without it is refused', async () => {
    const reader = await t.tokenFor(['Reports']);
    expect((await call('POST', '/sites/groups/', { name: 'Grupo', sites: [siteIds[0]] }, reader)).status).toBe(403);
    expect((await call('GET', '/sites/groups/', undefined, reader)).status).toBe(200);
  });
});

describe('groups: the count of entities kept by the database (issue 23)', () => {
  const countOf = async (groupID: number) => ((await call('GET', `/sites/groups/?groupID=${groupID}`)).body as { results: Group[] }).results[0]!.countEntities;

  it('follows the group\'s rows, a site deleted or restored, and a site removed', async () => {
    const [extra] = await t.database.db.insert(sites).values({ name: 'Portal contado', alias: 'contado-grupo', parentLocationId: 5, siteTypeId: 1, orderType: 0 } as never).returning({ id: sites.id });
    const created = (await call('POST', '/sites/groups/', { name: 'Grupo contado', sites: [siteIds[0], extra!.id, siteIds[1]] })).body as Group;
    expect(await countOf(created.groupID)).toBe(3);
    await t.database.query('update sites set is_deleted = true where id = $1', [extra!.id]);
    expect(await countOf(created.groupID)).toBe(2);
    await t.database.query('update sites set is_deleted = false where id = $1', [extra!.id]);
    expect(await countOf(created.groupID)).toBe(3);
    await call('PUT', `/sites/groups/${created.groupID}`, { name: 'Grupo contado', sites: [extra!.id] });
    expect(await countOf(created.groupID)).toBe(1);
    // A site removed for good takes its rows with it (cascade): the group counts none.
    await t.database.query('delete from sites where id = $1', [extra!.id]);
    expect(await countOf(created.groupID)).toBe(0);
  });

  it('a page of 100 groups reads the groups only: no count over group_sites per row', async () => {
    const statement = resourceListSql(groupsResource, readListQuery(resourceListSpec(groupsResource), { pageSize: '100' }));
    const scans = planScans(await planNodes(t.database, statement));
    expect(scans.length).toBeGreaterThan(0);
    expect(scans.filter((scan) => /group_sites|sites_/.test(scan))).toEqual([]);
  });
});

describe('GET /sites/groupsites/find (entity search, spec 01 §9)', () => {
  it('refuses fewer than 3 characters in Spanish and finds from 3, 100 a page, deleted sites left out', async () => {
    const short = await call('GET', '/sites/groupsites/find?search=me');
    expect(short.status).toBe(400);
    expect(JSON.stringify(short.body)).toContain(lists.query.text_short.replace('%{min}', '3'));
    const found = await call('GET', '/sites/groupsites/find?search=med');
    expect(found.status).toBe(200);
    const results = (found.body as { results: Array<{ siteID: number; name: string }> }).results;
    expect(results.length).toBeGreaterThan(0);
    expect(results.every((row) => /med/i.test(row.name.normalize('NFD').replace(/[\u0300-\u036f]/g, '')))).toBe(true);
    const wide = await call('GET', '/sites/groupsites/find?search=alc');
    expect((wide.body as { results: unknown[] }).results).toHaveLength(100);
    expect((await call('GET', '/sites/groupsites/find?search=alc&pageSize=101')).status).toBe(400);
    const gone = await call('GET', '/sites/groupsites/find?search=borrado de prueba');
    expect((gone.body as { results: unknown[] }).results).toEqual([]);
  });
});

describe('POST /sites/groupsites/ (add entities to a group\'s rows, spec 01 §7)', () => {
  const add = (payload: unknown, auth = token) => call('POST', '/sites/groupsites/', payload, auth);

  it('appends the new entities after the last row, in the order sent; those already there keep their row; audited', async () => {
    const created = (await call('POST', '/sites/groups/', { name: 'Grupo que crece', sites: [siteIds[1], siteIds[0]] })).body as Group;
    const added = await add({ groupID: created.groupID, sites: [siteIds[3], siteIds[0], siteIds[2], siteIds[3]] });
    expect(added.status).toBe(200);
    const answer = added.body as Group & { added: number[] };
    expect(answer.added).toEqual([siteIds[3], siteIds[2]]);
    expect(answer.countEntities).toBe(4);
    expect(answer.rows.map((row) => [row.siteID, row.order])).toEqual([
      [siteIds[1], 0],
      [siteIds[0], 1],
      [siteIds[3], 2],
      [siteIds[2], 3],
    ]);
    // The spec's rows shape reads the same; the group's own read sees the new rows.
    const again = await add({ groupID: created.groupID, rows: [{ siteID: siteIds[4], order: 0 }] });
    expect((again.body as { added: number[] }).added).toEqual([siteIds[4]]);
    const one = (await call('GET', `/sites/groups/${created.groupID}`)).body as Group;
    expect(one.sites).toEqual([siteIds[1], siteIds[0], siteIds[3], siteIds[2], siteIds[4]]);
    const [line] = await t.database.query<{ action: string; resource: string }>(
      `select action, resource from audit_log where action = 'addRows' order by id desc limit 1`,
    );
    expect(line).toEqual({ action: 'addRows', resource: 'groupSites' });
  });

  it('refuses, in Spanish and on the field, a missing group or entities, an unknown group, an unknown or deleted entity; nothing changes', async () => {
    const created = (await call('POST', '/sites/groups/', { name: 'Grupo estable', sites: [siteIds[0]] })).body as Group;
    const empty = await add({ groupID: created.groupID, sites: [] });
    expect(empty.status).toBe(400);
    expect(messagesOf(empty.body)).toEqual([`sites: ${siteGroups.validation.sites_required}`]);
    const noGroup = await add({ sites: [siteIds[1]] });
    expect(messagesOf(noGroup.body)).toEqual([`groupID: ${siteGroups.validation.group_required}`]);
    const unknownGroup = await add({ groupID: 99_999_999, sites: [siteIds[1]] });
    expect(unknownGroup.status).toBe(400);
    expect(((unknownGroup.body as ErrorBody).error.details ?? [])[0]?.target).toBe('groupID');
    const [victim] = await t.database.db.insert(sites).values({ name: 'Portal borrado para filas', alias: 'borrado-filas', parentLocationId: 5, siteTypeId: 1, orderType: 0, isDeleted: true } as never).returning({ id: sites.id });
    for (const [payload, target] of [
      [{ groupID: created.groupID, sites: [siteIds[1], 99_999_999] }, 'sites[1]'],
      [{ groupID: created.groupID, sites: [victim!.id] }, 'sites[0]'],
      [{ groupID: created.groupID, sites: ['abc'] }, 'sites[0]'],
    ] as const) {
      const refused = await add(payload);
      expect(refused.status, JSON.stringify(payload)).toBe(400);
      expect(((refused.body as ErrorBody).error.details ?? [])[0]?.target).toBe(target);
    }
    const tooMany = await add({ groupID: created.groupID, sites: Array.from({ length: 1001 }, (_, index) => index + 1) });
    expect(messagesOf(tooMany.body)).toEqual([`sites: ${siteGroups.validation.too_many_sites}`]);
    expect((await add([siteIds[0]])).status).toBe(400);
    expect(((await call('GET', `/sites/groups/${created.groupID}`)).body as Group).sites).toEqual([siteIds[0]]);
  });

  it('two additions to one group at once never share a position', async () => {
    const created = (await call('POST', '/sites/groups/', { name: 'Grupo concurrido', sites: [siteIds[0]] })).body as Group;
    const answers = await Promise.all([add({ groupID: created.groupID, sites: [siteIds[1], siteIds[2]] }), add({ groupID: created.groupID, sites: [siteIds[3], siteIds[4]] })]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const stored = await t.database.db.select().from(groupSites).where(eq(groupSites.groupID, created.groupID)).orderBy(asc(groupSites.order));
    expect(stored.map((row) => row.order)).toEqual([0, 1, 2, 3, 4]);
  });

  it('needs Sites (403 to a group reader without it, 401 without a session) and is documented', async () => {
    const reader = await t.tokenFor(['Reports']);
    expect((await add({ groupID: 1, sites: [siteIds[0]] }, reader)).status).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/sites/groupsites/', payload: {} })).statusCode).toBe(401);
    const document = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json', headers: bearer(token) })).json() as { paths: Record<string, Record<string, { operationId: string }>> };
    expect(document.paths['/api/v1/sites/groupsites/']!.post!.operationId).toBe('groupSitesAddRows');
  });
});
