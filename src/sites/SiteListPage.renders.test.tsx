/**
 * How much the site list draws while its first load arrives (issue 7: Lighthouse performance on /portales). The rows
 * are the largest commit of the load (20 rows × 11 cells): they must be drawn once when the list arrives, not again
 * when the tab totals, the filter options or a page-level state (the activation's confirmation) arrive. Counted with a
 * counting stand-in for MUI's TableRow (the body rows carry `data-site-id`) and React's <Profiler> for the commits.
 */
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { Profiler, type ComponentProps } from 'react';
import { AdminContext, TestMemoryRouter, type DataProvider, type GetListParams } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { spanishMessages } from '../../i18n/es';
import type { SiteListRecord } from '../../resources/sites';
import { unusedDataProvider } from '../../tests/helpers/unusedDataProvider';
import { SiteListPage } from './SiteListPage';
import { signedInAuth } from '../../tests/helpers/signedInAuth';

configure({ asyncUtilTimeout: 5000 });

/** Renders of body rows (those with a site id), by site id. */
const rowRenders = vi.hoisted(() => new Map<number, number>());

vi.mock('@mui/material', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@mui/material')>();
  function CountingTableRow(props: ComponentProps<typeof actual.TableRow> & { 'data-site-id'?: number }) {
    const id = props['data-site-id'];
    if (id !== undefined) rowRenders.set(id, (rowRenders.get(id) ?? 0) + 1);
    return <actual.TableRow {...props} />;
  }
  return { ...actual, TableRow: CountingTableRow };
});

const totalRowRenders = () => [...rowRenders.values()].reduce((sum, n) => sum + n, 0);

/** A promise settled from the test: the answer arrives when the test says so. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

function site(id: number, active: boolean): SiteListRecord {
  return {
    id,
    name: `Alcaldía ${String(id).padStart(2, '0')}`,
    alias: `alcaldia-${id}`,
    siteTypeId: 2,
    orderType: 1,
    url: null,
    allowedUrl: null,
    statusName: active ? 'Activo' : 'Inactivo',
    parentLocationId: 5,
    parentLocation: 'Antioquia',
    locationId: 5001,
    childLocation: 'Medellín',
    siteType: 'Alcaldía',
    statusId: active ? 1 : 2,
    installed: true,
    pendingRequest: id === 2,
    requestType: id === 2 ? 'ChangeAdmin' : null,
    countUsers: id,
    countEmails: id,
    countContents: id,
    countComments: id,
    modifiedDate: new Date(2024, 0, id, 12).toISOString(),
    population: 1000 * id,
  };
}

const SITES = [site(1, true), site(2, true), site(3, false)];

/** The list answers at once; the tab totals and the filter options wait for the test. */
function slowExtrasDataProvider() {
  const counts = deferred<void>();
  const options = deferred<void>();
  const dataProvider: DataProvider = {
    ...unusedDataProvider,
    getList: (async (resource: string, params: GetListParams) => {
      if (resource === 'sites') return { data: SITES, pageInfo: { hasNextPage: false, hasPreviousPage: false } };
      await options.promise;
      const data =
        resource === 'groups'
          ? [{ id: 1, groupID: 1, name: 'Grupo Norte' }]
          : params.filter?.isMunicipality
            ? []
            : [{ id: 5, name: 'Antioquia' }];
      return { data, pageInfo: { hasNextPage: false, hasPreviousPage: false } };
    }) as DataProvider['getList'],
    request: async () => {
      await counts.promise;
      return { status: 200, headers: new Headers(), json: { all: 3, active: 2, inactive: 1, pending: 1 } };
    },
  };
  return { dataProvider, counts, options };
}

const auth = signedInAuth(['Sites']);

const i18nProvider = polyglotI18nProvider(() => spanishMessages as never, 'es', [{ locale: 'es', name: 'Español' }], {
  allowMissing: true,
});

describe('SiteListPage first load: what is drawn again', () => {
  afterEach(() => {
    cleanup();
    rowRenders.clear();
  });

  it('draws the rows once: not again when the tab totals, the filter options or the confirmation arrive', async () => {
    const { dataProvider, counts, options } = slowExtrasDataProvider();
    let commits = 0;
    render(
      <Profiler id="site-list" onRender={() => (commits += 1)}>
        <TestMemoryRouter initialEntries={['/portales']}>
          <AdminContext dataProvider={dataProvider} authProvider={auth} i18nProvider={i18nProvider}>
            <Routes>
              <Route path="/portales" element={<SiteListPage />} />
            </Routes>
          </AdminContext>
        </TestMemoryRouter>
      </Profiler>,
    );
    await screen.findByRole('row', { name: 'Abrir la entidad Alcaldía 03' });
    // The rows as first drawn (the list may arrive before or after the permissions: each row drawn at most twice).
    const drawn = totalRowRenders();
    expect([...rowRenders.keys()].sort()).toEqual([1, 2, 3]);
    expect(drawn).toBeLessThanOrEqual(SITES.length * 2);
    expect(screen.getByRole('tab', { name: 'Todos' })).toBeInTheDocument();

    const beforeCounts = commits;
    counts.resolve();
    await screen.findByRole('tab', { name: 'Todos (3)' });
    expect(commits).toBeGreaterThan(beforeCounts); // the totals did commit…
    expect(totalRowRenders()).toBe(drawn); // …without the rows

    options.resolve();
    await waitFor(() => expect(screen.getByRole('option', { name: 'Grupo Norte' })).toBeInTheDocument());
    expect(await screen.findByRole('option', { name: 'Antioquia' })).toBeInTheDocument();
    expect(totalRowRenders()).toBe(drawn);

    // A state of the page itself (the activation's confirmation) leaves the rows alone too.
    const user = userEvent.setup();
    await user.click(within(screen.getByRole('row', { name: 'Abrir la entidad Alcaldía 03' })).getByRole('button', { name: 'Activar' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('Alcaldía 03');
    expect(totalRowRenders()).toBe(drawn);
  });
});
