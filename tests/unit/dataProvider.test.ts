import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** Records which methods of the ra-data-simple-rest provider the data provider calls (they still run). */
const simpleRest = vi.hoisted(() => ({ apiUrls: [] as string[], calls: [] as Array<{ method: string; resource: string }> }));
vi.mock('ra-data-simple-rest', async (importOriginal) => {
  const original = (await importOriginal<typeof import('ra-data-simple-rest')>()).default;
  return {
    default: (apiUrl: string, client: Parameters<typeof original>[1]) => {
      simpleRest.apiUrls.push(apiUrl);
      const provider = original(apiUrl, client);
      return new Proxy(provider, {
        get: (target, method: string) => {
          const fn = target[method] as (...args: unknown[]) => unknown;
          return (resource: string, ...rest: unknown[]) => {
            simpleRest.calls.push({ method, resource });
            return fn(resource, ...rest);
          };
        },
      });
    },
  };
});
import { HttpError } from 'ra-core';
import { clearSession, getToken, setToken } from '../../authProvider/storage';
import { createDataProvider, dataProvider } from '../../dataProvider/index';
import { errorMessageFor, toHttpError } from '../../dataProvider/errors';
import { httpClient, toQueryString } from '../../dataProvider/httpClient';
import { listQuery, mayHaveDeclaration, resourceTarget, toListResult } from '../../dataProvider/resourcePaths';
import { findReference } from '../../resources/references';
import { resetServerClock, serverOffsetMs } from '../../dataProvider/serverClock';
import { errors } from '../../i18n/es/errors';
import { DETAIL_META } from '../../src/engine/useDetailRecord';

interface Call {
  url: string;
  init: RequestInit;
}

function fakeFetch(respond: (call: Call) => { status?: number; body?: unknown; headers?: Record<string, string> }) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    const call = { url, init };
    calls.push(call);
    const { status = 200, body, headers = {} } = respond(call);
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json', ...headers },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}

const envelope = (status: number, code: string, message: string, details: unknown[] = []) => ({
  status,
  body: { error: { code, message, details } },
});

