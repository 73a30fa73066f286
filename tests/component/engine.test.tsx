/**
 * The generated screen of a throwaway declaration, against an in-memory react-admin dataProvider:
 * columns, create dialog with yup validation, server field errors, confirmation before delete,
 * rules hiding buttons, inline and dialog edit.
 */
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { AdminContext, HttpError, Notification, TestMemoryRouter, type DataProvider, type RaRecord } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import * as yup from 'yup';
import { spanishMessages } from '../../i18n/es';
import { catalogueName } from '../../resources/catalogues/validation';
import { defineResource, type ResourceDeclaration } from '../../resources/types';
import { GeneratedResourcePage } from '../../src/engine';
import { unusedDataProvider } from '../helpers/unusedDataProvider';

interface Color extends RaRecord {
  id: number;
  colorID: number;
  name: string;
  weight: number | null;
  locked: boolean;
}

function colorsDeclaration(overrides: Partial<ResourceDeclaration> = {}): ResourceDeclaration {
  return {
    ...(defineResource<Color>({
      name: 'colors',
      apiPath: '/colors/',
      idField: 'colorID',
      table: 'colors',
      title: 'resources.colors.title',
      fields: [
        { source: 'colorID', type: 'id', label: 'resources.colors.fields.colorID' },
        { source: 'name', type: 'text', label: 'resources.colors.fields.name', maxLength: 100 },
        { source: 'weight', type: 'decimal', label: 'resources.colors.fields.weight', nullable: true },
        { source: 'locked', type: 'boolean', label: 'resources.colors.fields.locked', readOnly: true, list: false },
      ],
      schema: yup.object({ name: catalogueName(), weight: yup.number().typeError('validation.invalid').nullable() }),
      permissions: { read: ['Settings'], write: ['Settings'] },
      sort: { field: 'name', order: 'ASC' },
      pageSize: 20,
      editMode: 'dialog',
      unique: ['name'],
      rules: { canEdit: (record) => !record.locked, canDelete: (record) => !record.locked },
      messages: { created: 'resources.colors.created', confirmDelete: 'resources.colors.confirm_delete' },
    })),
    // A test screen outside the area table: its route written after the declaration.
    route: '/configuracion/colores',
    parentRoute: '/configuracion',
    routeAccess: ['Settings'],
    ...overrides,
  };
}

const messages = {
  ...spanishMessages,
  resources: {
    ...spanishMessages.resources,
    colors: {
      title: 'Colores',
      fields: { colorID: 'Código', name: 'Nombre del color', weight: 'Peso', locked: 'Bloqueado' },
      created: 'Color creado',
      confirm_delete: '¿Seguro deseas eliminar este color?',
    },
  },
};
const i18nProvider = polyglotI18nProvider(() => messages as never, 'es', [{ locale: 'es', name: 'Español' }], { allowMissing: true });

interface Calls {
  create: Array<Record<string, unknown>>;
  update: Array<{ id: unknown; data: Record<string, unknown> }>;
  delete: unknown[];
}

/** In-memory dataProvider: sorts and pages like the API, refuses duplicate names like the API. */
function memoryDataProvider(rows: Color[], calls: Calls): DataProvider {
  const store = [...rows];
  const duplicate = (name: unknown, except?: unknown) =>
    store.some((row) => row.name.toLowerCase() === String(name).toLowerCase() && row.id !== except);
  const refuse = () =>
    Promise.reject(new HttpError('El valor ya se encuentra registrado.', 400, { errors: { name: 'El valor ya se encuentra registrado.' } }));
  return {
    ...unusedDataProvider,
    getList: (async (_resource: string, params) => {
      const { field, order } = params.sort ?? { field: 'id', order: 'ASC' };
      const sorted = [...store].sort((a, b) => String(a[field]).localeCompare(String(b[field])) * (order === 'DESC' ? -1 : 1));
      const { page, perPage } = params.pagination ?? { page: 1, perPage: 20 };
      return { data: sorted.slice((page - 1) * perPage, page * perPage), total: sorted.length };
    }) as DataProvider['getList'],
    getOne: (async (_resource: string, params) => ({ data: store.find((row) => row.id === params.id) })) as DataProvider['getOne'],
    create: (async (_resource: string, params) => {
      calls.create.push(params.data);
      if (duplicate(params.data.name)) return refuse();
      const id = Math.max(0, ...store.map((row) => row.id)) + 1;
      const record: Color = { weight: null, ...params.data, id, colorID: id, locked: false } as Color;
      store.push(record);
      return { data: record };
    }) as DataProvider['create'],
    update: (async (_resource: string, params) => {
      calls.update.push({ id: params.id, data: params.data });
      if (duplicate(params.data.name, params.id)) return refuse();
      const index = store.findIndex((row) => row.id === params.id);
      store[index] = { ...store[index]!, ...params.data, id: store[index]!.id };
      return { data: store[index] };
    }) as DataProvider['update'],
    delete: (async (_resource: string, params) => {
      calls.delete.push(params.id);
      const index = store.findIndex((row) => row.id === params.id);
      const [removed] = store.splice(index, 1);
      return { data: removed };
    }) as DataProvider['delete'],
  };
}

