/**
 * Backups in the browser (issue 9 'backup request → download'; spec 01 §2, §4, §8): a Sites holder requests a backup
 * from the site detail after the confirmation, the summary follows it until it is ready (the job is run here), the zip
 * is downloaded once through its token, the same link opened again shows 'Este archivo ya no se encuentra para
 * descarga' (410), and the download page /descargar-backup/{hash} gets a fresh token; a site holds one backup, so a new
 * request for a site whose backup is ready asks to replace it and the summary, on its events, ends with the new one
 * alone (issue 21). Each screen is checked with axe.
 */
import JSZip from 'jszip';
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createJobRunner } from '../../server/jobs';
import { blockingViolations, describeViolations } from '../helpers/axe';
import { setupE2e } from '../helpers/e2e';

const e2e = setupE2e();

async function expectAxeClean(page: Page, screen: string): Promise<void> {
  const violations = await blockingViolations(page);
  expect(violations, describeViolations(screen, violations)).toEqual([]);
}

async function downloadedZip(page: Page, start: () => Promise<void>): Promise<{ url: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), start()]);
  const file = await download.path();
  return { url: download.url(), bytes: fs.readFileSync(file) };
}

describe('copias de seguridad', () => {
  it('se solicita desde el detalle, se descarga una vez con su token y el mismo enlace ya no sirve', async () => {
    const { page } = e2e;
    const [site] = await e2e.testApp.database.query<{ id: number; name: string }>(
      'select id, name from sites where not is_deleted and installed and status_id = 1 order by id limit 1',
    );
    const user = await e2e.createSuperadmin(['Sites']);
    await e2e.signInByApi(page, user.email, user.password);
    await page.goto(e2e.url(`/portales/${site!.id}`));
    await page.getByRole('heading', { name: site!.name }).waitFor();
    const summary = page.getByRole('region', { name: 'Copias de seguridad' });
    await summary.getByText('Esta entidad no tiene copias de seguridad').waitFor();
    await expectAxeClean(page, 'detalle con el resumen de copias');

    await page.getByRole('button', { name: 'Opciones' }).click();
    await page.getByRole('menuitem', { name: 'Solicitar copia de seguridad' }).click();
    await page.getByText(/Tarda entre 30 y 60 minutos/).waitFor();
    await expectAxeClean(page, 'confirmación de la copia');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await summary.getByText('Solicitada').waitFor();
    // The summary follows the site's backups channel (realtime stream open in the browser).
    await summary.getByText(/se actualiza en cuanto cambie su estado/).waitFor();

    // The job runs (in the server it is the runner's); the summary sees it ready on its event.
    await createJobRunner(e2e.testApp.context, { pollMs: 10, log: () => {} }).drain();
    await summary.getByText('Lista para descargar').waitFor({ timeout: 15_000 });
    await expectAxeClean(page, 'resumen con una copia lista');

    const first = await downloadedZip(page, () => summary.getByRole('button', { name: /^Descargar la copia/ }).click());
    expect(first.url).toMatch(/\/download\/[0-9a-f]{48}\?token=/);
    const zip = await JSZip.loadAsync(first.bytes);
    expect(Object.keys(zip.files)).toEqual(expect.arrayContaining(['entidad.json', 'manifest.json']));
    expect(JSON.parse(await zip.file('entidad.json')!.async('string'))).toMatchObject({ id: site!.id });

    // The same link again: refused, in the envelope for a script and with the page for a browser.
    expect((await e2e.api(new URL(first.url).pathname + new URL(first.url).search)).status).toBe(410);
    const again = await page.goto(first.url);
    expect(again?.status()).toBe(410);
    await page.getByText('Este archivo ya no se encuentra para descarga').waitFor();
    await expectAxeClean(page, 'enlace de descarga ya usado');
    await page.getByRole('button', { name: 'Ir a Portales' }).click();
    await page.waitForURL('**/portales');

    // The download page asks its own token by the hash.
    const hash = new URL(first.url).pathname.split('/').pop()!;
    await page.goto(e2e.url(`/descargar-backup/${hash}`));
    await page.getByRole('heading', { name: 'Descargar copia de seguridad' }).waitFor();
    await expectAxeClean(page, 'página de descarga');
    const second = await downloadedZip(page, () => page.getByRole('button', { name: 'Descargar', exact: true }).click());
    expect(second.bytes.equals(first.bytes)).toBe(true);
    expect(second.url).not.toBe(first.url);
    await page.getByText(/La descarga comenzó/).waitFor();
  });

  it('una copia pendiente impide otra y el aviso lleva a la entidad que la tiene', async () => {
    const { page } = e2e;
    const sites = await e2e.testApp.database.query<{ id: number; name: string }>(
      'select id, name from sites where not is_deleted and installed and status_id = 1 order by id offset 1 limit 2',
    );
    const [holder, other] = [sites[0]!, sites[1]!];
    const user = await e2e.createSuperadmin(['Sites']);
    const token = await e2e.signInByApi(page, user.email, user.password);
    expect((await e2e.api('/api/v1/backuprequests', { method: 'POST', token, body: { siteId: holder.id } })).status).toBe(201);

    await page.goto(e2e.url(`/portales/${other.id}`));
    await page.getByRole('heading', { name: other.name }).waitFor();
    await page.getByRole('button', { name: 'Opciones' }).click();
    await page.getByRole('menuitem', { name: 'Solicitar copia de seguridad' }).click();
    await page.getByRole('button', { name: 'Continuar' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText(`No se puede generar backup: la entidad ${holder.name} tiene una copia de seguridad pendiente`).waitFor();
    await expectAxeClean(page, 'aviso de copia pendiente');
    await dialog.getByRole('link', { name: 'Ir a la entidad con la copia pendiente' }).click();
    await page.waitForURL(`**/portales/${holder.id}`);
    await page.getByRole('heading', { name: holder.name }).waitFor();
    await createJobRunner(e2e.testApp.context, { pollMs: 10, log: () => {} }).drain();
  });

  it('una entidad conserva una copia: pedir otra pregunta si se reemplaza, y al estar lista queda solo la nueva', async () => {
    const { page } = e2e;
    // The previous test's holder: its backup is ready.
    const [holder] = await e2e.testApp.database.query<{ id: number; name: string }>(
      "select s.id, s.name from sites s join backups b on b.site_id = s.id where b.status = 'ready' order by b.id desc limit 1",
    );
    const user = await e2e.createSuperadmin(['Sites']);
    await e2e.signInByApi(page, user.email, user.password);
    await page.goto(e2e.url(`/portales/${holder!.id}`));
    await page.getByRole('heading', { name: holder!.name }).waitFor();
    const summary = page.getByRole('region', { name: 'Copias de seguridad' });
    await summary.getByText('Lista para descargar').waitFor();
    await summary.getByText(/se actualiza en cuanto cambie su estado/).waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Opciones' }).click();
    await page.getByRole('menuitem', { name: 'Solicitar copia de seguridad' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Reemplazar copia de seguridad').waitFor();
    await dialog.getByText(/¿Deseas reemplazarla\?/).waitFor();
    await expectAxeClean(page, 'pregunta de reemplazo de la copia');
    await dialog.getByRole('button', { name: 'Continuar' }).click();
    await summary.getByText('Solicitada').waitFor();
    // The ready one stays until the new one is ready.
    expect(await summary.getByRole('row').count()).toBe(3);
    await summary.getByText(/se actualiza en cuanto cambie su estado/).waitFor();

    await createJobRunner(e2e.testApp.context, { pollMs: 10, log: () => {} }).drain();
    await summary.getByText('Solicitada').waitFor({ state: 'detached', timeout: 15_000 });
    await expect.poll(() => summary.getByRole('row').count(), { timeout: 15_000 }).toBe(2);
    await summary.getByText('Lista para descargar').waitFor();
    const [rows] = await e2e.testApp.database.query<{ n: number }>('select count(*)::int as n from backups where site_id = $1', [holder!.id]);
    expect(Number(rows!.n)).toBe(1);
  });
});
