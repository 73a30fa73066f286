/**
 * The administrators and site-users tabs (spec 01 §2 'Users') against an in-memory data provider: empty states, the
 * edit button only for Users (§6), and both edit modals with their rules and messages (§5): the shared schemas of
 * resources/people/rules.ts, then the update sent.
 */
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { AdminContext, Notification, TestMemoryRouter, type AuthProvider, type DataProvider } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { spanishMessages } from '../../i18n/es';
import { AdministratorsTab } from '../../src/users/administrators';
import { SiteUsersTab } from '../../src/users/siteUsers';
import { unusedDataProvider } from '../helpers/unusedDataProvider';

// The first render of the file loads react-admin and MUI: more than the default second on a shared machine.
configure({ asyncUtilTimeout: 8000 });

const i18nProvider = polyglotI18nProvider(() => spanishMessages as never, 'es', [{ locale: 'es', name: 'Español' }], { allowMissing: true });

const authProvider = (held: string[]): AuthProvider => ({
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getPermissions: async () => held,
});

const CATALOGUE = ['Noticias', 'Eventos', 'Transparencia'].map((name, index) => ({ id: index + 1, sitePermissionID: index + 1, name }));
const permissionsOn = (...ids: number[]) => CATALOGUE.map((entry) => ({ sitePermissionID: entry.sitePermissionID, name: entry.name, enabled: ids.includes(entry.sitePermissionID) }));

const ADMIN = {
  id: 7,
  name: 'Carlos Gómez',
  email: 'carlos@alcaldia.gov.co',
  siteId: 3,
  siteName: 'Alcaldía de Prueba',
  siteType: 'Alcaldía',
  parentLocation: 'Antioquia',
  childLocation: 'Medellín',
  adminType: 'LegalRepresentative',
  genderId: 0,
  birthDate: '1980-01-01',
  isGuest: false,
  deleted: false,
  permissions: permissionsOn(1),
  createdDate: '2026-11-01T10:00:00.000Z',
};

const SITE_USER = {
  id: 9,
  name: 'José Martínez',
  email: 'jose@correo.example.co',
  siteId: 3,
  siteName: 'Alcaldía de Prueba',
  siteType: 'Alcaldía',
  parentLocation: 'Antioquia',
  childLocation: 'Medellín',
  loa: 2,
  genderId: null,
  birthDate: null,
  permissions: permissionsOn(2),
  createdDate: '2026-11-02T10:00:00.000Z',
};

interface Calls {
  update: Array<{ resource: string; id: unknown; data: Record<string, unknown> }>;
}

function dataProvider(rows: Record<string, Array<Record<string, unknown>>>, calls: Calls): DataProvider {
  return {
    ...unusedDataProvider,
    getList: (async (resource: string) => {
      const data = resource === 'sitepermissions' ? CATALOGUE : (rows[resource] ?? []);
      return { data, total: data.length };
    }) as DataProvider['getList'],
    getMany: (async () => ({ data: [{ id: 3, name: 'Alcaldía de Prueba' }] })) as DataProvider['getMany'],
    update: (async (resource: string, params) => {
      calls.update.push({ resource, id: params.id, data: params.data });
      return { data: { ...params.data, id: params.id } };
    }) as DataProvider['update'],
  };
}

function renderTab(tab: 'administrators' | 'siteusers', options: { rows?: Array<Record<string, unknown>>; held?: string[] } = {}) {
  const calls: Calls = { update: [] };
  const rows = { [tab]: options.rows ?? [tab === 'administrators' ? ADMIN : SITE_USER] };
  render(
    <TestMemoryRouter initialEntries={['/administradores']}>
      <AdminContext dataProvider={dataProvider(rows, calls)} i18nProvider={i18nProvider} authProvider={authProvider(options.held ?? ['Users'])}>
        {tab === 'administrators' ? <AdministratorsTab /> : <SiteUsersTab />}
        <Notification />
      </AdminContext>
    </TestMemoryRouter>,
  );
  return calls;
}

