import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { AdminContext, TestMemoryRouter, type AuthProvider, type DataProvider, type GetListParams } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { spanishMessages } from '../../i18n/es';
import type { SiteListRecord } from '../../resources/sites';
import { SiteListPage } from './SiteListPage';

/** A site as the API lists it, plus the groups it belongs to (for the group filter of the fake). */
type FakeSite = SiteListRecord & { groups: number[] };

const LOCATIONS = [
  { id: 5, name: 'Antioquia', parentLocationId: 170, isMunicipality: false },
  { id: 25, name: 'Cundinamarca', parentLocationId: 170, isMunicipality: false },
  { id: 5001, name: 'Medellín', parentLocationId: 5, isMunicipality: true },
  { id: 5088, name: 'Bello', parentLocationId: 5, isMunicipality: true },
  { id: 25754, name: 'Soacha', parentLocationId: 25, isMunicipality: true },
];

function makeSites(): FakeSite[] {
  const list: FakeSite[] = [];
  for (let i = 1; i <= 26; i += 1) {
    const antioquia = i % 2 === 0;
    const municipality = antioquia ? (i % 4 === 0 ? LOCATIONS[2]! : LOCATIONS[3]!) : LOCATIONS[4]!;
    list.push({
      id: i,
      name: `Alcaldía ${String(i).padStart(2, '0')}`,
      alias: `alcaldia-${i}`,
      siteTypeId: 2,
      orderType: 1,
      url: null,
      allowedUrl: null,
      statusName: i <= 20 ? 'Activo' : 'Inactivo',
      parentLocationId: antioquia ? 5 : 25,
      parentLocation: antioquia ? 'Antioquia' : 'Cundinamarca',
      locationId: municipality.id,
      childLocation: municipality.name,
      siteType: 'Alcaldía',
      statusId: i <= 20 ? 1 : 2,
      installed: i !== 26,
      pendingRequest: i === 3 || i === 26,
      requestType: i === 3 ? 'ChangeAdmin' : i === 26 ? 'FirstTime' : null,
      countUsers: i,
      countEmails: i * 2,
      countContents: i * 3,
      countComments: i * 4,
      modifiedDate: new Date(2024, 0, i, 12).toISOString(),
      population: 1000 * i,
      groups: i <= 5 ? [1] : [],
    });
  }
  return list;
}

type Calls = Array<{ resource: string; params: GetListParams }>;

function fakeDataProvider(sites: FakeSite[], calls: Calls): DataProvider {
  const page = <T,>(rows: T[], params: GetListParams) => {
    const { page: p, perPage } = params.pagination ?? { page: 1, perPage: 20 };
    const slice = rows.slice((p - 1) * perPage, p * perPage);
    return { data: slice, pageInfo: { hasNextPage: p * perPage < rows.length, hasPreviousPage: p > 1 } };
  };
  const notUsed = () => Promise.reject(new Error('not used'));
  const matching = (f: Record<string, unknown>) =>
    sites
      .filter((s) => (f.status === 1 ? s.statusId === 1 && s.installed : f.status === 2 ? s.statusId === 2 || !s.installed : true))
      .filter((s) => (f.pendingRequest ? s.pendingRequest : true))
      .filter((s) => (f.name ? s.name.toLowerCase().includes(String(f.name).toLowerCase()) : true))
      .filter((s) => (f.parentLocationId ? s.parentLocationId === f.parentLocationId : true))
      .filter((s) => (f.locationId ? s.locationId === f.locationId : true))
      .filter((s) => (f.groupID ? s.groups.includes(Number(f.groupID)) : true));
  return {
    getList: (async (resource: string, params: GetListParams) => {
      calls.push({ resource, params });
      const f = params.filter ?? {};
      if (resource === 'locations') {
        return page(
          LOCATIONS.filter((l) => l.parentLocationId === f.parentLocationId && l.isMunicipality === f.isMunicipality),
          params,
        );
      }
      if (resource === 'groups') return page([{ id: 1, groupID: 1, name: 'Grupo Norte', countEntities: 5 }], params);
      return page(matching(f), params);
    }) as DataProvider['getList'],
    // GET /sites/counts/: the tab totals of the same search (the status filters are ignored, as the server does).
    request: async (path: string, options?: { query?: Record<string, unknown> }) => {
      calls.push({ resource: path, params: { filter: options?.query ?? {} } as GetListParams });
      const rows = matching({ ...options?.query, status: undefined, pendingRequest: undefined });
      return {
        status: 200,
        headers: new Headers(),
        json: {
          all: rows.length,
          active: matching({ ...options?.query, status: 1 }).length,
          inactive: matching({ ...options?.query, status: 2 }).length,
          pending: matching({ ...options?.query, pendingRequest: true }).length,
        },
      };
    },
    getOne: notUsed,
    getMany: notUsed,
    getManyReference: notUsed,
    create: notUsed,
    update: notUsed,
    updateMany: notUsed,
    delete: notUsed,
    deleteMany: notUsed,
  };
}

