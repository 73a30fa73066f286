import { describe, expect, it, vi } from 'vitest';
import { createDataProvider, type Client, type PortalesDataProvider } from './index';
import { DATA_PROVIDER_VERBS, lazyDataProvider } from './lazy';

function fakeProvider(): PortalesDataProvider {
  return Object.fromEntries(DATA_PROVIDER_VERBS.map((verb) => [verb, vi.fn(async (...args: unknown[]) => ({ verb, args }))])) as unknown as PortalesDataProvider;
}

describe('lazyDataProvider', () => {
  it('offers every verb of the real provider', () => {
    const real = createDataProvider((async () => ({ status: 200, headers: new Headers(), json: {} })) as unknown as Client);
    expect([...DATA_PROVIDER_VERBS].sort()).toEqual(Object.keys(real).sort());
  });

  it('loads the real provider on the first call only, and passes every verb its arguments and answer', async () => {
    const real = fakeProvider();
    const load = vi.fn(async () => real);
    const provider = lazyDataProvider(load);
    expect(load).not.toHaveBeenCalled();
    const params = { pagination: { page: 1, perPage: 20 }, sort: { field: 'name', order: 'ASC' as const }, filter: {} };
    expect(await provider.getList('sites', params)).toEqual({ verb: 'getList', args: ['sites', params] });
    expect(await provider.request('/sites/counts/', { query: { a: 1 } })).toEqual({ verb: 'request', args: ['/sites/counts/', { query: { a: 1 } }] });
    for (const verb of DATA_PROVIDER_VERBS) expect(typeof provider[verb]).toBe('function');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries the load again after a failure, and passes on the real provider\'s errors', async () => {
    const real = fakeProvider();
    vi.mocked(real.getOne).mockRejectedValueOnce(new Error('Lo sentimos, este recurso ya no esta disponible.'));
    const load = vi.fn().mockRejectedValueOnce(new Error('red caída')).mockResolvedValue(real);
    const provider = lazyDataProvider(load);
    await expect(provider.getOne('sites', { id: 1 })).rejects.toThrow('red caída');
    await expect(provider.getOne('sites', { id: 1 })).rejects.toThrow('ya no esta disponible');
    expect(await provider.getOne('sites', { id: 1 })).toEqual({ verb: 'getOne', args: ['sites', { id: 1 }] });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
