/** The audit-trail screen over an in-memory dataProvider, with the real Spanish messages. */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { AdminContext, HttpError, TestMemoryRouter, type AuthProvider, type DataProvider, type GetListParams } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { spanishMessages } from '../../i18n/es';
import type { AuditRecord } from '../../resources/audit';
import { AuditListPage } from '../../src/audit/AuditListPage';
import { platformDayBound } from '../../resources/dates';
import { unusedDataProvider } from '../helpers/unusedDataProvider';

/** Colombian day bounds as the filter sends them (month counted from 1). */
const iso = (year: number, month: number, day: number) => `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
const dayStart = (year: number, month: number, day: number) => platformDayBound(iso(year, month, day), 'start');
const dayEnd = (year: number, month: number, day: number) => platformDayBound(iso(year, month, day), 'end');
/** Types a day into a date filter as a person does: dd/mm/aaaa. */
const typeDay = (label: string, day: string) => fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value: day } });

const i18nProvider = polyglotI18nProvider(() => spanishMessages as never, 'es', [{ locale: 'es', name: 'Español' }], { allowMissing: true });

afterEach(() => cleanup());

const USERS = [
  { id: 1, name: 'Ana Gómez', email: 'ana@gov.co' },
  { id: 2, name: 'Luis Pérez', email: 'luis@gov.co' },
];

const ACTIONS = ['create', 'update', 'delete', 'login', 'login_failed', 'logout', 'password_reset', 'enable', 'disable', 'purge'];

/** 25 records, newest first: record i at 2024-05-(26-i) 10:i a. m. in Colombia (15:i UTC). */
function makeRecords(): AuditRecord[] {
  return Array.from({ length: 25 }, (_, index) => {
    const i = index + 1;
    const action = ACTIONS[index % ACTIONS.length]!;
    return {
      id: 100 - i,
      at: new Date(Date.UTC(2024, 4, 26 - i, 15, i)).toISOString(),
      userId: i % 2 ? 1 : 2,
      userEmail: i % 2 ? 'ana@gov.co' : 'luis@gov.co',
      action,
      resource: i % 3 ? 'sitetypes' : 'auth',
      recordId: String(i),
      recordLabel: null,
      before: action === 'update' ? { name: `Antes ${i}`, orderType: 1 } : null,
      after: action === 'update' ? { name: `Después ${i}`, orderType: 1 } : action === 'create' ? { name: `Nuevo ${i}` } : null,
      clientAddress: `10.0.0.${i}`,
    };
  });
}

type Calls = Array<{ resource: string; params: GetListParams }>;

function fakeDataProvider(records: AuditRecord[], calls: Calls, options: { actorsFail?: boolean } = {}): DataProvider {
  return {
    ...unusedDataProvider,
    getList: (async (resource: string, params: GetListParams) => {
      calls.push({ resource, params });
      const { page, perPage } = params.pagination ?? { page: 1, perPage: 20 };
      const f = (params.filter ?? {}) as Record<string, unknown>;
      let rows: Array<{ id: number }> = [];
      if (resource === 'audit/actors') {
        if (options.actorsFail) throw new HttpError('Lo sentimos, no tienes permisos para ejecutar esta acción.', 403, {});
        const q = String(f.q ?? '').toLowerCase();
        rows = USERS.filter((user) => !q || user.email.includes(q) || user.name.toLowerCase().includes(q));
      } else if (resource === 'audit') {
        rows = records.filter(
          (record) =>
            (f.resource === undefined || record.resource === f.resource) &&
            (f.userId === undefined || record.userId === f.userId) &&
            (f.from === undefined || record.at >= String(f.from)) &&
            (f.to === undefined || record.at <= String(f.to)),
        );
      }
      const slice = rows.slice((page - 1) * perPage, page * perPage);
      return { data: slice, pageInfo: { hasNextPage: page * perPage < rows.length, hasPreviousPage: page > 1 } };
    }) as DataProvider['getList'],
  } as DataProvider;
}

function renderPage(records = makeRecords(), options: { actorsFail?: boolean; authProvider?: AuthProvider } = {}) {
  const calls: Calls = [];
  render(
    <TestMemoryRouter initialEntries={['/configuracion/auditoria']}>
      <AdminContext dataProvider={fakeDataProvider(records, calls, options)} i18nProvider={i18nProvider} authProvider={options.authProvider}>
        <Routes>
          <Route path="/configuracion/auditoria" element={<AuditListPage />} />
          <Route path="/configuracion" element={<p>índice de configuración</p>} />
        </Routes>
      </AdminContext>
    </TestMemoryRouter>,
  );
  const auditCalls = () => calls.filter((call) => call.resource === 'audit');
  return { calls, auditCalls };
}

const table = () => screen.getByRole('table', { name: 'Auditoría' });
/** The main table's record rows (not its header, the expansion rows or the nested changes table). */
const bodyRows = () =>
  within(table())
    .getAllByRole('row')
    .filter((row) => row.closest('table') === table() && row.querySelector('button[aria-expanded]') !== null);

describe('AuditListPage', () => {
  it('shows the Spanish columns, 20 rows newest first with Spanish action labels, then "Ver más"', async () => {
    const { auditCalls } = renderPage();
    expect(await screen.findByRole('heading', { name: 'Auditoría' })).toBeInTheDocument();
    await screen.findByRole('table', { name: 'Auditoría' });
    const headers = within(table()).getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers.filter(Boolean)).toEqual(['Fecha', 'Usuario', 'Acción', 'Recurso', 'Registro', 'Dirección IP']);

    expect(bodyRows()).toHaveLength(20);
    const first = within(bodyRows()[0]!).getAllByRole('cell').map((cell) => cell.textContent);
    expect(first.slice(1)).toEqual(['25/05/2024 10:01 a. m.', 'ana@gov.co', 'Creación', 'Tipos de entidad', '1', '10.0.0.1']);
    const actions = bodyRows().map((row) => within(row).getAllByRole('cell')[3]!.textContent);
    expect(actions.slice(0, 10)).toEqual([
      'Creación',
      'Modificación',
      'Eliminación',
      'Inicio de sesión',
      'Inicio de sesión fallido',
      'Cierre de sesión',
      'Cambio de contraseña',
      'Activación',
      'Inactivación',
      'purge',
    ]);
    expect(within(bodyRows()[2]!).getAllByRole('cell')[4]).toHaveTextContent('Autenticación');
    expect(auditCalls()[0]!.params).toMatchObject({ pagination: { page: 1, perPage: 20 }, sort: { field: 'at', order: 'DESC' } });

    await userEvent.click(screen.getByRole('button', { name: 'Ver más' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(25));
    expect(auditCalls().at(-1)!.params.pagination).toEqual({ page: 2, perPage: 20 });
    expect(screen.queryByRole('button', { name: 'Ver más' })).not.toBeInTheDocument();
  });

  it('expands a row to show the changed fields before → after', async () => {
    renderPage();
    await screen.findByRole('table', { name: 'Auditoría' });
    const updateRow = bodyRows()[1]!;
    await userEvent.click(within(updateRow).getByRole('button', { name: 'Ver cambios' }));
    const changes = await screen.findByRole('table', { name: 'Cambios del registro' });
    const cells = within(changes).getAllByRole('row').map((row) => Array.from(row.children).map((cell) => cell.textContent));
    expect(cells).toEqual([
      ['Campo', 'Antes', 'Después'],
      ['Nombre', 'Antes 2', 'Después 2'],
    ]);
    expect(within(updateRow).getByRole('button', { name: 'Ocultar cambios' })).toHaveAttribute('aria-expanded', 'true');

    await userEvent.click(within(bodyRows()[3]!).getByRole('button', { name: 'Ver cambios' }));
    expect(await screen.findByText('Este registro no guarda cambios de campos')).toBeInTheDocument();
  });

  it('passes the resource, dates and user to getList and shows the empty state', async () => {
    const { auditCalls } = renderPage();
    await screen.findByRole('table', { name: 'Auditoría' });

    const resource = screen.getByRole('combobox', { name: 'Recurso' });
    expect(within(resource).getByRole('option', { name: 'Todos los recursos' })).toBeInTheDocument();
    await userEvent.selectOptions(resource, 'Autenticación');
    await waitFor(() => expect(auditCalls().at(-1)!.params.filter).toEqual({ resource: 'auth' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(8));

    typeDay('Desde', '10/05/2024');
    typeDay('Hasta', '20/05/2024');
    await waitFor(() => expect(auditCalls().at(-1)!.params.filter).toEqual({ resource: 'auth', from: dayStart(2024, 5, 10), to: dayEnd(2024, 5, 20) }));
    await waitFor(() => expect(bodyRows().map((row) => within(row).getAllByRole('cell')[5]!.textContent)).toEqual(['6', '9', '12', '15']));

    const user = screen.getByRole('combobox', { name: 'Usuario' });
    await userEvent.type(user, 'luis');
    // Once the search answers, only Luis is offered (before it, the first list's options are replaced under the pointer).
    await waitFor(() => expect(screen.queryByRole('option', { name: /ana@gov\.co/ })).toBeNull());
    await userEvent.click(await screen.findByRole('option', { name: /luis@gov\.co/ }));
    await waitFor(() =>
      expect(auditCalls().at(-1)!.params.filter).toEqual({ resource: 'auth', from: dayStart(2024, 5, 10), to: dayEnd(2024, 5, 20), userId: 2 }),
    );
    await waitFor(() => expect(bodyRows().map((row) => within(row).getAllByRole('cell')[5]!.textContent)).toEqual(['6', '12']));

    typeDay('Desde', '21/05/2024');
    typeDay('Hasta', '22/05/2024');
    expect(await screen.findByText('No hay registros de auditoría para los filtros seleccionados')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Auditoría' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Limpiar filtros' }));
    await waitFor(() => expect(auditCalls().at(-1)!.params.filter).toEqual({}));
    await waitFor(() => expect(bodyRows()).toHaveLength(20));
  });

  it('refuses a start date after the end date without calling the API', async () => {
    const { auditCalls } = renderPage();
    await screen.findByRole('table', { name: 'Auditoría' });
    typeDay('Hasta', '01/05/2024');
    await waitFor(() => expect(auditCalls().at(-1)!.params.filter).toEqual({ to: dayEnd(2024, 5, 1) }));
    const before = auditCalls().length;
    typeDay('Desde', '02/05/2024');
    expect(await screen.findByText('La fecha inicial no puede ser posterior a la final')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Auditoría' })).not.toBeInTheDocument();
    expect(auditCalls()).toHaveLength(before);
  });

  it('"Atrás" goes back to the settings index', async () => {
    renderPage([]);
    expect(await screen.findByText('No hay registros de auditoría para los filtros seleccionados')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Atrás' }));
    expect(await screen.findByText('índice de configuración')).toBeInTheDocument();
  });

  it('asks its user filter only of GET /audit/actors/ (Settings), never of the Users list', async () => {
    const { calls } = renderPage();
    await screen.findByRole('table', { name: 'Auditoría' });
    await userEvent.type(screen.getByRole('combobox', { name: 'Usuario' }), 'ana');
    // Once the search answers, only Ana is offered (before it, the first list's options are replaced under the pointer).
    await waitFor(() => expect(screen.queryByRole('option', { name: /luis@gov\.co/ })).toBeNull());
    await userEvent.click(await screen.findByRole('option', { name: /ana@gov\.co/ }));
    await waitFor(() => expect(calls.filter((call) => call.resource === 'audit').at(-1)!.params.filter).toEqual({ userId: 1 }));
    expect(calls.some((call) => call.resource === 'audit/actors')).toBe(true);
    expect(calls.filter((call) => call.resource !== 'audit' && call.resource !== 'audit/actors')).toEqual([]);
  });

  it('a refused user list disables the user filter with a message; the rows still show and nothing logs out', async () => {
    const authProvider: AuthProvider = {
      login: async () => undefined,
      logout: vi.fn(async () => undefined),
      checkAuth: async () => undefined,
      checkError: vi.fn(async () => undefined),
      getPermissions: async () => ['Settings'],
    };
    const { auditCalls } = renderPage(makeRecords(), { actorsFail: true, authProvider });
    await screen.findByRole('table', { name: 'Auditoría' });
    expect(await screen.findByText('No fue posible cargar los usuarios; los demás filtros siguen disponibles')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Usuario' })).toBeDisabled();
    expect(bodyRows()).toHaveLength(20);
    expect(auditCalls()).toHaveLength(1);
    expect(authProvider.logout).not.toHaveBeenCalled();
  });

  it('names the record, labels the fields as the resource does and writes values readably (no JSON)', async () => {
    const at = '2024-05-20T14:30:00.000Z';
    const records: AuditRecord[] = [
      {
        id: 3,
        at,
        userId: 1,
        userEmail: 'ana@gov.co',
        action: 'deactivate',
        resource: 'superadmins',
        recordId: '7',
        recordLabel: 'Carlos Pérez',
        // Permissions as the API's codes: bare (older lines) or as the engine writes them ({ permissionID, name }).
        before: { name: 'Carlos Pérez', deleted: false, permissions: ['Sites', 'Users'], lastLogin: null },
        after: { name: 'Carlos Pérez', deleted: true, permissions: [{ permissionID: 1, name: 'Sites' }, { permissionID: 9, name: 'Settings' }], lastLogin: '2024-05-01T15:00:00.000Z', credentialsChanged: false },
        clientAddress: '10.0.0.1',
      },
      {
        id: 2,
        at,
        userId: 1,
        userEmail: 'ana@gov.co',
        action: 'soft_delete',
        resource: 'documenttypes',
        recordId: '4',
        recordLabel: 'Pasaporte',
        before: { documentTypeID: 4, name: 'Pasaporte', deleted: false },
        after: null,
        clientAddress: '10.0.0.1',
      },
      { id: 1, at, userId: 1, userEmail: 'ana@gov.co', action: 'logout', resource: 'auth', recordId: null, recordLabel: null, before: null, after: null, clientAddress: null },
    ];
    renderPage(records);
    await screen.findByRole('table', { name: 'Auditoría' });
    const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells(bodyRows()[0]!).slice(3, 6)).toEqual(['Desactivación', 'Superadministradores', 'Carlos PérezID 7']);
    expect(cells(bodyRows()[1]!).slice(3, 6)).toEqual(['Eliminación lógica', 'Tipos de documento', 'PasaporteID 4']);
    expect(cells(bodyRows()[2]!)[5]).toBe('—');
    expect(cells(bodyRows()[0]!)[1]).toBe('20/05/2024 09:30 a. m.');

    await userEvent.click(within(bodyRows()[0]!).getByRole('button', { name: 'Ver cambios' }));
    const changes = await screen.findByRole('table', { name: 'Cambios del registro' });
    const rows = within(changes).getAllByRole('row').map((row) => Array.from(row.children).map((cell) => cell.textContent));
    const lastLogin = '01/05/2024 10:00 a. m.';
    expect(rows).toEqual([
      ['Campo', 'Antes', 'Después'],
      ['Inactivo', 'No', 'Sí'],
      ['Permisos', 'Portales, Usuarios', 'Portales, Configuración'],
      ['Último ingreso', '—', lastLogin],
      ['Contraseña cambiada', '—', 'No'],
    ]);
    expect(changes.textContent).not.toMatch(/[[\]{}"]/);

    await userEvent.click(within(bodyRows()[1]!).getByRole('button', { name: 'Ver cambios' }));
    const deleted = (await screen.findAllByRole('table', { name: 'Cambios del registro' })).at(-1)!;
    expect(within(deleted).getAllByRole('row').map((row) => row.firstElementChild?.textContent)).toEqual(['Campo', 'ID', 'Nombre', 'Eliminado']);
  });

  it('labels in Spanish the actions and resources of the jobs and hand-written routes (never the raw code)', async () => {
    const line = (id: number, action: string, resource: string): AuditRecord => ({
      id, at: '2026-10-23T18:16:00.000Z', userId: 1, userEmail: 'ana@gov.co', action, resource, recordId: String(id), recordLabel: null, before: null, after: null, clientAddress: null,
    });
    renderPage([
      line(9, 'changeStatus', 'siterequests'),
      line(8, 'install', 'sites'),
      line(7, 'install_step', 'sites'),
      line(6, 'load', 'emails'),
      line(5, 'bulk_file', 'sites'),
      line(4, 'impersonate', 'sites'),
      line(3, 'download', 'backups'),
      line(2, 'load', 'govindex'),
    ]);
    await screen.findByRole('table', { name: 'Auditoría' });
    const cells = bodyRows().map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(cells.map((row) => [row[1], row[3], row[4]])).toEqual([
      ['23/10/2026 01:16 p. m.', 'Cambio de estado de la solicitud', 'Solicitudes de la entidad'],
      ['23/10/2026 01:16 p. m.', 'Instalación del portal', 'Portales'],
      ['23/10/2026 01:16 p. m.', 'Paso de la instalación del portal', 'Portales'],
      ['23/10/2026 01:16 p. m.', 'Carga de archivo', 'Correos de las entidades'],
      ['23/10/2026 01:16 p. m.', 'Creación masiva de entidades', 'Portales'],
      ['23/10/2026 01:16 p. m.', 'Ingreso como administrador del portal', 'Portales'],
      ['23/10/2026 01:16 p. m.', 'Descarga', 'Copias de seguridad'],
      ['23/10/2026 01:16 p. m.', 'Carga de archivo', 'Índice de gobierno digital'],
    ]);
  });

  it('the date filters read and take dd/mm/aaaa, and their calendar is in Spanish with weeks starting on Monday', async () => {
    const { auditCalls } = renderPage();
    await screen.findByRole('table', { name: 'Auditoría' });
    const from = screen.getByRole('textbox', { name: 'Desde' });
    expect(from).toHaveAttribute('placeholder', 'DD/MM/AAAA');
    typeDay('Desde', '10/05/2024');
    await waitFor(() => expect(auditCalls().at(-1)!.params.filter).toEqual({ from: dayStart(2024, 5, 10) }));
    expect(from).toHaveValue('10/05/2024');
    await userEvent.click(screen.getAllByRole('button', { name: /elige fecha|Elegir fecha|fecha/i })[0]!);
    const calendar = await screen.findByRole('grid');
    expect(within(calendar).getAllByRole('columnheader').map((cell) => cell.getAttribute('aria-label') ?? cell.textContent)[0]).toMatch(/^lunes$/i);
    expect(screen.getByText(/mayo 2024/i)).toBeInTheDocument();
  });
});
