/**
 * The generated screen's parts on a throwaway declaration: filters kept in the address, a declared action
 * (permissions, `when`, confirmation, dataProvider.runAction, notice), operations hiding buttons, the
 * singleton form page and the 'Ver más' list.
 */
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { AdminContext, Notification, TestMemoryRouter, type AuthProvider, type DataProvider, type GetListParams, type RaRecord } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { spanishMessages } from '../../i18n/es';
import type { ResourceDeclaration } from '../../resources/types';
import { defineTestResource } from '../helpers/testResource';
import { GeneratedResourcePage } from '../../src/engine';
import type { RunActionParams } from '../../dataProvider';
import { unusedDataProvider } from '../helpers/unusedDataProvider';

configure({ asyncUtilTimeout: 5000 });

interface Lamp extends RaRecord {
  id: number;
  name: string;
  kind: 'led' | 'halogen';
  enabled: boolean;
}

function lampsDeclaration(overrides: Partial<ResourceDeclaration> = {}): ResourceDeclaration {
  return {
    ...(defineTestResource<Lamp>({
      name: 'lamps',
      apiPath: '/lamps/',
      idField: 'id',
      table: 'lamps',
      route: '/configuracion/lamparas',
      title: 'resources.lamps.title',
      fields: [
        { source: 'id', type: 'id', label: 'resources.lamps.fields.id' },
        { source: 'name', type: 'text', label: 'resources.lamps.fields.name', maxLength: 50, searchable: true },
        { source: 'kind', type: 'enum', label: 'resources.lamps.fields.kind', choices: [{ id: 'led' }, { id: 'halogen' }] },
        { source: 'enabled', type: 'boolean', label: 'resources.lamps.fields.enabled', readOnly: true },
        { source: 'installedOn', type: 'date', label: 'resources.lamps.fields.installedOn', list: false, nullable: true },
      ],
      filters: ['kind', 'installedOn'],
      routeAccess: ['Settings'],
      permissions: { read: ['Settings'], write: ['Settings'] },
      sort: { field: 'name', order: 'ASC' },
      pageSize: 20,
      editMode: 'dialog',
      actions: [
        {
          name: 'enable',
          kind: 'enable',
          method: 'POST',
          path: '{id}/enable',
          scope: 'record',
          field: 'enabled',
          confirm: 'resources.lamps.confirm_enable',
          success: 'resources.lamps.enabled_notice',
          when: (record) => !record.enabled,
        },
        { name: 'purge', kind: 'custom', method: 'POST', path: 'purge', scope: 'collection', permissions: ['Sites'] },
      ],
    }) as unknown as ResourceDeclaration),
    ...overrides,
  };
}

const messages = {
  ...spanishMessages,
  resources: {
    ...spanishMessages.resources,
    lamps: {
      title: 'Lámparas',
      fields: { id: 'Código', name: 'Nombre', kind: 'Tipo', enabled: 'Activa', text: 'Texto', installedOn: 'Instalada' },
      choices: { kind: { led: 'LED', halogen: 'Halógena' } },
      actions: { enable: 'Activar', purge: 'Purgar' },
      confirm_enable: '¿Seguro deseas activar esta lámpara?',
      enabled_notice: 'Lámpara activada',
    },
  },
};
const i18nProvider = polyglotI18nProvider(() => messages as never, 'es', [{ locale: 'es', name: 'Español' }], { allowMissing: true });

const LAMPS: Lamp[] = [
  { id: 1, name: 'Aurora', kind: 'led', enabled: true },
  { id: 2, name: 'Brisa', kind: 'halogen', enabled: false },
  { id: 3, name: 'Cometa', kind: 'led', enabled: false },
];

interface Calls {
  getList: GetListParams[];
  runAction: RunActionParams[];
  getOne: unknown[];
  update: Array<Record<string, unknown>>;
}

