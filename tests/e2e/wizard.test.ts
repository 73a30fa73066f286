/**
 * The public request wizard at '/' from an anonymous browser (spec 01 'New-entity request wizard', issue 9): a new
 * entity of type 5 fills the five steps with a document, the request arrives PendingApproval, and a signed-in
 * super-admin sees it counted in 'Por aprobar'; then the rest of the portal's life as issue 9's 'Done when' tells it:
 * the super-admin approves it from the site's Solicitudes and watches the installation finish, the two main
 * administrators get their access e-mails, and a backup of the new portal is requested, e-mailed and downloaded once
 * through its token. axe finds no serious violation on the steps. The confirmation step sums up what was entered; on a
 * small screen the cookies notice never covers the wizard's buttons.
 */
import JSZip from 'jszip';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hashCaptchaAnswer } from '../../server/auth/captcha';
import { createJobRunner, startJobRunner } from '../../server/jobs';
import { INSTALLATION_ACCESS_MAIL } from '../../server/sites/installation/job';
import { blockingViolations, describeViolations } from '../helpers/axe';
import { ADMIN, setupE2e } from '../helpers/e2e';

const e2e = setupE2e();

async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function pendingCount(): Promise<number> {
  const [row] = await e2e.testApp.database.query<{ n: number }>('select count(*)::int as n from sites where not is_deleted and pending_request');
  return row!.n;
}

async function axeClean(page: Page, where: string, failures: string[]): Promise<void> {
  const violations = await blockingViolations(page);
  if (violations.length) failures.push(describeViolations(where, violations));
}