function authWith(permissions: string[]): AuthProvider {
  return {
    login: () => Promise.resolve(),
    logout: () => Promise.resolve(),
    checkAuth: () => Promise.resolve(),
    checkError: () => Promise.resolve(),
    getPermissions: () => Promise.resolve(permissions),
    getIdentity: () => Promise.resolve({ id: 1, fullName: 'Prueba' }),
  };
}

const i18nProvider = polyglotI18nProvider(() => spanishMessages as never, 'es', [{ locale: 'es', name: 'Español' }], {
  allowMissing: true,
});

function renderList(options: { permissions: string[]; sites?: FakeSite[] }) {
  const calls: Calls = [];
  const location = { pathname: '' };
  render(
    <TestMemoryRouter initialEntries={['/portales']} locationCallback={(l) => (location.pathname = l.pathname)}>
      <AdminContext
        dataProvider={fakeDataProvider(options.sites ?? makeSites(), calls)}
        authProvider={authWith(options.permissions)}
        i18nProvider={i18nProvider}
      >
        <Routes>
          <Route path="/portales" element={<SiteListPage />} />
          <Route path="/portales/grupos" element={<p>pantalla de grupos</p>} />
          <Route path="/portales/:id" element={<p>detalle de la entidad</p>} />
        </Routes>
      </AdminContext>
    </TestMemoryRouter>,
  );
  return { calls, location };
}

const siteCalls = (calls: Calls) => calls.filter((c) => c.resource === 'sites' && c.params.pagination?.perPage === 20);