function fakeDataProvider(rows: Lamp[], calls: Calls) {
  const store = rows.map((row) => ({ ...row }));
  return {
    ...unusedDataProvider,
    getList: (async (_resource: string, params: GetListParams) => {
      calls.getList.push(params);
      const filter = params.filter ?? {};
      const matching = store
        .filter((row) => (filter.q ? row.name.toLowerCase().includes(String(filter.q).toLowerCase()) : true))
        .filter((row) => (filter.kind ? row.kind === filter.kind : true))
        .sort((a, b) => a.name.localeCompare(b.name));
      const { page, perPage } = params.pagination ?? { page: 1, perPage: 20 };
      return {
        data: matching.slice((page - 1) * perPage, page * perPage),
        pageInfo: { hasNextPage: page * perPage < matching.length, hasPreviousPage: page > 1 },
      };
    }) as DataProvider['getList'],
    getOne: (async (_resource: string, params) => {
      calls.getOne.push(params.id);
      return { data: { id: params.id, text: 'Pie de página' } };
    }) as DataProvider['getOne'],
    update: (async (_resource: string, params) => {
      calls.update.push(params.data);
      return { data: { ...params.data, id: params.id } };
    }) as DataProvider['update'],
    runAction: async (_resource: string, params: RunActionParams) => {
      calls.runAction.push(params);
      const row = store.find((candidate) => candidate.id === params.id);
      if (row) row.enabled = true;
      return { data: row ?? null };
    },
  };
}

const authProvider = (held: string[]): AuthProvider => ({
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getPermissions: async () => held,
});

function renderPage(declaration: ResourceDeclaration, options: { rows?: Lamp[]; held?: string[] } = {}) {
  const calls: Calls = { getList: [], runAction: [], getOne: [], update: [] };
  const location = { search: '' };
  render(
    <TestMemoryRouter initialEntries={[declaration.route]} locationCallback={(l) => (location.search = l.search)}>
      <AdminContext
        dataProvider={fakeDataProvider(options.rows ?? LAMPS, calls)}
        i18nProvider={i18nProvider}
        authProvider={authProvider(options.held ?? ['Settings'])}
      >
        <Routes>
          <Route path={declaration.route} element={<GeneratedResourcePage declaration={declaration} />} />
        </Routes>
        <Notification />
      </AdminContext>
    </TestMemoryRouter>,
  );
  return { calls, location };
}

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;

afterEach(() => cleanup());

