/** The resources' definitions are there from the first render and are never registered again (FixedResourceDefinitions). */
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route } from 'react-router-dom';
import { afterEach, expect, it } from 'vitest';
import { CustomRoutes, Resource, testDataProvider, useResourceDefinitions, type AuthProvider } from 'react-admin';
import { AppAdmin } from './AppAdmin';

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
