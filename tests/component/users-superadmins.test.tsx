/** /administradores: tabs by permission (in the address) and the Superadministradores tab with its modal. */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { AdminContext, HttpError, Notification, TestMemoryRouter, type AuthProvider, type DataProvider, type GetListParams } from 'react-admin';
import { Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { spanishMessages } from '../../i18n/es';
import { PERMISSIONS } from '../../resources/permissions';
import type { SuperadminRecord } from '../../resources/superadmins';
import { UsersPage } from '../../src/users/UsersPage';
import { unusedDataProvider } from '../helpers/unusedDataProvider';

const i18nProvider = polyglotI18nProvider(() => spanishMessages as never, 'es', [{ locale: 'es', name: 'Español' }], { allowMissing: true });

afterEach(() => cleanup());

const SELF_ID = 1;
const perm = (name: string) => ({ ...PERMISSIONS.find((p) => p.name === name)! });

function superadmins(): SuperadminRecord[] {
  return [
    { id: 1, name: 'Yo Mismo', email: 'yo@gov.co', deleted: false, isGuest: false, permissions: [perm('Users')], lastLogin: null, createdDate: '2024-05-03T00:00:00Z' },
    { id: 2, name: 'Otra Persona', email: 'otra@gov.co', deleted: false, isGuest: false, permissions: [perm('Sites')], lastLogin: '2021-04-19T18:16:00Z', createdDate: '2024-05-02T00:00:00Z' },
    { id: 3, name: 'Inactiva Persona', email: 'inactiva@gov.co', deleted: true, isGuest: false, permissions: [perm('Sites')], lastLogin: null, createdDate: '2024-05-01T00:00:00Z' },
  ];
}

interface Calls {
  lists: Array<{ resource: string; params: GetListParams }>;
  created: unknown[];
  updated: Array<{ id: unknown; data: unknown }>;
}

function fakeDataProvider(calls: Calls, options: { createError?: HttpError } = {}): DataProvider {
  const rows = superadmins();
  return {
    ...unusedDataProvider,
    getList: (async (resource: string, params: GetListParams) => {
      calls.lists.push({ resource, params });
      if (resource === 'permissions') return { data: PERMISSIONS.map((p) => ({ ...p, id: p.permissionID })), pageInfo: { hasNextPage: false, hasPreviousPage: false } };
      const search = String((params.filter as { search?: string }).search ?? '').toLowerCase();
      const data = rows.filter((row) => !search || row.name.toLowerCase().includes(search) || row.email.includes(search));
      return { data, pageInfo: { hasNextPage: false, hasPreviousPage: false } };
    }) as DataProvider['getList'],
    create: (async (_resource: string, params: { data: unknown }) => {
      if (options.createError) throw options.createError;
      calls.created.push(params.data);
      return { data: { ...(params.data as object), id: 99 } };
    }) as DataProvider['create'],
    update: (async (_resource: string, params: { id: unknown; data: unknown }) => {
      calls.updated.push({ id: params.id, data: params.data });
      return { data: { ...(params.data as object), id: params.id } };
    }) as DataProvider['update'],
  } as DataProvider;
}

function authProvider(permissions: string[]): AuthProvider {
  return {
    login: () => Promise.resolve(),
    logout: () => Promise.resolve(),
    checkAuth: () => Promise.resolve(),
    checkError: () => Promise.resolve(),
    getPermissions: () => Promise.resolve(permissions),
    getIdentity: () => Promise.resolve({ id: SELF_ID, fullName: 'Yo Mismo' }),
  };
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.search}</output>;
}

function renderPage(permissions: string[], options: { entry?: string; createError?: HttpError } = {}) {
  const calls: Calls = { lists: [], created: [], updated: [] };
  render(
    <TestMemoryRouter initialEntries={[options.entry ?? '/administradores']}>
      <AdminContext dataProvider={fakeDataProvider(calls, options)} i18nProvider={i18nProvider} authProvider={authProvider(permissions)}>
        <Routes>
          <Route
            path="/administradores"
            element={
              <>
                <UsersPage />
                <LocationProbe />
                <Notification />
              </>
            }
          />
        </Routes>
      </AdminContext>
    </TestMemoryRouter>,
  );
  return calls;
}

