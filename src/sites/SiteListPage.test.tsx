import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { AdminContext, TestMemoryRouter, type DataProvider, type GetListParams } from 'react-admin';
import { Route, Routes, useNavigate } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { spanishMessages } from '../../i18n/es';
import type { SiteListRecord } from '../../resources/sites';
import { SiteListPage } from './SiteListPage';
import { unusedDataProvider } from '../../tests/helpers/unusedDataProvider';
import { signedInAuth } from '../../tests/helpers/signedInAuth';

// The name search waits for a typing pause and every tab fetches its total: on a busy machine the
// default one-second wait of findBy/waitFor is too short (a limit on waiting, not a timed assertion).
configure({ asyncUtilTimeout: 5000 });

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
  const matching = (f: Record<string, unknown>) =>
    sites
      .filter((s) => (f.status === 1 ? s.statusId === 1 && s.installed : f.status === 2 ? s.statusId === 2 || !s.installed : true))
      .filter((s) => (f.pendingRequest ? s.pendingRequest : true))
      .filter((s) => (f.name ? s.name.toLowerCase().includes(String(f.name).toLowerCase()) : true))
      .filter((s) => (f.parentLocationId ? s.parentLocationId === f.parentLocationId : true))
      .filter((s) => (f.locationId ? s.locationId === f.locationId : true))
      .filter((s) => (f.groupID ? s.groups.includes(Number(f.groupID)) : true));
  return {
    ...unusedDataProvider,
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
      const { field, order } = params.sort ?? { field: 'name', order: 'ASC' };
      const key = (s: FakeSite) => (field === 'population' ? (s.population ?? 0) : s.name);
      const sorted = [...matching(f)].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0) * (order === 'DESC' ? -1 : 1));
      return page(sorted, params);
    }) as DataProvider['getList'],
    // GET /sites/counts/: the tab totals of the same search (the status filters are ignored, as the server does).
    request: async (path: string, options?: { query?: Record<string, unknown>; method?: string }) => {
      calls.push({ resource: path, params: { filter: options?.query ?? {}, meta: { method: options?.method ?? 'GET' } } as GetListParams });
      const enable = /^\/sites\/(\d+)\/enable$/.exec(path);
      if (enable) {
        const site = sites.find((s) => s.id === Number(enable[1]))!;
        site.statusId = 1;
        return { status: 204, headers: new Headers(), json: null };
      }
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
  };
}

const i18nProvider = polyglotI18nProvider(() => spanishMessages as never, 'es', [{ locale: 'es', name: 'Español' }], {
  allowMissing: true,
});

/** The detail screen's stand-in: its 'Atrás' is the browser's Back. */
function FakeDetail() {
  const navigate = useNavigate();
  return (
    <>
      <p>detalle de la entidad</p>
      <button type="button" onClick={() => navigate(-1)}>
        Atrás
      </button>
    </>
  );
}

