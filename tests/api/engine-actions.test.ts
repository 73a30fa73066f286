/**
 * The engine's actions, hooks, declared exports, computed fields and base condition on throwaway declarations:
 * enable / disable, sort of one record and of the collection, named actions with their server handler, write hooks
 * inside the transaction (a refusal and a rollback), a streamed export, their permissions, audit lines and OpenAPI.
 */
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as yup from 'yup';
import { errors } from '../../i18n/es/errors';
import { exportTexts } from '../../i18n/es/exports';
import { validation } from '../../i18n/es/index';
import { PERMISSIONS } from '../../resources/permissions';
import { defineTestResource } from '../helpers/testResource';
import { ApiError, badArgument } from '../../server/http/errors';
import { registeredRoutes } from '../../server/http/route';
import { t } from '../../server/i18n';
import { registerResource } from '../../server/resources/engine';
import { registerResourceService, ResourceService, type CustomActionHandler, type ViewHandler, type WriteContext } from '../../server/resources/services';
import { createTableSql } from '../../server/resources/tableSql';
import { lintOpenApi } from '../helpers/openapiLint';
import { bearer, createTestApp, type TestApp } from '../helpers/testApp';

interface Card {
  id: number;
  name: string;
  enabled: boolean;
  position: number | null;
  locked: boolean;
  note: string | null;
  nameLength: number;
}

const cards = defineTestResource<Card>({
  name: 'cards',
  apiPath: '/cards/',
  idField: 'id',
  table: 'test_cards',
  route: '',
  title: 'resources.groups.title',
  fields: [
    { source: 'id', type: 'id', label: 'resources.groups.fields.groupID' },
    { source: 'name', type: 'text', label: 'resources.groups.fields.name', maxLength: 100, searchable: true },
    { source: 'enabled', type: 'boolean', label: 'resources.locations.fields.isMunicipality', readOnly: true, defaultValue: true },
    { source: 'position', type: 'integer', label: 'resources.locations.fields.code' },
    { source: 'locked', type: 'boolean', label: 'resources.locations.fields.latitude', readOnly: true, defaultValue: false, list: false },
    { source: 'note', type: 'text', label: 'resources.locations.fields.longitude', maxLength: 50, nullable: true, list: false },
    { source: 'nameLength', type: 'integer', label: 'resources.groups.fields.countEntities', readOnly: true, computed: { sql: 'char_length(t.name)' } },
  ],
  routeAccess: ['Settings'],
  permissions: { read: ['Reports', 'Settings'], write: ['Settings'] },
  sort: { field: 'position', order: 'ASC' },
  pageSize: 50,
  editMode: 'dialog',
  // Rows named 'Oculta' do not exist for the API.
  listWhere: "t.name <> 'Oculta'",
  messages: { locked: 'errors.locked' },
  actions: [
    { name: 'enable', kind: 'enable', method: 'POST', path: '{id}/enable', scope: 'record', field: 'enabled', when: (card) => !card.locked },
    { name: 'disable', kind: 'disable', method: 'POST', path: '{id}/disable', scope: 'record', field: 'enabled', when: (card) => !card.locked },
    { name: 'sort', kind: 'sort', method: 'POST', path: '{id}/sort/{targetId}', scope: 'record', field: 'position', when: (card) => !card.locked },
    { name: 'sortAll', kind: 'sort', method: 'PUT', path: 'sort', scope: 'collection', field: 'position', when: (card) => !card.locked },
    { name: 'stamp', kind: 'custom', method: 'POST', path: '{id}/stamp', scope: 'record', permissions: ['Sites'] },
    { name: 'summary', kind: 'custom', method: 'POST', path: 'summary', scope: 'collection' },
  ],
  views: [
    { name: 'badge', path: '{id}/badge', scope: 'record' },
    { name: 'names', path: 'names/', scope: 'collection', permissions: ['Sites'], etag: true },
    // A public view on a path of its own (like the request wizard's `/newsite/*` reads), capped per client address.
    { name: 'count', path: '/cardscount/', scope: 'collection', access: 'public', rateLimit: { max: 2, timeWindow: '1 minute' } },
  ],
  exports: [{ path: '/cardsexport', formats: ['csv', 'xlsx'], fileName: 'tarjetas', fields: ['name', 'enabled', 'position', 'nameLength'] }],
});

