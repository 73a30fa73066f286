/** ExportButton over a fake dataProvider.request: the list's filters and the format sent, a Blob saved under the server's name, busy state, Spanish error. */
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { AdminContext, Notification, type DataProvider } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { spanishMessages } from '../../i18n/es';
import { EXPORT_TIMEOUT_MS } from '../../dataProvider/httpClient';
import { ExportButton } from '../../src/shared/ExportButton';
import { unusedDataProvider } from '../helpers/unusedDataProvider';

const i18nProvider = polyglotI18nProvider(() => spanishMessages as never, 'es', [{ locale: 'es', name: 'Español' }], { allowMissing: true });

interface Call {
  path: string;
  options: Record<string, unknown>;
}

function fakeDataProvider(calls: Call[], answer: () => Promise<unknown>): DataProvider {
  return {
    ...unusedDataProvider,
    request: async (path: string, options: Record<string, unknown>) => {
      calls.push({ path, options });
      return answer();
    },
  } as DataProvider;
}

function renderButton(answer: () => Promise<unknown>) {
  const calls: Call[] = [];
  render(
    <AdminContext dataProvider={fakeDataProvider(calls, answer)} i18nProvider={i18nProvider}>
      <ExportButton path="/sitesexport" query={{ name: 'bogota', status: 2 }} labelKey="sites.actions.export" fallbackName="portales" />
      <Notification />
    </AdminContext>,
  );
  return calls;
}

const saved: { name: string; blob: Blob }[] = [];

beforeEach(() => {
  saved.length = 0;
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:export');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: new Blob() });
  });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('ExportButton', () => {
  it('downloads the chosen format with the current filters as a Blob, named by the server', async () => {
    const user = userEvent.setup();
    let release!: () => void;
    const answered = new Promise<void>((resolve) => (release = resolve));
    const calls = renderButton(async () => {
      await answered;
      return { status: 200, headers: new Headers({ 'content-disposition': `attachment; filename*=UTF-8''portales-2026-11-23.xlsx` }), json: new Blob(['x']) };
    });
    await user.click(screen.getByRole('button', { name: 'Descarga' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Descargar Excel (XLSX)' }));
    const busy = await screen.findByRole('button', { name: 'Preparando la descarga…' });
    expect(busy).toBeDisabled();
    expect(calls).toEqual([
      { path: '/sitesexport', options: { query: { name: 'bogota', status: 2, format: 'xlsx' }, responseType: 'blob', timeout: EXPORT_TIMEOUT_MS } },
    ]);
    release();
    await waitFor(() => expect(saved.map((file) => file.name)).toEqual(['portales-2026-11-23.xlsx']));
    expect(await screen.findByRole('button', { name: 'Descarga' })).toBeEnabled();
  });

  it('names the file itself when the answer does not, and offers CSV', async () => {
    const user = userEvent.setup();
    const calls = renderButton(async () => ({ status: 200, headers: new Headers(), json: new Blob(['x']) }));
    await user.click(screen.getByRole('button', { name: 'Descarga' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Descargar CSV' }));
    await waitFor(() => expect(saved.map((file) => file.name)).toEqual(['portales.csv']));
    expect(calls[0]!.options.query).toEqual({ name: 'bogota', status: 2, format: 'csv' });
  });

  it('says so in Spanish when the download fails, and can be tried again', async () => {
    const user = userEvent.setup();
    renderButton(async () => {
      throw new Error('network');
    });
    await user.click(screen.getByRole('button', { name: 'Descarga' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Descargar CSV' }));
    expect(await screen.findByText('No se pudo descargar el archivo, intenta más tarde')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Descarga' })).toBeEnabled();
    expect(saved).toEqual([]);
  });
});
