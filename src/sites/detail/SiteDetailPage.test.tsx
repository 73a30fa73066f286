import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { AdminContext, TestMemoryRouter, type CreateParams, type DataProvider, type GetListParams } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { spanishMessages } from '../../../i18n/es';
import { unusedDataProvider } from '../../../tests/helpers/unusedDataProvider';
import { SiteDetailPage } from './SiteDetailPage';
import type { SiteDetailRecord } from './SiteInfoTab';
import { signedInAuth } from '../../../tests/helpers/signedInAuth';

configure({ asyncUtilTimeout: 5000 });

const SITE: SiteDetailRecord = {
  id: 7,
  name: 'Alcaldía de Bello',
  alias: 'bello',
  parentLocation: 'Antioquia',
  childLocation: 'Bello',
  siteType: 'Alcaldía',
  orderType: 1,
  url: 'https://bello.gov.co',
  allowedUrl: null,
  address: 'Calle 1 # 2-3',
  siteLatitude: 6.33,
  siteLongitude: -75.55,
  installed: true,
  statusId: 1,
  statusName: 'Activo',
  population: 500000,
  countUsers: 3,
  countEmails: 4,
  countContents: 5,
  countComments: 1,
  createdDate: '2024-01-02T10:00:00.000Z',
  modifiedDate: '2024-02-03T10:00:00.000Z',
  administrators: [{ id: 40, name: 'Ana Pérez', email: 'ana@bello.gov.co', adminType: 'LegalRepresentative' }],
};

interface Calls {
  lists: Array<{ resource: string; params: GetListParams }>;
  creates: Array<{ resource: string; params: CreateParams }>;
  requests: Array<{ path: string; options: Record<string, unknown> | undefined }>;
  uploads: string[];
}

function fakeDataProvider(calls: Calls): DataProvider {
  const comments = [{ id: 1, siteCommentID: 1, siteId: 7, description: 'Primera anotación', files: [], userName: 'Carlos Ruiz', creationDate: '2024-03-01T15:00:00.000Z' }];
  return {
    ...unusedDataProvider,
    getOne: (async () => ({ data: SITE })) as DataProvider['getOne'],
    getList: (async (resource: string, params: GetListParams) => {
      calls.lists.push({ resource, params });
      const data = resource === 'sitecomments' ? comments : [];
      return { data, pageInfo: { hasNextPage: false, hasPreviousPage: false } };
    }) as DataProvider['getList'],
    create: (async (resource: string, params: CreateParams) => {
      calls.creates.push({ resource, params });
      return { data: { id: 2, ...params.data } };
    }) as DataProvider['create'],
    upload: async (param: string, file: File) => {
      calls.uploads.push(param);
      return { fileID: '0b5c9a1e-4f2d-4c3b-9a8e-7d6f5e4c3b2a', filePath: '/api/v1/files/x', isImage: false, name: file.name, thumbnail: null, fileBigImage: null };
    },
    request: async (path: string, options?: Record<string, unknown>) => {
      calls.requests.push({ path, options });
      if (path.endsWith('/impersonations')) return { status: 200, headers: new Headers(), body: '', json: { results: [] } };
      if (path.endsWith('/auth')) return { status: 200, headers: new Headers(), body: '', json: { url: 'https://bello.gov.co/administrador/ingresar#token=abc' } };
      return { status: 200, headers: new Headers(), body: '', json: {} };
    },
  } as DataProvider;
}

const i18nProvider = polyglotI18nProvider(() => spanishMessages as never, 'es', [{ locale: 'es', name: 'Español' }], { allowMissing: true });

