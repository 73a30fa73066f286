/**
 * The backup screens (spec 01 §2, §3 'Backup', §4, §8): the detail's summary (states, following the realtime channel
 * without ever polling, download through a token, delete after a confirmation), 'Solicitar copia de seguridad' with its
 * confirmation — the replace question when the site holds a ready backup (issue 21) — and the BackupRequestAlreadyPeding
 * modal leading to the site that holds the pending one (through the data provider's real error mapping), and the
 * download page (idle, started, gone, token failure, a refused link).
 */
import { act, cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { AdminContext, Notification, TestMemoryRouter, type CreateParams, type DataProvider, type DeleteParams, type GetListParams } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toHttpError } from '../../dataProvider/errors';
import { spanishMessages } from '../../i18n/es';
import type { BackupRecord } from '../../resources/backups';
import { BackupDownloadPage } from '../../src/sites/backups/BackupDownloadPage';
import { browserNavigation } from '../../src/sites/backups/useBackupDownload';
import { SiteDetailPage } from '../../src/sites/detail/SiteDetailPage';
import type { SiteDetailRecord } from '../../src/sites/detail/SiteInfoTab';
import { unusedDataProvider } from '../helpers/unusedDataProvider';
import { signedInAuth } from '../helpers/signedInAuth';

configure({ asyncUtilTimeout: 5000 });

const HASH = 'a1'.repeat(24);
const SITE = {
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
  administrators: [],
} as unknown as SiteDetailRecord;

const backup = (values: Partial<BackupRecord>): BackupRecord => ({
  id: 1,
  siteId: 7,
  site: 'Alcaldía de Bello',
  status: 'ready',
  creationDate: '2026-11-20T15:00:00.000Z',
  processDate: '2026-11-20T15:40:00.000Z',
  size: 1536,
  downloadHash: HASH,
  jobId: 3,
  ...values,
});

interface Calls {
  lists: Array<{ resource: string; params: GetListParams }>;
  creates: Array<{ resource: string; params: CreateParams }>;
  deletes: Array<{ resource: string; params: DeleteParams }>;
  requests: string[];
}

interface Answers {
  /** Successive answers of the backups list (the last one repeats). */
  backups: BackupRecord[][];
  create?: () => Promise<unknown>;
  token?: () => Promise<unknown>;
}

function fakeDataProvider(calls: Calls, answers: Answers): DataProvider {
  let listCall = 0;
  return {
    ...unusedDataProvider,
    getOne: (async () => ({ data: SITE })) as DataProvider['getOne'],
    getList: (async (resource: string, params: GetListParams) => {
      calls.lists.push({ resource, params });
      if (resource !== 'backuprequests') return { data: [], pageInfo: { hasNextPage: false, hasPreviousPage: false } };
      const data = answers.backups[Math.min(listCall, answers.backups.length - 1)]!;
      listCall += 1;
      return { data, total: data.length };
    }) as DataProvider['getList'],
    create: (async (resource: string, params: CreateParams) => {
      calls.creates.push({ resource, params });
      if (answers.create) return answers.create();
      return { data: backup({ id: 9, status: 'requested', processDate: null, size: null }) };
    }) as DataProvider['create'],
    delete: (async (resource: string, params: DeleteParams) => {
      calls.deletes.push({ resource, params });
      return { data: params.previousData };
    }) as DataProvider['delete'],
    request: async (path: string) => {
      calls.requests.push(path);
      if (path.endsWith('/token')) {
        if (answers.token) return answers.token();
        return { status: 200, headers: new Headers(), body: '', json: { token: 'tok', hash: HASH, url: `/download/${HASH}?token=tok`, expiresIn: 600 } };
      }
      return { status: 200, headers: new Headers(), body: '', json: { results: [] } };
    },
  } as DataProvider;
}

const auth = signedInAuth(['Sites']);

const i18nProvider = polyglotI18nProvider(() => spanishMessages as never, 'es', [{ locale: 'es', name: 'Español' }], { allowMissing: true });