describe('SiteListPage', () => {
  afterEach(cleanup);

  it('shows all four tabs with totals to a Sites holder, Todos selected, and the spec columns', async () => {
    const { calls } = renderList({ permissions: ['Sites'] });
    expect(await screen.findByRole('tab', { name: 'Todos (26)' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('tab', { name: 'Activos (20)' })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Inactivos (6)' })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Por aprobar (2)' })).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual([
      'Nombre',
      'Tipo de entidad',
      'Departamento',
      'Municipio',
      'Usuarios',
      'Correos',
      'Contenidos',
      'Comentarios',
      'Fecha de modificación',
      'Población',
      'Estado',
    ]);
    expect(siteCalls(calls)[0]!.params.filter).toEqual({});
    // The four totals come from one counts call, not from a list call per tab.
    expect(calls.filter((c) => c.resource === '/sites/counts/').map((c) => c.params.filter)).toEqual([{}]);
    expect(calls.some((c) => c.resource === 'sites' && c.params.pagination?.perPage === 1)).toBe(false);
    const first = screen.getByRole('row', { name: 'Abrir la entidad Alcaldía 01' });
    expect(within(first).getByText('Cundinamarca')).toBeInTheDocument();
    expect(within(first).getByText('Soacha')).toBeInTheDocument();
    expect(within(first).getByText('2024-01-01')).toBeInTheDocument();
    expect(within(first).getByText('Activo')).toBeInTheDocument();
    const pending = screen.getByRole('row', { name: 'Abrir la entidad Alcaldía 03' });
    expect(within(pending).getByLabelText('Solicitud pendiente')).toHaveTextContent('Cambio de administrador');
    expect(within(first).queryByLabelText('Solicitud pendiente')).toBeNull();
    expect(screen.getByRole('button', { name: 'Nueva entidad' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Descarga' })).toBeInTheDocument();
  });

  it('shows only Activos to a user without Sites or Reports and filters on active status', async () => {
    const { calls } = renderList({ permissions: ['Impersonate'] });
    expect(await screen.findByRole('tab', { name: 'Activos (20)' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByRole('tab')).toHaveLength(1);
    expect(siteCalls(calls).every((c) => c.params.filter.status === 1)).toBe(true);
    expect(screen.queryByRole('button', { name: 'Nueva entidad' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Descarga' })).toBeNull();
  });

  it('gives a Reports holder all tabs and the exports but not the Sites buttons', async () => {
    renderList({ permissions: ['Reports'] });
    expect(await screen.findByRole('tab', { name: 'Todos (26)' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByRole('tab')).toHaveLength(4);
    expect(screen.getByRole('button', { name: 'Descargar solicitudes' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Gestionar grupos' })).toBeNull();
    await userEvent.setup().click(screen.getByRole('tab', { name: /^Inactivos/ }));
    await screen.findByRole('row', { name: 'Abrir la entidad Alcaldía 21' });
    expect(screen.queryByRole('button', { name: 'Activar' })).toBeNull();
  });

  it('loads 20 rows, then the next page with Ver más, which then disappears', async () => {
    const user = userEvent.setup();
    renderList({ permissions: ['Sites'] });
    await screen.findByRole('row', { name: 'Abrir la entidad Alcaldía 20' });
    expect(screen.getAllByRole('row', { name: /^Abrir la entidad/ })).toHaveLength(20);
    await user.click(screen.getByRole('button', { name: 'Ver más' }));
    await screen.findByRole('row', { name: 'Abrir la entidad Alcaldía 26' });
    expect(screen.getAllByRole('row', { name: /^Abrir la entidad/ })).toHaveLength(26);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Ver más' })).toBeNull());
  });

  it('switches tabs and shows the pending request type', async () => {
    const user = userEvent.setup();
    renderList({ permissions: ['Sites'] });
    await user.click(await screen.findByRole('tab', { name: /Por aprobar/ }));
    await waitFor(() => expect(screen.getAllByRole('row', { name: /^Abrir la entidad/ })).toHaveLength(2));
    const row = screen.getByRole('row', { name: 'Abrir la entidad Alcaldía 26' });
    expect(within(row).getByText('No instalado')).toBeInTheDocument();
    expect(within(row).getByLabelText('Solicitud pendiente')).toHaveTextContent('Primera vez');
    expect(within(row).queryByRole('button', { name: 'Activar' })).toBeNull();

    await user.click(screen.getByRole('tab', { name: /^Inactivos/ }));
    await waitFor(() => expect(screen.getAllByRole('row', { name: /^Abrir la entidad/ })).toHaveLength(6));
    const inactive = screen.getByRole('row', { name: 'Abrir la entidad Alcaldía 21' });
    expect(within(inactive).getByText('Inactivo')).toBeInTheDocument();
    expect(within(inactive).getByRole('button', { name: 'Activar' })).toBeDisabled();
  });

  it('opens the detail when a row is clicked', async () => {
    const user = userEvent.setup();
    const { location } = renderList({ permissions: ['Sites'] });
    await user.click(await screen.findByRole('row', { name: 'Abrir la entidad Alcaldía 07' }));
    expect(await screen.findByText('detalle de la entidad')).toBeInTheDocument();
    expect(location.pathname).toBe('/portales/7');
  });

  it('navigates to /portales/grupos', async () => {
    const user = userEvent.setup();
    const { location } = renderList({ permissions: ['Sites'] });
    await user.click(await screen.findByRole('button', { name: 'Gestionar grupos' }));
    expect(await screen.findByText('pantalla de grupos')).toBeInTheDocument();
    expect(location.pathname).toBe('/portales/grupos');
  });

  it('offers municipalities of the chosen department only and clears the municipality when the department changes', async () => {
    const user = userEvent.setup();
    const { calls } = renderList({ permissions: ['Sites'] });
    const department = await screen.findByLabelText('Departamento');
    const municipality = screen.getByLabelText('Municipio');
    expect(municipality).toBeDisabled();
    await screen.findByRole('option', { name: 'Antioquia' });
    await user.selectOptions(department, 'Antioquia');
    await screen.findByRole('option', { name: 'Medellín' });
    expect(within(municipality).queryByRole('option', { name: 'Soacha' })).toBeNull();
    await user.selectOptions(municipality, 'Medellín');
    await waitFor(() => expect(screen.getAllByRole('row', { name: /^Abrir la entidad/ })).toHaveLength(6));
    expect(siteCalls(calls).at(-1)!.params.filter).toEqual({ parentLocationId: 5, locationId: 5001 });
    await user.selectOptions(department, 'Cundinamarca');
    await screen.findByRole('option', { name: 'Soacha' });
    expect(within(municipality).queryByRole('option', { name: 'Medellín' })).toBeNull();
    expect(municipality).toHaveValue('');
    await waitFor(() => expect(siteCalls(calls).at(-1)!.params.filter).toEqual({ parentLocationId: 25 }));
  });

  it('searches by name and group', async () => {
    const user = userEvent.setup();
    const { calls } = renderList({ permissions: ['Sites'] });
    await user.type(await screen.findByLabelText('Buscar por nombre'), 'Alcaldía 1');
    await waitFor(() => expect(screen.getAllByRole('row', { name: /^Abrir la entidad/ })).toHaveLength(10));
    expect(siteCalls(calls).at(-1)!.params.filter).toEqual({ name: 'Alcaldía 1' });
    await user.clear(screen.getByLabelText('Buscar por nombre'));
    await screen.findByRole('option', { name: 'Grupo Norte' });
    await user.selectOptions(screen.getByLabelText('Grupo'), 'Grupo Norte');
    await waitFor(() => expect(screen.getAllByRole('row', { name: /^Abrir la entidad/ })).toHaveLength(5));
  });

  it('says no site is loaded yet when there are no sites and no criteria', async () => {
    renderList({ permissions: ['Sites'], sites: [] });
    expect(await screen.findByText('Aún no tienes ninguna entidad cargada')).toBeInTheDocument();
    expect(screen.queryByText('No se encontraron resultados para la búsqueda')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Ver más' })).toBeNull();
  });

  it('says the search found nothing when criteria match no site', async () => {
    const user = userEvent.setup();
    renderList({ permissions: ['Sites'] });
    await user.type(await screen.findByLabelText('Buscar por nombre'), 'Gobernación inexistente');
    expect(await screen.findByText('No se encontraron resultados para la búsqueda')).toBeInTheDocument();
    expect(screen.queryByText('Aún no tienes ninguna entidad cargada')).toBeNull();
  });
});
