/**
 * The generated screen of a throwaway declaration with every field kind: each kind's list cell and form input
 * (src/engine/fieldKinds.tsx), against an in-memory dataProvider; the file/image upload input and the manyToMany chips.
 */
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { defineTestResource } from '../helpers/testResource';
import userEvent from '@testing-library/user-event';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { AdminContext, HttpError, Notification, TestMemoryRouter, type DataProvider, type RaRecord } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { spanishMessages } from '../../i18n/es';
import { defineResource, type ResourceDeclaration } from '../../resources/types';
import { GeneratedResourcePage } from '../../src/engine';
import { unusedDataProvider } from '../helpers/unusedDataProvider';

// A test screen outside the area table: its route written after the declaration.
const kinds = {
  ...defineResource({
    name: 'kinds',
    apiPath: '/kinds/',
    idField: 'id',
    table: 'kinds',
    title: 'resources.kinds.title',
    fields: [
      { source: 'id', type: 'id', label: 'resources.kinds.fields.id', list: false },
      { source: 'title', type: 'text', label: 'resources.kinds.fields.title', maxLength: 50, required: true },
      { source: 'contact', type: 'email', label: 'resources.kinds.fields.contact' },
      { source: 'website', type: 'url', label: 'resources.kinds.fields.website' },
      { source: 'quantity', type: 'integer', label: 'resources.kinds.fields.quantity' },
      { source: 'price', type: 'decimal', label: 'resources.kinds.fields.price' },
      { source: 'active', type: 'boolean', label: 'resources.kinds.fields.active', defaultValue: false },
      { source: 'startsOn', type: 'date', label: 'resources.kinds.fields.startsOn' },
      { source: 'happensAt', type: 'datetime', label: 'resources.kinds.fields.happensAt' },
      { source: 'size', type: 'enum', label: 'resources.kinds.fields.size', choices: [{ id: 'S' }, { id: 'L', labelKey: 'resources.kinds.big' }] },
      { source: 'tint', type: 'color', label: 'resources.kinds.fields.tint' },
      { source: 'shadeID', type: 'reference', label: 'resources.kinds.fields.shadeID', reference: { resource: 'shades', display: 'name' } },
      { source: 'extra', type: 'json', label: 'resources.kinds.fields.extra' },
      { source: 'body', type: 'richText', label: 'resources.kinds.fields.body' },
      { source: 'audience', type: 'audience', label: 'resources.kinds.fields.audience', list: false },
    ],
    permissions: { read: ['Settings'], write: ['Settings'] },
    sort: { field: 'title', order: 'ASC' },
    pageSize: 20,
    editMode: 'dialog',
  }),
  route: '/configuracion/clases',
  routeAccess: ['Settings'],
} satisfies ResourceDeclaration;

const FIELD_LABELS = {
  id: 'Código',
  title: 'Título',
  contact: 'Correo',
  website: 'Sitio',
  quantity: 'Cantidad',
  price: 'Precio',
  active: 'Activo',
  startsOn: 'Inicio',
  happensAt: 'Momento',
  size: 'Talla',
  tint: 'Tono',
  shadeID: 'Matiz',
  extra: 'Extra',
  body: 'Cuerpo',
  audience: 'Audiencia',
};
const messages = {
  ...spanishMessages,
  resources: { ...spanishMessages.resources, kinds: { title: 'Clases', big: 'Grande', fields: FIELD_LABELS, choices: { size: { S: 'Pequeña' } } } },
};
const i18nProvider = polyglotI18nProvider(() => messages as never, 'es', [{ locale: 'es', name: 'Español' }], { allowMissing: true });

const ROW: RaRecord = {
  id: 1,
  title: 'Uno',
  contact: 'ana@example.com',
  website: 'https://example.com/a',
  quantity: 3,
  price: 2.5,
  active: true,
  startsOn: '2026-02-28',
  happensAt: '2026-02-28T10:30:00.000Z',
  size: 'L',
  tint: '#A1B2C3',
  shadeID: 7,
  extra: { a: 1 },
  body: '<p>Hola <strong>mundo</strong></p>',
  audience: null,
};

