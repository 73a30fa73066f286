/**
 * Group management (/portales/grupos) and the bulk file check panel (spec 01 §2): the group form's entity search
 * (nothing asked under 3 characters, then 100 a page), ordered entities, the rules' Spanish messages; the check panel
 * with its error report and 'Guardar entidades' only for a clean file with new portals.
 */
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { AdminContext, Form, Notification, TestMemoryRouter, type AuthProvider, type CreateParams, type DataProvider, type GetListParams, type GetOneParams, type UpdateParams } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { spanishMessages } from '../../i18n/es';
import { BulkCheckPanel, BulkFileDialog, type BulkCheck } from '../../src/sites/bulkFile/BulkFileDialog';
import { GroupsPage } from '../../src/sites/groups/GroupScreens';
import { GroupSitesInput } from '../../src/sites/groups/GroupSitesInput';
import { unusedDataProvider } from '../helpers/unusedDataProvider';

configure({ asyncUtilTimeout: 5000 });
afterEach(cleanup);

const i18nProvider = polyglotI18nProvider(() => spanishMessages as never, 'es', [{ locale: 'es', name: 'Español' }], { allowMissing: true });
const authProvider: AuthProvider = {
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getPermissions: async () => ['Sites'],
};

const SITES = [
  { id: 11, siteID: 11, name: 'Alcaldía de Medellín', alias: 'medellin' },
  { id: 12, siteID: 12, name: 'Concejo de Medellín', alias: 'concejo-medellin' },
  { id: 13, siteID: 13, name: 'Alcaldía de Cali', alias: 'cali' },
];

/** One group as `GET /sites/groups/{id}` answers it: its entities in their order, each with its name. */
const GROUP_NORTE = {
  id: 1,
  groupID: 1,
  name: 'Grupo Norte',
  countEntities: 2,
  sites: [12, 11],
  rows: [
    { siteID: 12, order: 0, name: 'Concejo de Medellín' },
    { siteID: 11, order: 1, name: 'Alcaldía de Medellín' },
  ],
};

function renderGroups() {
  const finds: GetListParams[] = [];
  const created: CreateParams[] = [];
  const reads: GetOneParams[] = [];
  const updated: UpdateParams[] = [];
  const dataProvider: DataProvider = {
    ...unusedDataProvider,
    getList: (async (resource: string, params: GetListParams) => {
      if (resource === 'groupSitesFind') {
        finds.push(params);
        const search = String(params.filter?.search ?? '').toLowerCase();
        return { data: SITES.filter((site) => site.name.toLowerCase().includes(search)), pageInfo: { hasNextPage: false, hasPreviousPage: false } };
      }
      // The list answers the criteria only: `sites` and `rows` are detailOnly (read with one group).
      return { data: [{ id: 1, groupID: 1, name: 'Grupo Norte', countEntities: 2 }], pageInfo: { hasNextPage: false, hasPreviousPage: false } };
    }) as DataProvider['getList'],
    getOne: (async (_resource: string, params: GetOneParams) => {
      reads.push(params);
      return { data: GROUP_NORTE };
    }) as DataProvider['getOne'],
    update: (async (_resource: string, params: UpdateParams) => {
      updated.push(params);
      return { data: { ...GROUP_NORTE, ...params.data } };
    }) as DataProvider['update'],
    create: (async (_resource: string, params: CreateParams) => {
      created.push(params);
      return { data: { ...params.data, id: 2, groupID: 2 } };
    }) as DataProvider['create'],
  };
  render(
    <TestMemoryRouter initialEntries={['/portales/grupos']}>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider} authProvider={authProvider}>
        <Routes>
          <Route path="/portales/grupos" element={<GroupsPage />} />
        </Routes>
        <Notification />
      </AdminContext>
    </TestMemoryRouter>,
  );
  return { finds, created, reads, updated };
}

describe('group list', () => {
  it('counts the rows the page has in its range: one group reads 1-1 de 1, not 1-10 de 10', async () => {
    renderGroups();
    await screen.findByText('Grupo Norte');
    expect(await screen.findByText('1-1 de 1')).toBeTruthy();
    expect(screen.queryByText('1-10 de 10')).toBeNull();
  });
});