function renderAt(path: string, answers: Answers) {
  const calls: Calls = { lists: [], creates: [], deletes: [], requests: [] };
  render(
    <TestMemoryRouter initialEntries={[path]}>
      <AdminContext dataProvider={fakeDataProvider(calls, answers)} authProvider={auth} i18nProvider={i18nProvider}>
        <Routes>
          <Route path="/portales/:id" element={<SiteDetailPage />} />
          <Route path="/descargar-backup/:hash" element={<BackupDownloadPage />} />
          <Route path="/download/:hash" element={<BackupDownloadPage />} />
          <Route path="/portales" element={<p>lista de portales</p>} />
        </Routes>
        <Notification />
      </AdminContext>
    </TestMemoryRouter>,
  );
  return calls;
}

const summary = () => screen.getByRole('region', { name: 'Copias de seguridad' });
let assign: ReturnType<typeof vi.fn<(url: string) => void>>;

/** The browser's EventSource, driven by the test (the summary subscribes to its site's backups channel). */
class FakeEventSource {
  static instances: FakeEventSource[] = [];
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent<string>) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  close() {
    this.closed = true;
  }
  emit(id: string, data: object) {
    this.onmessage?.({ lastEventId: id, data: JSON.stringify(data) } as MessageEvent<string>);
  }
}

