/** /configuracion/actualizar-sitios (src/settings/updateSites): download, upload with progress, the review (how many entities change, before saving), success and bad lines. */
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { AdminContext, HttpError, TestMemoryRouter, type DataProvider } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { spanishMessages } from '../../i18n/es';
import { siteUpdateFileError, UpdateSitesPage } from '../../src/settings/updateSites/UpdateSitesPage';
import { AppNotification } from '../../src/shared/AppNotification';
import { unusedDataProvider } from '../helpers/unusedDataProvider';

const i18nProvider = polyglotI18nProvider(() => spanishMessages as never, 'es', [{ locale: 'es', name: 'Español' }], { allowMissing: true });

const saved: string[] = [];
beforeEach(() => {
  saved.length = 0;
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:x');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderPage(dataProvider: DataProvider) {
  return render(
    <TestMemoryRouter initialEntries={['/configuracion/actualizar-sitios']}>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
        <UpdateSitesPage />
        <AppNotification />
      </AdminContext>
    </TestMemoryRouter>,
  );
}

const xlsx = (name = 'entidades.xlsx', size = 10) => new File([new Uint8Array(size)], name);

describe('UpdateSitesPage', () => {
  it('downloads the active sites and applies the uploaded file, with the upload progress', async () => {
    const user = userEvent.setup();
    const calls: string[] = [];
    let release!: () => void;
    const uploaded = new Promise<void>((resolve) => (release = resolve));
    const dataProvider = {
      ...unusedDataProvider,
      upload: async (param: string, _file: Blob, onProgress?: (percent: number) => void) => {
        calls.push(`upload ${param}`);
        onProgress?.(60);
        await uploaded;
        return { fileID: 'f9' };
      },
      request: async (path: string, options: { method?: string } = {}) => {
        calls.push(`${options.method ?? 'GET'} ${path}`);
        if (path === '/exportsitetoupload') {
          return { status: 200, headers: new Headers({ 'content-disposition': 'attachment; filename="entidades-activas-2026-11-23.xlsx"' }), json: new Blob() };
        }
        return { status: 200, headers: new Headers(), json: { updated: 3 } };
      },
    } as unknown as DataProvider;
    renderPage(dataProvider);
    expect(screen.getByRole('heading', { name: 'Actualizar orden y código de registro', level: 1 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Descargar entidades activas' }));
    expect(saved).toEqual(['entidades-activas-2026-11-23.xlsx']);

    await user.upload(screen.getByLabelText('Subir archivo actualizado'), xlsx());
    expect(await screen.findByText('Subiendo el archivo: 60 %')).toBeInTheDocument();
    release();
    // Before saving: how many entities change; nothing is saved until 'Guardar cambios'.
    expect(
      await screen.findByText('El archivo cambia el código SIGEP o el orden de 3 entidades; las demás no cambian. Pulsa «Guardar cambios» para guardarlo.'),
    ).toBeInTheDocument();
    expect(calls).toEqual(['GET /exportsitetoupload', 'upload elementType=siteUpdateExcel', 'POST /exportsitetoupload/f9/preview']);
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Se ha guardado la información de forma exitosa: 3 entidades actualizadas')).toBeInTheDocument();
    expect(calls).toEqual(['GET /exportsitetoupload', 'upload elementType=siteUpdateExcel', 'POST /exportsitetoupload/f9/preview', 'PUT /exportsitetoupload/f9']);
    expect(screen.queryByRole('button', { name: 'Guardar cambios' })).toBeNull();
  });

  it('a file that changes nothing: says so and offers no save; Cancelar clears the review', async () => {
    const user = userEvent.setup();
    const calls: string[] = [];
    const dataProvider = {
      ...unusedDataProvider,
      upload: async () => ({ fileID: 'f8' }),
      request: async (path: string, options: { method?: string } = {}) => {
        calls.push(`${options.method ?? 'GET'} ${path}`);
        return { status: 200, headers: new Headers(), json: { updated: 0 } };
      },
    } as unknown as DataProvider;
    renderPage(dataProvider);
    await user.upload(screen.getByLabelText('Subir archivo actualizado'), xlsx());
    expect(await screen.findByText('El archivo no cambia ninguna entidad: no hay nada que guardar.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Guardar cambios' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByText('El archivo no cambia ninguna entidad: no hay nada que guardar.')).toBeNull();
    expect(calls).toEqual(['POST /exportsitetoupload/f8/preview']);
  });

  it('lists every bad line of a refused file', async () => {
    const user = userEvent.setup();
    const details = [
      { target: 'línea 3', message: 'Línea 3: el código SIGEP debe tener máximo 10 caracteres.' },
      { target: 'línea 4', message: 'Línea 4: el orden debe ser 1 (municipal) o 0 (departamental).' },
    ];
    const dataProvider = {
      ...unusedDataProvider,
      upload: async () => ({ fileID: 'f9' }),
      request: async () => {
        throw new HttpError(details[0]!.message, 400, { errors: {}, details });
      },
    } as unknown as DataProvider;
    renderPage(dataProvider);
    await user.upload(screen.getByLabelText('Subir archivo actualizado'), xlsx());
    const list = await screen.findByRole('list', { name: 'Corrige estas filas y vuelve a subir el archivo' });
    expect([...list.querySelectorAll('li')].map((item) => item.textContent)).toEqual(details.map((detail) => detail.message));
  });

  it('refuses in the browser what the server would refuse: not xlsx, empty, over 5 MB', () => {
    expect(siteUpdateFileError(xlsx('a.xls'))?.key).toBe('files.errors.wrong_type');
    expect(siteUpdateFileError({ name: 'a.xlsx', size: 0 })?.key).toBe('files.errors.empty');
    expect(siteUpdateFileError({ name: 'a.xlsx', size: 5_242_881 })).toEqual({ key: 'files.errors.too_big', values: { n: 5 } });
    expect(siteUpdateFileError({ name: 'A.XLSX', size: 5_242_880 })).toBeNull();
  });
});