/** The cards' domain rules: a refused name, a log written in the write's transaction, a name that fails after writing. */
class CardsService extends ResourceService {
  override readonly actions: Record<string, CustomActionHandler> = {
    stamp: {
      async run({ tx, record }) {
        const [row] = rowsOf<{ note: string }>(await tx.execute(sql.raw(`update test_cards set note = 'sellada' where id = ${Number(record!.id)} returning note`)));
        return { ...record, note: row!.note };
      },
    },
    summary: {
      schema: yup.object({ prefix: yup.string().required('validation.field.required') }),
      bodySchema: { type: 'object', properties: { prefix: { type: 'string' } } },
      responseSchema: { type: 'object', properties: { count: { type: 'integer' } } },
      async run({ tx, body }) {
        const { prefix } = body as { prefix: string };
        await tx.execute(sql`insert into test_card_log (card_id, operation) values (0, ${`summary:${prefix}`})`);
        if (prefix === 'fallar') throw badArgument('prefix', 'validation.invalid');
        const [row] = rowsOf<{ count: number }>(await tx.execute(sql`select count(*)::int as count from test_cards where name like ${`${prefix}%`}`));
        return { count: Number(row!.count) };
      },
    },
  };

  override readonly views: Record<string, ViewHandler> = {
    badge: {
      summary: 'Distintivo de una tarjeta',
      responseSchema: { type: 'object', properties: { badge: { type: 'string' } } },
      async run({ db, id }) {
        const [row] = rowsOf<{ name: string }>(await db.execute(sql`select name from test_cards where id = ${id}`));
        if (!row) throw new ApiError(404, 'NotFound', t('errors.not_found'));
        return { badge: `#${id} ${row.name}` };
      },
    },
    count: {
      summary: 'Cuántas tarjetas hay',
      responseSchema: { type: 'object', properties: { count: { type: 'integer' } } },
      serialize: true,
      async run({ db }) {
        const [row] = rowsOf<{ count: number }>(await db.execute(sql`select count(*)::int as count from test_cards`));
        return { count: Number(row!.count), hidden: 'no se serializa' };
      },
    },
    names: {
      summary: 'Nombres de las tarjetas',
      querySchema: { type: 'object', properties: { prefix: { type: 'string' } } },
      responseSchema: { type: 'array', items: { type: 'string' } },
      async run({ db, request }) {
        const prefix = String((request.query as { prefix?: string }).prefix ?? '');
        const rows = rowsOf<{ name: string }>(await db.execute(sql`select name from test_cards where name like ${`${prefix}%`} order by name`));
        return rows.map((row) => row.name);
      },
    },
  };

  override async beforeWrite(context: WriteContext): Promise<void> {
    if (context.values.name === 'Prohibido') throw badArgument('name', 'validation.invalid');
    if (typeof context.values.name === 'string') context.values.name = context.values.name.replace(/\s+/g, ' ');
  }

  override async afterWrite(context: WriteContext): Promise<void> {
    const id = Number((context.after ?? context.before)!.id);
    const operation = context.action ? `${context.operation}:${context.action}` : context.operation;
    await context.tx.execute(sql`insert into test_card_log (card_id, operation) values (${id}, ${operation})`);
    if (context.after?.name === 'Revertir') throw new ApiError(409, 'Conflict', t('errors.locked'));
  }
}

registerResourceService('cards', new CardsService());

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

let testApp: TestApp;
let settings: Record<string, string>;
let reader: Record<string, string>;
let sites: Record<string, string>;

beforeAll(async () => {
  testApp = await createTestApp({ seed: 'none', extraResources: [cards], env: { API_DOCS: '1' } });
  const { database } = testApp;
  for (const p of PERMISSIONS) {
    await database.query('insert into permissions (permission_id, name) values ($1, $2) on conflict do nothing', [p.permissionID, p.name]);
  }
  await database.query(createTableSql(cards));
  await database.query('create table test_card_log (id serial primary key, card_id integer not null, operation text not null)');
  settings = bearer(await testApp.tokenFor(['Settings']));
  reader = bearer(await testApp.tokenFor(['Reports']));
  sites = bearer(await testApp.tokenFor(['Sites']));
});

