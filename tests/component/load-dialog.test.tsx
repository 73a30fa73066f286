/**
 * The site list's load dialogs (src/sites/loads) over a fake data provider: the upload's progress, the review that says
 * how many portals will change before anything is saved (or lists the bad lines and offers no 'Cargar'), then the job's
 * progress and its bad lines; the e-mail busy check; the year and month rules (spec 01 §9).
 */
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { AdminContext, HttpError, type DataProvider } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { spanishMessages } from '../../i18n/es';
import type { JobView } from '../../resources/jobs';
import { EmailLoadDialog, PopulationLoadDialog } from '../../src/sites/loads';
import { unusedDataProvider } from '../helpers/unusedDataProvider';

const i18nProvider = polyglotI18nProvider(() => spanishMessages as never, 'es', [{ locale: 'es', name: 'Español' }], { allowMissing: true });

afterEach(() => cleanup());

function jobView(overrides: Partial<JobView>): JobView {
  return {
    id: 9,
    kind: 'population.load',
    status: 'running',
    progress: { done: 1, total: 3, percent: 33 },
    counts: { queued: 0, done: 0, failed: 0, skipped: 0 },
    error: null,
    result: null,
    attempts: 1,
    cancelRequested: false,
    createdBy: 1,
    createdAt: '2025-01-01T00:00:00.000Z',
    startedAt: '2025-01-01T00:00:01.000Z',
    finishedAt: null,
    runAfter: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

interface Call {
  path: string;
  method: string;
  body?: unknown;
}

function renderDialog(node: React.ReactElement, dataProvider: DataProvider) {
  return render(
    <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
      {node}
    </AdminContext>,
  );
}

const xlsx = () => new File([new Uint8Array([80, 75, 3, 4])], 'poblacion.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });

describe('PopulationLoadDialog', () => {
  it('uploads with progress, starts the load, follows its job and lists the bad lines', async () => {
    const user = userEvent.setup();
    const calls: Call[] = [];
    let finishUpload!: () => void;
    const uploadDone = new Promise<void>((resolve) => (finishUpload = resolve));
    let jobFailed = false;
    const dataProvider = {
      ...unusedDataProvider,
      upload: async (param: string, _file: Blob, onProgress?: (percent: number) => void) => {
        calls.push({ path: `/uploadfiles/${param}`, method: 'POST' });
        onProgress?.(45);
        await uploadDone;
        return { fileID: 'f1', filePath: '/api/v1/files/f1', isImage: false, name: 'poblacion.xlsx', thumbnail: null, fileBigImage: null };
      },
      request: async (path: string, options: { method?: string; body?: unknown } = {}) => {
        calls.push({ path, method: options.method ?? 'GET', body: options.body });
        if (path === '/locations/preview') return { status: 200, headers: new Headers(), json: { rows: 3, portals: 4, errorCount: 0, errors: [] } };
        if (path === '/locations/') return { status: 202, headers: new Headers(), json: { jobId: 9 } };
        if (path === '/jobs/9') {
          const job =
            !jobFailed
              ? jobView({})
              : jobView({
                  status: 'failed',
                  error: 'El archivo tiene 2 filas con errores: no se aplicó ningún cambio.',
                  progress: { done: 2, total: 2, percent: 100 },
                  counts: { queued: 0, done: 0, failed: 2, skipped: 0 },
                });
          return { status: 200, headers: new Headers(), json: job };
        }
        if (path === '/jobs/9/items') {
          return {
            status: 200,
            headers: new Headers(),
            json: {
              results: [
                { key: 'línea 3', state: 'failed', message: 'Línea 3: no existe un municipio con el código 99999.' },
                { key: 'línea 5', state: 'failed', message: 'Línea 5: la población debe ser un número entero entre 0 y 2147483647.' },
              ],
            },
          };
        }
        throw new Error(`unexpected ${path}`);
      },
    } as unknown as DataProvider;

    renderDialog(<PopulationLoadDialog open onClose={() => {}} pollMs={5} />, dataProvider);
    const dialog = await screen.findByRole('dialog', { name: 'Cargar población' });
    expect(within(dialog).getByRole('link', { name: 'Descargar archivo de ejemplo' })).toHaveAttribute('href', '/content/files/ejemplo-poblacion.xlsx');
    const submit = within(dialog).getByRole('button', { name: 'Revisar archivo' });
    expect(submit).toBeDisabled();

    await user.upload(within(dialog).getByLabelText('Archivo de Excel (.xls o .xlsx)'), xlsx());
    expect(within(dialog).getByText('poblacion.xlsx')).toBeInTheDocument();
    await user.click(submit);

    expect(await within(dialog).findByText('Subiendo el archivo: 45 %')).toBeInTheDocument();
    expect(within(dialog).getByRole('progressbar', { name: 'Subiendo el archivo: 45 %' })).toHaveAttribute('aria-valuenow', '45');
    // Closing while the file uploads is refused with the spec's message.
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    expect(within(dialog).getByText('Espera un momento a que todos los archivos se carguen.')).toBeInTheDocument();

    finishUpload();
    // Before anything is saved: how many portals the load will change.
    const review = await within(dialog).findByRole('region', { name: 'Revisión del archivo' });
    expect(within(review).getByText('Filas leídas: 3.')).toBeInTheDocument();
    expect(
      within(review).getByText(
        'Se cambiará la población de 4 portales (los de los municipios del archivo y los departamentales de sus departamentos); los demás portales no cambian. Pulsa «Cargar» para guardar.',
      ),
    ).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/locations/')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Cargar' }));
    expect(await within(dialog).findByText('En ejecución')).toBeInTheDocument();
    expect(within(dialog).getByRole('progressbar', { name: 'Progreso del trabajo' })).toHaveAttribute('aria-valuenow', '33');
    jobFailed = true;
    expect(await within(dialog).findByText('Falló')).toBeInTheDocument();
    expect(within(dialog).getByText('El archivo tiene 2 filas con errores: no se aplicó ningún cambio.')).toBeInTheDocument();
    const lines = await within(dialog).findByRole('list', { name: 'Filas con error' });
    expect(within(lines).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Línea 3: no existe un municipio con el código 99999.',
      'Línea 5: la población debe ser un número entero entre 0 y 2147483647.',
    ]);
    expect(calls.find((call) => call.path === '/locations/preview')).toEqual({ path: '/locations/preview', method: 'POST', body: { fileID: 'f1' } });
    expect(calls.find((call) => call.path === '/locations/')).toEqual({ path: '/locations/', method: 'POST', body: { fileID: 'f1' } });
    expect(calls[0]).toEqual({ path: '/uploadfiles/elementType=bulkExcel', method: 'POST' });
  });

  it('says the load went well when its job is done', async () => {
    const user = userEvent.setup();
    const loaded: JobView[] = [];
    const dataProvider = {
      ...unusedDataProvider,
      upload: async () => ({ fileID: 'f2' }),
      request: async (path: string) => {
        if (path === '/locations/preview') return { status: 200, headers: new Headers(), json: { rows: 1, portals: 1, errorCount: 0, errors: [] } };
        if (path === '/locations/') return { status: 202, headers: new Headers(), json: { jobId: 9 } };
        return { status: 200, headers: new Headers(), json: jobView({ status: 'done', progress: { done: 3, total: 3, percent: 100 } }) };
      },
    } as unknown as DataProvider;
    renderDialog(<PopulationLoadDialog open onClose={() => {}} onLoaded={(job) => loaded.push(job)} pollMs={5} />, dataProvider);
    const dialog = await screen.findByRole('dialog', { name: 'Cargar población' });
    await user.upload(within(dialog).getByLabelText('Archivo de Excel (.xls o .xlsx)'), xlsx());
    await user.click(within(dialog).getByRole('button', { name: 'Revisar archivo' }));
    expect(await within(dialog).findByText(/^Se cambiará la población de 1 portal \(/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cargar' }));
    expect(await within(dialog).findByText('Actualización de población correcta')).toBeInTheDocument();
    await waitFor(() => expect(loaded).toHaveLength(1));
  });

  it('a file with bad lines: the review lists them, offers no Cargar and never starts the load; Atrás goes back to the form', async () => {
    const user = userEvent.setup();
    const calls: string[] = [];
    const dataProvider = {
      ...unusedDataProvider,
      upload: async () => ({ fileID: 'f4' }),
      request: async (path: string) => {
        calls.push(path);
        if (path === '/locations/preview') {
          return {
            status: 200,
            headers: new Headers(),
            json: { rows: 2, portals: 0, errorCount: 1, errors: [{ line: 3, message: 'Línea 3: no existe un municipio con el código 99999.' }] },
          };
        }
        throw new Error(`unexpected ${path}`);
      },
    } as unknown as DataProvider;
    renderDialog(<PopulationLoadDialog open onClose={() => {}} />, dataProvider);
    const dialog = await screen.findByRole('dialog', { name: 'Cargar población' });
    await user.upload(within(dialog).getByLabelText('Archivo de Excel (.xls o .xlsx)'), xlsx());
    await user.click(within(dialog).getByRole('button', { name: 'Revisar archivo' }));
    expect(await within(dialog).findByText('El archivo tiene 1 fila con errores: corrígela y vuelve a subirlo. No se ha guardado nada.')).toBeInTheDocument();
    const lines = within(dialog).getByRole('list', { name: 'Filas con error' });
    expect(within(lines).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Línea 3: no existe un municipio con el código 99999.']);
    expect(within(dialog).queryByRole('button', { name: 'Cargar' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Atrás' }));
    expect(within(dialog).getByRole('button', { name: 'Revisar archivo' })).toBeEnabled();
    expect(within(dialog).queryByRole('list', { name: 'Filas con error' })).toBeNull();
    expect(calls).toEqual(['/locations/preview']);
  });
});

describe('EmailLoadDialog', () => {
  it('is blocked while another file is processing (GET /emails/check answers 400)', async () => {
    const busy = 'Hay un archivo de correos en proceso: espera a que termine para cargar otro.';
    const dataProvider = {
      ...unusedDataProvider,
      request: async (path: string) => {
        if (path === '/emails/check') throw new HttpError(busy, 400, { errors: {}, details: [{ message: busy }] });
        throw new Error(`unexpected ${path}`);
      },
    } as unknown as DataProvider;
    renderDialog(<EmailLoadDialog open onClose={() => {}} />, dataProvider);
    const dialog = await screen.findByRole('dialog', { name: 'Cargar correos' });
    expect(await within(dialog).findByText(busy)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Revisar archivo' })).toBeDisabled();
  });

  it('other check failures give the spec message', async () => {
    const dataProvider = {
      ...unusedDataProvider,
      request: async () => {
        throw new HttpError('Lo sentimos, no se pudo completar la operación.', 500, {});
      },
    } as unknown as DataProvider;
    renderDialog(<EmailLoadDialog open onClose={() => {}} />, dataProvider);
    expect(await screen.findByText('No se puede verificar el proceso de correos, intentalo mas tarde.')).toBeInTheDocument();
  });

  it('needs a year and a month (months up to the current one this year) and sends them', async () => {
    const user = userEvent.setup();
    const calls: Call[] = [];
    const dataProvider = {
      ...unusedDataProvider,
      upload: async () => ({ fileID: 'f3' }),
      request: async (path: string, options: { method?: string; body?: unknown } = {}) => {
        calls.push({ path, method: options.method ?? 'GET', body: options.body });
        if (path === '/emails/check') return { status: 200, headers: new Headers(), json: { busy: false } };
        if (path === '/emails/preview') return { status: 200, headers: new Headers(), json: { rows: 5, portals: 2, errorCount: 0, errors: [] } };
        if (path === '/emails/') return { status: 202, headers: new Headers(), json: { jobId: 9 } };
        return { status: 200, headers: new Headers(), json: jobView({ kind: 'emails.load' }) };
      },
    } as unknown as DataProvider;
    renderDialog(<EmailLoadDialog open onClose={() => {}} pollMs={60_000} />, dataProvider);
    const dialog = await screen.findByRole('dialog', { name: 'Cargar correos' });
    await user.upload(within(dialog).getByLabelText('Archivo de Excel (.xls o .xlsx)'), xlsx());
    const submit = within(dialog).getByRole('button', { name: 'Revisar archivo' });
    expect(submit).toBeDisabled();

    const now = new Date();
    await user.click(within(dialog).getByRole('combobox', { name: 'Año' }));
    const years = await screen.findByRole('listbox');
    const offered = within(years).getAllByRole('option').map((option) => option.textContent);
    expect(offered[0]).toBe(String(now.getFullYear()));
    expect(offered.at(-1)).toBe('2000');
    await user.click(within(years).getByRole('option', { name: String(now.getFullYear()) }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Mes' }));
    const months = await screen.findByRole('listbox');
    expect(within(months).getAllByRole('option')).toHaveLength(now.getMonth() + 1);
    await user.click(within(months).getAllByRole('option')[0]!);
    await user.click(submit);
    expect(
      await within(dialog).findByText(
        `Se reemplazarán las cuentas de correo de enero de ${now.getFullYear()} de los 2 portales que nombra el archivo; los demás portales no cambian. Pulsa «Cargar» para guardar.`,
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cargar' }));
    expect(await within(dialog).findByText('La carga de correos comenzó: puedes seguir su avance aquí o cerrar esta ventana.')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/emails/')).toEqual({ path: '/emails/', method: 'POST', body: { fileID: 'f3', year: now.getFullYear(), month: 1 } });
  });
});