beforeEach(() => {
  assign = vi.fn<(url: string) => void>();
  vi.spyOn(browserNavigation, 'assign').mockImplementation(assign);
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  // The ticket of the realtime stream (POST /events/ticket); nothing else goes through fetch here.
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      String(url).endsWith('/events/ticket')
        ? new Response(JSON.stringify({ ticket: 'pase', expiresIn: 60 }), { status: 200, headers: { 'content-type': 'application/json' } })
        : new Response('{}', { status: 404, headers: { 'content-type': 'application/json' } }),
    ),
  );
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the backup summary of the site detail', () => {
  it("lists the site's backups with status names, dates and size; Descargar only for a ready one, which fetches a token and goes to the file", async () => {
    const calls = renderAt('/portales/7', {
      backups: [[backup({ id: 5 }), backup({ id: 4, status: 'failed', processDate: null, size: null, creationDate: '2026-11-19T15:00:00.000Z' })]],
    });
    await screen.findByRole('heading', { name: 'Alcaldía de Bello' });
    const region = await waitFor(() => summary());
    await within(region).findByText('Lista para descargar');
    expect(within(region).getByText('Falló')).toBeTruthy();
    expect(within(region).getByText('1,5 KB')).toBeTruthy();
    expect(within(region).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Estado', 'Fecha de solicitud', 'Fecha de generación', 'Tamaño', 'Acciones']);
    expect(calls.lists.find((call) => call.resource === 'backuprequests')?.params).toMatchObject({
      filter: { siteId: 7 },
      sort: { field: 'creationDate', order: 'DESC' },
      pagination: { perPage: 10 },
    });
    // The failed one offers Eliminar only; the ready one both.
    expect(within(region).getAllByRole('button', { name: /^Descargar la copia/ })).toHaveLength(1);
    expect(within(region).getAllByRole('button', { name: /^Eliminar la copia/ })).toHaveLength(2);
    expect(within(region).queryByText(/se actualiza/)).toBeNull();

    await userEvent.click(within(region).getByRole('button', { name: /^Descargar la copia/ }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(`/download/${HASH}?token=tok`));
    expect(calls.requests).toContain('/download/5/token');
  });

  it('an expired backup (its zip deleted after the retention) says so, with Eliminar and no Descargar', async () => {
    renderAt('/portales/7', {
      backups: [[backup({ id: 6, status: 'expired' }), backup({ id: 5, creationDate: '2026-11-21T15:00:00.000Z' })]],
    });
    const region = await waitFor(() => summary());
    const expired = (await within(region).findByText('Vencida: el archivo se eliminó')).closest('tr')!;
    expect(within(expired).queryByRole('button', { name: /^Descargar la copia/ })).toBeNull();
    expect(within(expired).getByRole('button', { name: /^Eliminar la copia/ })).toBeTruthy();
    expect(within(expired).getByText('1,5 KB')).toBeTruthy();
    // The ready one beside it still downloads.
    expect(within(region).getAllByRole('button', { name: /^Descargar la copia/ })).toHaveLength(1);
  });

  it('Eliminar asks for confirmation first, then deletes and says so', async () => {
    const calls = renderAt('/portales/7', { backups: [[backup({ id: 5 })]] });
    const region = await waitFor(() => summary());
    await userEvent.click(await within(region).findByRole('button', { name: /^Eliminar la copia/ }));
    expect(await screen.findByText('¿Seguro que deseas eliminar esta copia de seguridad? El archivo ya no podrá descargarse.')).toBeTruthy();
    expect(calls.deletes).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Regresar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.deletes).toHaveLength(0);

    await userEvent.click(await within(region).findByRole('button', { name: /^Eliminar la copia/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Continuar' }));
    await waitFor(() => expect(calls.deletes).toHaveLength(1));
    expect(calls.deletes[0]).toMatchObject({ resource: 'backuprequests', params: { id: 5 } });
    expect(await screen.findByText('Backup eliminado correctamente')).toBeTruthy();
  });

  it('shows the empty state, and the load failure with the spec text', async () => {
    renderAt('/portales/7', { backups: [[]] });
    expect(await screen.findByText('Esta entidad no tiene copias de seguridad')).toBeTruthy();
    cleanup();

    const calls: Calls = { lists: [], creates: [], deletes: [], requests: [] };
    const failing = { ...fakeDataProvider(calls, { backups: [[]] }) };
    const getList = failing.getList;
    failing.getList = ((resource: string, params: GetListParams) =>
      resource === 'backuprequests' ? Promise.reject(toHttpError(500, null)) : getList(resource, params)) as DataProvider['getList'];
    render(
      <TestMemoryRouter initialEntries={['/portales/7']}>
        <AdminContext dataProvider={failing} authProvider={auth} i18nProvider={i18nProvider}>
          <Routes>
            <Route path="/portales/:id" element={<SiteDetailPage />} />
          </Routes>
        </AdminContext>
      </TestMemoryRouter>,
    );
    expect(await screen.findByText('Error cargando los backups', {}, { timeout: 10_000 })).toBeTruthy();
  });

  it("follows the site's backup channel: asks again when the stream opens and at each event, without polling", async () => {
    const calls = renderAt('/portales/7', {
      backups: [[backup({ id: 5, status: 'inProgress', processDate: null, size: null })], [backup({ id: 5, status: 'inProgress', processDate: null, size: null })], [backup({ id: 5 })]],
    });
    const region = await waitFor(() => summary());
    expect(await within(region).findByText('En proceso')).toBeTruthy();
    const source = await waitFor(() => {
      expect(FakeEventSource.instances).toHaveLength(1);
      return FakeEventSource.instances[0]!;
    });
    expect(new URL(source.url, 'http://x').searchParams.get('channels')).toBe('backups:7');
    expect(new URL(source.url, 'http://x').searchParams.get('ticket')).toBe('pase');
    expect(within(region).getByText(/se actualiza en cuanto cambie su estado/)).toBeTruthy();
    // Open: the list asked again (what happened meanwhile).
    const lists = () => calls.lists.filter((call) => call.resource === 'backuprequests').length;
    const before = lists();
    act(() => source.onopen?.(new Event('open')));
    await waitFor(() => expect(lists()).toBe(before + 1));
    expect(within(region).queryByRole('button', { name: /^Descargar la copia/ })).toBeNull();

    act(() => source.emit('41', { channel: 'backups:7', payload: { backupId: 5, siteId: 7, status: 'ready' }, createdAt: '2026-11-20T15:40:00.000Z' }));
    expect(await within(region).findByRole('button', { name: /^Descargar la copia/ })).toBeTruthy();
    expect(lists()).toBe(before + 2);
    expect(within(region).queryByText(/se actualiza/)).toBeNull();
  });

  it('while the stream is down it never polls: the list is asked again when the stream reopens', { timeout: 20_000 }, async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = renderAt('/portales/7', {
      backups: [[backup({ id: 5, status: 'inProgress', processDate: null, size: null })], [backup({ id: 5 })]],
    });
    const region = await waitFor(() => summary());
    expect(await within(region).findByText('En proceso')).toBeTruthy();
    const first = await waitFor(() => FakeEventSource.instances[0]!);
    act(() => first.onopen?.(new Event('open')));
    const lists = () => calls.lists.filter((call) => call.resource === 'backuprequests').length;
    await waitFor(() => expect(lists()).toBeGreaterThanOrEqual(2));
    const before = lists();
    // The stream drops; its reconnection (after 1 s) does not open for a minute: nothing is asked meanwhile.
    act(() => first.onerror?.(new Event('error')));
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(lists()).toBe(before);
    const second = FakeEventSource.instances.at(-1)!;
    expect(second).not.toBe(first);
    act(() => second.onopen?.(new Event('open')));
    expect(await within(region).findByRole('button', { name: /^Descargar la copia/ })).toBeTruthy();
    expect(lists()).toBe(before + 1);
  });
});

describe("'Solicitar copia de seguridad' in the options menu", () => {
  it('asks for confirmation, then requests the backup of this site', async () => {
    const calls = renderAt('/portales/7', { backups: [[]] });
    await screen.findByRole('heading', { name: 'Alcaldía de Bello' });
    await userEvent.click(screen.getByRole('button', { name: 'Opciones' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Solicitar copia de seguridad' }));
    expect(await screen.findByText(/Tarda entre 30 y 60 minutos/)).toBeTruthy();
    expect(calls.creates).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    await waitFor(() => expect(calls.creates).toHaveLength(1));
    expect(calls.creates[0]).toMatchObject({ resource: 'backuprequests', params: { data: { siteId: 7 } } });
    expect(await screen.findByText(/Se está generando la copia de seguridad/)).toBeTruthy();
  });

  it('a site whose backup is ready: the confirmation asks to replace it, and the request says so', async () => {
    const calls = renderAt('/portales/7', { backups: [[backup({ id: 5 })]] });
    await waitFor(() => summary());
    await within(summary()).findByText('Lista para descargar');
    await userEvent.click(screen.getByRole('button', { name: 'Opciones' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Solicitar copia de seguridad' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Reemplazar copia de seguridad')).toBeTruthy();
    expect(within(dialog).getByText(/ya tiene una copia de seguridad lista.*¿Deseas reemplazarla\?/)).toBeTruthy();
    // One query of the site's backups serves the summary and the menu.
    expect(calls.lists.filter((call) => call.resource === 'backuprequests')).toHaveLength(1);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    await waitFor(() => expect(calls.creates).toHaveLength(1));
    expect(calls.creates[0]).toMatchObject({ resource: 'backuprequests', params: { data: { siteId: 7, replace: true } } });
    expect(await screen.findByText(/Se está generando la copia de seguridad/)).toBeTruthy();
  });

  it('the server finds a ready backup the screen had not seen: the replace question, then the request with replace', async () => {
    const message = 'La entidad Alcaldía de Bello ya tiene una copia de seguridad lista: confirma que deseas reemplazarla';
    const refusal = toHttpError(409, {
      error: { code: 'BackupReplaceConfirmation', message, details: [{ code: 'BackupReplaceConfirmation', target: 'replace', message, value: '7' }] },
    });
    let answered = 0;
    const calls = renderAt('/portales/7', {
      backups: [[]],
      create: async () => {
        answered += 1;
        if (answered === 1) throw refusal;
        return { data: backup({ id: 9, status: 'requested', processDate: null, size: null }) };
      },
    });
    await screen.findByRole('heading', { name: 'Alcaldía de Bello' });
    await userEvent.click(screen.getByRole('button', { name: 'Opciones' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Solicitar copia de seguridad' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText(/¿Deseas reemplazarla\?/)).toBeTruthy();
    expect(calls.creates.map((call) => call.params.data)).toEqual([{ siteId: 7 }]);
    expect(screen.queryByText('Error generando backup, intenta más tarde')).toBeNull();
    await userEvent.click(await screen.findByRole('button', { name: 'Continuar' }));
    await waitFor(() => expect(calls.creates).toHaveLength(2));
    expect(calls.creates[1]!.params.data).toEqual({ siteId: 7, replace: true });
    expect(await screen.findByText(/Se está generando la copia de seguridad/)).toBeTruthy();
  });

  it('a pending backup elsewhere shows the server message naming that site and leads to its detail', async () => {
    const message = 'No se puede generar backup: la entidad Alcaldía de Envigado tiene una copia de seguridad pendiente';
    const refusal = toHttpError(409, {
      error: { code: 'BackupRequestAlreadyPeding', message, details: [{ code: 'BackupRequestAlreadyPeding', target: 'siteId', message, value: '12' }] },
    });
    renderAt('/portales/7', { backups: [[]], create: () => Promise.reject(refusal) });
    await screen.findByRole('heading', { name: 'Alcaldía de Bello' });
    await userEvent.click(screen.getByRole('button', { name: 'Opciones' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Solicitar copia de seguridad' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Continuar' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByRole('heading', { name: 'Error' })).toBeTruthy();
    expect(within(dialog).getByText(message)).toBeTruthy();
    const link = within(dialog).getByRole('link', { name: 'Ir a la entidad con la copia pendiente' });
    expect(link.getAttribute('href')).toBe('/portales/12');
    await userEvent.click(link);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('any other failure gives the generic text', async () => {
    renderAt('/portales/7', { backups: [[]], create: () => Promise.reject(toHttpError(500, null)) });
    await screen.findByRole('heading', { name: 'Alcaldía de Bello' });
    await userEvent.click(screen.getByRole('button', { name: 'Opciones' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Solicitar copia de seguridad' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText('Error generando backup, intenta más tarde')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});

describe('the download page', () => {
  it('Descargar asks a token by the hash and goes to the file', async () => {
    const calls = renderAt(`/descargar-backup/${HASH}`, { backups: [[]] });
    expect(await screen.findByRole('heading', { name: 'Descargar copia de seguridad' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Descargar' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(`/download/${HASH}?token=tok`));
    expect(calls.requests).toEqual([`/download/${HASH}/token`]);
    expect(await screen.findByText(/La descarga comenzó/)).toBeTruthy();
  });

  it('a backup that is gone (410, 404, 409) shows the spec message and the way to Portales', async () => {
    renderAt(`/download/${HASH}`, { backups: [[]], token: () => Promise.reject(toHttpError(404, null)) });
    await userEvent.click(await screen.findByRole('button', { name: 'Descargar' }));
    expect(await screen.findByText('Este archivo ya no se encuentra para descarga')).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Descargar' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Ir a Portales' }));
    expect(await screen.findByText('lista de portales')).toBeTruthy();
  });

  it('any other token failure shows its own message and lets the user try again', async () => {
    renderAt(`/descargar-backup/${HASH}`, { backups: [[]], token: () => Promise.reject(toHttpError(500, null)) });
    await userEvent.click(await screen.findByRole('button', { name: 'Descargar' }));
    expect(await screen.findByText('Error generando token de descarga')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Descargar' })).toBeTruthy();
  });

  it('a link whose token the server refused, or a hash no backup can have, shows the message at once', async () => {
    const calls = renderAt(`/download/${HASH}?token=gastado`, { backups: [[]] });
    expect(await screen.findByText('Este archivo ya no se encuentra para descarga')).toBeTruthy();
    expect(calls.requests).toEqual([]);
    cleanup();
    renderAt('/descargar-backup/otra-cosa', { backups: [[]] });
    expect(await screen.findByText('Este archivo ya no se encuentra para descarga')).toBeTruthy();
  });
});