beforeEach(() => {
  simpleRest.calls.length = 0;
  clearSession();
  resetServerClock();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('list mapping', () => {
  it('builds page, pageSize, orderBy and filters, with q as search', () => {
    const query = listQuery(
      { pagination: { page: 3, perPage: 20 }, sort: { field: 'name', order: 'DESC' }, filter: { q: 'cali', status: 1, ids: [4, 5] } },
      'id',
    );
    expect(query).toEqual({ page: 3, pageSize: 20, orderBy: '-name', search: 'cali', status: 1, ids: ['4', '5'].map(Number) });
    expect(toQueryString(query)).toBe('?page=3&pageSize=20&orderBy=-name&search=cali&status=1&ids=4&ids=5');
  });

  it.each([
    [{ id: [1, 2] }, '?id=1&id=2'],
    [{ id: ['a b', 'c,d'] }, '?id=a+b&id=c%2Cd'],
    [{ id: [] }, ''],
    [{ id: [7], name: '' }, '?id=7'],
    [{ status: 0, flag: false }, '?status=0&flag=false'],
  ])('array values become repeated keys: %j → %s', (query, expected) => {
    expect(toQueryString(query)).toBe(expected);
  });

  it('a filter on react-admin id uses the declared id field', () => {
    expect(listQuery({ filter: { id: [3, 4] } }, 'documentTypeID')).toEqual({ documentTypeID: [3, 4] });
  });

  it('getList sends array filters as repeated keys and keeps partial pagination without a total', async () => {
    const calls = fakeFetch(() => ({ body: { results: [{ id: 5, name: 'Cali' }], meta: { hasNextPage: true } } }));
    const result = await dataProvider.getList('sitetypes', {
      pagination: { page: 2, perPage: 1 },
      sort: { field: 'id', order: 'DESC' },
      filter: { id: [5, 6], name: 'Cali' },
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('/api/v1/sitetypes/?page=2&pageSize=1&orderBy=-id&id=5&id=6&name=Cali');
    expect(result).toEqual({
      data: [{ id: 5, name: 'Cali' }],
      total: undefined,
      pageInfo: { hasNextPage: true, hasPreviousPage: true },
    });
    expect(simpleRest.calls).toEqual([]);
  });

  it('sorts by the declared id field when react-admin sorts by id', () => {
    expect(listQuery({ sort: { field: 'id', order: 'ASC' } }, 'procedureTypeID').orderBy).toBe('procedureTypeID');
  });

  it('maps results to records with id and keeps partial pagination', () => {
    const result = toListResult({ results: [{ procedureTypeID: 7, name: 'A' }], meta: { hasNextPage: true, total: 41 } }, 2, 'procedureTypeID');
    expect(result.data).toEqual([{ procedureTypeID: 7, name: 'A', id: 7 }]);
    expect(result.total).toBe(41);
    expect(result.pageInfo).toEqual({ hasNextPage: true, hasPreviousPage: true });
    expect(toListResult({ results: [], meta: { hasNextPage: false } }, 1, 'id').pageInfo).toEqual({
      hasNextPage: false,
      hasPreviousPage: false,
    });
  });

  it('getList calls the declaration path with the query and the bearer token', async () => {
    setToken('abc.def.ghi');
    const calls = fakeFetch(() => ({ body: { results: [{ procedureTypeID: 1, name: 'Pago' }], meta: { hasNextPage: false, total: 1 } } }));
    const result = await dataProvider.getList('proceduretypes', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'name', order: 'ASC' },
      filter: { q: 'pa' },
    });
    expect(calls[0]!.url).toBe('/api/v1/proceduretypes/?page=1&pageSize=10&orderBy=name&search=pa');
    expect((calls[0]!.init.headers as Record<string, string>).Authorization).toBe('Bearer abc.def.ghi');
    expect(result.data[0]).toMatchObject({ id: 1, procedureTypeID: 1 });
    expect(result.pageInfo?.hasPreviousPage).toBe(false);
  });

  it('getList sends back the cursor of the page before (next page, Ver más), and only then', async () => {
    const calls = fakeFetch((call) => ({ body: { results: [], meta: { hasNextPage: true, nextCursor: `tras-${new URL(call.url, 'http://x').searchParams.get('page')}` } } }));
    const ask = (page: number, filter: Record<string, unknown> = {}) =>
      createDataProvider().getList('siteusers', { pagination: { page, perPage: 20 }, sort: { field: 'createdDate', order: 'DESC' }, filter });
    const provider = createDataProvider();
    const askOn = (page: number, filter: Record<string, unknown> = {}) =>
      provider.getList('siteusers', { pagination: { page, perPage: 20 }, sort: { field: 'createdDate', order: 'DESC' }, filter });
    await askOn(1);
    await askOn(2);
    await askOn(4);
    await askOn(2, { q: 'mar' });
    await ask(2);
    expect(calls.map((call) => new URL(call.url, 'http://x').searchParams.get('cursor'))).toEqual([null, 'tras-1', null, null, null]);
  });

  it('an undeclared resource falls back to /{name}/', async () => {
    const calls = fakeFetch(() => ({ body: { results: [], meta: { hasNextPage: false } } }));
    await dataProvider.getList('undeclared', { pagination: { page: 1, perPage: 5 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
    expect(calls[0]!.url.startsWith('/api/v1/undeclared/?')).toBe(true);
  });
});

describe('getMany', () => {
  it('is ONE list call with the ids as repeated keys of the id field and a page that holds them all', async () => {
    const calls = fakeFetch(() => ({
      body: { results: [{ procedureTypeID: 1, name: 'A' }, { procedureTypeID: 2, name: 'B' }], meta: { hasNextPage: false } },
    }));
    const result = await dataProvider.getMany('proceduretypes', { ids: [1, 2] });
    expect(calls.map((c) => `${c.init.method} ${c.url}`)).toEqual([
      'GET /api/v1/proceduretypes/?procedureTypeID=1&procedureTypeID=2&page=1&pageSize=2',
    ]);
    expect(result.data).toEqual([
      { procedureTypeID: 1, name: 'A', id: 1 },
      { procedureTypeID: 2, name: 'B', id: 2 },
    ]);
    expect(simpleRest.calls).toEqual([]);
  });

  it('uses id for resources whose id field is id, and makes no call without ids', async () => {
    const calls = fakeFetch(() => ({ body: { results: [{ id: 3 }], meta: { hasNextPage: false } } }));
    await dataProvider.getMany('sitetypes', { ids: [3, '4'] });
    expect(calls[0]!.url).toBe('/api/v1/sitetypes/?id=3&id=4&page=1&pageSize=2');
    expect(await dataProvider.getMany('sitetypes', { ids: [] })).toEqual({ data: [] });
    expect(calls).toHaveLength(1);
  });

  it('answers only the records asked for when a list route ignores the id filter', async () => {
    const calls = fakeFetch(() => ({ body: { results: [{ id: 1 }, { id: 2 }, { id: 3 }], meta: { hasNextPage: true } } }));
    const result = await dataProvider.getMany('sites', { ids: [3, 1] });
    expect(result.data.map((r) => r.id)).toEqual([1, 3]);
    expect(calls).toHaveLength(1);
  });
});

describe('single records and verbs', () => {
  it('getOne, create, update, delete, updateMany and deleteMany are served by ra-data-simple-rest', async () => {
    fakeFetch(({ init }) => ({ body: { documentTypeID: 9, name: init.method ?? 'GET' } }));
    await dataProvider.getOne('documenttypes', { id: 9 });
    await dataProvider.create('documenttypes', { data: { name: 'Nuevo' } });
    await dataProvider.update('documenttypes', { id: 9, data: { name: 'X' }, previousData: { id: 9 } });
    await dataProvider.delete('documenttypes', { id: 9 });
    await dataProvider.updateMany('groups', { ids: [1], data: { name: 'X' } });
    await dataProvider.deleteMany('groups', { ids: [1] });
    expect(simpleRest.apiUrls).toContain('/api/v1');
    expect(simpleRest.calls).toEqual([
      { method: 'getOne', resource: 'documentType' },
      { method: 'create', resource: 'documentType' },
      { method: 'update', resource: 'documentType' },
      { method: 'delete', resource: 'documentType' },
      { method: 'updateMany', resource: 'sites/groups' },
      { method: 'deleteMany', resource: 'sites/groups' },
    ]);
  });

  it('create and update send JSON without the synthetic id and answer records with id', async () => {
    const calls = fakeFetch(({ init }) => ({ status: init.method === 'POST' ? 201 : 200, body: { procedureTypeID: 12, name: 'Pago' } }));
    const created = await dataProvider.create('proceduretypes', { data: { id: 99, name: 'Pago' } });
    const updated = await dataProvider.update('proceduretypes', {
      id: 12,
      data: { id: 12, procedureTypeID: 12, name: 'Pago' },
      previousData: { id: 12 },
    });
    expect(created.data).toEqual({ procedureTypeID: 12, name: 'Pago', id: 12 });
    expect(updated.data).toEqual({ procedureTypeID: 12, name: 'Pago', id: 12 });
    expect(calls.map((c) => `${c.init.method} ${c.url}`)).toEqual(['POST /api/v1/proceduretypes', 'PUT /api/v1/proceduretypes/12']);
    for (const call of calls) expect((call.init.headers as Record<string, string>)['content-type']).toBe('application/json');
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ name: 'Pago' });
    expect(JSON.parse(String(calls[1]!.init.body))).toEqual({ procedureTypeID: 12, name: 'Pago' });
  });

  it('updateMany and deleteMany call {path}{id} once per id and answer the ids asked for', async () => {
    const calls = fakeFetch(({ url }) => ({ body: { documentTypeID: Number(url.split('/').pop()), name: 'X' } }));
    const updated = await dataProvider.updateMany('documenttypes', { ids: [4, 5], data: { id: 4, name: 'X' } });
    const deleted = await dataProvider.deleteMany('documenttypes', { ids: [4, 5] });
    expect(updated).toEqual({ data: [4, 5] });
    expect(deleted).toEqual({ data: [4, 5] });
    expect(calls.map((c) => `${c.init.method} ${c.url}`)).toEqual([
      'PUT /api/v1/documentType/4',
      'PUT /api/v1/documentType/5',
      'DELETE /api/v1/documentType/4',
      'DELETE /api/v1/documentType/5',
    ]);
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ name: 'X' });
  });

  it('delete keeps the previous record when the answer has no body, and encodes the id', async () => {
    const calls = fakeFetch(() => ({ body: undefined }));
    const result = await dataProvider.delete('sitetypes', { id: 'a/b', previousData: { id: 'a/b', name: 'Viejo' } });
    expect(calls[0]!.url).toBe('/api/v1/sitetypes/a%2Fb');
    expect(result.data).toEqual({ id: 'a/b', name: 'Viejo' });
  });

  it('getOne, update, delete and create use {path}/{id} and strip the synthetic id', async () => {
    const calls = fakeFetch(({ init }) => ({ body: { documentTypeID: 9, name: init.method ?? 'GET' } }));
    const one = await dataProvider.getOne('documenttypes', { id: 9 });
    expect(one.data).toMatchObject({ id: 9, documentTypeID: 9 });
    await dataProvider.update('documenttypes', { id: 9, data: { id: 9, documentTypeID: 9, name: 'X' }, previousData: { id: 9 } });
    await dataProvider.delete('documenttypes', { id: 9 });
    await dataProvider.create('documenttypes', { data: { name: 'Nuevo' } });
    expect(calls.map((c) => `${c.init.method} ${c.url}`)).toEqual([
      'GET /api/v1/documentType/9',
      'PUT /api/v1/documentType/9',
      'DELETE /api/v1/documentType/9',
      'POST /api/v1/documentType',
    ]);
    expect(JSON.parse(String(calls[1]!.init.body))).toEqual({ documentTypeID: 9, name: 'X' });
  });

  it("the whole record's meta (DETAIL_META, src/engine useDetailRecord) leaves the URL as it is", async () => {
    const calls = fakeFetch(() => ({ body: { groupID: 3, name: 'Grupo', sites: [1], rows: [] } }));
    const one = await dataProvider.getOne('groups', { id: 3, meta: DETAIL_META });
    expect(one.data).toMatchObject({ id: 3, sites: [1] });
    expect(calls.map((c) => `${c.init.method ?? 'GET'} ${c.url}`)).toEqual(['GET /api/v1/sites/groups/3']);
  });

  it('a declared item path: one site user on /siteuser/{id}, the list and creation on /siteusers/', async () => {
    // One answer fits every call: a record (getOne, update, create) that is also an empty list envelope (getList).
    const calls = fakeFetch(() => ({ body: { id: 5, name: 'U', results: [], meta: { hasNextPage: false } } }));
    await dataProvider.getOne('siteusers', { id: 5 });
    await dataProvider.update('siteusers', { id: 5, data: { id: 5, name: 'U' }, previousData: { id: 5 } });
    await dataProvider.create('siteusers', { data: { name: 'Nuevo' } });
    await dataProvider.getList('siteusers', { pagination: { page: 1, perPage: 20 }, sort: { field: 'createdDate', order: 'DESC' }, filter: {} });
    expect(calls.map((c) => `${c.init.method} ${c.url.split('?')[0]}`)).toEqual([
      'GET /api/v1/siteuser/5',
      'PUT /api/v1/siteuser/5',
      'POST /api/v1/siteusers',
      'GET /api/v1/siteusers/',
    ]);
  });

  it('takes paths and ids from the references; only a generated resource may load its declaration', async () => {
    expect(resourceTarget('documenttypes', findReference)).toEqual({ apiPath: '/documentType', idField: 'documentTypeID' });
    expect(resourceTarget('actors', findReference)).toEqual({ apiPath: '/actors/', idField: 'id' });
    expect(mayHaveDeclaration('sitetypes', findReference)).toBe(true);
    // Sites and superadmins are engine declarations (with hand-written screens), and so is the permission catalogue.
    expect(mayHaveDeclaration('sites', findReference)).toBe(true);
    expect(mayHaveDeclaration('superadmins', findReference)).toBe(true);
    expect(mayHaveDeclaration('permissions', findReference)).toBe(true);
    expect(mayHaveDeclaration('actors', findReference)).toBe(false);
    // getOne of a generated resource loads the declarations (not a singleton: the record route).
    const calls = fakeFetch(() => ({ body: { documentTypeID: 4, name: 'Cédula' } }));
    const { data } = await createDataProvider().getOne('documenttypes', { id: 4 });
    expect(calls.map((c) => c.url)).toEqual(['/api/v1/documentType/4']);
    expect(data).toMatchObject({ id: 4, name: 'Cédula' });
  });

  it('getManyReference filters by the target', async () => {
    const calls = fakeFetch(() => ({ body: { results: [], meta: { hasNextPage: false } } }));
    await dataProvider.getManyReference('sitetypes', {
      target: 'groupID',
      id: 4,
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(calls[0]!.url).toContain('groupID=4');
  });
});

describe('session headers', () => {
  it('stores x-refresh-token and records the server clock offset', async () => {
    setToken('old');
    const serverDate = new Date(Date.now() + 60_000).toISOString();
    fakeFetch(() => ({ body: {}, headers: { 'x-refresh-token': 'fresh', 'x-currentdate': serverDate } }));
    await httpClient('/auth/');
    expect(getToken()).toBe('fresh');
    expect(serverOffsetMs()).toBeGreaterThan(55_000);
    expect(serverOffsetMs()).toBeLessThan(65_000);
  });

  it('calls served by ra-data-simple-rest keep the bearer token, refresh and server clock', async () => {
    setToken('old');
    const serverDate = new Date(Date.now() - 120_000).toISOString();
    const calls = fakeFetch(() => ({ body: { id: 1 }, headers: { 'x-refresh-token': 'fresh', 'x-currentdate': serverDate } }));
    await dataProvider.getOne('sitetypes', { id: 1 });
    expect((calls[0]!.init.headers as Record<string, string>).Authorization).toBe('Bearer old');
    expect(getToken()).toBe('fresh');
    expect(serverOffsetMs()).toBeLessThan(-115_000);
    await dataProvider.update('sitetypes', { id: 1, data: { name: 'X' }, previousData: { id: 1 } });
    expect((calls[1]!.init.headers as Record<string, string>).Authorization).toBe('Bearer fresh');
  });

  it('drops a revoked token on a successful public call', async () => {
    setToken('revoked');
    fakeFetch(() => ({ body: {}, headers: { 'x-invalid-token': 'true' } }));
    await httpClient('/captcha/');
    expect(getToken()).toBeNull();
  });

  it('aborts after the timeout with the generic message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
      ),
    );
    await expect(httpClient('/slow', { timeout: 20 })).rejects.toMatchObject({ status: 0, message: errors.server });
  });
});