afterAll(async () => {
  await testApp?.close();
});

const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string> = settings, payload?: unknown) =>
  testApp.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

async function create(name: string, position: number | null = null): Promise<Card> {
  const response = await inject('POST', '/cards/', settings, { name, position });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Card;
}

const logOf = async (cardId: number) =>
  (await testApp.database.query<{ operation: string }>('select operation from test_card_log where card_id = $1 order by id', [cardId])).map((row) => row.operation);
const auditOf = (action: string, recordId: number | string) =>
  testApp.database.query<{ action: string; before: Card | null; after: Card | null }>(
    "select action, before, after from audit_log where resource = 'cards' and action = $1 and record_id = $2 order by id",
    [action, String(recordId)],
  );
const positions = async () =>
  (await testApp.database.query<{ id: number; position: number | null }>("select id, position from test_cards where name like 'Orden%' order by id")).map((row) => [row.id, row.position]);

describe('enable / disable', () => {
  it('sets the boolean field, runs the write hooks and writes an audit line named after the action', async () => {
    const card = await create('Activable');
    const disabled = await inject('POST', `/cards/${card.id}/disable`);
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json()).toMatchObject({ id: card.id, enabled: false, nameLength: 'Activable'.length });
    const enabled = await inject('POST', `/cards/${card.id}/enable`);
    expect(enabled.json()).toMatchObject({ enabled: true });
    expect(await logOf(card.id)).toEqual(['create', 'update:disable', 'update:enable']);
    const [line] = await auditOf('disable', card.id);
    expect(line).toMatchObject({ before: { enabled: true }, after: { enabled: false } });
  });

  it('answers 404 for a missing or hidden record, 409 when `when` refuses, 403 and 401 by its permission', async () => {
    expect((await inject('POST', '/cards/999999/disable')).statusCode).toBe(404);
    expect((await inject('POST', '/cards/abc/disable')).statusCode).toBe(404);
    const hidden = await create('Oculta');
    expect((await inject('POST', `/cards/${hidden.id}/disable`)).json().error.code).toBe('NotFound');
    const locked = await create('Bloqueada');
    await testApp.database.query('update test_cards set locked = true where id = $1', [locked.id]);
    const refused = await inject('POST', `/cards/${locked.id}/disable`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'Locked', message: errors.locked });
    expect((await testApp.database.query('select enabled from test_cards where id = $1', [locked.id]))[0]).toEqual({ enabled: true });
    expect((await inject('POST', `/cards/${locked.id}/disable`, reader)).statusCode).toBe(403);
    expect((await inject('POST', `/cards/${locked.id}/disable`, {})).statusCode).toBe(401);
  });
});