function dataProvider(created: Array<Record<string, unknown>>): DataProvider & { request: () => Promise<unknown> } {
  const notUsed = () => Promise.reject(new Error('not used'));
  return {
    getList: (async (resource: string) =>
      resource === 'shades' ? { data: [{ id: 7, name: 'Claro' }], total: 1 } : { data: [ROW], total: 1 }) as DataProvider['getList'],
    getMany: (async () => ({ data: [{ id: 7, name: 'Claro' }] })) as DataProvider['getMany'],
    getOne: (async () => ({ data: ROW })) as DataProvider['getOne'],
    create: (async (_resource: string, params) => {
      created.push(params.data);
      return { data: { ...params.data, id: 2 } };
    }) as DataProvider['create'],
    update: notUsed,
    delete: notUsed,
    getManyReference: notUsed,
    updateMany: notUsed,
    deleteMany: notUsed,
    request: async () => ({ json: { results: [] } }),
  };
}

function renderPage() {
  const created: Array<Record<string, unknown>> = [];
  render(
    <TestMemoryRouter initialEntries={[kinds.route]}>
      <AdminContext dataProvider={dataProvider(created)} i18nProvider={i18nProvider}>
        <Routes>
          <Route path={kinds.route} element={<GeneratedResourcePage declaration={kinds} />} />
        </Routes>
      </AdminContext>
    </TestMemoryRouter>,
  );
  return { created };
}

afterEach(() => cleanup());