describe('error catalogue', () => {
  it.each([
    [500, errors.server],
    [502, errors.server],
    [401, 'Tu sesión ha caducado, vuelve a iniciar sesión.'],
    [403, 'Lo sentimos, no tienes permisos para ejecutar esta acción.'],
    [404, 'Lo sentimos, este recurso ya no esta disponible.'],
  ])('status %i → %s', async (status, message) => {
    fakeFetch(() => envelope(status, 'X', 'server text'));
    await expect(dataProvider.getOne('sitetypes', { id: 1 })).rejects.toMatchObject({ status, message });
  });

  it('a 409 from delete (record in use) is an HttpError with the server message, not a crash', async () => {
    fakeFetch(() => envelope(409, 'Conflict', 'El registro está en uso'));
    await expect(dataProvider.delete('sitetypes', { id: 1, previousData: { id: 1 } })).rejects.toMatchObject({
      status: 409,
      message: 'El registro está en uso',
      body: { code: 'Conflict', errors: {} },
    });
    await expect(dataProvider.deleteMany('sitetypes', { ids: [1, 2] })).rejects.toMatchObject({ status: 409 });
  });

  it('400 and 409 show the first detail and expose field errors for forms', async () => {
    fakeFetch(() =>
      envelope(400, 'BadArgument', 'Debes registrar un nombre válido', [
        { code: 'BadArgument', target: 'name', message: 'Debes registrar un nombre válido' },
        { code: 'BadArgument', target: 'alias', message: 'El alias ya se encuentra en uso' },
      ]),
    );
    await expect(dataProvider.create('sitetypes', { data: { name: '' } })).rejects.toMatchObject({
      status: 400,
      message: 'Debes registrar un nombre válido',
      body: {
        code: 'BadArgument',
        errors: { name: 'Debes registrar un nombre válido', alias: 'El alias ya se encuentra en uso' },
      },
    });
    await expect(dataProvider.update('sitetypes', { id: 1, data: { name: '' }, previousData: { id: 1 } })).rejects.toBeInstanceOf(HttpError);
    expect(errorMessageFor(409, { error: { details: [{ target: 'name', message: 'En uso' }] } })).toBe('En uso');
    expect(errorMessageFor(409, { error: { message: 'Sin detalle' } })).toBe('Sin detalle');
    expect(errorMessageFor(400, null)).toBe(errors.invalid_request);
    expect(toHttpError(400, null).body).toEqual({ errors: {}, code: undefined, details: [] });
  });
});