describe('sort', () => {
  let ids: number[] = [];
  beforeAll(async () => {
    ids = [];
    for (const [index, name] of ['Orden A', 'Orden B', 'Orden C', 'Orden D'].entries()) ids.push((await create(name, index + 1)).id);
  });

  it('moves a record to the target place, shifting the rows between, with one audit line', async () => {
    const [a, b, c, d] = ids as [number, number, number, number];
    const moved = await inject('POST', `/cards/${a}/sort/${c}`);
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ id: a, position: 3 });
    expect(await positions()).toEqual([[a, 3], [b, 1], [c, 2], [d, 4]]);
    const back = await inject('POST', `/cards/${a}/sort/${b}`);
    expect(back.json()).toMatchObject({ position: 1 });
    expect(await positions()).toEqual([[a, 1], [b, 2], [c, 3], [d, 4]]);
    expect((await auditOf('sort', a)).map((line) => [line.before?.position, line.after?.position])).toEqual([[1, 3], [3, 1]]);
    expect((await inject('POST', `/cards/${a}/sort/999999`)).statusCode).toBe(404);
    expect((await inject('POST', `/cards/${a}/sort/${b}`, reader)).statusCode).toBe(403);
  });

  it('serialises simultaneous sorts: the positions stay a permutation', async () => {
    const [a, b, c, d] = ids as [number, number, number, number];
    const answers = await Promise.all([
      inject('POST', `/cards/${a}/sort/${d}`),
      inject('POST', `/cards/${d}/sort/${b}`),
      inject('POST', `/cards/${c}/sort/${a}`),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect((await positions()).map(([, position]) => position).sort()).toEqual([1, 2, 3, 4]);
  });

  it('sorts the collection from a body list, refusing bad lists with each item named', async () => {
    const [a, b] = ids as [number, number];
    const sorted = await inject('PUT', '/cards/sort', settings, [
      { id: b, position: 10 },
      { id: a, position: '20' },
    ]);
    expect(sorted.statusCode, sorted.body).toBe(200);
    expect(sorted.json().map((card: Card) => [card.id, card.position])).toEqual([[b, 10], [a, 20]]);
    expect(await auditOf('sortAll', b)).toHaveLength(1);

    const notList = await inject('PUT', '/cards/sort', settings, { id: a });
    expect(notList.statusCode).toBe(400);
    expect(notList.json().error.details).toEqual([{ code: 'BadArgument', target: 'items', message: validation.sort.list }]);
    const bad = await inject('PUT', '/cards/sort', settings, [{ id: 'x', position: 1.5 }, { id: a, position: 1 }, { id: a, position: 2 }]);
    expect(bad.json().error.details.map((detail: { target: string; message: string }) => [detail.target, detail.message])).toEqual([
      ['items[0].id', validation.field.integer],
      ['items[0].position', validation.field.integer],
      ['items[2].id', validation.sort.repeated],
    ]);
    const missing = await inject('PUT', '/cards/sort', settings, [{ id: 999999, position: 1 }]);
    expect(missing.json().error.details[0]).toMatchObject({ target: 'items[0].id', message: validation.field.reference });
    expect((await positions()).find(([id]) => id === a)).toEqual([a, 20]);
  });
});

describe('custom actions', () => {
  it('runs the registered handler in a transaction, audited under its name, with its own permission', async () => {
    const card = await create('Sellable');
    expect((await inject('POST', `/cards/${card.id}/stamp`, settings)).statusCode).toBe(403);
    const stamped = await inject('POST', `/cards/${card.id}/stamp`, sites);
    expect(stamped.statusCode, stamped.body).toBe(200);
    expect(stamped.json()).toMatchObject({ id: card.id, note: 'sellada' });
    expect(await auditOf('stamp', card.id)).toHaveLength(1);
    expect((await inject('POST', '/cards/999999/stamp', sites)).statusCode).toBe(404);
  });

  it('validates the body with the handler schema and rolls back what a failing handler wrote', async () => {
    const refused = await inject('POST', '/cards/summary', settings, {});
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.details[0]).toMatchObject({ target: 'prefix', message: validation.field.required });
    const counted = await inject('POST', '/cards/summary', settings, { prefix: 'Orden' });
    expect(counted.json()).toEqual({ count: 4 });
    const failed = await inject('POST', '/cards/summary', settings, { prefix: 'fallar' });
    expect(failed.statusCode).toBe(400);
    const log = await testApp.database.query<{ operation: string }>("select operation from test_card_log where card_id = 0 order by id");
    expect(log.map((row) => row.operation)).toEqual(['summary:Orden']);
  });

  it('refuses to register a custom action without a handler, or an action the declaration cannot serve', () => {
    const orphan = defineTestResource({ ...cards, name: 'orphans', apiPath: '/orphans/', actions: [{ name: 'run', kind: 'custom', method: 'POST', path: 'run', scope: 'collection' }] });
    expect(() => registerResource(Fastify(), orphan)).toThrow(/no handler is registered for orphans\.run/);
    const wrongField = defineTestResource({ ...cards, name: 'wrong', apiPath: '/wrong/', actions: [{ name: 'enable', kind: 'enable', method: 'POST', path: '{id}/enable', scope: 'record', field: 'name' }] });
    expect(() => registerResource(Fastify(), wrongField)).toThrow(/enable needs a stored boolean field/);
  });
});

