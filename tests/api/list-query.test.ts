/**
 * One list query on every list route (server/lists/listQuery.ts): the same pageSize rule and message,
 * `hasNextPage` without a count, and several ids as repeated keys (`id=1&id=2`) or a comma list (`id=1,2`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_NAMES } from '../../resources/permissions';
import { bearer, createTestApp, type TestApp } from '../helpers/testApp';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp({ seed: 'reference' });
  token = await t.tokenFor([...PERMISSION_NAMES], 'listas@portales.test');
  // A few audit lines (and so an audit actor), and a group, so that every list has rows.
  await t.app.inject({ method: 'POST', url: '/api/v1/sitetypes/', headers: bearer(token), payload: { name: 'Tipo para listas' } });
  const other = await t.tokenFor(['Settings'], 'otra.actora@portales.test');
  await t.app.inject({ method: 'POST', url: '/api/v1/sitetypes/', headers: bearer(other), payload: { name: 'Otro tipo para listas' } });
  await t.database.query(`insert into groups (name) values ('Grupo uno'), ('Grupo dos')`);
});
afterAll(async () => t?.close());

/** Every list route with its largest page and the property holding a row's id. */
const LISTS = [
  { url: '/sitetypes/', max: 1000, id: 'id' },
  { url: '/proceduretypes/', max: 1000, id: 'procedureTypeID' },
  { url: '/documentType', max: 1000, id: 'documentTypeID' },
  { url: '/chats/categories/', max: 1000, id: 'id' },
  { url: '/sites/', max: 100, id: 'id' },
  { url: '/sites/groups/', max: 1000, id: 'groupID' },
  { url: '/locations/', max: 2000, id: 'id' },
  { url: '/users/', max: 100, id: 'id' },
  { url: '/audit/', max: 100, id: 'id' },
  { url: '/audit/actors/', max: 100, id: 'id' },
] as const;

const get = (url: string) => t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(token) });
const withQuery = (url: string, query: string) => `${url}${url.includes('?') ? '&' : '?'}${query}`;

describe('every list route', () => {
  it.each(LISTS)('$url refuses a pageSize over its maximum with the one message, and accepts the maximum', async ({ url, max }) => {
    const over = await get(withQuery(url, `pageSize=${max + 1}`));
    expect(over.statusCode).toBe(400);
    const message = `El tamaño de página debe ser un número entre 1 y ${max}`;
    expect(over.json()).toEqual({ error: { code: 'BadArgument', message, details: [{ code: 'BadArgument', target: 'pageSize', message }] } });
    expect((await get(withQuery(url, 'pageSize=5000'))).json().error.message).toBe(message);
    expect((await get(withQuery(url, 'pageSize=0'))).json().error.message).toBe(message);
    const atMax = await get(withQuery(url, `pageSize=${max}`));
    expect(atMax.statusCode).toBe(200);
    expect(Object.keys(atMax.json().meta)).toEqual(['hasNextPage']);
  });

  it.each(LISTS)('$url pages with hasNextPage from one row more, never a total', async ({ url, max, id }) => {
    const all = (await get(withQuery(url, `pageSize=${max}`))).json() as { results: Array<Record<string, number>>; meta: { hasNextPage: boolean } };
    expect(all.results.length).toBeGreaterThanOrEqual(2);
    const first = (await get(withQuery(url, 'pageSize=1'))).json();
    // A list with a continuation (listKeyset) adds its cursor; none answers a total.
    const { nextCursor, ...meta } = first.meta as { nextCursor?: unknown };
    expect(meta).toEqual({ hasNextPage: true });
    expect(nextCursor === undefined || typeof nextCursor === 'string').toBe(true);
    expect(first.results.map((row: Record<string, number>) => row[id])).toEqual([all.results[0]![id]]);
    const second = (await get(withQuery(url, 'pageSize=1&page=2'))).json();
    expect({ ...second.meta, nextCursor: undefined }).toEqual({ hasNextPage: all.results.length > 2 || all.meta.hasNextPage, nextCursor: undefined });
    expect(second.results.map((row: Record<string, number>) => row[id])).toEqual([all.results[1]![id]]);
  });

  it.each(LISTS)('$url reads several ids as `id=1&id=2` and as `id=1,2`', async ({ url, id }) => {
    const rows = (await get(withQuery(url, 'pageSize=3'))).json().results as Array<Record<string, number>>;
    const ids = rows.slice(0, 2).map((row) => row[id]!);
    expect(ids).toHaveLength(2);
    for (const query of [ids.map((value) => `id=${value}`).join('&'), `id=${ids.join(',')}`, `id=${ids.join(',')}&id=${ids[0]}`]) {
      const response = await get(withQuery(url, query));
      expect(response.statusCode, query).toBe(200);
      expect(response.json().results.map((row: Record<string, number>) => row[id]).sort(), query).toEqual([...ids].sort());
    }
    const bad = await get(withQuery(url, `id=${ids[0]},x`));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0].target).toBe('id');
  });
});