describe('asistente público de solicitud de portal', () => {
  it('en una pantalla pequeña, el aviso de cookies no tapa los botones del asistente, nada ensancha la página y el texto cuenta los pasos mostrados', async () => {
    // A first visit: no cookies accepted yet (the harness's pages accept them beforehand).
    const context = await e2e.browser.newContext({ viewport: { width: 390, height: 640 }, locale: 'es-CO' });
    try {
      const page = await context.newPage();
      await page.goto(e2e.url('/'));
      await page.getByRole('region', { name: 'Aceptar' }).waitFor();
      await page.getByText('Completa los cuatro pasos; revisaremos tu solicitud y te avisaremos por correo electrónico.').waitFor();
      const next = page.getByRole('button', { name: 'Siguiente' });
      await next.waitFor();
      /** Whether the button's centre is the button itself (nothing drawn over it). */
      const uncovered = () =>
        next.evaluate((button) => {
          const box = button.getBoundingClientRect();
          return button.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
        });
      // Nothing widens the page past the screen (the stepper scrolls on its own).
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await next.scrollIntoViewIfNeeded();
      expect(await uncovered()).toBe(true);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      expect(await uncovered()).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('una entidad nueva llena los cinco pasos con un documento; se aprueba, se instala, avisa a sus administradores y se respalda', async () => {
    const { page } = e2e;
    const failures: string[] = [];
    const pendingBefore = await pendingCount();
    await page.goto(e2e.url('/'));
    await page.getByRole('heading', { name: 'Entidad', exact: true }).waitFor();
    await page.getByRole('link', { name: 'Ingresar al administrador' }).waitFor();

    // Step 1: first time, Antioquia / Medellín, 'Otras entidades': a new site may be added.
    await page.getByRole('radio', { name: 'Solicitar el portal de mi entidad por primera vez' }).check();
    await choose(page, 'Departamento', 'Antioquia');
    await choose(page, 'Tipo de entidad', 'Otras entidades');
    await choose(page, 'Municipio', 'Medellín');
    const newSite = page.getByRole('radio', { name: 'Mi entidad no está en la lista: solicitar un sitio nuevo' });
    await newSite.waitFor();
    await newSite.check();
    await axeClean(page, 'paso 1', failures);
    await page.getByRole('button', { name: 'Siguiente' }).click();

    // Step 2: the new site's data; the URL is checked live.
    await page.getByRole('heading', { name: 'Datos del nuevo sitio' }).waitFor();
    // The site form's map: typed coordinates put the marker on it.
    await page.getByLabel('Latitud').fill('6.2442');
    await page.getByLabel('Longitud').fill('-75.5812');
    await page.getByRole('region', { name: 'Mapa: haz clic o arrastra el marcador para ubicar la entidad' }).locator('.leaflet-marker-icon').waitFor();
    await axeClean(page, 'paso 2', failures);
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await page.getByText('Debes ingresar el nombre de la entidad').first().waitFor();
    await page.getByLabel('Nombre de la entidad').fill('Empresa de Desarrollo Urbano de Prueba');
    // After a 'Siguiente' with errors, a corrected field loses its message at once.
    await expect.poll(() => page.getByText('Debes ingresar el nombre de la entidad').count()).toBe(0);
    await page.getByLabel('Dominio (URL)').fill('https://edu-prueba.gov.co');
    await page.getByText('La Url está disponible').first().waitFor();
    await page.getByLabel('Dirección').fill('Carrera 49 # 44-94');
    await page.getByLabel('Latitud').fill('6.2442');
    await page.getByLabel('Longitud').fill('-75.5812');
    await page.getByRole('button', { name: 'Siguiente' }).click();

    // Step 3: the legal representative, with the spec's messages first.
    await page.getByRole('heading', { name: 'Representante legal' }).waitFor();
    await page.getByRole('button', { name: 'Siguiente' }).click();
    for (const message of ['Debes ingresar un apellido', 'Debes ingresar un numero de identificación', 'Debes seleccionar un género', 'Debes ingresar un cargo', 'Debes ingresar un teléfono']) {
      await page.getByText(message).first().waitFor();
    }
    await page.getByLabel('Número de identificación').fill('12a');
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await page.getByText('Solo se permiten números').first().waitFor();
    const profile = { 'Primer nombre': 'Ana', 'Primer apellido': 'Pérez', 'Número de identificación': '52123456', Cargo: 'Gerente', 'Correo electrónico': 'ana.perez@edu-prueba.gov.co', Teléfono: '3001234567' };
    for (const [label, value] of Object.entries(profile)) await page.getByLabel(label, { exact: true }).fill(value);
    await page.getByRole('radio', { name: 'Femenino' }).check();
    await axeClean(page, 'paso 3', failures);
    await page.getByRole('button', { name: 'Siguiente' }).click();

    // Step 4: the webmaster, a document uploaded with its progress, and the terms accepted.
    await page.getByRole('heading', { name: 'Administrador web y documentos' }).waitFor();
    const webMaster = { 'Primer nombre': 'Luis', 'Primer apellido': 'Gómez', 'Número de identificación': '80123456', Cargo: 'Ingeniero', 'Correo electrónico': 'luis.gomez@edu-prueba.gov.co', Teléfono: '3007654321' };
    for (const [label, value] of Object.entries(webMaster)) await page.getByLabel(label, { exact: true }).fill(value);
    await page.getByRole('radio', { name: 'Masculino' }).check();
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await page.getByText('Debes adjuntar por lo menos un documento de soporte').waitFor();
    await page.getByText('Debes aceptar los términos y la política de tratamiento de datos').first().waitFor();
    await page.getByTestId('newsite-file-input').setInputFiles({
      name: 'acta-de-posesion.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
    });
    await page.getByText('acta-de-posesion.pdf', { exact: true }).waitFor();
    await page.getByText('Versión 1').first().waitFor();
    await page.getByRole('checkbox', { name: /He leído y acepto/ }).check();
    await axeClean(page, 'paso 4', failures);
    await page.getByRole('button', { name: 'Siguiente' }).click();

    // Step 5: the summary of everything entered, the captcha (its answer set here: the image is made for people) and
    // the submission.
    await page.getByRole('heading', { name: 'Confirmación' }).waitFor();
    const review = page.getByRole('region', { name: 'Revisa tu solicitud' });
    for (const [section, values] of [
      ['Entidad', ['Antioquia', 'Medellín', 'Otras entidades']],
      ['Datos del nuevo sitio', ['Empresa de Desarrollo Urbano de Prueba', 'https://edu-prueba.gov.co', 'Carrera 49 # 44-94']],
      ['Representante legal', ['Ana', 'Pérez', '52123456', 'Femenino', 'Gerente', 'ana.perez@edu-prueba.gov.co', '3001234567']],
      ['Administrador web y documentos', ['Luis', 'Gómez', '80123456', 'Masculino', 'luis.gomez@edu-prueba.gov.co', 'acta-de-posesion.pdf']],
    ] as const) {
      const part = review.getByRole('region', { name: section });
      for (const value of values) await part.getByText(value, { exact: true }).waitFor();
    }
    await page.getByRole('img', { name: /captcha/i }).waitFor();
    await e2e.testApp.database.query('update captchas set answer_hash = $1 where used_at is null', [hashCaptchaAnswer('K7PAX')]);
    await page.getByLabel(/Captcha/).fill('K7PAX');
    await axeClean(page, 'paso 5', failures);
    await page.getByRole('button', { name: 'Enviar solicitud' }).click();
    await page.getByText('Recibimos tu solicitud').waitFor();
    await page.getByText('Enviamos una confirmación a ana.perez@edu-prueba.gov.co', { exact: false }).waitFor();
    expect(failures.join('\n\n')).toBe('');

    const [request] = await e2e.testApp.database.query<{ status: string; kind: string; user_made: boolean; site_id: number }>(
      `select r.status, r.kind, s.user_made, s.id as site_id from site_requests r join sites s on s.id = r.site_id
        where s.name = 'Empresa de Desarrollo Urbano de Prueba'`,
    );
    expect(request).toMatchObject({ status: 'PendingApproval', kind: 'UserMade', user_made: true });
    expect(await pendingCount()).toBe(pendingBefore + 1);

    // A super-admin sees it counted in 'Por aprobar'.
    const admin = await e2e.newPage();
    await e2e.signInByApi(admin);
    await admin.goto(e2e.url('/portales'));
    await admin.getByRole('tab', { name: `Por aprobar (${pendingBefore + 1})`, exact: true }).waitFor();

    // The super-admin approves it from the site's Solicitudes and follows the installation job to its end.
    const runner = startJobRunner(e2e.testApp.context, { pollMs: 100, log: () => {} });
    try {
      await admin.goto(e2e.url(`/portales/${request!.site_id}`));
      await admin.getByRole('tab', { name: 'Solicitudes' }).click();
      const card = admin.getByRole('article');
      await card.getByText('52123456').first().waitFor();
      await card.getByText('acta-de-posesion.pdf').first().waitFor();
      await card.getByRole('button', { name: 'Aprobar' }).click();
      await admin.getByRole('dialog', { name: 'Aprobar solicitud' }).getByRole('button', { name: 'Continuar' }).click();
      const wait = admin.getByRole('dialog', { name: 'Instalación del portal' });
      await wait.getByText('La instalación del portal terminó').waitFor({ timeout: 30_000 });
      await axeClean(admin, 'instalación terminada', failures);
      await wait.getByRole('button', { name: 'Cerrar' }).click();
    } finally {
      await runner.stop();
    }
    const [site] = await e2e.testApp.database.query<{ installed: boolean; status_id: number }>('select installed, status_id from sites where id = $1', [request!.site_id]);
    expect(site).toMatchObject({ installed: true, status_id: 1 });

    // The two main administrators exist, without a password until they use the access link each was e-mailed.
    const admins = await e2e.testApp.database.query<{ id: number; email: string; admin_type: string; password_hash: string | null }>(
      'select id, email, admin_type, password_hash from users where site_id = $1 and user_type_id = 1 and not deleted order by email',
      [request!.site_id],
    );
    expect(admins.map(({ email, admin_type, password_hash }) => ({ email, admin_type, password_hash }))).toEqual([
      { email: 'ana.perez@edu-prueba.gov.co', admin_type: 'LegalRepresentative', password_hash: null },
      { email: 'luis.gomez@edu-prueba.gov.co', admin_type: 'WebMaster', password_hash: null },
    ]);
    const access = await e2e.testApp.database.query<{ recipient: string }>(
      'select recipient from mail_log where template = $1 and related_id in ($2, $3) order by recipient',
      [INSTALLATION_ACCESS_MAIL, String(admins[0]!.id), String(admins[1]!.id)],
    );
    expect(access.map((mail) => mail.recipient)).toEqual(['ana.perez@edu-prueba.gov.co', 'luis.gomez@edu-prueba.gov.co']);

    // A backup of the new portal: requested from its detail, built, e-mailed to the requester and downloaded once.
    await admin.reload();
    await admin.getByRole('button', { name: 'Opciones' }).click();
    await admin.getByRole('menuitem', { name: 'Solicitar copia de seguridad' }).click();
    await admin.getByRole('button', { name: 'Continuar' }).click();
    const summary = admin.getByRole('region', { name: 'Copias de seguridad' });
    await summary.getByText('Solicitada').waitFor();
    await createJobRunner(e2e.testApp.context, { pollMs: 10, log: () => {} }).drain();
    await summary.getByText('Lista para descargar').waitFor({ timeout: 15_000 });
    const [backup] = await e2e.testApp.database.query<{ id: number }>('select id from backups where site_id = $1', [request!.site_id]);
    const ready = await e2e.testApp.database.query<{ recipient: string }>(
      "select recipient from mail_log where related_resource = 'backups' and related_id = $1",
      [String(backup!.id)],
    );
    expect(ready.map((mail) => mail.recipient)).toEqual([ADMIN.email]);
    const [download] = await Promise.all([admin.waitForEvent('download'), summary.getByRole('button', { name: /^Descargar la copia/ }).click()]);
    const zip = await JSZip.loadAsync(fs.readFileSync(await download.path()));
    expect(JSON.parse(await zip.file('entidad.json')!.async('string'))).toMatchObject({ id: request!.site_id, name: 'Empresa de Desarrollo Urbano de Prueba' });
    const link = new URL(download.url());
    expect((await e2e.api(link.pathname + link.search)).status).toBe(410);
    expect(failures.join('\n\n')).toBe('');
  });
});