describe('group form', () => {
  it('searches from 3 characters, adds entities in order, reorders them and saves name and ordered sites', async () => {
    const user = userEvent.setup();
    const { finds, created } = renderGroups();
    await screen.findByText('Grupo Norte');
    await user.click(screen.getByRole('button', { name: /Agregar/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: /Nombre/ }), 'Grupo Antioquia');
    const search = within(dialog).getByRole('combobox', { name: 'Buscar entidad' });
    await user.type(search, 'me');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(finds).toEqual([]);
    await user.type(search, 'd');
    await waitFor(() => expect(finds.length).toBe(1));
    expect(finds[0]).toMatchObject({ filter: { search: 'med' }, pagination: { page: 1, perPage: 100 } });
    await user.click(await screen.findByRole('option', { name: 'Concejo de Medellín' }));
    await user.type(search, 'alc');
    await user.click(await screen.findByRole('option', { name: 'Alcaldía de Cali' }));
    expect(within(dialog).getByText('1. Concejo de Medellín')).toBeTruthy();
    expect(within(dialog).getByText('2. Alcaldía de Cali')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Subir Alcaldía de Cali' }));
    expect(within(dialog).getByText('1. Alcaldía de Cali')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]!.data).toMatchObject({ name: 'Grupo Antioquia', sites: [13, 12] });
  });

  it('edits a group opened from the list with its entities named: the whole group is read, not the list row', async () => {
    const user = userEvent.setup();
    const { reads, updated } = renderGroups();
    await screen.findByText('Grupo Norte');
    await user.click(screen.getByRole('button', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('1. Concejo de Medellín')).toBeTruthy();
    expect(within(dialog).getByText('2. Alcaldía de Medellín')).toBeTruthy();
    expect(within(dialog).queryByText(/#\d+/)).toBeNull();
    // Its own getOne, under a key no list fills.
    expect(reads).toHaveLength(1);
    expect(reads[0]).toMatchObject({ id: 1, meta: { detailRecord: true } });
    await user.click(within(dialog).getByRole('button', { name: 'Bajar Concejo de Medellín' }));
    expect(within(dialog).getByText('1. Alcaldía de Medellín')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(updated).toHaveLength(1));
    expect(updated[0]!.data).toMatchObject({ name: 'Grupo Norte', sites: [11, 12] });
  });

  it('refuses an empty form with the rules of spec 01 §5', async () => {
    const user = userEvent.setup();
    const { created } = renderGroups();
    await screen.findByText('Grupo Norte');
    await user.click(screen.getByRole('button', { name: /Agregar/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText(spanishMessages.siteGroups.validation.name_required)).toBeTruthy();
    expect(await within(dialog).findByText(spanishMessages.siteGroups.validation.sites_required)).toBeTruthy();
    expect(created).toEqual([]);
  });
});

describe('group entities input', () => {
  it("names the entities from the current record's rows, also when they arrive after the first render", async () => {
    const partial = { id: 1, groupID: 1, name: 'Grupo Norte', countEntities: 2, sites: [12, 11] };
    const view = (record: Record<string, unknown>) => (
      <AdminContext dataProvider={unusedDataProvider} i18nProvider={i18nProvider}>
        <Form record={record}>
          <GroupSitesInput />
        </Form>
      </AdminContext>
    );
    const { rerender } = render(view(partial));
    expect(await screen.findByText('1. #12')).toBeTruthy();
    rerender(view(GROUP_NORTE));
    expect(await screen.findByText('1. Concejo de Medellín')).toBeTruthy();
    expect(screen.getByText('2. Alcaldía de Medellín')).toBeTruthy();
  });
});

function renderPanel(check: BulkCheck) {
  const events: string[] = [];
  render(
    <AdminContext dataProvider={unusedDataProvider} i18nProvider={i18nProvider}>
      <BulkCheckPanel check={check} saving={false} onCancel={() => events.push('cancel')} onSave={() => events.push('save')} />
    </AdminContext>,
  );
  return events;
}

describe('bulk file check panel', () => {
  it('lists errors by line and offers no save while there are errors', () => {
    const events = renderPanel({ fileID: 'f', newPortals: 3, errorCount: 2, canSave: false, errors: [{ line: 4, description: 'El alias "x" ya se encuentra en uso' }, { line: 9, description: 'La latitud debe ser un número entre -90 y 90' }] });
    expect(screen.getByText('Nuevos portales: 3')).toBeTruthy();
    expect(screen.getByText('Errores: 2')).toBeTruthy();
    const report = screen.getByRole('table', { name: 'Reporte de errores' });
    expect(within(report).getByText('4')).toBeTruthy();
    expect(within(report).getByText('La latitud debe ser un número entre -90 y 90')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Guardar entidades' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(events).toEqual(['cancel']);
  });

  it('offers Guardar entidades for a clean file with new portals, not for one without', () => {
    const events = renderPanel({ fileID: 'f', newPortals: 2, errorCount: 0, canSave: true, errors: [] });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar entidades' }));
    expect(events).toEqual(['save']);
    cleanup();
    renderPanel({ fileID: 'f', newPortals: 0, errorCount: 0, canSave: false, errors: [] });
    expect(screen.queryByRole('button', { name: 'Guardar entidades' })).toBeNull();
  });

  it('uploads the file with progress, shows the check and saves with the same fileID', async () => {
    const requests: Array<{ path: string; body: unknown }> = [];
    const progress: string[] = [];
    const dataProvider = {
      ...unusedDataProvider,
      upload: async (param: string, _file: Blob, onProgress?: (percent: number) => void) => {
        progress.push(param);
        onProgress?.(50);
        return { fileID: 'abc' };
      },
      request: async (path: string, options: { body?: unknown }) => {
        requests.push({ path, body: options.body });
        return { status: 200, headers: new Headers(), body: '', json: { fileID: 'abc', newPortals: 2, errorCount: 0, errors: [], canSave: true } };
      },
    };
    let saved = 0;
    render(
      <AdminContext dataProvider={dataProvider as unknown as DataProvider} i18nProvider={i18nProvider}>
        <BulkFileDialog open onClose={() => undefined} onSaved={() => (saved += 1)} />
      </AdminContext>,
    );
    fireEvent.change(screen.getByTestId('bulk-file-input'), { target: { files: [new File(['x'], 'entidades.csv', { type: 'text/csv' })] } });
    await screen.findByText('Nuevos portales: 2');
    expect(progress).toEqual(['elementType=portalFile']);
    fireEvent.click(screen.getByRole('button', { name: 'Guardar entidades' }));
    await waitFor(() => expect(saved).toBe(1));
    expect(requests).toEqual([
      { path: '/sitesfile/', body: { fileID: 'abc' } },
      { path: '/sitesfile/', body: { fileID: 'abc', save: true } },
    ]);
  });
});