/** Opens the row's edit modal, named as spec 01 calls it ('Actualizar administrador', 'Editar usuario'). */
async function openEdit(name: string, title: string) {
  const row = (await screen.findByText(name)).closest('tr') as HTMLElement;
  await userEvent.click(await within(row).findByRole('button', { name: /Editar/ }));
  return screen.findByRole('dialog', { name: title });
}

afterEach(() => cleanup());

describe('the tabs', () => {
  it('show their empty states', async () => {
    renderTab('administrators', { rows: [] });
    expect(await screen.findByText('Aún no tienes administradores')).toBeInTheDocument();
    cleanup();
    renderTab('siteusers', { rows: [] });
    expect(await screen.findByText('Aún no tienes usuarios')).toBeInTheDocument();
  });

  it('show the site columns and the filters; the edit button only for Users', async () => {
    renderTab('administrators', { held: ['Reports'] });
    const row = (await screen.findByText('Carlos Gómez')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Medellín')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /Editar/ })).toBeNull();
    expect(screen.getByLabelText('Departamento')).toBeInTheDocument();
    expect(screen.getByLabelText('Municipio')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Buscar por nombre o correo')).toBeInTheDocument();
  });
});

describe('Actualizar administrador', () => {
  it('applies every rule with its message and sends nothing while refused', async () => {
    const calls = renderTab('administrators');
    const dialog = await openEdit('Carlos Gómez', 'Actualizar administrador');
    const name = within(dialog).getByLabelText(/Nombre/);
    await userEvent.clear(name);
    await userEvent.type(within(dialog).getByLabelText(/^Contraseña/), 'abc');
    await userEvent.type(within(dialog).getByLabelText(/Confirmar contraseña/), 'abd');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Noticias' }));
    await userEvent.click(within(dialog).getByRole('button', { name: /Guardar/ }));
    expect(await within(dialog).findByText('Debes ingresar un nombre')).toBeInTheDocument();
    expect(within(dialog).getByText('Debes por lo menos ingresar 6 caracteres')).toBeInTheDocument();
    expect(within(dialog).getByText('Las contraseñas no coinciden')).toBeInTheDocument();
    expect(within(dialog).getByText('Debes seleccionar por lo menos un permiso para el usuario')).toBeInTheDocument();
    expect(calls.update).toHaveLength(0);
  });

  it('saves a valid update through PUT with the permissions over the catalogue', async () => {
    const calls = renderTab('administrators');
    const dialog = await openEdit('Carlos Gómez', 'Actualizar administrador');
    await userEvent.type(within(dialog).getByLabelText(/Nombre/), ' Díaz');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Transparencia' }));
    await userEvent.type(within(dialog).getByLabelText(/^Contraseña/), 'secreto1');
    await userEvent.type(within(dialog).getByLabelText(/Confirmar contraseña/), 'secreto1');
    await userEvent.click(within(dialog).getByRole('button', { name: /Guardar/ }));
    await waitFor(() => expect(calls.update).toHaveLength(1));
    expect(calls.update[0]).toMatchObject({
      resource: 'administrators',
      id: 7,
      data: { name: 'Carlos Gómez Díaz', password: 'secreto1', confirmPassword: 'secreto1', permissions: permissionsOn(1, 3) },
    });
  });
});

describe('Editar usuario', () => {
  it('needs one enabled permission', async () => {
    const calls = renderTab('siteusers');
    const dialog = await openEdit('José Martínez', 'Editar usuario');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Eventos' }));
    await userEvent.click(within(dialog).getByRole('button', { name: /Guardar/ }));
    expect(await within(dialog).findByText('Debes habilitar por lo menos un permiso')).toBeInTheDocument();
    expect(calls.update).toHaveLength(0);
  });

  it('keeps no gender as null and saves the edit', async () => {
    const calls = renderTab('siteusers');
    const dialog = await openEdit('José Martínez', 'Editar usuario');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Noticias' }));
    await userEvent.click(within(dialog).getByRole('button', { name: /Guardar/ }));
    await waitFor(() => expect(calls.update).toHaveLength(1));
    expect(calls.update[0]).toMatchObject({ resource: 'siteusers', id: 9, data: { genderId: null, siteId: 3, permissions: permissionsOn(1, 2) } });
  });
});