describe('views', () => {
  it('answers the handler of a record view with the read access; an id no row can have is 404 before it runs; no audit line', async () => {
    const card = await create('Vista');
    const badge = await inject('GET', `/cards/${card.id}/badge`, reader);
    expect(badge.statusCode, badge.body).toBe(200);
    expect(badge.json()).toEqual({ badge: `#${card.id} Vista` });
    for (const id of ['abc', '2147483648', '-1', '1e3', '0']) {
      const refused = await inject('GET', `/cards/${id}/badge`, reader);
      expect(refused.statusCode, id).toBe(404);
      expect(refused.json().error.message).toBe(errors.not_found);
    }
    expect((await inject('GET', '/cards/999999/badge', reader)).statusCode).toBe(404);
    expect((await inject('GET', `/cards/${card.id}/badge`, sites)).statusCode).toBe(403);
    expect((await inject('GET', `/cards/${card.id}/badge`, {})).statusCode).toBe(401);
    expect(await testApp.database.query("select 1 from audit_log where resource = 'cards' and action = 'badge'")).toEqual([]);
  });

  it('a collection view keeps its trailing slash, takes its own permission and its query string, with an ETag', async () => {
    await create('Listada uno');
    const names = await inject('GET', '/cards/names/?prefix=Listada', sites);
    expect(names.statusCode, names.body).toBe(200);
    expect(names.json()).toEqual(['Listada uno']);
    expect(names.headers.etag).toBeDefined();
    expect((await inject('GET', '/cards/names/', reader)).statusCode).toBe(403);
  });

  it('a public view answers without a session on its own path, serialised by its schema, and is capped per address (429)', async () => {
    const read = () => testApp.app.inject({ method: 'GET', url: '/api/v1/cardscount/', remoteAddress: '10.77.0.1' });
    const first = await read();
    expect(first.statusCode, first.body).toBe(200);
    expect(Object.keys(first.json())).toEqual(['count']);
    expect((await read()).statusCode).toBe(200);
    const capped = await read();
    expect(capped.statusCode).toBe(429);
    expect(typeof capped.json().error.message).toBe('string');
    const route = registeredRoutes(testApp.app).find((registered) => registered.url === '/api/v1/cardscount/');
    expect(route?.access).toBe('public');
  });

  it('refuses to register a view without a handler, or one the declaration cannot serve', () => {
    const orphan = { ...cards, name: 'orphans', apiPath: '/orphans/', actions: [], exports: [], views: [{ name: 'lost', path: 'lost', scope: 'collection' as const }] };
    expect(() => registerResource(Fastify(), orphan)).toThrow(/no handler is registered for the view orphans.lost/);
    const bare = { ...cards, name: 'bare', apiPath: '/bare/', actions: [], exports: [], views: [{ name: 'badge', path: '{id}', scope: 'record' as const }] };
    expect(() => registerResource(Fastify(), bare)).toThrow(/a segment of its own/);
    const uncapped = { ...cards, name: 'uncapped', apiPath: '/uncapped/', actions: [], exports: [], views: [{ name: 'count', path: '/uncappedcount/', scope: 'collection' as const, access: 'public' as const }] };
    expect(() => registerResource(Fastify(), uncapped)).toThrow(/a public view needs its rateLimit/);
    const ownRecord = { ...cards, name: 'ownrecord', apiPath: '/ownrecord/', actions: [], exports: [], views: [{ name: 'badge', path: '/ownbadge/{id}', scope: 'record' as const }] };
    expect(() => registerResource(Fastify(), ownRecord)).toThrow(/is a collection view/);
  });
});

