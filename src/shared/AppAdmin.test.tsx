/**
 * The resources' definitions are there from the first render and are never registered again (FixedResourceDefinitions);
 * the app's query client answers a 4xx at once (src/shared/queryClient.ts).
 */
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CustomRoutes, HttpError, Resource, testDataProvider, useGetOne, useResourceDefinitions, type AuthProvider, type DataProvider } from 'react-admin';
import { AppAdmin } from './AppAdmin';
import { shouldRetry } from './queryClient';

afterEach(cleanup);

it('gives every screen the resources from its first render, and does not draw it again when the permissions arrive', async () => {
  const seen: string[][] = [];
  function Screen() {
    const definitions = useResourceDefinitions();
    seen.push(Object.keys(definitions).sort());
    return <p>pantalla</p>;
  }
  let grant: (permissions: string[]) => void = () => {};
  const authProvider: AuthProvider = {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getPermissions: () => new Promise<string[]>((resolve) => (grant = resolve)),
  };
  render(
    <MemoryRouter initialEntries={['/pantalla']}>
      <AppAdmin dataProvider={testDataProvider()} authProvider={authProvider} layout={({ children }) => <>{children}</>}>
        <CustomRoutes>
          <Route path="/pantalla" element={<Screen />} />
        </CustomRoutes>
        <Resource name="sites" list={() => null} />
        <Resource name="groups" list={() => null} />
      </AppAdmin>
    </MemoryRouter>,
  );
  expect(await screen.findByText('pantalla')).toBeInTheDocument();
  grant(['Sites']);
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(seen.length).toBeGreaterThan(0);
  // react-admin's own registration gives the first renders no definitions, then draws the screen again, twice.
  expect(seen.every((keys) => keys.join() === 'groups,sites')).toBe(true);
  expect(seen.length).toBe(1);
});

describe('reads through the app query client', () => {
  function renderSiteReader(getOne: DataProvider['getOne']) {
    function SiteReader() {
      const { data, error } = useGetOne('sites', { id: 999999 });
      if (error) return <p>error {(error as { status?: number }).status}</p>;
      return <p>{data ? `sitio ${String(data.id)}` : 'cargando'}</p>;
    }
    render(
      <MemoryRouter initialEntries={['/pantalla']}>
        <AppAdmin dataProvider={testDataProvider({ getOne })} layout={({ children }) => <>{children}</>}>
          <CustomRoutes>
            <Route path="/pantalla" element={<SiteReader />} />
          </CustomRoutes>
          <Resource name="sites" list={() => null} />
        </AppAdmin>
      </MemoryRouter>,
    );
  }

  it('answers a 404 at once, without retrying it', async () => {
    const getOne = vi.fn(async () => {
      throw new HttpError('No encontrado', 404, {});
    }) as unknown as DataProvider['getOne'];
    renderSiteReader(getOne);
    // react-query's default (three retries, 1 s, 2 s, 4 s apart) would still be loading after 500 ms.
    expect(await screen.findByText('error 404', undefined, { timeout: 500 })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(getOne).toHaveBeenCalledTimes(1);
  });

  it('still retries a failure without an answer from the server', async () => {
    let calls = 0;
    const getOne = vi.fn(async () => {
      calls += 1;
      if (calls === 1) throw new HttpError('Sin respuesta', 0, {});
      return { data: { id: 999999 } };
    }) as unknown as DataProvider['getOne'];
    renderSiteReader(getOne);
    expect(await screen.findByText('sitio 999999', undefined, { timeout: 3000 })).toBeInTheDocument();
    expect(getOne).toHaveBeenCalledTimes(2);
  });
});

describe('shouldRetry', () => {
  it.each([
    [400, 0, false],
    [403, 0, false],
    [404, 0, false],
    [409, 0, false],
    [500, 0, true],
    [503, 2, true],
    [503, 3, false],
    [0, 1, true],
  ])('status %i after %i failures: retry %s', (status, failures, expected) => {
    expect(shouldRetry(failures, new HttpError('x', status, {}))).toBe(expected);
  });
});