describe('ResourceFilters', () => {
  it('searches and filters by an enum, with both kept in the address', async () => {
    const { calls, location } = renderPage(lampsDeclaration());
    await rowOf('Aurora');
    await userEvent.type(screen.getByRole('textbox', { name: 'Buscar' }), 'a');
    await waitFor(() => expect(calls.getList.at(-1)!.filter).toEqual({ q: 'a' }));
    expect(new URLSearchParams(location.search).get('filter')).toBe(JSON.stringify({ q: 'a' }));

    await userEvent.click(screen.getByRole('combobox', { name: 'Tipo' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Halógena' }));
    await waitFor(() => expect(calls.getList.at(-1)!.filter).toEqual({ q: 'a', kind: 'halogen' }));
    expect(JSON.parse(new URLSearchParams(location.search).get('filter') ?? '{}')).toEqual({ q: 'a', kind: 'halogen' });
    await waitFor(() => expect(screen.queryByText('Aurora')).toBeNull());
    expect(screen.getByText('Brisa')).toBeInTheDocument();
  });

  it('filters a date by a range: from and to, typed dd/mm/aaaa', async () => {
    const { calls } = renderPage(lampsDeclaration());
    await rowOf('Aurora');
    const from = await screen.findByRole('textbox', { name: 'Instalada desde' });
    expect(from).toHaveAttribute('placeholder', 'DD/MM/AAAA');
    fireEvent.change(from, { target: { value: '01/05/2024' } });
    fireEvent.change(await screen.findByRole('textbox', { name: 'Instalada hasta' }), { target: { value: '31/05/2024' } });
    await waitFor(() => expect(calls.getList.at(-1)!.filter).toEqual({ installedOnFrom: '2024-05-01', installedOnTo: '2024-05-31' }));
  });

  it('opens with the filters the address holds', async () => {
    const declaration = lampsDeclaration();
    const calls: Calls = { getList: [], runAction: [], getOne: [], update: [] };
    render(
      <TestMemoryRouter initialEntries={[`${declaration.route}?filter=${encodeURIComponent(JSON.stringify({ kind: 'led' }))}`]}>
        <AdminContext dataProvider={fakeDataProvider(LAMPS, calls)} i18nProvider={i18nProvider} authProvider={authProvider(['Settings'])}>
          <Routes>
            <Route path={declaration.route} element={<GeneratedResourcePage declaration={declaration} />} />
          </Routes>
        </AdminContext>
      </TestMemoryRouter>,
    );
    await rowOf('Cometa');
    expect(calls.getList[0]!.filter).toEqual({ kind: 'led' });
    expect(screen.queryByText('Brisa')).toBeNull();
  });
});

describe('ResourceActions', () => {
  it('shows a record action only where its rule applies, confirms, runs it and notifies', async () => {
    const { calls } = renderPage(lampsDeclaration());
    expect(within(await rowOf('Aurora')).queryByRole('button', { name: 'Activar' })).toBeNull();
    await userEvent.click(await within(await rowOf('Brisa')).findByRole('button', { name: 'Activar' }));
    expect(await screen.findByText('¿Seguro deseas activar esta lámpara?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Regresar/ }));
    expect(calls.runAction).toEqual([]);

    // findBy: while the dialog closes, the page behind it is hidden from the accessibility tree.
    await userEvent.click(await within(await rowOf('Brisa')).findByRole('button', { name: 'Activar' }));
    await userEvent.click(await screen.findByRole('button', { name: /Continuar/ }));
    expect(await screen.findByText('Lámpara activada')).toBeInTheDocument();
    expect(calls.runAction).toEqual([{ action: 'enable', id: 2 }]);
    // The list is read again: Brisa is now enabled, so the action leaves its row.
    await waitFor(() => expect(within(screen.getByText('Brisa').closest('tr')!).queryByRole('button', { name: 'Activar' })).toBeNull());
  });

  it('hides actions from users without their permissions', async () => {
    // Sites opens 'Purgar' (its own permissions) but not 'Activar' (the declaration's write: Settings).
    renderPage(lampsDeclaration(), { held: ['Reports', 'Sites'] });
    await rowOf('Brisa');
    expect(await screen.findByRole('button', { name: 'Purgar' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Activar' })).toBeNull();
  });

  it("shows record actions to holders of the declaration's write permissions, not a collection action needing others", async () => {
    renderPage(lampsDeclaration(), { held: ['Settings'] });
    await rowOf('Brisa');
    expect(await screen.findAllByRole('button', { name: 'Activar' })).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Purgar' })).toBeNull();
  });

  it('shows a collection action above the list to holders of its own permissions', async () => {
    renderPage(lampsDeclaration(), { held: ['Settings', 'Sites'] });
    await rowOf('Brisa');
    expect(await screen.findByRole('button', { name: 'Purgar' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Activar' })).toHaveLength(2);
  });
});

describe('operations', () => {
  it('a read-only declaration offers no Agregar, Editar or Eliminar', async () => {
    renderPage(lampsDeclaration({ operations: ['list', 'read'], actions: [] }));
    await rowOf('Brisa');
    expect(screen.queryByRole('button', { name: /Agregar/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Editar/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Eliminar/ })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Acciones' })).toBeNull();
  });

  it('without delete, rows keep Editar only', async () => {
    renderPage(lampsDeclaration({ operations: ['list', 'read', 'create', 'update'], actions: [] }));
    const row = await rowOf('Brisa');
    expect(within(row).getByRole('button', { name: /Editar/ })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /Eliminar/ })).toBeNull();
    expect(screen.getByRole('button', { name: /Agregar/ })).toBeInTheDocument();
  });
});

describe("listMode 'loadMore'", () => {
  it("shows the first page and adds the next with 'Ver más'", async () => {
    const { calls } = renderPage(lampsDeclaration({ listMode: 'loadMore', pageSize: 2 }));
    await rowOf('Brisa');
    expect(screen.queryByText('Cometa')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Ver más' }));
    expect(await screen.findByText('Cometa')).toBeInTheDocument();
    expect(screen.getByText('Aurora')).toBeInTheDocument();
    expect(calls.getList.map((params) => params.pagination?.page)).toEqual([1, 2]);
    expect(screen.queryByRole('button', { name: 'Ver más' })).toBeNull();
  });
});

describe('singleton', () => {
  const footer = () =>
    lampsDeclaration({
      name: 'lamps',
      singleton: true,
      fields: [{ source: 'text', type: 'text', label: 'resources.lamps.fields.text', maxLength: 200 }],
      actions: [],
      filters: [],
      messages: { updated: 'resources.lamps.enabled_notice' },
    });

  it('reads the one record into a form and saves it with PUT semantics', async () => {
    const { calls } = renderPage(footer());
    const input = await screen.findByRole('textbox', { name: 'Texto' });
    await waitFor(() => expect(input).toHaveValue('Pie de página'));
    expect(calls.getOne).toEqual(['lamps']);
    expect(screen.queryByRole('button', { name: /Agregar/ })).toBeNull();
    await userEvent.clear(input);
    await userEvent.type(input, 'Nuevo pie');
    await userEvent.click(screen.getByRole('button', { name: /Guardar/ }));
    expect(await screen.findByText('Lámpara activada')).toBeInTheDocument();
    expect(calls.update).toEqual([expect.objectContaining({ text: 'Nuevo pie' })]);
  });
});