function renderList(options: { permissions: string[]; sites?: FakeSite[]; at?: string }) {
  const calls: Calls = [];
  const location = { pathname: '', search: '' };
  render(
    <TestMemoryRouter
      initialEntries={['/inicio', options.at ?? '/portales']}
      initialIndex={1}
      locationCallback={(l) => Object.assign(location, { pathname: l.pathname, search: l.search })}
    >
      <AdminContext
        dataProvider={fakeDataProvider(options.sites ?? makeSites(), calls)}
        authProvider={signedInAuth(options.permissions)}
        i18nProvider={i18nProvider}
      >
        <Routes>
          <Route path="/portales" element={<SiteListPage />} />
          <Route path="/portales/grupos" element={<p>pantalla de grupos</p>} />
          <Route path="/portales/:id" element={<FakeDetail />} />
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
    const headers = (await screen.findAllByRole('columnheader')).map((h) => h.textContent);
    expect(headers).toEqual([
      'Nombre',
      'Tipo de entidad',
      'Departamento',
      'Municipio',
      'Usuarios',
      'Correos',
      'Contenidos',
      // countComments counts the site's annotations: the detail's tab and count say 'Anotaciones' too (issue 21).
      'Anotaciones',
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
    expect(within(first).getByText('01/01/2024')).toBeInTheDocument();
    expect(within(first).getByText('Activo')).toBeInTheDocument();
    const pending = screen.getByRole('row', { name: 'Abrir la entidad Alcaldía 03' });
    expect(within(pending).getByLabelText('Solicitud pendiente')).toHaveTextContent('Cambio de administrador');
    expect(within(first).queryByLabelText('Solicitud pendiente')).toBeNull();
    expect(screen.getByRole('button', { name: 'Nueva entidad' })).toBeEnabled();
    for (const name of ['Cargar más entidades', 'Cargar población', 'Cargar correos', 'Cargar índice de gobierno']) expect(screen.getByRole('button', { name })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Descarga' })).toBeInTheDocument();
  });

  it('opens the population load dialog from its button', async () => {
    const user = userEvent.setup();
    renderList({ permissions: ['Sites'] });
    await user.click(await screen.findByRole('button', { name: 'Cargar población' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
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
    await screen.findByText('Alcaldía 21');
    expect(screen.queryByRole('button', { name: 'Activar' })).toBeNull();
  });

  it("downloads the list's current search and tab with 'Descarga' (and the requests with 'Descargar solicitudes')", async () => {
    const user = userEvent.setup();
    const { calls } = renderList({ permissions: ['Reports'], at: '/portales?estado=inactivos&nombre=alcald' });
    await screen.findByText('Alcaldía 21');
    await user.click(screen.getByRole('button', { name: 'Descarga' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Descargar CSV' }));
    await waitFor(() => expect(calls.filter((c) => c.resource === '/sitesexport').map((c) => c.params.filter)).toEqual([{ name: 'alcald', status: 2, format: 'csv' }]));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Descargar solicitudes' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Descargar solicitudes' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Descargar Excel (XLSX)' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.resource === '/sitesrequestexport').map((c) => c.params.filter)).toEqual([{ name: 'alcald', status: 2, format: 'xlsx' }]),
    );
  });

  it('does not offer to open a site to a Reports-only user: no pointer, no focus, no action, no navigation', async () => {
    const user = userEvent.setup();
    const { location } = renderList({ permissions: ['Reports'] });
    const row = (await screen.findByText('Alcaldía 07')).closest('tr')!;
    expect(row).not.toHaveAttribute('tabindex');
    expect(row).not.toHaveAttribute('aria-label');
    expect(getComputedStyle(row).cursor).not.toBe('pointer');
    expect(screen.queryAllByRole('row', { name: /^Abrir la entidad/ })).toHaveLength(0);
    expect(screen.queryAllByRole('link')).toHaveLength(0);
    await user.click(row);
    row.focus();
    await user.keyboard('{Enter}');
    expect(location.pathname).toBe('/portales');
    expect(screen.queryByText('detalle de la entidad')).toBeNull();
  });

  it('lets those who may open the detail (Sites or Impersonate) open a row by click or Enter', async () => {
    const user = userEvent.setup();
    const { location } = renderList({ permissions: ['Impersonate'] });
    const row = await screen.findByRole('row', { name: 'Abrir la entidad Alcaldía 02' });
    expect(row).toHaveAttribute('tabindex', '0');
    expect(getComputedStyle(row).cursor).toBe('pointer');
    row.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('detalle de la entidad')).toBeInTheDocument();
    expect(location.pathname).toBe('/portales/2');
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
    expect(within(inactive).getByRole('button', { name: 'Activar' })).toBeEnabled();
  });

  it('activates an inactive installed site only after its confirmation, without opening the detail', async () => {
    const user = userEvent.setup();
    const sites = makeSites();
    const { calls, location } = renderList({ permissions: ['Sites'], sites, at: '/portales?estado=inactivos' });
    const row = await screen.findByRole('row', { name: 'Abrir la entidad Alcaldía 21' });
    const enableCalls = () => calls.filter((c) => c.resource.endsWith('/enable'));

    await user.click(within(row).getByRole('button', { name: 'Activar' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('¿Deseas activar la entidad Alcaldía 21?');
    await user.click(within(dialog).getByRole('button', { name: 'Regresar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(enableCalls()).toEqual([]);
    expect(location.pathname).toBe('/portales');

    await user.click(within(row).getByRole('button', { name: 'Activar' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Continuar' }));
    await waitFor(() => expect(enableCalls().map((c) => c.resource)).toEqual(['/sites/21/enable']));
    expect(enableCalls()[0]!.params.meta).toEqual({ method: 'POST' });
    // The list is asked again and the site, now active, leaves the Inactivos tab.
    await waitFor(() => expect(screen.queryByRole('row', { name: 'Abrir la entidad Alcaldía 21' })).toBeNull());
    expect(location.pathname).toBe('/portales');
    // The tab totals are asked again too: one site moved from Inactivos to Activos.
    expect(await screen.findByRole('tab', { name: 'Inactivos (5)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Activos (21)' })).toBeInTheDocument();
  });

  it('orders by a column from its header, both ways, and keeps the order in the address', async () => {
    const user = userEvent.setup();
    const { calls, location } = renderList({ permissions: ['Sites'] });
    await screen.findByRole('row', { name: 'Abrir la entidad Alcaldía 01' });
    expect(siteCalls(calls).at(-1)!.params.sort).toEqual({ field: 'name', order: 'ASC' });
    await user.click(screen.getByRole('button', { name: 'Población' }));
    await waitFor(() => expect(siteCalls(calls).at(-1)!.params.sort).toEqual({ field: 'population', order: 'ASC' }));
    expect(location.search).toBe('?orden=population');
    await user.click(screen.getByRole('button', { name: 'Población' }));
    await waitFor(() => expect(siteCalls(calls).at(-1)!.params.sort).toEqual({ field: 'population', order: 'DESC' }));
    expect(location.search).toBe('?orden=-population');
    await waitFor(() => expect(screen.getAllByRole('row', { name: /^Abrir la entidad/ })[0]).toHaveAccessibleName('Abrir la entidad Alcaldía 26'));
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

  it('keeps the tab and the filters in the address', async () => {
    const user = userEvent.setup();
    const { location, calls } = renderList({ permissions: ['Sites'] });
    await user.click(await screen.findByRole('tab', { name: /^Inactivos/ }));
    await screen.findByRole('option', { name: 'Antioquia' });
    await user.selectOptions(screen.getByLabelText('Departamento'), 'Antioquia');
    await screen.findByRole('option', { name: 'Bello' });
    await user.selectOptions(screen.getByLabelText('Municipio'), 'Bello');
    await screen.findByRole('option', { name: 'Grupo Norte' });
    await user.selectOptions(screen.getByLabelText('Grupo'), 'Grupo Norte');
    await user.type(screen.getByLabelText('Buscar por nombre'), 'Alcaldía');
    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(location.search))).toEqual({
        estado: 'inactivos',
        departamento: '5',
        municipio: '5088',
        grupo: '1',
        nombre: 'Alcaldía',
      }),
    );
    await waitFor(() =>
      expect(siteCalls(calls).at(-1)!.params.filter).toEqual({ status: 2, name: 'Alcaldía', parentLocationId: 5, locationId: 5088, groupID: 1 }),
    );
    // Back to Todos (the default tab) drops it from the address.
    await user.click(screen.getByRole('tab', { name: /^Todos/ }));
    await waitFor(() => expect(new URLSearchParams(location.search).get('estado')).toBeNull());
    expect(new URLSearchParams(location.search).get('departamento')).toBe('5');
  });

  it('restores the tab and the filters from the address (a reload)', async () => {
    const { calls } = renderList({
      permissions: ['Sites'],
      at: '/portales?estado=inactivos&departamento=5&municipio=5088&nombre=Alcald%C3%ADa',
    });
    expect(await screen.findByRole('tab', { name: /^Inactivos/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Buscar por nombre')).toHaveValue('Alcaldía');
    await waitFor(() => expect(screen.getByLabelText('Departamento')).toHaveValue('5'));
    await waitFor(() => expect(screen.getByLabelText('Municipio')).toHaveValue('5088'));
    expect(siteCalls(calls)[0]!.params.filter).toEqual({ status: 2, name: 'Alcaldía', parentLocationId: 5, locationId: 5088 });
  });

  it("restores the tab and the filters with 'Atrás' from a site's detail", async () => {
    const user = userEvent.setup();
    const { location, calls } = renderList({ permissions: ['Sites'] });
    await user.click(await screen.findByRole('tab', { name: /^Activos/ }));
    await screen.findByRole('option', { name: 'Cundinamarca' });
    await user.selectOptions(screen.getByLabelText('Departamento'), 'Cundinamarca');
    await waitFor(() => expect(screen.getAllByRole('row', { name: /^Abrir la entidad/ })).toHaveLength(10));
    await user.click(screen.getByRole('row', { name: 'Abrir la entidad Alcaldía 03' }));
    expect(await screen.findByText('detalle de la entidad')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Atrás' }));
    expect(await screen.findByRole('tab', { name: /^Activos/ })).toHaveAttribute('aria-selected', 'true');
    expect(location.pathname).toBe('/portales');
    expect(Object.fromEntries(new URLSearchParams(location.search))).toEqual({ estado: 'activos', departamento: '25' });
    await waitFor(() => expect(screen.getByLabelText('Departamento')).toHaveValue('25'));
    expect(siteCalls(calls).at(-1)!.params.filter).toEqual({ status: 1, parentLocationId: 25 });
    // One history entry for the list, whatever was changed on it: the next 'Atrás' leaves it.
    await user.click(await screen.findByRole('row', { name: 'Abrir la entidad Alcaldía 05' }));
    await user.click(await screen.findByRole('button', { name: 'Atrás' }));
    await screen.findByRole('tab', { name: /^Activos/ });
    expect(location.search).toBe('?estado=activos&departamento=25');
  });

  it('ignores a tab the user does not have and malformed ids in the address', async () => {
    const { calls } = renderList({ permissions: ['Impersonate'], at: '/portales?estado=inactivos&departamento=x&municipio=5088' });
    expect(await screen.findByRole('tab', { name: /^Activos/ })).toHaveAttribute('aria-selected', 'true');
    expect(siteCalls(calls).every((c) => JSON.stringify(c.params.filter) === JSON.stringify({ status: 1 }))).toBe(true);
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