describe('write hooks', () => {
  it('beforeWrite refuses a write (nothing stored) and may complete the values', async () => {
    const refused = await inject('POST', '/cards/', settings, { name: 'Prohibido' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.details[0]).toMatchObject({ target: 'name', message: validation.invalid });
    expect(await testApp.database.query("select id from test_cards where name = 'Prohibido'")).toEqual([]);
    const spaced = await create('Dos   espacios');
    expect(spaced.name).toBe('Dos espacios');
  });

  it('afterWrite writes in the same transaction, and its refusal rolls back the record and what it wrote', async () => {
    const before = (await testApp.database.query<{ n: number }>('select count(*)::int as n from test_card_log'))[0]!.n;
    const refused = await inject('POST', '/cards/', settings, { name: 'Revertir' });
    expect(refused.statusCode).toBe(409);
    expect(await testApp.database.query("select id from test_cards where name = 'Revertir'")).toEqual([]);
    expect((await testApp.database.query<{ n: number }>('select count(*)::int as n from test_card_log'))[0]!.n).toBe(before);

    const card = await create('Editable');
    const renamed = await inject('PUT', `/cards/${card.id}`, settings, { name: 'Revertir' });
    expect(renamed.statusCode).toBe(409);
    expect((await inject('GET', `/cards/${card.id}`)).json()).toMatchObject({ name: 'Editable' });
    expect((await inject('DELETE', `/cards/${card.id}`)).statusCode).toBe(200);
    expect(await logOf(card.id)).toEqual(['create', 'delete']);
  });
});

describe('computed fields and the base condition', () => {
  it('computes the field on every read and hides the rows outside listWhere', async () => {
    const shown = await create('Visible');
    expect(shown.nameLength).toBe('Visible'.length);
    const hidden = await create('Oculta');
    const list = (await inject('GET', '/cards/?pageSize=500', reader)).json() as { results: Card[] };
    expect(list.results.every((card) => card.name !== 'Oculta' && card.nameLength === card.name.length)).toBe(true);
    expect((await inject('GET', `/cards/${hidden.id}`, reader)).statusCode).toBe(404);
    // Computed fields are neither written, nor filtered, nor ordered by.
    expect((await inject('GET', '/cards/?orderBy=nameLength', reader)).statusCode).toBe(400);
  });
});

describe('declared export', () => {
  it('streams the list query as CSV with the fields labels as headers, and as XLSX', async () => {
    const csv = await inject('GET', '/cardsexport?search=orden&orderBy=name', reader);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/filename="tarjetas-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    const labels = ['resources.groups.fields.name', 'resources.locations.fields.isMunicipality', 'resources.locations.fields.code', 'resources.groups.fields.countEntities'];
    expect(lines[0]).toBe(labels.map((label) => t(label)).join(';'));
    expect(lines.slice(1).map((line) => line.split(';')[0])).toEqual(['Orden A', 'Orden B', 'Orden C', 'Orden D']);
    expect(lines[1]!.split(';').slice(1, 2)).toEqual([exportTexts.values.yes]);
    expect(lines[1]!.split(';')[3]).toBe('7');

    const xlsx = await inject('GET', '/cardsexport?format=xlsx', reader);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const refused = await inject('GET', '/cardsexport?format=pdf', reader);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(exportTexts.format.invalid);
    expect((await inject('GET', '/cardsexport', sites)).statusCode).toBe(403);
  });
});

describe('OpenAPI', () => {
  it('documents every action and the export with operationId, parameters, body, 2xx schema and 4xx; the document lints clean', async () => {
    const document = (await inject('GET', '/openapi.json')).json() as {
      paths: Record<string, Record<string, { operationId: string; parameters?: Array<{ name: string; in: string }>; requestBody?: unknown; responses: Record<string, unknown> }>>;
    };
    const enable = document.paths['/api/v1/cards/{id}/enable']!.post!;
    expect(enable.operationId).toBe('cardsEnable');
    expect(enable.parameters?.map((parameter) => parameter.name)).toEqual(['id']);
    expect(Object.keys(enable.responses).sort()).toEqual(['200', '401', '403', '404', '409']);
    const sort = document.paths['/api/v1/cards/{id}/sort/{targetId}']!.post!;
    expect(sort.parameters?.map((parameter) => parameter.name)).toEqual(['id', 'targetId']);
    const sortAll = document.paths['/api/v1/cards/sort']!.put!;
    expect(sortAll.operationId).toBe('cardsSortAll');
    expect(sortAll.requestBody).toBeDefined();
    expect(Object.keys(sortAll.responses)).toContain('400');
    expect(document.paths['/api/v1/cards/summary']!.post!.operationId).toBe('cardsSummary');
    expect(document.paths['/api/v1/cardsexport']!.get!.responses['200']).toBeDefined();
    const badge = document.paths['/api/v1/cards/{id}/badge']!.get!;
    expect(badge.operationId).toBe('cardsBadge');
    expect(Object.keys(badge.responses).sort()).toEqual(['200', '401', '403', '404']);
    expect(document.paths['/api/v1/cards/names/']!.get!.operationId).toBe('cardsNames');
    expect(await lintOpenApi(document)).toEqual([]);
  });
});
