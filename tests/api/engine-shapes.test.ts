/**
 * The engine's shapes beyond plain CRUD (issue 6), on throwaway declarations (tests/helpers/shapeResources.ts): a
 * read-only list, a text id, a singleton, a collection update and a nested path, each with its routes, its audit lines
 * and its OpenAPI entries (lint-clean).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '../../resources/permissions';
import { errors } from '../../i18n/es/errors';
import { validation } from '../../i18n/es/index';
import { lintOpenApi } from '../helpers/openapiLint';
import { createShapeTables, SHAPE_RESOURCES } from '../helpers/shapeResources';
import { bearer, createTestApp, type TestApp } from '../helpers/testApp';

type Json = Record<string, unknown>;
interface Detail {
  target: string;
  message: string;
}
interface Operation {
  operationId: string;
  parameters?: Array<{ in: string; name: string; required?: boolean }>;
  requestBody?: { content: Record<string, { schema: Json }> };
}

let testApp: TestApp;
let settings: Record<string, string>;
let reader: Record<string, string>;
let document: { paths: Record<string, Record<string, Operation>> };

beforeAll(async () => {
  testApp = await createTestApp({ seed: 'none', extraResources: SHAPE_RESOURCES, env: { API_DOCS: '1' } });
  for (const p of PERMISSIONS) {
    await testApp.database.query('insert into permissions (permission_id, name) values ($1, $2) on conflict do nothing', [p.permissionID, p.name]);
  }
  await createShapeTables(testApp.database);
  settings = bearer(await testApp.tokenFor(['Settings']));
  reader = bearer(await testApp.tokenFor(['Reports']));
  document = (await testApp.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
});

afterAll(async () => {
  await testApp?.close();
});

function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers = settings) {
  return testApp.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload === undefined ? {} : { payload: payload as Json }) });
}

const details = (response: { json(): unknown }): Detail[] => (response.json() as { error: { details: Detail[] } }).error.details;

async function auditLines(resource: string) {
  return testApp.database.query<{ action: string; record_id: string | null; before: Json | null; after: Json | null }>(
    'select action, record_id, before, after from audit_log where resource = $1 order by id',
    [resource],
  );
}

async function insertTopic(name: string, archived = false): Promise<number> {
  const [row] = await testApp.database.query<{ id: number }>('insert into test_shape_topics (name, archived) values ($1, $2) returning id', [name, archived]);
  return row!.id;
}

describe('declared operations: a read-only list', () => {
  it('answers the list and one record, and has no create, update or delete route', async () => {
    const id = await insertTopic('Soporte');
    const list = await call('GET', '/shapetopics/', undefined, reader);
    expect(list.statusCode).toBe(200);
    expect((list.json() as { results: Json[] }).results).toEqual([{ id, name: 'Soporte', archived: false }]);
    expect((await call('GET', `/shapetopics/${id}`, undefined, reader)).json()).toEqual({ id, name: 'Soporte', archived: false });

    for (const [method, url] of [['POST', '/shapetopics/'], ['PUT', `/shapetopics/${id}`], ['DELETE', `/shapetopics/${id}`]] as const) {
      const response = await call(method, url, method === 'DELETE' ? undefined : { name: 'Otro' });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().error.code).toBe('NotFound');
    }
    const [row] = await testApp.database.query<{ name: string }>('select name from test_shape_topics where id = $1', [id]);
    expect(row?.name).toBe('Soporte');
    expect(await auditLines('shapetopics')).toEqual([]);
  });

  it('documents only the declared operations', () => {
    expect(Object.keys(document.paths['/api/v1/shapetopics/'] ?? {})).toEqual(['get']);
    expect(Object.keys(document.paths['/api/v1/shapetopics/{id}'] ?? {})).toEqual(['get']);
    expect(document.paths['/api/v1/shapetopics/']?.get?.operationId).toBe('listShapetopics');
  });
});

describe('text ids', () => {
  it('creates a record named by the body, reads, updates and deletes it by that id, with its audit lines', async () => {
    const created = await call('POST', '/shapealiases/', { alias: 'portal-norte', name: 'Norte' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ alias: 'portal-norte', name: 'Norte' });
    expect((await call('GET', '/shapealiases/portal-norte')).json()).toEqual({ alias: 'portal-norte', name: 'Norte' });

    // The path names the record: an alias in the body of an update renames nothing.
    const updated = await call('PUT', '/shapealiases/portal-norte', { alias: 'otro', name: 'Norte grande' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toEqual({ alias: 'portal-norte', name: 'Norte grande' });
    const listed = await call('GET', '/shapealiases/?alias=portal-norte');
    expect((listed.json() as { results: Json[] }).results).toEqual([{ alias: 'portal-norte', name: 'Norte grande' }]);

    expect((await call('DELETE', '/shapealiases/portal-norte')).statusCode).toBe(200);
    expect((await call('GET', '/shapealiases/portal-norte')).statusCode).toBe(404);
    const lines = await auditLines('shapealiases');
    expect(lines.map((line) => [line.action, line.record_id])).toEqual([
      ['create', 'portal-norte'],
      ['update', 'portal-norte'],
      ['delete', 'portal-norte'],
    ]);
    expect(lines[1]?.before?.name).toBe('Norte');
    expect(lines[1]?.after?.name).toBe('Norte grande');
  });

  it("validates the id of a create with its field's rule and refuses an id already taken", async () => {
    const missing = await call('POST', '/shapealiases/', { name: 'Sin alias' });
    expect(missing.statusCode).toBe(400);
    expect(details(missing)).toEqual([expect.objectContaining({ target: 'alias', message: validation.field.required })]);
    const malformed = await call('POST', '/shapealiases/', { alias: 'Con Espacio', name: 'Malo' });
    expect(details(malformed)).toEqual([expect.objectContaining({ target: 'alias', message: validation.invalid })]);

    expect((await call('POST', '/shapealiases/', { alias: 'portal-sur', name: 'Sur' })).statusCode).toBe(201);
    const taken = await call('POST', '/shapealiases/', { alias: 'portal-sur', name: 'Otro sur' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().error).toMatchObject({ code: 'BadArgument', message: errors.duplicate, details: [{ target: 'alias' }] });
  });

  it('answers 404 to an id no record can have (unknown, too long, not its shape)', async () => {
    for (const id of ['desconocido', 'x'.repeat(41), '%20portal-sur', 'PORTAL-SUR']) {
      for (const method of ['GET', 'PUT', 'DELETE'] as const) {
        const response = await call(method, `/shapealiases/${id}`, method === 'PUT' ? { name: 'Nada' } : undefined);
        expect(response.statusCode, `${method} ${id}`).toBe(404);
      }
    }
  });

  it('documents a text id parameter and the id in the create body only', () => {
    const item = document.paths['/api/v1/shapealiases/{id}'];
    expect(Object.keys(item ?? {}).sort()).toEqual(['delete', 'get', 'put']);
    expect(item?.get?.parameters).toEqual([expect.objectContaining({ in: 'path', name: 'id', required: true })]);
    const createBody = document.paths['/api/v1/shapealiases/']?.post?.requestBody?.content['application/json']?.schema;
    expect(Object.keys((createBody?.properties ?? {}) as Json)).toEqual(['alias', 'name']);
    const updateBody = item?.put?.requestBody?.content['application/json']?.schema;
    expect(Object.keys((updateBody?.properties ?? {}) as Json)).toEqual(['name']);
  });
});

describe('singletons', () => {
  it('answers the defaults before the first write, without storing anything', async () => {
    const response = await call('GET', '/shapesettings', undefined, reader);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: 1, title: 'Portal', maxItems: null, enabled: true });
    expect(await testApp.database.query('select 1 from test_shape_settings')).toHaveLength(0);
  });

  it('creates its one row on the first PUT and updates it afterwards, validated like an update and audited', async () => {
    expect((await call('PUT', '/shapesettings', { title: 'Intruso' }, reader)).statusCode).toBe(403);
    const invalid = await call('PUT', '/shapesettings', { maxItems: 'muchos' });
    expect(invalid.statusCode).toBe(400);
    expect(details(invalid)).toEqual([expect.objectContaining({ target: 'maxItems', message: validation.field.integer })]);

    const first = await call('PUT', '/shapesettings', { title: 'Mi portal', maxItems: 5 });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ id: 1, title: 'Mi portal', maxItems: 5, enabled: true });
    const second = await call('PUT', '/shapesettings', { enabled: false });
    expect(second.json()).toEqual({ id: 1, title: 'Mi portal', maxItems: 5, enabled: false });
    expect((await call('GET', '/shapesettings', undefined, reader)).json()).toEqual(second.json());
    expect(await testApp.database.query('select 1 from test_shape_settings')).toHaveLength(1);

    const lines = await auditLines('shapesettings');
    expect(lines.map((line) => [line.action, line.record_id])).toEqual([
      ['create', '1'],
      ['update', '1'],
    ]);
    expect(lines[1]?.before).toMatchObject({ enabled: true });
    expect(lines[1]?.after).toMatchObject({ enabled: false });
  });

  it('keeps one row when two first writes race', async () => {
    await testApp.database.query('delete from test_shape_settings');
    const answers = await Promise.all([call('PUT', '/shapesettings', { title: 'Uno' }), call('PUT', '/shapesettings', { maxItems: 9 })]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const rows = await testApp.database.query<{ id: number; max_items: number | null }>('select id, max_items from test_shape_settings');
    expect(rows).toEqual([{ id: 1, max_items: 9 }]);
  });

  it('documents GET and PUT on the path itself, without an id path', () => {
    expect(Object.keys(document.paths['/api/v1/shapesettings'] ?? {}).sort()).toEqual(['get', 'put']);
    expect(document.paths['/api/v1/shapesettings']?.put?.operationId).toBe('updateShapesettings');
    expect(Object.keys(document.paths).some((path) => path.startsWith('/api/v1/shapesettings/'))).toBe(false);
  });
});

describe('collection updates', () => {
  interface Link {
    id: number;
    label: string;
    url: string | null;
    position: number | null;
    fixed: boolean;
  }
  const replace = (items: unknown) => call('PUT', '/shapelinks', items);
  const stored = async () => (await testApp.database.query<{ label: string }>('select label from test_shape_links order by id')).map((row) => row.label);

  it('creates, keeps, updates and deletes in one PUT, with one audit line per changed record', async () => {
    const first = await replace([
      { label: 'Inicio', url: 'https://portal.example/', position: 1 },
      { label: 'Contacto', position: 2 },
    ]);
    expect(first.statusCode).toBe(200);
    const [home, contact] = (first.json() as { results: Link[] }).results;
    expect(home).toMatchObject({ label: 'Inicio', url: 'https://portal.example/', position: 1, fixed: false });
    expect(contact).toMatchObject({ label: 'Contacto', url: null, position: 2 });

    const second = await replace([{ ...home }, { label: 'Ayuda', position: 3 }]);
    expect(second.statusCode).toBe(200);
    expect((second.json() as { results: Link[] }).results.map((link) => link.label)).toEqual(['Inicio', 'Ayuda']);
    expect(await stored()).toEqual(['Inicio', 'Ayuda']);

    const third = await replace([{ id: home!.id, label: 'Portada' }, ...(second.json() as { results: Link[] }).results.slice(1)]);
    expect((third.json() as { results: Link[] }).results[0]).toMatchObject({ id: home!.id, label: 'Portada', url: 'https://portal.example/', position: 1 });
    const list = await call('GET', '/shapelinks');
    expect((list.json() as { results: Link[] }).results.map((link) => link.label)).toEqual(['Portada', 'Ayuda']);

    const lines = await auditLines('shapelinks');
    expect(lines.map((line) => [line.action, line.before?.label ?? null, line.after?.label ?? null])).toEqual([
      ['create', null, 'Inicio'],
      ['create', null, 'Contacto'],
      ['delete', 'Contacto', null],
      ['create', null, 'Ayuda'],
      ['update', 'Inicio', 'Portada'],
    ]);
  });

  it('validates every item and names its index in each refusal, changing nothing', async () => {
    const before = await stored();
    const refused = await replace([{ label: '' }, { label: 'Bien' }, { label: 'Mal', url: 'no es una url', position: 'primero' }]);
    expect(refused.statusCode).toBe(400);
    expect(details(refused)).toEqual([
      expect.objectContaining({ target: 'items[0].label', message: validation.field.required }),
      expect.objectContaining({ target: 'items[2].url', message: validation.field.url }),
      expect.objectContaining({ target: 'items[2].position', message: validation.field.integer }),
    ]);
    // An item that is not a record: refused by the body schema (items are objects) before anything is read.
    const notRecord = await replace([{ label: 'Bien' }, 'texto']);
    expect(notRecord.statusCode).toBe(400);
    expect(notRecord.json().error.code).toBe('BadArgument');
    expect(await stored()).toEqual(before);
  });

  it('refuses an id outside the collection, an id twice, a duplicate label and a body that is not a list', async () => {
    const [kept] = (await call('GET', '/shapelinks').then((r) => r.json() as { results: Link[] })).results;
    const unknown = await replace([{ id: 999_999, label: 'Fantasma' }]);
    expect(details(unknown)).toEqual([expect.objectContaining({ target: 'items[0].id', message: errors.collection_unknown_id })]);
    const twice = await replace([kept, kept]);
    expect(details(twice)).toEqual([expect.objectContaining({ target: 'items[1].id', message: errors.collection_repeated_id })]);
    const duplicate = await replace([kept, { label: 'Nuevo' }, { label: 'NUEVO' }]);
    expect(duplicate.statusCode).toBe(400);
    expect(details(duplicate)).toEqual([expect.objectContaining({ target: 'items[2].label', message: errors.duplicate })]);
    for (const body of [{ label: 'Solo' }, { items: [] }]) {
      const notAList = await replace(body);
      expect(notAList.statusCode).toBe(400);
      expect(notAList.json().error.code).toBe('BadArgument');
    }
    expect(await stored()).toEqual(['Portada', 'Ayuda']);
  });

  it("applies the declaration's rules to the records it would change or delete", async () => {
    const { results } = (await call('GET', '/shapelinks').then((r) => r.json())) as { results: Link[] };
    const fixed = results[0]!;
    await testApp.database.query('update test_shape_links set fixed = true where id = $1', [fixed.id]);
    const locked = { ...fixed, fixed: true };

    const removing = await replace(results.slice(1));
    expect(removing.statusCode).toBe(409);
    expect(removing.json().error.code).toBe('Locked');
    const changing = await replace([{ ...locked, label: 'Cambiado' }, ...results.slice(1)]);
    expect(changing.statusCode).toBe(409);
    expect(details(changing)).toEqual([expect.objectContaining({ target: 'items[0].id', message: errors.locked })]);
    const unchanged = await replace([locked, ...results.slice(1)]);
    expect(unchanged.statusCode).toBe(200);
    expect(await stored()).toEqual(['Portada', 'Ayuda']);
  });

  it('documents the list and the replacing PUT, and no item routes', () => {
    const path = document.paths['/api/v1/shapelinks'];
    expect(Object.keys(path ?? {}).sort()).toEqual(['get', 'put']);
    expect(path?.put?.operationId).toBe('replaceShapelinks');
    expect(path?.put?.requestBody?.content['application/json']?.schema).toMatchObject({ type: 'array', items: { type: 'object', properties: { id: {}, label: {} } } });
    expect(document.paths['/api/v1/shapelinks/{id}']).toBeUndefined();
  });
});

describe('nested paths', () => {
  let topic: number;
  let otherTopic: number;
  let archivedTopic: number;

  beforeAll(async () => {
    topic = await insertTopic('Tema A');
    otherTopic = await insertTopic('Tema B');
    archivedTopic = await insertTopic('Tema archivado', true);
  });

  it("creates under the path's parent, never the body's, and reads, updates and deletes only the parent's records", async () => {
    const created = await call('POST', `/shapetopics/${topic}/messages/`, { body: 'Hola', topicId: otherTopic });
    expect(created.statusCode).toBe(201);
    const message = created.json() as { id: number; topicId: number; body: string };
    expect(message).toMatchObject({ topicId: topic, body: 'Hola', locked: false });
    const other = (await call('POST', `/shapetopics/${otherTopic}/messages/`, { body: 'Otro tema' })).json() as { id: number };

    const list = await call('GET', `/shapetopics/${topic}/messages/`, undefined, reader);
    expect((list.json() as { results: Json[] }).results).toEqual([message]);
    expect((await call('GET', `/shapetopics/${topic}/messages/${message.id}`, undefined, reader)).json()).toEqual(message);

    // A record of another parent does not exist under this one.
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const response = await call(method, `/shapetopics/${topic}/messages/${other.id}`, method === 'PUT' ? { body: 'Robado' } : undefined);
      expect(response.statusCode, method).toBe(404);
    }
    const [untouched] = await testApp.database.query<{ body: string; topic_id: number }>('select body, topic_id from test_shape_messages where id = $1', [other.id]);
    expect(untouched).toEqual({ body: 'Otro tema', topic_id: otherTopic });

    const updated = await call('PUT', `/shapetopics/${topic}/messages/${message.id}`, { body: 'Hola de nuevo', topicId: otherTopic });
    expect(updated.json()).toMatchObject({ id: message.id, topicId: topic, body: 'Hola de nuevo' });
    expect((await call('DELETE', `/shapetopics/${topic}/messages/${message.id}`)).statusCode).toBe(200);

    const lines = await auditLines('shapemessages');
    expect(lines.map((line) => [line.action, line.record_id])).toEqual([
      ['create', String(message.id)],
      ['create', String(other.id)],
      ['update', String(message.id)],
      ['delete', String(message.id)],
    ]);
  });

  it('answers 404 for a missing, malformed or soft-deleted parent, and writes nothing', async () => {
    for (const parent of ['999999', 'abc', '0', String(archivedTopic)]) {
      for (const [method, url] of [
        ['GET', `/shapetopics/${parent}/messages/`],
        ['POST', `/shapetopics/${parent}/messages/`],
        ['GET', `/shapetopics/${parent}/messages/1`],
        ['PUT', `/shapetopics/${parent}/messages/1`],
        ['DELETE', `/shapetopics/${parent}/messages/1`],
      ] as const) {
        const response = await call(method, url, method === 'POST' || method === 'PUT' ? { body: 'Nada' } : undefined);
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.json().error.code).toBe('NotFound');
      }
    }
    // The path is judged before the body: an invalid body under a missing parent is still 404.
    expect((await call('POST', '/shapetopics/999999/messages/', {})).statusCode).toBe(404);
    const [count] = await testApp.database.query<{ n: number }>('select count(*)::int as n from test_shape_messages where body = $1', ['Nada']);
    expect(count?.n).toBe(0);
  });

  it("keeps the parent's rules: a locked message is refused with 409", async () => {
    const message = (await call('POST', `/shapetopics/${topic}/messages/`, { body: 'Fijo' })).json() as { id: number };
    await testApp.database.query('update test_shape_messages set locked = true where id = $1', [message.id]);
    expect((await call('PUT', `/shapetopics/${topic}/messages/${message.id}`, { body: 'Cambio' })).statusCode).toBe(409);
    expect((await call('DELETE', `/shapetopics/${topic}/messages/${message.id}`)).statusCode).toBe(409);
  });

  it("replaces only the parent's collection, setting the parent from the path", async () => {
    const fresh = await insertTopic('Tema C');
    const kept = (await call('POST', `/shapetopics/${fresh}/messages/`, { body: 'Primero' })).json() as { id: number };
    await call('POST', `/shapetopics/${fresh}/messages/`, { body: 'Se va' });
    const elsewhere = (await call('POST', `/shapetopics/${otherTopic}/messages/`, { body: 'Ajeno' })).json() as { id: number };

    // Another topic's message is not part of this collection: naming it is refused, and nothing changes.
    const foreign = await call('PUT', `/shapetopics/${fresh}/messages/`, [{ id: elsewhere.id, body: 'Robado' }]);
    expect(details(foreign)).toEqual([expect.objectContaining({ target: 'items[0].id', message: errors.collection_unknown_id })]);

    const replaced = await call('PUT', `/shapetopics/${fresh}/messages/`, [{ id: kept.id, body: 'Primero' }, { body: 'Nuevo', topicId: otherTopic }]);
    expect(replaced.statusCode).toBe(200);
    expect((replaced.json() as { results: Json[] }).results).toEqual([
      { id: kept.id, topicId: fresh, body: 'Primero', locked: false },
      expect.objectContaining({ topicId: fresh, body: 'Nuevo' }),
    ]);
    const rows = await testApp.database.query<{ topic_id: number; body: string }>('select topic_id, body from test_shape_messages where topic_id in ($1, $2) order by id', [fresh, otherTopic]);
    expect(rows.filter((row) => row.topic_id === fresh).map((row) => row.body)).toEqual(['Primero', 'Nuevo']);
    expect(rows.filter((row) => row.topic_id === otherTopic).map((row) => row.body)).toEqual(['Otro tema', 'Ajeno']);
    expect((await call('PUT', '/shapetopics/999999/messages/', [])).statusCode).toBe(404);
    // The path is judged before the body: not a list, under a missing parent, is still 404.
    expect((await call('PUT', '/shapetopics/999999/messages/', { body: 'Nada' })).statusCode).toBe(404);
    expect((await call('PUT', `/shapetopics/${fresh}/messages/`, { body: 'Nada' })).statusCode).toBe(400);
  });

  it('documents the parent as a path parameter, and the body without the parent field', () => {
    const collection = document.paths['/api/v1/shapetopics/{topicId}/messages/'];
    const item = document.paths['/api/v1/shapetopics/{topicId}/messages/{id}'];
    expect(Object.keys(collection ?? {}).sort()).toEqual(['get', 'post', 'put']);
    expect(Object.keys(item ?? {}).sort()).toEqual(['delete', 'get', 'put']);
    expect(collection?.put?.parameters).toEqual([expect.objectContaining({ in: 'path', name: 'topicId', required: true })]);
    expect(collection?.get?.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ in: 'path', name: 'topicId', required: true })]));
    expect(item?.put?.parameters?.filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name).sort()).toEqual(['id', 'topicId']);
    const body = collection?.post?.requestBody?.content['application/json']?.schema;
    expect(Object.keys((body?.properties ?? {}) as Json)).toEqual(['body']);
  });
});

describe('OpenAPI of the shapes', () => {
  it('stays lint-clean with every shape in the document', async () => {
    expect(await lintOpenApi(document)).toEqual([]);
  });
});