describe('generated screen: every field kind', () => {
  it('shows each kind in its list cell', async () => {
    renderPage();
    const row = (await screen.findByText('Uno')).closest('tr') as HTMLElement;
    expect(within(row).getByRole('link', { name: 'ana@example.com' })).toHaveAttribute('href', 'mailto:ana@example.com');
    expect(within(row).getByRole('link', { name: 'https://example.com/a' })).toHaveAttribute('href', 'https://example.com/a');
    expect(within(row).getByText('2,5')).toBeInTheDocument();
    expect(within(row).getByText('Grande')).toBeInTheDocument();
    expect(within(row).getByText('#A1B2C3')).toBeInTheDocument();
    expect(await within(row).findByText('Claro')).toBeInTheDocument();
    expect(within(row).getByText('{"a":1}', { normalizer: (text) => text.replace(/\s/g, '') })).toBeInTheDocument();
    expect(within(row).getByText('mundo').tagName).toBe('STRONG');
    // Dates as every screen writes them (resources/dates.ts): a day as it is, an instant in Colombia.
    expect(within(row).getByText('28/02/2026')).toBeInTheDocument();
    expect(within(row).getByText('28/02/2026 05:30 a. m.')).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(['Título', 'Correo', 'Sitio', 'Cantidad', 'Precio', 'Activo', 'Inicio', 'Momento', 'Talla', 'Tono', 'Matiz', 'Extra', 'Cuerpo', 'Acciones']);
  });

  it("gives each kind its input in the create form, the rich text editor loaded on demand, the audience validated", async () => {
    const { created } = renderPage();
    await userEvent.click(await screen.findByRole('button', { name: /Agregar/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText(/Correo/)).toHaveAttribute('type', 'email');
    expect(within(dialog).getByLabelText(/Sitio/)).toHaveAttribute('type', 'url');
    expect(within(dialog).getByLabelText(/Tono/)).toHaveAttribute('type', 'color');
    expect(within(dialog).getByLabelText(/Cantidad/)).toHaveAttribute('type', 'number');
    // A day is picked dd/mm/aaaa (src/shared/DayPicker.tsx), whatever the browser's language.
    // The date picker's chunk loads on demand: on a loaded machine its first load may take more than the default 5 s.
    expect(await within(dialog).findByRole('textbox', { name: /Inicio/ }, { timeout: 20_000 })).toHaveAttribute('placeholder', 'DD/MM/AAAA');
    expect(within(dialog).getByLabelText(/Momento/)).toHaveAttribute('type', 'datetime-local');
    expect(within(dialog).getByLabelText(/Activo/)).toHaveAttribute('type', 'checkbox');
    expect(within(dialog).getByRole('combobox', { name: /Talla/ })).toBeInTheDocument();
    expect(await within(dialog).findByRole('combobox', { name: /Matiz/ })).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Extra/).tagName).toBe('TEXTAREA');
    await waitFor(() => expect(dialog.querySelector('.ProseMirror')).not.toBeNull(), { timeout: 5000 });

    await userEvent.type(within(dialog).getByLabelText(/Título/), 'Nuevo');
    await userEvent.type(within(dialog).getByLabelText(/Extra/), '{{"b":2}');
    await userEvent.click(within(dialog).getByRole('button', { name: /Guardar/ }));
    // The audience input starts on an empty country audience: its own rule (an entity type) holds the save back.
    await waitFor(() => expect(within(dialog).getByRole('button', { name: /Guardar/ })).toBeEnabled());
    expect(created).toEqual([]);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});

// ── file / image and manyToMany ────────────────────────────────────────────────────────────────
const posts = defineTestResource({
  name: 'posts',
  apiPath: '/posts/',
  idField: 'id',
  table: 'posts',
  route: '/configuracion/publicaciones',
  title: 'resources.posts.title',
  fields: [
    { source: 'id', type: 'id', label: 'resources.posts.fields.id', list: false },
    { source: 'title', type: 'text', label: 'resources.posts.fields.title', maxLength: 50, required: true },
    { source: 'photo', type: 'image', label: 'resources.posts.fields.photo', elementType: 'image' },
    { source: 'attachment', type: 'file', label: 'resources.posts.fields.attachment', elementType: 'document' },
    { source: 'labels', type: 'manyToMany', label: 'resources.posts.fields.labels', reference: { resource: 'labels', display: 'name' }, ordered: true },
  ],
  routeAccess: ['Settings'],
  permissions: { read: ['Settings'], write: ['Settings'] },
  sort: { field: 'title', order: 'ASC' },
  pageSize: 20,
  editMode: 'dialog',
});

const uploadedFile = (id: string, name: string, image: boolean) => ({
  fileID: id,
  filePath: `/api/v1/files/${id}`,
  isImage: image,
  name,
  thumbnail: image ? `/api/v1/files/${id}/thumbnail` : null,
  fileBigImage: image ? `/api/v1/files/${id}/big` : null,
});
const PHOTO = uploadedFile('11111111-1111-4111-8111-111111111111', 'portada.png', true);
const NEW_PHOTO = uploadedFile('22222222-2222-4222-8222-222222222222', 'nueva.png', true);
const ACTA = uploadedFile('33333333-3333-4333-8333-333333333333', 'acta.pdf', false);
const POST: RaRecord = { id: 1, title: 'Publicación', photo: PHOTO, attachment: ACTA, labels: [2, 1] };
const LABELS = [
  { id: 1, name: 'Alfa' },
  { id: 2, name: 'Beta' },
  { id: 3, name: 'Gama' },
];

function postsProvider() {
  const calls = { updated: [] as Array<Record<string, unknown>>, uploads: [] as string[], requests: [] as Array<[string, unknown]> };
  let finishUpload: ((file: unknown) => void) | undefined;
  let failUpload: ((error: unknown) => void) | undefined;
  let progress: ((percent: number) => void) | undefined;
  const provider = {
    ...unusedDataProvider,
    getList: (async (resource: string) => (resource === 'labels' ? { data: LABELS, total: 3 } : { data: [POST], total: 1 })) as DataProvider['getList'],
    getMany: (async (_resource: string, params: { ids: number[] }) => ({ data: LABELS.filter((row) => params.ids.includes(row.id)) })) as DataProvider['getMany'],
    update: (async (_resource: string, params: { data: Record<string, unknown> }) => {
      calls.updated.push(params.data);
      return { data: { ...POST, ...params.data } };
    }) as DataProvider['update'],
    upload: (param: string, _file: Blob, onProgress?: (percent: number) => void) => {
      calls.uploads.push(param);
      progress = onProgress;
      return new Promise((resolve, reject) => {
        finishUpload = resolve;
        failUpload = reject;
      });
    },
    request: async (path: string, options: unknown) => {
      calls.requests.push([path, options]);
      return { json: new Blob(['%PDF']), headers: new Headers() };
    },
  };
  return {
    provider,
    calls,
    finish: (file: unknown) => finishUpload?.(file),
    fail: (error: unknown) => failUpload?.(error),
    progress: (percent: number) => progress?.(percent),
  };
}

const postMessages = {
  ...spanishMessages,
  resources: {
    ...spanishMessages.resources,
    posts: { title: 'Publicaciones', fields: { id: 'Código', title: 'Título', photo: 'Foto', attachment: 'Adjunto', labels: 'Etiquetas' } },
  },
};
const postsI18n = polyglotI18nProvider(() => postMessages as never, 'es', [{ locale: 'es', name: 'Español' }], { allowMissing: true });

function renderPosts() {
  const mock = postsProvider();
  render(
    <TestMemoryRouter initialEntries={[posts.route]}>
      <AdminContext dataProvider={mock.provider as DataProvider} i18nProvider={postsI18n}>
        <Routes>
          <Route path={posts.route} element={<GeneratedResourcePage declaration={posts} />} />
        </Routes>
        <Notification />
      </AdminContext>
    </TestMemoryRouter>,
  );
  return mock;
}

describe('generated screen: file, image and manyToMany kinds', () => {
  it('shows the thumbnail with the name as alt text, the file name downloading with the token, the links as chips in order', async () => {
    const { calls } = renderPosts();
    const row = (await screen.findByText('Publicación')).closest('tr') as HTMLElement;
    expect(within(row).getByRole('img', { name: 'portada.png' })).toHaveAttribute('src', PHOTO.thumbnail);
    const chips = await within(row).findAllByText(/^(Alfa|Beta)$/);
    expect(chips.map((chip) => chip.textContent)).toEqual(['Beta', 'Alfa']);
    const saved = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:acta');
    try {
      await userEvent.click(within(row).getByRole('button', { name: 'acta.pdf' }));
      await waitFor(() => expect(calls.requests).toEqual([[ACTA.filePath, { withoutPrefix: true, responseType: 'blob' }]]));
      expect(saved).toHaveBeenCalled();
    } finally {
      saved.mockRestore();
    }
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Título', 'Foto', 'Adjunto', 'Etiquetas', 'Acciones']);
  });

  it('uploads with a progress bar through the files service, shows the new thumbnail, removes a file, and saves the ids in order', async () => {
    const mock = renderPosts();
    await screen.findByText('Publicación');
    await userEvent.click(screen.getByRole('button', { name: /Editar/ }));
    const dialog = await screen.findByRole('dialog');
    const photo = within(dialog).getByRole('group', { name: 'Foto' });
    expect(within(photo).getByRole('img', { name: 'portada.png' })).toBeInTheDocument();
    expect(within(dialog).getByRole('group', { name: 'Adjunto' })).toHaveTextContent('acta.pdf');
    // The linked records, in the stored order.
    expect(await within(dialog).findByRole('button', { name: 'Beta' })).toBeInTheDocument();
    const chipTexts = [...dialog.querySelectorAll('.MuiChip-label')].map((chip) => chip.textContent);
    expect(chipTexts).toEqual(['Beta', 'Alfa']);

    await userEvent.upload(within(photo).getByLabelText('Foto'), new File(['png'], 'nueva.png', { type: 'image/png' }));
    expect(mock.calls.uploads).toEqual(['elementType=image']);
    act(() => mock.progress(40));
    expect(within(photo).getByRole('progressbar', { name: 'Subiendo archivo' })).toHaveAttribute('aria-valuenow', '40');
    act(() => mock.finish(NEW_PHOTO));
    expect(await within(photo).findByRole('img', { name: 'nueva.png' })).toHaveAttribute('src', NEW_PHOTO.thumbnail);
    expect(within(photo).queryByRole('progressbar')).toBeNull();

    const attachment = within(dialog).getByRole('group', { name: 'Adjunto' });
    await userEvent.click(within(attachment).getByRole('button', { name: 'Quitar' }));
    expect(attachment).toHaveTextContent('Sin archivo');

    await userEvent.click(within(dialog).getByRole('button', { name: /Guardar/ }));
    await waitFor(() => expect(mock.calls.updated).toHaveLength(1));
    expect(mock.calls.updated[0]).toMatchObject({ photo: NEW_PHOTO, attachment: null, labels: [2, 1] });
  });

  it("notifies the server's refusal of an upload and keeps the current file", async () => {
    const mock = renderPosts();
    await screen.findByText('Publicación');
    await userEvent.click(screen.getByRole('button', { name: /Editar/ }));
    const photo = within(await screen.findByRole('dialog')).getByRole('group', { name: 'Foto' });
    await userEvent.upload(within(photo).getByLabelText('Foto'), new File(['<html>'], 'falsa.png', { type: 'image/png' }));
    act(() => mock.fail(new HttpError('No puedes subir este tipo de archivo.', 400, {})));
    expect(await screen.findByText('No puedes subir este tipo de archivo.')).toBeInTheDocument();
    expect(within(photo).getByRole('img', { name: 'portada.png' })).toBeInTheDocument();
    expect(within(photo).queryByRole('progressbar')).toBeNull();
  });
});