function renderDetail(permissions: string[]) {
  const calls: Calls = { lists: [], creates: [], requests: [], uploads: [] };
  render(
    <TestMemoryRouter initialEntries={['/portales/7']}>
      <AdminContext dataProvider={fakeDataProvider(calls)} authProvider={signedInAuth(permissions)} i18nProvider={i18nProvider}>
        <Routes>
          <Route path="/portales/:id" element={<SiteDetailPage />} />
          <Route path="/portales" element={<p>lista de portales</p>} />
        </Routes>
      </AdminContext>
    </TestMemoryRouter>,
  );
  return calls;
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('SiteDetailPage', () => {
  it('with Sites opens on Información and offers the four tabs plus the administrator; Solicitudes is empty with the spec text', async () => {
    const calls = renderDetail(['Sites']);
    expect(await screen.findByRole('heading', { name: 'Alcaldía de Bello' })).toBeTruthy();
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['Información', 'Solicitudes', 'Histórico', 'Anotaciones', 'Administrador']);
    expect(screen.getByRole('tab', { name: 'Información' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('https://bello.gov.co')).toBeTruthy();

    await userEvent.click(screen.getByRole('tab', { name: 'Solicitudes' }));
    expect(await screen.findByText('No tienes solicitudes pendientes')).toBeTruthy();
    const pending = calls.lists.find((call) => call.resource === 'siterequests');
    expect(pending?.params).toMatchObject({ filter: { siteId: 7, status: 'PendingApproval' }, pagination: { perPage: 10 } });

    await userEvent.click(screen.getByRole('tab', { name: 'Histórico' }));
    await waitFor(() =>
      expect(calls.lists.some((call) => call.resource === 'siterequests' && Array.isArray((call.params.filter as { status: unknown }).status))).toBe(true),
    );
  });

  it('without Sites opens on the administrator information and offers only Administrar', async () => {
    renderDetail(['Impersonate']);
    await screen.findByRole('heading', { name: 'Alcaldía de Bello' });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Administrador', 'Información']);
    expect(screen.getByText('Ana Pérez (ana@bello.gov.co)')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Opciones' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Administrar']);
  });

  it('Anotaciones: the counter follows the text, the annotation is saved for the site, and the list shows author and text', async () => {
    const calls = renderDetail(['Sites']);
    await screen.findByRole('heading', { name: 'Alcaldía de Bello' });
    await userEvent.click(screen.getByRole('tab', { name: 'Anotaciones' }));
    expect(await screen.findByText('Primera anotación')).toBeTruthy();
    expect(screen.getByText(/Carlos Ruiz/)).toBeTruthy();
    expect(screen.getByText('Te quedan 540 caracteres')).toBeTruthy();
    expect(calls.lists.find((call) => call.resource === 'sitecomments')?.params).toMatchObject({ filter: { siteId: 7 }, pagination: { perPage: 15 } });

    const input = screen.getByRole('textbox', { name: 'Nueva anotación' });
    expect(input.getAttribute('maxlength')).toBe('540');
    await userEvent.type(input, 'Reunión con la alcaldía');
    expect(screen.getByText('Te quedan 517 caracteres')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Guardar anotación' }));
    await waitFor(() => expect(calls.creates).toHaveLength(1));
    expect(calls.creates[0]).toMatchObject({ resource: 'sitecomments', params: { data: { siteId: 7, description: 'Reunión con la alcaldía', files: [] } } });
    // A fresh form for the next one.
    await waitFor(() => expect((screen.getByRole('textbox', { name: 'Nueva anotación' }) as HTMLTextAreaElement).value).toBe(''));
  });

  it('attaches a file through the siteComment element type and saves it with the annotation', async () => {
    const calls = renderDetail(['Sites']);
    await screen.findByRole('heading', { name: 'Alcaldía de Bello' });
    await userEvent.click(screen.getByRole('tab', { name: 'Anotaciones' }));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Nueva anotación' }), 'Con acta');
    await userEvent.upload(screen.getByLabelText('Adjuntos', { selector: 'input' }), new File(['%PDF-1.4'], 'acta.pdf', { type: 'application/pdf' }));
    expect(await screen.findByRole('button', { name: 'acta.pdf' })).toBeTruthy();
    expect(calls.uploads).toEqual(['elementType=siteComment']);
    await userEvent.click(screen.getByRole('button', { name: 'Guardar anotación' }));
    await waitFor(() => expect(calls.creates).toHaveLength(1));
    expect((calls.creates[0]!.params.data as { files: Array<{ name: string }> }).files.map((file) => file.name)).toEqual(['acta.pdf']);
  });

  it('refuses an empty annotation with the spec-side message', async () => {
    const calls = renderDetail(['Sites']);
    await screen.findByRole('heading', { name: 'Alcaldía de Bello' });
    await userEvent.click(screen.getByRole('tab', { name: 'Anotaciones' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Guardar anotación' }));
    expect(await screen.findByText('Debes escribir la anotación')).toBeTruthy();
    expect(calls.creates).toHaveLength(0);
  });

  it("Administrar asks a reason, calls GET /sites/{id}/auth with it and opens the portal's address in a new tab", async () => {
    const tab = { opener: {} as unknown, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockImplementation(() => tab as unknown as Window);
    const calls = renderDetail(['Sites', 'Impersonate']);
    await screen.findByRole('heading', { name: 'Alcaldía de Bello' });
    await userEvent.click(screen.getByRole('button', { name: 'Opciones' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Editar', 'Inactivar', 'Solicitar copia de seguridad', 'Eliminar', 'Administrar']);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Administrar' }));
    const dialog = await screen.findByRole('dialog');
    const enter = within(dialog).getByRole('button', { name: 'Ingresar' });
    expect(enter.hasAttribute('disabled')).toBe(true);
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Motivo del ingreso/ }), 'Soporte del ticket 4521');
    expect(enter.hasAttribute('disabled')).toBe(false);
    await userEvent.click(enter);
    await waitFor(() => expect(tab.location.href).toBe('https://bello.gov.co/administrador/ingresar#token=abc'));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    expect(calls.requests.find((call) => call.path === '/sites/7/auth')?.options).toEqual({ query: { reason: 'Soporte del ticket 4521' } });
  });

  it('Inactivar asks for confirmation, then calls POST /sites/{id}/disable', async () => {
    const calls = renderDetail(['Sites']);
    await screen.findByRole('heading', { name: 'Alcaldía de Bello' });
    await userEvent.click(screen.getByRole('button', { name: 'Opciones' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Inactivar' }));
    expect(await screen.findByText('¿Seguro deseas inactivar esta entidad?')).toBeTruthy();
    expect(calls.requests.some((call) => call.path.endsWith('/disable'))).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    await waitFor(() => expect(calls.requests.find((call) => call.path === '/sites/7/disable')?.options).toEqual({ method: 'POST' }));
  });
});
