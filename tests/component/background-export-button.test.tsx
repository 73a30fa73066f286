/**
 * BackgroundExportButton (spec 01 §7 POST /siteusers/export/ then GET /siteusers/export/?fileName=&fileType=csv) over a
 * fake dataProvider.request: starts the job with the list's filters, follows it with JobProgress, then downloads the
 * file it names; a failed job offers no download.
 */
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { AdminContext, type DataProvider } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { spanishMessages } from '../../i18n/es';
import type { JobView } from '../../resources/jobs';
import { BackgroundExportButton } from '../../src/shared/BackgroundExportButton';
import { unusedDataProvider } from '../helpers/unusedDataProvider';

configure({ asyncUtilTimeout: 8000 });
const i18nProvider = polyglotI18nProvider(() => spanishMessages as never, 'es', [{ locale: 'es', name: 'Español' }], { allowMissing: true });

const job = (status: JobView['status']): JobView => ({
  id: 12,
  kind: 'export.siteusers',
  status,
  progress: { done: 40, total: 40, percent: 100 },
  counts: { queued: 0, done: 0, failed: 0, skipped: 0 },
  error: null,
  result: null,
  attempts: 1,
  cancelRequested: false,
  createdBy: 1,
  createdAt: '2026-11-23T00:00:00.000Z',
  startedAt: '2026-11-23T00:00:01.000Z',
  finishedAt: '2026-11-23T00:00:02.000Z',
  runAfter: '2026-11-23T00:00:00.000Z',
});

interface Call {
  path: string;
  method: string;
  body?: unknown;
  query?: unknown;
}

function fakeDataProvider(status: JobView['status'], calls: Call[]): DataProvider {
  return {
    ...unusedDataProvider,
    request: async (path: string, options: { method?: string; body?: unknown; query?: unknown } = {}) => {
      const method = options.method ?? 'GET';
      calls.push({ path, method, body: options.body, query: options.query });
      if (method === 'POST') return { status: 202, headers: new Headers(), json: { jobId: 12, fileName: 'usuarios-2026-11-23-abc.csv' } };
      if (path.startsWith('/jobs/')) return { status: 200, headers: new Headers(), json: job(status) };
      return { status: 200, headers: new Headers(), json: new Blob(['id;nombre\r\n']) };
    },
  } as unknown as DataProvider;
}

let saved: string[] = [];
beforeEach(() => {
  saved = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:export');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderButton(status: JobView['status'], calls: Call[]) {
  render(
    <AdminContext dataProvider={fakeDataProvider(status, calls)} i18nProvider={i18nProvider}>
      <BackgroundExportButton path="/siteusers/export/" query={{ parentLocationId: '5', search: 'ana' }} />
    </AdminContext>,
  );
}

describe('BackgroundExportButton', () => {
  it('starts the job with the filters, follows it and downloads the file it names', async () => {
    const calls: Call[] = [];
    renderButton('done', calls);
    await userEvent.click(await screen.findByRole('button', { name: 'Exportar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Exportación en curso' });
    expect(await within(dialog).findByText('El archivo está listo para descargar')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Descargar archivo' }));
    await waitFor(() => expect(saved).toEqual(['usuarios-2026-11-23-abc.csv']));
    expect(calls[0]).toEqual({ path: '/siteusers/export/', method: 'POST', body: { parentLocationId: '5', search: 'ana' }, query: undefined });
    expect(calls.some((call) => call.path === '/jobs/12')).toBe(true);
    expect(calls.at(-1)).toMatchObject({ path: '/siteusers/export/', method: 'GET', query: { fileName: 'usuarios-2026-11-23-abc.csv', fileType: 'csv' } });
  });

  it('a failed job offers no download', async () => {
    const calls: Call[] = [];
    renderButton('failed', calls);
    await userEvent.click(await screen.findByRole('button', { name: 'Exportar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Exportación en curso' });
    expect(await within(dialog).findByText('No se pudo generar el archivo, intenta más tarde')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Descargar archivo' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