const COLORS: Color[] = [
  { id: 1, colorID: 1, name: 'Rojo', weight: 2.5, locked: true },
  { id: 2, colorID: 2, name: 'Azul', weight: null, locked: false },
  { id: 3, colorID: 3, name: 'Verde', weight: 1, locked: false },
];

function renderPage(declaration: ResourceDeclaration, rows: Color[] = COLORS) {
  const calls: Calls = { create: [], update: [], delete: [] };
  const location = { pathname: '' };
  render(
    <TestMemoryRouter initialEntries={[declaration.route]} locationCallback={(l) => (location.pathname = l.pathname)}>
      <AdminContext dataProvider={memoryDataProvider(rows, calls)} i18nProvider={i18nProvider}>
        <Routes>
          <Route path={declaration.route} element={<GeneratedResourcePage declaration={declaration} />} />
          <Route path="/configuracion" element={<p>índice de configuración</p>} />
        </Routes>
        <Notification />
      </AdminContext>
    </TestMemoryRouter>,
  );
  return { calls, location };
}

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;

afterEach(() => cleanup());

describe('GeneratedResourcePage', () => {
  it('shows the title, the declared columns in order and the rows', async () => {
    renderPage(colorsDeclaration());
    expect(await screen.findByRole('heading', { name: 'Colores' })).toBeInTheDocument();
    await screen.findByText('Verde');
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(['Código', 'Nombre del color', 'Peso', 'Acciones']);
    expect(headers).not.toContain('Bloqueado');
    const names = screen.getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[1]?.textContent);
    expect(names).toEqual(['Azul', 'Rojo', 'Verde']);
    expect(within(await rowOf('Rojo')).getByText('2,5')).toBeInTheDocument();
  });

  it("goes back to the parent index with 'Atrás'", async () => {
    const { location } = renderPage(colorsDeclaration());
    await userEvent.click(await screen.findByRole('link', { name: /Atrás/ }));
    expect(await screen.findByText('índice de configuración')).toBeInTheDocument();
    expect(location.pathname).toBe('/configuracion');
  });

  it('shows the empty state when there are no records', async () => {
    renderPage(colorsDeclaration(), []);
    expect(await screen.findByText('No hay registros')).toBeInTheDocument();
  });

  it('hides edit and delete on the records the rules lock', async () => {
    renderPage(colorsDeclaration());
    const locked = await rowOf('Rojo');
    expect(within(locked).queryByRole('button', { name: /Editar/ })).toBeNull();
    expect(within(locked).queryByRole('button', { name: /Eliminar/ })).toBeNull();
    const open = await rowOf('Azul');
    expect(within(open).getByRole('button', { name: /Editar/ })).toBeInTheDocument();
    expect(within(open).getByRole('button', { name: /Eliminar/ })).toBeInTheDocument();
  });

  it("validates the create form with the declaration's schema, then creates and notifies", async () => {
    const { calls } = renderPage(colorsDeclaration());
    await userEvent.click(await screen.findByRole('button', { name: /Agregar/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Agregar: Colores' });
    expect(within(dialog).queryByLabelText(/Código/)).toBeNull();
    expect(within(dialog).queryByLabelText(/Bloqueado/)).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: /Guardar/ }));
    expect(await within(dialog).findByText('Debes registrar un nombre válido')).toBeInTheDocument();
    expect(calls.create).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText(/Nombre del color/), 'Amarillo');
    await userEvent.click(within(dialog).getByRole('button', { name: /Guardar/ }));
    expect(await screen.findByText('Color creado')).toBeInTheDocument();
    expect(calls.create).toEqual([expect.objectContaining({ name: 'Amarillo' })]);
    expect(await screen.findByText('Amarillo')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Agregar: Colores' })).toBeNull());
  });

  it("shows the server's field error under the input and notifies it", async () => {
    renderPage(colorsDeclaration());
    await userEvent.click(await screen.findByRole('button', { name: /Agregar/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(/Nombre del color/), 'azul');
    await userEvent.click(within(dialog).getByRole('button', { name: /Guardar/ }));
    await waitFor(() => expect(screen.getAllByText('El valor ya se encuentra registrado.').length).toBeGreaterThanOrEqual(2));
    expect(within(dialog).getByText('El valor ya se encuentra registrado.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Agregar: Colores' })).toBeInTheDocument();
  });

  it('asks for confirmation before deleting: Regresar keeps the record, Continuar deletes it', async () => {
    const { calls } = renderPage(colorsDeclaration());
    await userEvent.click(within(await rowOf('Azul')).getByRole('button', { name: /Eliminar/ }));
    let confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText('¿Seguro deseas eliminar este color?')).toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole('button', { name: /Regresar/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.delete).toEqual([]);

    await userEvent.click(within(await rowOf('Azul')).getByRole('button', { name: /Eliminar/ }));
    confirm = await screen.findByRole('dialog');
    await userEvent.click(within(confirm).getByRole('button', { name: /Continuar/ }));
    expect(await screen.findByText('El registro ha sido eliminado')).toBeInTheDocument();
    expect(calls.delete).toEqual([2]);
    await waitFor(() => expect(screen.queryByText('Azul')).toBeNull());
  });

  it('edits in a dialog with the generic saved notice', async () => {
    const { calls } = renderPage(colorsDeclaration());
    await userEvent.click(within(await rowOf('Verde')).getByRole('button', { name: /Editar/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar: Colores' });
    const name = within(dialog).getByLabelText(/Nombre del color/);
    expect(name).toHaveValue('Verde');
    await userEvent.clear(name);
    await userEvent.type(name, 'Verde oliva');
    await userEvent.click(within(dialog).getByRole('button', { name: /Guardar/ }));
    expect(await screen.findByText('Se ha guardado la información de forma exitosa')).toBeInTheDocument();
    expect(calls.update).toEqual([{ id: 3, data: expect.objectContaining({ name: 'Verde oliva' }) }]);
    expect(await screen.findByText('Verde oliva')).toBeInTheDocument();
  });

  it('edits inline: the row turns into inputs with save and cancel', async () => {
    const { calls } = renderPage(colorsDeclaration({ editMode: 'inline' }));
    await userEvent.click(within(await rowOf('Verde')).getByRole('button', { name: /Editar/ }));
    const row = await screen.findByTestId('inline-edit-row');
    expect(screen.queryByRole('dialog')).toBeNull();
    const name = within(row).getByLabelText(/Nombre del color/);
    await userEvent.clear(name);
    await userEvent.click(within(row).getByRole('button', { name: /Guardar/ }));
    expect(await within(row).findByText('Debes registrar un nombre válido')).toBeInTheDocument();
    await userEvent.type(name, 'Esmeralda');
    await userEvent.click(within(row).getByRole('button', { name: /Guardar/ }));
    expect(await screen.findByText('Esmeralda')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('inline-edit-row')).toBeNull());
    expect(calls.update).toEqual([{ id: 3, data: expect.objectContaining({ name: 'Esmeralda' }) }]);

    await userEvent.click(within(await rowOf('Azul')).getByRole('button', { name: /Editar/ }));
    await userEvent.click(within(await screen.findByTestId('inline-edit-row')).getByRole('button', { name: /Cancelar/ }));
    await waitFor(() => expect(screen.queryByTestId('inline-edit-row')).toBeNull());
    expect(calls.update).toHaveLength(1);
  });

  it('Escape cancels inline editing: the row leaves edit mode and keeps its value', async () => {
    const { calls } = renderPage(colorsDeclaration({ editMode: 'inline' }));
    await userEvent.click(within(await rowOf('Azul')).getByRole('button', { name: /Editar/ }));
    const name = within(await screen.findByTestId('inline-edit-row')).getByLabelText(/Nombre del color/);
    await userEvent.clear(name);
    await userEvent.type(name, 'Celeste{Escape}');
    await waitFor(() => expect(screen.queryByTestId('inline-edit-row')).toBeNull());
    expect(await screen.findByText('Azul')).toBeInTheDocument();
    expect(screen.queryByText('Celeste')).toBeNull();
    expect(calls.update).toEqual([]);

    await userEvent.click(within(await rowOf('Azul')).getByRole('button', { name: /Editar/ }));
    expect(within(await screen.findByTestId('inline-edit-row')).getByLabelText(/Nombre del color/)).toHaveValue('Azul');
  });
});
