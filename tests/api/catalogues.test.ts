/**
 * The four catalogues served by the resource engine on the reference data: entity (site) types,
 * procedure types, document types and ticket (chat) categories, with their rules.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errors } from '../../i18n/es/errors';
import { resources } from '../../i18n/es/index';
import { bearer, createTestApp, type TestApp } from '../helpers/testApp';

let testApp: TestApp;
let settings: Record<string, string>;
let reader: Record<string, string>;

beforeAll(async () => {
  testApp = await createTestApp({ seed: 'reference' });
  settings = bearer(await testApp.tokenFor(['Settings']));
  reader = bearer(await testApp.tokenFor(['Tickets']));
});

afterAll(async () => {
  await testApp?.close();
});

const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers = settings) =>
  testApp.app.inject({ method, url: `/api/v1${url}`, headers, payload: payload as never });

type List<T> = { results: T[]; meta: { hasNextPage: boolean } };

describe.each([
  { path: '/sitetypes/', id: 'id', name: 'Veeduría' },
  { path: '/proceduretypes/', id: 'procedureTypeID', name: 'Trámite por correo' },
  { path: '/documentType', id: 'documentTypeID', name: 'Registro civil' },
  { path: '/chats/categories/', id: 'id', name: 'Facturación' },
])('catalogue $path', ({ path, id, name }) => {
  const item = (key: number) => `${path.replace(/\/$/, '')}/${key}`;

  it('creates, reads, lists, updates and deletes', async () => {
    const created = await inject('POST', path, { name });
    expect(created.statusCode).toBe(201);
    const record = created.json() as Record<string, unknown>;
    const key = record[id] as number;
    expect(typeof key).toBe('number');
    expect(record.name).toBe(name);

    expect((await inject('GET', item(key))).json()).toEqual(record);
    const list = (await inject('GET', `${path}?pageSize=1000`)).json() as List<Record<string, unknown>>;
    expect(list.results.some((r) => r[id] === key)).toBe(true);

    // Search ignores case and accents (the name has an accent: searched without it, upper case, and with another one).
    const plain = name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toUpperCase();
    for (const search of [plain, name.toLowerCase()]) {
      const found = (await inject('GET', `${path}?search=${encodeURIComponent(search)}`)).json() as List<Record<string, unknown>>;
      expect(found.results.map((r) => r[id]), search).toContain(key);
    }
    // Several ids: repeated keys or a comma list, under `id` and under the id field's own name.
    const other = list.results.find((r) => r[id] !== key)![id] as number;
    for (const query of [`id=${key}&id=${other}`, `id=${key},${other}`, `${id}=${key}&${id}=${other}`, `${id}=${key},${other}`]) {
      const found = (await inject('GET', `${path}?${query}`)).json() as List<Record<string, unknown>>;
      expect(found.results.map((r) => r[id]).sort(), query).toEqual([key, other].sort());
    }

    const updated = await inject('PUT', item(key), { ...record, name: `${name} 2` });
    expect(updated.statusCode).toBe(200);
    expect((updated.json() as Record<string, unknown>).name).toBe(`${name} 2`);

    const deleted = await inject('DELETE', item(key));
    expect(deleted.statusCode).toBe(200);
    const after = (await inject('GET', `${path}?pageSize=1000`)).json() as List<Record<string, unknown>>;
    expect(after.results.some((r) => r[id] === key)).toBe(false);
  });

  it("requires a name of at most 100 characters: 'Debes registrar un nombre válido'", async () => {
    for (const payload of [{}, { name: '   ' }, { name: 'n'.repeat(101) }]) {
      const response = await inject('POST', path, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.details).toEqual([{ code: 'BadArgument', target: 'name', message: 'Debes registrar un nombre válido' }]);
    }
    expect((await inject('POST', path, { name: 'n'.repeat(100) })).statusCode).toBe(201);
  });

  it('refuses a duplicate name', async () => {
    const first = await inject('POST', path, { name: `Único ${path}` });
    expect(first.statusCode).toBe(201);
    const again = await inject('POST', path, { name: `ÚNICO ${path}`.toLowerCase() });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toMatchObject({ code: 'BadArgument', message: errors.duplicate, details: [{ target: 'name' }] });
  });

  it('is readable by a permission other than Settings, but not writable', async () => {
    expect((await inject('GET', path, undefined, reader)).statusCode).toBe(200);
    expect((await inject('POST', path, { name: 'Sin permiso' }, reader)).statusCode).toBe(403);
  });
});

describe('entity (site) types', () => {
  it('lists the reference types with a page size of 1000 and the editable flag', async () => {
    const list = (await inject('GET', '/sitetypes/')).json() as List<{ id: number; name: string; isEditable: boolean; applicablePopulationPercentage: number | null }>;
    expect(list.results.find((t) => t.id === 1)).toMatchObject({ name: 'Gobernación', isEditable: false });
    expect(list.results.find((t) => t.id === 6)?.isEditable).toBe(true);
    expect(list.meta.hasNextPage).toBe(false);
  });

  it('refuses changing or deleting a type that is not editable', async () => {
    const edit = await inject('PUT', '/sitetypes/1', { name: 'Otra' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().error).toMatchObject({ code: 'Locked', message: resources.sitetypes.locked });
    expect((await inject('DELETE', '/sitetypes/2')).json().error.code).toBe('Locked');
    expect(((await inject('GET', '/sitetypes/1')).json() as { name: string }).name).toBe('Gobernación');
  });

  it('stores the population percentage as a number and validates it', async () => {
    const created = await inject('POST', '/sitetypes/', { name: 'Área metropolitana', applicablePopulationPercentage: '12.5', isEditable: false });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ applicablePopulationPercentage: 12.5, isEditable: true });
    const invalid = await inject('POST', '/sitetypes/', { name: 'Provincia', applicablePopulationPercentage: 'mucho' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.details[0]).toMatchObject({ target: 'applicablePopulationPercentage', message: 'El valor no es válido' });
  });

  it('answers 409 (not 500) when deleting a type used by a site', async () => {
    const type = (await inject('POST', '/sitetypes/', { name: 'Corporación autónoma' })).json() as { id: number };
    await testApp.database.query(
      "insert into sites (name, alias, parent_location_id, site_type_id, order_type) values ('Sitio de prueba', 'sitio-de-prueba-tipo', 170, $1, 0)",
      [type.id],
    );
    const response = await inject('DELETE', `/sitetypes/${type.id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({ code: 'InUse', message: errors.in_use });
    expect((await inject('GET', `/sitetypes/${type.id}`)).statusCode).toBe(200);
  });
});

describe('procedure types', () => {
  it('refuses changing or deleting the fixed types 1 and 2', async () => {
    for (const key of [1, 2]) {
      const edit = await inject('PUT', `/proceduretypes/${key}`, { name: 'Cambio' });
      expect(edit.statusCode).toBe(409);
      expect(edit.json().error.message).toBe(resources.proceduretypes.locked);
      expect((await inject('DELETE', `/proceduretypes/${key}`)).statusCode).toBe(409);
    }
    expect((await inject('PUT', '/proceduretypes/3', { name: 'Trámite en línea (sede electrónica)' })).statusCode).toBe(200);
  });
});

describe('document types', () => {
  it('marks a deleted type and hides it from the list and reads', async () => {
    const type = (await inject('POST', '/documentType', { name: 'Permiso por protección temporal' })).json() as { documentTypeID: number };
    expect((await inject('DELETE', `/documentType/${type.documentTypeID}`)).statusCode).toBe(200);
    const [row] = await testApp.database.query<{ deleted: boolean }>('select deleted from document_types where document_type_id = $1', [type.documentTypeID]);
    expect(row?.deleted).toBe(true);
    const list = (await inject('GET', '/documentType?pageSize=1000')).json() as List<{ documentTypeID: number }>;
    expect(list.results.some((t) => t.documentTypeID === type.documentTypeID)).toBe(false);
    expect((await inject('GET', `/documentType/${type.documentTypeID}`)).statusCode).toBe(404);
    const deletedOnly = (await inject('GET', '/documentType?deleted=true')).json() as List<{ documentTypeID: number }>;
    expect(deletedOnly.results.map((t) => t.documentTypeID)).toContain(type.documentTypeID);
  });

  it('lists the document states at /stateDocument', async () => {
    const response = await inject('GET', '/stateDocument', undefined, reader);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      results: [
        { id: 1, name: 'Activo' },
        { id: 0, name: 'Eliminado' },
      ],
      meta: { hasNextPage: false, total: 2 },
    });
    expect((await testApp.app.inject({ method: 'GET', url: '/api/v1/stateDocument' })).statusCode).toBe(401);
  });
});

describe('ticket (chat) categories', () => {
  it('refuses deleting a category that cannot be deleted, and answers with the spec texts', async () => {
    const response = await inject('DELETE', '/chats/categories/1');
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(resources.chatcategories.locked);
    expect((await inject('PUT', '/chats/categories/1', { name: 'General y otros' })).statusCode).toBe(200);
    const list = (await inject('GET', '/chats/categories/')).json() as List<unknown>;
    expect(list.results.length).toBeLessThanOrEqual(30);
  });

  it("lists by name in Spanish order: 'Ética' among the E's, not after 'Zonas'", async () => {
    for (const name of ['Zonas rurales', 'Ética', 'Ñandú', 'Nube']) expect((await inject('POST', '/chats/categories/', { name })).statusCode).toBe(201);
    const names = ((await inject('GET', '/chats/categories/?pageSize=100')).json() as List<{ name: string }>).results.map((c) => c.name);
    const expected = [...names].sort(new Intl.Collator('es').compare);
    expect(names).toEqual(expected);
    expect(names.indexOf('Ética')).toBeLessThan(names.indexOf('Zonas rurales'));
    expect(names.indexOf('Ñandú')).toBe(names.indexOf('Nube') + 1);
  });
});
