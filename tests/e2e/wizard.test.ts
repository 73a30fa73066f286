/**
 * The public request wizard at '/' from an anonymous browser (spec 01 'New-entity request wizard', issue 9): a new
 * entity of type 5 fills the five steps with a document, the request arrives PendingApproval, and a signed-in
 * super-admin sees it counted in 'Por aprobar'. axe finds no serious violation on the steps.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hashCaptchaAnswer } from '../../server/auth/captcha';
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
  it('una entidad nueva llena los cinco pasos con un documento y la solicitud queda por aprobar', async () => {
    const { page } = e2e;
    const failures: string[] = [];
    const pendingBefore = await pendingCount();
    await page.goto(e2e.url('/'));
    await page.getByRole('heading', { name: 'Entidad' }).waitFor();
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

    // Step 5: the captcha (its answer set here: the image is made for people) and the submission.
    await page.getByRole('heading', { name: 'Confirmación' }).waitFor();
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
    await e2e.signIn(admin, ADMIN.email, ADMIN.password);
    await admin.goto(e2e.url('/portales'));
    await admin.getByRole('tab', { name: `Por aprobar (${pendingBefore + 1})`, exact: true }).waitFor();
  });
});
