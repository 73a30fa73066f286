/**
 * Site requests in the browser against the demo data (spec 01 'Site detail' Solicitudes and Histórico, §4, §8; issue
 * 9 'Requests'): a super-admin approves a pending request from the detail (confirmation, success text, the wait
 * screen following the installation job) and rejects another one (reason with its rule, success text, the applicant's
 * e-mail in the mail log); both leave Solicitudes for Histórico with their status names.
 * The installation job belongs to server/sites/installation: a stand-in of the same kind runs here when it is absent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_INSTALL_JOB_KIND } from '../../server/resources/services/siteRequests';
import { jobKind, registerJobKind, startJobRunner, type JobRunner } from '../../server/jobs';
import { blockingViolations, describeViolations } from '../helpers/axe';
import { setupE2e } from '../helpers/e2e';

if (!jobKind(SITE_INSTALL_JOB_KIND)) {
  registerJobKind(SITE_INSTALL_JOB_KIND, {
    permissions: ['Sites'],
    async run(ctx) {
      await ctx.progress(1, 2);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await ctx.progress(2, 2);
      return {};
    },
  });
}

const e2e = setupE2e();
let runner: JobRunner | undefined;

beforeAll(() => {
  runner = startJobRunner(e2e.testApp.context, { pollMs: 100, log: () => {} });
});

afterAll(async () => runner?.stop());

const REASON = 'Los documentos del representante legal no corresponden a la entidad: envía el acta de posesión vigente.';

/** A demo site with one pending request: its id, the request's id and the legal representative's first name. */
async function pendingSite(skip: number): Promise<{ siteId: number; requestId: number; name: string }> {
  const [row] = await e2e.testApp.database.query<{ site_id: number; id: number; name: string }>(
    `select r.site_id, r.id, r.legal_representative->>'name' as name from site_requests r join sites s on s.id = r.site_id
      where r.status = 'PendingApproval' and not s.is_deleted order by r.id offset $1 limit 1`,
    [skip],
  );
  expect(row, 'la demostración trae solicitudes pendientes').toBeDefined();
  return { siteId: Number(row!.site_id), requestId: Number(row!.id), name: row!.name };
}

async function status(requestId: number): Promise<string> {
  const [row] = await e2e.testApp.database.query<{ status: string }>('select status from site_requests where id = $1', [requestId]);
  return row!.status;
}

describe('solicitudes de una entidad', () => {
  it('aprueba una solicitud pendiente desde el detalle y sigue la instalación hasta el final', async () => {
    const { page } = e2e;
    const { siteId, requestId, name } = await pendingSite(0);
    await e2e.signInByApi(page);
    await page.goto(e2e.url(`/portales/${siteId}`));
    await page.getByRole('tab', { name: 'Solicitudes' }).click();
    const card = page.getByRole('article');
    await card.getByRole('region', { name: 'Representante legal' }).getByText(name, { exact: false }).first().waitFor();
    await card.getByRole('region', { name: 'Webmaster' }).waitFor();
    const onCard = await blockingViolations(page);
    expect(onCard, describeViolations('Solicitudes', onCard)).toEqual([]);

    await card.getByRole('button', { name: 'Aprobar' }).click();
    const confirm = page.getByRole('dialog', { name: 'Aprobar solicitud' });
    await confirm.getByRole('button', { name: 'Continuar' }).click();
    await page.getByText('La solicitud ha sido aprobada').waitFor();
    const wait = page.getByRole('dialog', { name: 'Instalación del portal' });
    await wait.getByText('La instalación del portal terminó').waitFor({ timeout: 20_000 });
    expect(await status(requestId)).toBe('Approved');
    await wait.getByRole('button', { name: 'Cerrar' }).click();

    await page.getByText('No tienes solicitudes pendientes').waitFor();
    await page.getByRole('tab', { name: 'Histórico' }).click();
    await page.getByRole('cell', { name: 'Aprobada' }).first().waitFor();
  });

  it('rechaza otra con el motivo: regla de 50 caracteres, aviso de éxito, correo al solicitante e histórico', async () => {
    const { page } = e2e;
    const { siteId, requestId } = await pendingSite(0);
    await e2e.signInByApi(page);
    await page.goto(e2e.url(`/portales/${siteId}`));
    await page.getByRole('tab', { name: 'Solicitudes' }).click();
    await page.getByRole('article').getByRole('button', { name: 'Rechazar' }).click();

    const dialog = page.getByRole('dialog', { name: 'Rechazar solicitud' });
    const reason = dialog.getByRole('textbox', { name: /Motivo del rechazo/ });
    await reason.fill('Incompleta');
    await reason.blur();
    await dialog.getByText('El motivo del rechazo debe tener por lo menos 50 caracteres').waitFor();
    expect(await dialog.getByRole('button', { name: 'Rechazar' }).isDisabled()).toBe(true);
    await reason.fill(REASON);
    await dialog.getByText(`${REASON.length} caracteres (mínimo 50)`).waitFor();
    const onDialog = await blockingViolations(page);
    expect(onDialog, describeViolations('Rechazar solicitud', onDialog)).toEqual([]);
    await dialog.getByRole('button', { name: 'Rechazar' }).click();

    await page.getByText('La solicitud ha sido rechazada').waitFor();
    await page.getByText('No tienes solicitudes pendientes').waitFor();
    expect(await status(requestId)).toBe('Rejected');
    const mails = await e2e.testApp.database.query<{ template: string; text_body: string }>(
      "select template, text_body from mail_log where related_resource = 'siterequests' and related_id = $1",
      [String(requestId)],
    );
    expect(mails.length).toBeGreaterThan(0);
    expect(mails.every((mail) => mail.template === 'siterequests.rejected' && mail.text_body.includes(REASON))).toBe(true);

    await page.getByRole('tab', { name: 'Histórico' }).click();
    await page.getByRole('cell', { name: 'Rechazada' }).waitFor();
    await page.getByRole('cell', { name: REASON }).waitFor();
  });
});