const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);
const rowOf = async (name: string) => (await screen.findByText(name, undefined, { timeout: 10_000 })).closest('tr')!;

describe('UsersPage tabs', () => {
  it('with Users: three tabs, opening on Superadministradores; the chosen tab goes to the address', async () => {
    const calls = renderPage(['Users']);
    await waitFor(() => expect(tabNames()).toEqual(['Superadministradores', 'Administradores', 'Usuarios']), { timeout: 10_000 });
    expect(screen.getByRole('tab', { name: 'Superadministradores' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('Otra Persona', undefined, { timeout: 10_000 })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: 'Usuarios' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('?tab=usuarios'));
    // The Usuarios tab lists the site users.
    await waitFor(() => expect(calls.lists.some((call) => call.resource === 'siteusers')).toBe(true), { timeout: 10_000 });
  });

  it('with Reports only: no superadmins tab, opens on Administradores, even when the address asks for superadmins', async () => {
    const calls = renderPage(['Reports'], { entry: '/administradores?tab=superadministradores' });
    await waitFor(() => expect(tabNames()).toEqual(['Administradores', 'Usuarios']), { timeout: 10_000 });
    expect(screen.getByRole('tab', { name: 'Administradores' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(calls.lists.some((call) => call.resource === 'administrators')).toBe(true), { timeout: 10_000 });
    expect(calls.lists.filter((call) => call.resource === 'superadmins')).toEqual([]);
  });
});

describe('Superadministradores tab', () => {
  it('lists 20 at a time newest first, searches and orders by name', async () => {
    const calls = renderPage(['Users']);
    await screen.findByText('Otra Persona', undefined, { timeout: 10_000 });
    const first = calls.lists.find((call) => call.resource === 'superadmins')!;
    expect(first.params.pagination).toEqual({ page: 1, perPage: 20 });
    expect(first.params.sort).toEqual({ field: 'createdDate', order: 'DESC' });
    fireEvent.change(screen.getByLabelText('Buscar por nombre o correo'), { target: { value: 'otra' } });
    await waitFor(() => expect(screen.queryByText('Yo Mismo')).not.toBeInTheDocument());
    expect(calls.lists.at(-1)!.params.filter).toEqual({ search: 'otra' });
    // The search stays in the address (a reload or a shared link keeps it).
    expect(new URLSearchParams(screen.getByTestId('location').textContent ?? '').get('buscar')).toBe('otra');
  });

  it('gives each message of the spec in the add modal and sends the permissions as { permissionID, name }', async () => {
    const calls = renderPage(['Users']);
    await screen.findByText('Otra Persona', undefined, { timeout: 10_000 });
    fireEvent.click(screen.getByRole('button', { name: 'Agregar superadministrador' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/enlace de invitación/)).toBeInTheDocument();
    // Each permission by its Spanish name, with a line saying what it allows (the code stays the API's name).
    expect(await within(dialog).findByLabelText('Configuración')).toHaveAccessibleDescription(/catálogos, auditoría, copias de seguridad/);
    expect(within(dialog).getByLabelText('Ingresar como administrador')).toHaveAccessibleDescription('Entrar a un portal instalado y activo como su administrador.');
    expect(within(dialog).queryByLabelText('Settings')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('Debes ingresar un nombre')).toBeInTheDocument();
    expect(within(dialog).getByText('Debes ingresar el correo electrónico')).toBeInTheDocument();
    expect(within(dialog).getByText('Debes seleccionar por lo menos un permiso para el usuario')).toBeInTheDocument();

    fireEvent.change(within(dialog).getByLabelText(/Nombre/), { target: { value: 'Ana' } });
    fireEvent.change(within(dialog).getByLabelText(/Correo electrónico/), { target: { value: 'ana@' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('El mínimo de caracteres para el nombre es de 5')).toBeInTheDocument();
    expect(within(dialog).getByText('Correo electrónico no válido')).toBeInTheDocument();

    fireEvent.change(within(dialog).getByLabelText(/Nombre/), { target: { value: 'Ana María' } });
    fireEvent.change(within(dialog).getByLabelText(/Correo electrónico/), { target: { value: 'Ana@Gov.co' } });
    fireEvent.click(within(dialog).getByLabelText('Configuración'));
    fireEvent.click(within(dialog).getByLabelText('Portales'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(calls.created).toHaveLength(1));
    expect(calls.created[0]).toEqual({
      name: 'Ana María',
      email: 'ana@gov.co',
      permissions: [
        { permissionID: 1, name: 'Sites' },
        { permissionID: 9, name: 'Settings' },
      ],
    });
    expect(await screen.findByText(/Le enviamos a ana@gov.co el enlace de invitación/)).toBeInTheDocument();
  });

  it('shows the server refusal of a used e-mail under the e-mail', async () => {
    const message = 'El correo electrónico ya lo está utilizando otro usuario';
    renderPage(['Users'], { createError: new HttpError(message, 400, { errors: { email: message } }) });
    await screen.findByText('Otra Persona', undefined, { timeout: 10_000 });
    fireEvent.click(screen.getByRole('button', { name: 'Agregar superadministrador' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByLabelText('Portales');
    fireEvent.change(within(dialog).getByLabelText(/Nombre/), { target: { value: 'Ana María' } });
    fireEvent.change(within(dialog).getByLabelText(/Correo electrónico/), { target: { value: 'otra@gov.co' } });
    fireEvent.click(within(dialog).getByLabelText('Portales'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(within(dialog).getAllByText(message).length).toBeGreaterThan(0));
  });

  it('self rules: one\'s own permissions are locked and there is no deactivation of oneself', async () => {
    renderPage(['Users']);
    const own = await rowOf('Yo Mismo');
    expect(within(own).queryByRole('button', { name: 'Inactivar' })).not.toBeInTheDocument();
    // Permissions by their Spanish names (what each allows on hover), the last sign-in as Colombia writes it.
    expect(within(own).getByText('Usuarios').closest('[title]')).toHaveAttribute('title', expect.stringMatching(/^Gestionar superadministradores/));
    expect(within(own).queryByText('Users')).toBeNull();
    expect(within(await rowOf('Otra Persona')).getByText('19/04/2021 01:16 p. m.')).toBeInTheDocument();
    expect(within(await rowOf('Otra Persona')).getByRole('button', { name: 'Inactivar' })).toBeInTheDocument();
    expect(within(await rowOf('Inactiva Persona')).getByRole('button', { name: 'Activar' })).toBeInTheDocument();

    fireEvent.click(within(own).getByRole('button', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('No puedes cambiar tus propios permisos: pídeselo a otro superadministrador.')).toBeInTheDocument();
    expect(await within(dialog).findByLabelText('Usuarios')).toBeDisabled();
    expect(within(dialog).getByLabelText('Usuarios')).toBeChecked();
  });

  it('deactivates another superadmin after the confirmation', async () => {
    const calls = renderPage(['Users']);
    fireEvent.click(within(await rowOf('Otra Persona')).getByRole('button', { name: 'Inactivar' }));
    expect(await screen.findByText('¿Seguro deseas inactivar a Otra Persona? Sus sesiones abiertas se cerrarán.')).toBeInTheDocument();
    expect(calls.updated).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: /Confirmar|Continuar/ }));
    await waitFor(() => expect(calls.updated).toHaveLength(1));
    expect(calls.updated[0]).toMatchObject({ id: 2, data: { deleted: true, email: 'otra@gov.co' } });
    expect(await screen.findByText('El superadministrador ha sido inactivado')).toBeInTheDocument();
  });
});
