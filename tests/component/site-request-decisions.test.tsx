/**
 * Approving and rejecting a site request (src/sites/detail/requests) over a fake data provider: the reject dialog's
 * rules (reason of at least 50 characters with a live counter and the rule's message, nothing sent before), the
 * trimmed reason sent with the status, the spec's success and failure texts; the pending request's card with both
 * people's data and documents, Aprobar's confirmation and the installation's wait screen.
 */
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { AdminContext, HttpError, Notification, type DataProvider } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { spanishMessages } from '../../i18n/es';
import type { JobView } from '../../resources/jobs';
import { PendingRequestCard } from '../../src/sites/detail/requests/PendingRequestCard';
import { RejectDialog } from '../../src/sites/detail/requests/RequestDecisionDialogs';
import { unusedDataProvider } from '../helpers/unusedDataProvider';

const i18nProvider = polyglotI18nProvider(() => spanishMessages as never, 'es', [{ locale: 'es', name: 'Español' }], { allowMissing: true });

afterEach(() => cleanup());

interface Call {
  path: string;
  method: string;
  body?: unknown;
}

type Answer = (call: Call) => unknown;

function fakeProvider(calls: Call[], answer: Answer): DataProvider {
  return {
    ...unusedDataProvider,
    request: async (path: string, options?: { method?: string; body?: unknown }) => {
      const call = { path, method: options?.method ?? 'GET', body: options?.body };
      calls.push(call);
      return { status: 200, headers: new Headers(), body: '', json: answer(call) };
    },
  } as DataProvider;
}

function renderWith(node: React.ReactElement, dataProvider: DataProvider) {
  return render(
    <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
      {node}
      <Notification />
    </AdminContext>,
  );
}

const REASON = 'La documentación enviada no corresponde al representante legal actual.';

