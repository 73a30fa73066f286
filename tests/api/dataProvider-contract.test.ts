/**
 * The client's data provider (ra-data-simple-rest plus the overrides) against the real API: the
 * browser's fetch is routed to the server with `inject`, so the URLs, query strings and bodies the
 * provider builds are the ones the routes must accept.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { HttpError } from 'ra-core';
import { clearSession, setToken } from '../../authProvider/storage';
import { dataProvider } from '../../dataProvider/index';
import { createTestApp, type TestApp } from '../helpers/testApp';

let testApp: TestApp;
const urls: string[] = [];

beforeAll(async () => {
  testApp = await createTestApp({ seed: 'reference' });
  const token = await testApp.tokenFor(['Settings', 'Sites']);
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    urls.push(`${init.method ?? 'GET'} ${url}`);
    const response = await testApp.app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url,
      headers: init.headers as Record<string, string>,
      payload: init.body as string | undefined,
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    return new Response(response.rawPayload.length > 0 ? new Uint8Array(response.rawPayload) : null, { status: response.statusCode, headers });
  });
  setToken(token);
});

afterEach(() => {
  urls.length = 0;
});

afterAll(async () => {
  vi.unstubAllGlobals();
  clearSession();
  await testApp?.close();
});

describe('data provider ⇄ API', () => {
  it('create, getOne, update and delete (ra-data-simple-rest) on a resource whose id field is not id', async () => {
    const created = await dataProvider.create('documenttypes', { data: { name: 'Contrato de prueba' } });
    const id = created.data.id as number;
    expect(created.data).toMatchObject({ documentTypeID: id, name: 'Contrato de prueba' });
    expect((await dataProvider.getOne('documenttypes', { id })).data).toMatchObject({ id, name: 'Contrato de prueba' });
    const updated = await dataProvider.update('documenttypes', {
      id,
      data: { ...created.data, name: 'Contrato editado' },
      previousData: created.data,
    });
    expect(updated.data).toMatchObject({ id, documentTypeID: id, name: 'Contrato editado' });
    const deleted = await dataProvider.delete('documenttypes', { id, previousData: updated.data });
    expect(deleted.data).toMatchObject({ id, name: 'Contrato editado' });
    await expect(dataProvider.getOne('documenttypes', { id })).rejects.toMatchObject({ status: 404 });
  });

  it('getMany is one call that answers exactly the records asked for', async () => {
    const ids: number[] = [];
    for (const name of ['Trámite uno', 'Trámite dos', 'Trámite tres']) {
      ids.push((await dataProvider.create('proceduretypes', { data: { name } })).data.id as number);
    }
    urls.length = 0;
    const result = await dataProvider.getMany('proceduretypes', { ids: [ids[0]!, ids[2]!] });
    expect(urls).toHaveLength(1);
    expect(result.data.map((r) => [r.id, r.name]).sort()).toEqual(
      [
        [ids[0], 'Trámite uno'],
        [ids[2], 'Trámite tres'],
      ].sort(),
    );
  });

  it('getList filters by a list of ids sent as repeated keys, with partial pagination', async () => {
    const a = (await dataProvider.create('sitetypes', { data: { name: 'Tipo A de prueba' } })).data.id as number;
    const b = (await dataProvider.create('sitetypes', { data: { name: 'Tipo B de prueba' } })).data.id as number;
    const first = await dataProvider.getList('sitetypes', {
      pagination: { page: 1, perPage: 1 },
      sort: { field: 'id', order: 'ASC' },
      filter: { id: [a, b] },
    });
    expect(first.data.map((r) => r.id)).toEqual([a]);
    expect(first.pageInfo).toEqual({ hasNextPage: true, hasPreviousPage: false });
    const second = await dataProvider.getList('sitetypes', {
      pagination: { page: 2, perPage: 1 },
      sort: { field: 'id', order: 'ASC' },
      filter: { id: [a, b] },
    });
    expect(second.data.map((r) => r.id)).toEqual([b]);
    expect(second.pageInfo).toEqual({ hasNextPage: false, hasPreviousPage: true });
  });

  it('updateMany and deleteMany (ra-data-simple-rest) answer the ids and change every record', async () => {
    const ids: number[] = [];
    for (const name of ['Categoría uno', 'Categoría dos']) {
      ids.push((await dataProvider.create('chatcategories', { data: { name } })).data.id as number);
    }
    expect(await dataProvider.updateMany('chatcategories', { ids: [ids[0]!], data: { name: 'Categoría nueva' } })).toEqual({ data: [ids[0]] });
    expect((await dataProvider.getOne('chatcategories', { id: ids[0]! })).data.name).toBe('Categoría nueva');
    expect(await dataProvider.deleteMany('chatcategories', { ids })).toEqual({ data: ids });
    const left = await dataProvider.getMany('chatcategories', { ids });
    expect(left.data).toEqual([]);
  });

  it('a refused save is an HttpError with the Spanish message and the field errors', async () => {
    const error = await dataProvider.create('sitetypes', { data: { name: '  ' } }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 400, message: 'Debes registrar un nombre válido', body: { errors: { name: 'Debes registrar un nombre válido' } } });
  });

  it('getList on the hand-written site list sends what its parser accepts', async () => {
    const result = await dataProvider.getList('sites', {
      pagination: { page: 1, perPage: 20 },
      sort: { field: 'name', order: 'ASC' },
      filter: { status: 1, pendingRequest: false },
    });
    expect(Array.isArray(result.data)).toBe(true);
    expect(result.pageInfo?.hasPreviousPage).toBe(false);
  });
});