describe('RejectDialog', () => {
  it('asks at least 50 characters with a live counter and the rule message, then sends the trimmed reason and says so', async () => {
    const user = userEvent.setup();
    const calls: Call[] = [];
    let rejected = 0;
    renderWith(
      <RejectDialog requestId={12} open onClose={() => {}} onRejected={() => (rejected += 1)} />,
      fakeProvider(calls, () => ({ id: 12, status: 'Rejected', jobId: null })),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Rechazar solicitud' });
    const reject = within(dialog).getByRole('button', { name: 'Rechazar' });
    expect((reject as HTMLButtonElement).disabled).toBe(true);
    expect(within(dialog).getByText('0 caracteres (mínimo 50) · Faltan 50 caracteres')).toBeTruthy();

    const reason = within(dialog).getByRole('textbox', { name: /Motivo del rechazo/ });
    await user.type(reason, '   Muy corto   ');
    expect(within(dialog).getByText('9 caracteres (mínimo 50) · Faltan 41 caracteres')).toBeTruthy();
    await user.tab();
    expect(within(dialog).getByText('El motivo del rechazo debe tener por lo menos 50 caracteres')).toBeTruthy();
    expect((reject as HTMLButtonElement).disabled).toBe(true);
    expect(calls).toEqual([]);

    await user.clear(reason);
    expect(within(dialog).getByText('Debes ingresar el motivo del rechazo')).toBeTruthy();
    await user.type(reason, `  ${REASON}  `);
    expect(within(dialog).getByText(`${REASON.length} caracteres (mínimo 50)`)).toBeTruthy();
    expect(within(dialog).queryByText(/El motivo del rechazo debe/)).toBeNull();
    expect((reject as HTMLButtonElement).disabled).toBe(false);
    await user.click(reject);

    await waitFor(() => expect(rejected).toBe(1));
    expect(calls).toEqual([{ path: '/siterequests/changestatus/12', method: 'PUT', body: { status: 'Rejected', responseMessage: REASON } }]);
    expect(await screen.findByText('La solicitud ha sido rechazada')).toBeTruthy();
  });

  it('shows the server message of a 409 and the spec failure text for anything else, staying open', async () => {
    const user = userEvent.setup();
    let failure: Error = new HttpError('Esta solicitud ya fue procesada: no está pendiente de aprobación', 409, {});
    let rejected = 0;
    renderWith(
      <RejectDialog requestId={12} open onClose={() => {}} onRejected={() => (rejected += 1)} />,
      fakeProvider([], () => {
        throw failure;
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Rechazar solicitud' });
    await user.type(within(dialog).getByRole('textbox', { name: /Motivo del rechazo/ }), REASON);
    await user.click(within(dialog).getByRole('button', { name: 'Rechazar' }));
    expect(await screen.findByText('Esta solicitud ya fue procesada: no está pendiente de aprobación')).toBeTruthy();

    failure = new HttpError('Lo sentimos, no se pudo completar la operación.', 500, {});
    await user.click(within(dialog).getByRole('button', { name: 'Rechazar' }));
    expect(await screen.findByText('Lo sentimos en este momento no podemos actualizar la información')).toBeTruthy();
    expect(rejected).toBe(0);
    expect(screen.getByRole('dialog', { name: 'Rechazar solicitud' })).toBeTruthy();
  });
});

const PROFILE = {
  id: 5,
  siteId: 7,
  kind: 'FirstTime',
  status: 'PendingApproval',
  name: 'María',
  name2: '',
  lastName: 'Pérez',
  lastName2: 'Gómez',
  identificationNumber: '43123456',
  gender: 'F',
  position: 'Alcaldesa',
  email: 'maria@bello.gov.co',
  phone: '3001234567',
  phone2: '',
  webMasterName: 'Carlos',
  webMasterName2: '',
  webMasterLastName: 'Ruiz',
  webMasterLastName2: '',
  webMasterIdentificationNumber: '71234567',
  webMasterGender: 'M',
  webMasterPosition: 'Ingeniero',
  webMasterEmail: 'carlos@bello.gov.co',
  webMasterPhone: '3107654321',
  webMasterPhone2: '',
  files: [
    { fileID: 'a', name: 'cedula-representante.pdf', filePath: '/api/v1/files/a', owner: 'legalRepresentative' },
    { fileID: 'b', name: 'acta-de-posesion.pdf', filePath: '/api/v1/files/b', owner: null },
  ],
};

function job(status: JobView['status']): JobView {
  return {
    id: 31,
    kind: 'sites.install',
    status,
    progress: { done: status === 'done' ? 5 : 2, total: 5, percent: status === 'done' ? 100 : 40 },
    counts: { queued: 0, done: 0, failed: 0, skipped: 0 },
    error: null,
    result: null,
    attempts: 1,
    cancelRequested: false,
    createdBy: 1,
    createdAt: '2025-01-01T00:00:00.000Z',
    startedAt: '2025-01-01T00:00:01.000Z',
    finishedAt: status === 'done' ? '2025-01-01T00:00:05.000Z' : null,
    runAfter: '2025-01-01T00:00:00.000Z',
  };
}

describe('PendingRequestCard', () => {
  it('shows both people and the documents; Aprobar confirms, approves, then follows the installation until it ends', async () => {
    const user = userEvent.setup();
    const calls: Call[] = [];
    let looks = 0;
    let changed = 0;
    renderWith(
      <PendingRequestCard request={{ id: 5, kind: 'FirstTime', creationDate: '2025-03-01T15:00:00.000Z' }} canDecide onChanged={() => (changed += 1)} />,
      fakeProvider(calls, (call) => {
        if (call.path === '/siterequests/administrator/5') return PROFILE;
        if (call.path === '/siterequests/changestatus/5') return { id: 5, status: 'Approved', jobId: 31 };
        if (call.path === '/jobs/31') return job((looks += 1) > 1 ? 'done' : 'running');
        throw new Error(`inesperado: ${call.path}`);
      }),
    );
    const legal = await screen.findByRole('region', { name: 'Representante legal' });
    expect(within(legal).getByText('María Pérez Gómez')).toBeTruthy();
    expect(within(legal).getByText('Femenino')).toBeTruthy();
    expect(within(legal).getByRole('button', { name: 'cedula-representante.pdf' })).toBeTruthy();
    const web = screen.getByRole('region', { name: 'Webmaster' });
    expect(within(web).getByText('Carlos Ruiz')).toBeTruthy();
    expect(within(web).getByText('carlos@bello.gov.co')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'acta-de-posesion.pdf' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Aprobar' }));
    const confirm = await screen.findByRole('dialog', { name: 'Aprobar solicitud' });
    await user.click(within(confirm).getByRole('button', { name: 'Regresar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Aprobar solicitud' })).toBeNull());
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Aprobar' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Aprobar solicitud' })).getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText('La solicitud ha sido aprobada')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PUT')).toEqual({ path: '/siterequests/changestatus/5', method: 'PUT', body: { status: 'Approved' } });
    const wait = await screen.findByRole('dialog', { name: 'Instalación del portal' });
    expect(await within(wait).findByText('La instalación del portal terminó', {}, { timeout: 5000 })).toBeTruthy();
    expect(changed).toBe(0);
    await user.click(within(wait).getByRole('button', { name: 'Cerrar' }));
    expect(changed).toBe(1);
  });

  it('without Sites shows the data but no decision buttons', async () => {
    renderWith(
      <PendingRequestCard request={{ id: 5, kind: 'ChangeAdmin', creationDate: '2025-03-01T15:00:00.000Z' }} canDecide={false} onChanged={() => {}} />,
      fakeProvider([], () => ({ ...PROFILE, files: [] })),
    );
    expect(await screen.findByText('La solicitud no tiene documentos adjuntos')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Aprobar' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Rechazar' })).toBeNull();
  });
});
