/**
 * The site detail in the browser (issue 8, spec 01 §2 'Site detail', §4 states, §5 annotation, §6 permissions, §7 routes):
 * the tabs Información, Solicitudes, Histórico and Anotaciones with their content (local tab state: the address stays
 * /portales/{id}); annotations with the 540-character counter, an attachment uploaded with its progress bar and
 * downloaded with the same bytes, the 5242880-byte cap and 'Ver más' after 15; Editar (the site form with its map on
 * the site, a map click and the address saved); Inactivar / Activar after a confirmation;
 * 'Administrar' with its reason opening the portal's administration address in a new tab (single-use token, checked with
 * the portal's redeem call); Eliminar with its warning, freeing the alias; and what users without Sites or without
 * Impersonate see and may do. Expectations are read from the database, never written by hand.
 */
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { issuePortalKey } from '../../server/portal/keys';
import { blockingViolations, describeViolations } from '../helpers/axe';
import { ADMIN, setupE2e } from '../helpers/e2e';

const e2e = setupE2e();

interface SiteRow {
  id: number;
  name: string;
  alias: string;
  url: string | null;
}

/** The `offset`-th site (by id) matching `condition`: each test takes its own site, so none depends on another. */
async function siteWhere(condition: string, offset = 0): Promise<SiteRow> {
  const [site] = await e2e.testApp.database.query<SiteRow>(
    `select id, name, alias, url from sites s where not is_deleted and ${condition} order by id offset ${offset} limit 1`,
  );
  if (!site) throw new Error(`No hay un portal con ${condition} (posición ${offset})`);
  return site;
}

async function statusOf(siteId: number): Promise<number> {
  const [row] = await e2e.testApp.database.query<{ status_id: number }>('select status_id from sites where id = $1', [siteId]);
  return row!.status_id;
}

async function expectAxeClean(page: Page, screen: string): Promise<void> {
  const violations = await blockingViolations(page);
  expect(violations, describeViolations(screen, violations)).toEqual([]);
}

async function openDetail(page: Page, site: SiteRow, email: string = ADMIN.email, password: string = ADMIN.password): Promise<void> {
  await e2e.signInByApi(page, email, password);
  await page.goto(e2e.url(`/portales/${site.id}`));
  await page.getByRole('heading', { name: site.name, exact: true }).waitFor();
}

const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });
const selectedTab = (page: Page, name: string) => tab(page, name).and(page.locator('[aria-selected=true]'));
const panel = (page: Page) => page.getByRole('tabpanel');

async function openTab(page: Page, name: string): Promise<void> {
  await tab(page, name).click();
  await selectedTab(page, name).waitFor();
}

async function chooseOption(page: Page, option: string): Promise<void> {
  await page.getByRole('button', { name: 'Opciones', exact: true }).click();
  await page.getByRole('menuitem', { name: option, exact: true }).click();
}

async function menuOptions(page: Page): Promise<string[]> {
  await page.getByRole('button', { name: 'Opciones', exact: true }).click();
  const menu = page.getByRole('menu');
  await menu.getByRole('menuitem').first().waitFor();
  const options = (await menu.getByRole('menuitem').allTextContents()).map((text) => text.trim());
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'hidden' });
  return options;
}

/** A small but real PDF whose bytes are unique to the test (the download must give them back). */
function pdfBytes(marker: string): Buffer {
  return Buffer.from(`%PDF-1.4\n% ${marker}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`);
}

async function createComments(siteId: number, count: number, prefix: string): Promise<void> {
  const token = await e2e.testApp.tokenFor(['Sites']);
  for (let i = 1; i <= count; i += 1) {
    const answer = await e2e.api('/api/v1/sites/comments', { method: 'POST', token, body: { siteId, description: `${prefix} ${i}`, files: [] } });
    expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
  }
}

describe('pestañas del detalle', () => {
  it('Información, Solicitudes, Histórico y Anotaciones muestran su contenido; la pestaña es estado de la pantalla y la dirección no cambia', async () => {
    const { page, testApp } = e2e;
    const site = await siteWhere(`exists (select 1 from site_requests r where r.site_id = s.id and r.status = 'PendingApproval')`);
    await testApp.database.query(
      `insert into site_requests (site_id, kind, status, response_message, creation_date, processed_date)
       values ($1, 'ChangeAdmin', 'Rejected', 'Rechazada en la prueba del histórico: faltan los documentos del representante legal', now() - interval '3 days', now() - interval '2 days'),
              ($1, 'FirstTime', 'Approved', null, now() - interval '10 days', now() - interval '9 days')`,
      [site.id],
    );
    const [{ pending }] = await testApp.database.query<{ pending: number }>(
      `select count(*)::int as pending from site_requests where site_id = $1 and status = 'PendingApproval'`,
      [site.id],
    );
    await openDetail(page, site);
    const address = page.url();

    // Información first, with the site's own data.
    for (const name of ['Información', 'Solicitudes', 'Histórico', 'Anotaciones']) await tab(page, name).waitFor();
    await selectedTab(page, 'Información').waitFor();
    await panel(page).getByText('Alias', { exact: true }).waitFor();
    await panel(page).getByText(site.alias, { exact: true }).waitFor();
    await expectAxeClean(page, 'detalle: Información');

    await openTab(page, 'Solicitudes');
    await expect.poll(() => panel(page).getByRole('article').count()).toBe(pending);
    await panel(page).getByRole('button', { name: 'Aprobar' }).first().waitFor();
    await expectAxeClean(page, 'detalle: Solicitudes');

    await openTab(page, 'Histórico');
    const historyRows = panel(page).locator('tbody tr');
    await expect.poll(() => historyRows.count()).toBe(2);
    // Newest processed first, each with its status name and the rejection's reason.
    expect(await historyRows.nth(0).textContent()).toContain('Rechazada en la prueba del histórico');
    await panel(page).getByRole('columnheader', { name: 'Estado' }).waitFor();
    expect(await panel(page).getByRole('article').count()).toBe(0);
    await expectAxeClean(page, 'detalle: Histórico');

    await openTab(page, 'Anotaciones');
    await panel(page).getByRole('textbox', { name: 'Nueva anotación' }).waitFor();
    await panel(page).getByText('Aún no hay anotaciones').waitFor();
    await expectAxeClean(page, 'detalle: Anotaciones');

    // The tabs are the screen's state: the address stays the detail's, and coming back opens on Información again.
    expect(page.url()).toBe(address);
    await page.reload();
    await selectedTab(page, 'Información').waitFor();
    await panel(page).getByText(site.alias, { exact: true }).waitFor();
  });

  it('sin solicitudes pendientes dice "No tienes solicitudes pendientes"', async () => {
    const { page } = e2e;
    const site = await siteWhere(`installed and not exists (select 1 from site_requests r where r.site_id = s.id)`, 1);
    await openDetail(page, site);
    await openTab(page, 'Solicitudes');
    await panel(page).getByText('No tienes solicitudes pendientes').waitFor();
  });
});

describe('anotaciones', () => {
  it('el contador muestra lo que queda de 540 y no deja escribir más', async () => {
    const { page } = e2e;
    const site = await siteWhere('installed and status_id = 1', 3);
    await openDetail(page, site);
    await openTab(page, 'Anotaciones');
    const text = panel(page).getByRole('textbox', { name: 'Nueva anotación' });
    await panel(page).getByText('Te quedan 540 caracteres').waitFor();
    await text.fill('Hola mundo');
    await panel(page).getByText('Te quedan 530 caracteres').waitFor();
    await text.fill('x'.repeat(540));
    await panel(page).getByText('Te quedan 0 caracteres').waitFor();
    await text.press('End');
    await page.keyboard.type('más');
    expect((await text.inputValue()).length).toBe(540);
    await panel(page).getByText('Te quedan 0 caracteres').waitFor();
  });

  it('sube un adjunto con progreso, la anotación queda arriba con su adjunto y se descarga con los mismos bytes; más de 5242880 bytes se rechaza', async () => {
    const { page } = e2e;
    const site = await siteWhere('installed and status_id = 1', 4);
    await createComments(site.id, 2, 'Anotación anterior');
    await openDetail(page, site);
    await openTab(page, 'Anotaciones');
    const items = panel(page).locator('ul > li');
    await expect.poll(() => items.count()).toBe(2);

    // Too big: refused with the files service's message, and nothing joins the form.
    const fileInput = panel(page).locator('input[type=file]').first();
    await fileInput.setInputFiles({ name: 'demasiado-grande.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(5_242_881, 0x41) });
    await page.getByText('Sube archivos de menos de 5 Mb').waitFor();
    expect(await panel(page).getByRole('button', { name: 'demasiado-grande.pdf' }).count()).toBe(0);

    // The upload's answer is held until the progress bar was seen, so the bar is checked without racing the upload.
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/uploadfiles/**', async (route) => {
      await released;
      await route.continue();
    });
    const marker = `adjunto-${Date.now()}`;
    const bytes = pdfBytes(marker);
    const fileName = `${marker}.pdf`;
    await fileInput.setInputFiles({ name: fileName, mimeType: 'application/pdf', buffer: bytes });
    const progress = panel(page).getByRole('progressbar', { name: 'Subiendo archivo' });
    await progress.waitFor();
    release();
    await progress.waitFor({ state: 'detached' });
    await panel(page).getByRole('button', { name: fileName }).waitFor();
    await page.unroute('**/uploadfiles/**');

    const description = `Anotación con adjunto ${marker}`;
    await panel(page).getByRole('textbox', { name: 'Nueva anotación' }).fill(description);
    await panel(page).getByRole('button', { name: 'Guardar anotación' }).click();
    await page.getByText('La anotación ha sido guardada').waitFor();
    await expect.poll(() => items.count()).toBe(3);
    const first = items.first();
    expect(await first.textContent()).toContain(description);
    await first.getByRole('button', { name: fileName }).waitFor();
    // The form is new again: empty text, no file.
    await expect.poll(() => panel(page).getByRole('textbox', { name: 'Nueva anotación' }).inputValue()).toBe('');

    const [download] = await Promise.all([page.waitForEvent('download'), first.getByRole('button', { name: fileName }).click()]);
    expect(download.suggestedFilename()).toBe(fileName);
    expect(fs.readFileSync(await download.path()).equals(bytes)).toBe(true);

    const [stored] = await e2e.testApp.database.query<{ description: string }>(
      'select description from site_comments where site_id = $1 order by creation_date desc limit 1',
      [site.id],
    );
    expect(stored!.description).toBe(description);
  });

  it('muestra 15 anotaciones y "Ver más" trae las siguientes', async () => {
    const { page } = e2e;
    const site = await siteWhere('installed and status_id = 1', 5);
    await createComments(site.id, 16, 'Anotación numerada');
    await openDetail(page, site);
    await openTab(page, 'Anotaciones');
    const items = panel(page).locator('ul > li');
    await expect.poll(() => items.count()).toBe(15);
    // Newest first: the 16th written is on top, the 1st is on the next page.
    expect(await items.first().textContent()).toContain('Anotación numerada 16');
    expect(await panel(page).getByText('Anotación numerada 1', { exact: true }).count()).toBe(0);
    await panel(page).getByRole('button', { name: 'Ver más' }).click();
    await expect.poll(() => items.count()).toBe(16);
    await panel(page).getByText('Anotación numerada 1', { exact: true }).waitFor();
    await panel(page).getByRole('button', { name: 'Ver más' }).waitFor({ state: 'detached' });
  });
});

describe('estado del portal', () => {
  it('Inactivar pide confirmación e inactiva; Activar lo devuelve; solo para portales instalados', async () => {
    const { page } = e2e;
    const site = await siteWhere('installed and status_id = 1', 6);
    await openDetail(page, site);
    expect(await menuOptions(page)).toEqual(['Editar', 'Inactivar', 'Solicitar copia de seguridad', 'Eliminar', 'Administrar']);

    // Regresar leaves it as it was.
    await chooseOption(page, 'Inactivar');
    const confirmation = page.getByRole('dialog').filter({ hasText: '¿Seguro deseas inactivar esta entidad?' });
    await confirmation.waitFor();
    await expectAxeClean(page, 'confirmación de Inactivar');
    await confirmation.getByRole('button', { name: 'Regresar' }).click();
    await confirmation.waitFor({ state: 'detached' });
    expect(await statusOf(site.id)).toBe(1);

    await chooseOption(page, 'Inactivar');
    await confirmation.getByRole('button', { name: 'Continuar' }).click();
    await page.getByText('La entidad ha sido inactivada').waitFor();
    await expect.poll(() => statusOf(site.id)).toBe(2);
    await page.getByText('Inactivo', { exact: true }).first().waitFor();
    expect(await page.getByText('Activo', { exact: true }).count()).toBe(0);
    // Inactive: Activar instead of Inactivar, and no Administrar.
    await expect.poll(() => menuOptions(page)).toEqual(['Editar', 'Activar', 'Solicitar copia de seguridad', 'Eliminar']);

    await chooseOption(page, 'Activar');
    const activation = page.getByRole('dialog').filter({ hasText: '¿Seguro deseas activar esta entidad?' });
    await activation.getByRole('button', { name: 'Continuar' }).click();
    await page.getByText('La entidad ha sido activada').waitFor();
    await expect.poll(() => statusOf(site.id)).toBe(1);
    await page.getByText('Activo', { exact: true }).first().waitFor();
    expect(await page.getByText('Inactivo', { exact: true }).count()).toBe(0);
  });

  it('un portal sin instalar no ofrece Inactivar ni Activar, y el servidor los rechaza', async () => {
    const { page, testApp } = e2e;
    const site = await siteWhere('not installed and not pending_request', 7);
    await openDetail(page, site);
    expect(await menuOptions(page)).toEqual(['Editar', 'Solicitar copia de seguridad', 'Eliminar']);
    const token = await testApp.tokenFor(['Sites']);
    for (const action of ['disable', 'enable']) {
      const answer = await e2e.api<{ error: { message: string } }>(`/api/v1/sites/${site.id}/${action}`, { method: 'POST', token });
      expect(answer.status).toBe(409);
    }
    expect(await statusOf(site.id)).toBe(2);
  });
});

describe('Editar', () => {
  it('abre el formulario con los datos y el mapa del portal; un clic en el mapa cambia las coordenadas y Guardar las guarda con la dirección', async () => {
    const { page, testApp } = e2e;
    const site = await siteWhere('installed and status_id = 2 and not pending_request and piwik_id is null', 1);
    await openDetail(page, site);
    await chooseOption(page, 'Editar');
    const dialog = page.getByRole('dialog', { name: 'Editar entidad' });
    const map = dialog.locator('.leaflet-container');
    await map.waitFor({ state: 'visible' });
    await dialog.locator('.leaflet-marker-icon').waitFor();
    expect(await dialog.getByLabel('Nombre de la entidad').inputValue()).toBe(site.name);
    const latitude = dialog.getByLabel('Latitud', { exact: true });
    const longitude = dialog.getByLabel('Longitud', { exact: true });
    const before = await latitude.inputValue();
    await map.scrollIntoViewIfNeeded();
    // Right of the zoom buttons, away from the marker.
    await map.click({ position: { x: 200, y: 120 } });
    await expect.poll(() => latitude.inputValue()).not.toBe(before);
    const address = `Carrera 7 # ${Date.now().toString(36)}`;
    await dialog.getByLabel('Dirección').fill(address);
    const picked = [parseFloat(await latitude.inputValue()), parseFloat(await longitude.inputValue())];
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('El sitio ha sido actualizado correctamente').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const [saved] = await testApp.database.query<{ address: string; site_latitude: number; site_longitude: number }>(
      'select address, site_latitude, site_longitude from sites where id = $1',
      [site.id],
    );
    expect(saved!.address).toBe(address);
    expect([Number(saved!.site_latitude), Number(saved!.site_longitude)]).toEqual(picked);
  });
});

describe('Administrar', () => {
  it('exige el motivo, abre la administración del portal en otra pestaña con un token de un solo uso y registra el ingreso', async () => {
    const { page, testApp } = e2e;
    const site = await siteWhere('installed and status_id = 1 and url is not null', 8);
    const origin = new URL(site.url!).origin;
    // The portal is not reachable from the test: its address answers a stand-in page.
    await page.context().route(
      (url) => url.origin === origin,
      (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><html lang="es"><title>Portal</title><p>Portal</p></html>' }),
    );
    await openDetail(page, site);
    const recent = page.getByRole('region', { name: 'Últimos ingresos como administrador' });
    await recent.getByText('Nadie ha ingresado todavía a este portal como administrador').waitFor();

    await chooseOption(page, 'Administrar');
    const dialog = page.getByRole('dialog', { name: 'Administrar el portal' });
    const reason = dialog.getByRole('textbox', { name: 'Motivo del ingreso' });
    const enter = dialog.getByRole('button', { name: 'Ingresar' });
    await reason.waitFor();
    expect(await enter.isDisabled()).toBe(true);
    await reason.fill('corto');
    await dialog.getByText('Debes indicar el motivo del ingreso (al menos 10 caracteres)').waitFor();
    expect(await enter.isDisabled()).toBe(true);
    await expectAxeClean(page, 'diálogo Administrar');

    const why = `Soporte del caso ${Date.now()} solicitado por la entidad`;
    await reason.fill(why);
    await dialog.getByText('Debes indicar el motivo del ingreso (al menos 10 caracteres)').waitFor({ state: 'detached' });
    const [portal] = await Promise.all([page.context().waitForEvent('page'), enter.click()]);
    await portal.waitForURL((url) => url.origin === origin && url.pathname === '/administrador/ingresar' && /^#token=[\w-]+\.[\w-]+\.[\w-]+$/.test(url.hash));
    const token = new URL(portal.url()).hash.slice('#token='.length);
    await dialog.waitFor({ state: 'detached' });

    // The entry is listed at once, not used yet.
    const entry = recent.getByRole('listitem').filter({ hasText: why });
    await entry.waitFor();
    expect(await entry.textContent()).toContain('(sin usar)');

    // The portal redeems the token with its key: once.
    const key = (await testApp.database.db.transaction((tx) => issuePortalKey(tx, site.id)))!.key;
    const redeem = () =>
      fetch(e2e.url('/api/v1/portal/impersonations/redeem'), {
        method: 'POST',
        headers: { authorization: `Portal ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ token }),
      });
    const first = await redeem();
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ reason: why, userEmail: ADMIN.email });
    const second = await redeem();
    expect(second.status).toBe(400);
    expect(JSON.stringify(await second.json())).toContain('El token de ingreso no es válido, venció o ya fue usado');

    await page.reload();
    await recent.getByRole('listitem').filter({ hasText: why }).filter({ hasText: '(usado)' }).waitFor();
  });
});

describe('Eliminar', () => {
  it('advierte que se borra toda la información y recomienda una copia; al confirmar elimina el portal y libera el alias', async () => {
    const { page, testApp } = e2e;
    const token = await testApp.tokenFor(['Sites']);
    const stamp = Date.now();
    const body = (n: number) => ({
      name: `Entidad desechable ${stamp}`,
      alias: `desechable-${stamp}`,
      parentLocationId: 5,
      locationId: 5001,
      siteTypeId: 5,
      orderType: 1,
      allowedUrl: `https://desechable-${stamp}-${n}.gov.co`,
      address: 'Calle 10 # 20 - 30',
      siteLatitude: 6.25,
      siteLongitude: -75.56,
    });
    const created = await e2e.api<{ id: number; name: string; alias: string }>('/api/v1/sites/', { method: 'POST', token, body: body(1) });
    expect(created.status, JSON.stringify(created.body)).toBeLessThan(300);
    const site = { id: created.body.id, name: created.body.name, alias: created.body.alias, url: null };
    // Taken while the site exists.
    expect((await e2e.api('/api/v1/sites/', { method: 'POST', token, body: body(2) })).status).toBe(400);

    await openDetail(page, site);
    await chooseOption(page, 'Eliminar');
    const confirmation = page.getByRole('dialog').filter({ hasText: /toda su información/ });
    await confirmation.waitFor();
    expect(await confirmation.textContent()).toMatch(/copia de seguridad/);
    await expectAxeClean(page, 'confirmación de Eliminar');
    await confirmation.getByRole('button', { name: 'Continuar' }).click();
    await page.getByText('Entidad borrada').waitFor();
    await page.waitForURL((url) => url.pathname === '/portales');

    expect((await e2e.api(`/api/v1/sites/${site.id}`, { token })).status).toBe(404);
    const again = await e2e.api('/api/v1/sites/', { method: 'POST', token, body: body(3) });
    expect(again.status, JSON.stringify(again.body)).toBeLessThan(300);
  });
});

describe('permisos del detalle', () => {
  it('sin Sites abre en la información del administrador y sin menú de opciones en un portal inactivo', async () => {
    const { page, testApp } = e2e;
    const site = await siteWhere(
      `installed and status_id = 2 and exists (select 1 from users u where u.site_id = s.id and u.user_type_id = 1 and not u.deleted)`,
    );
    const [admin] = await testApp.database.query<{ name: string; email: string }>(
      'select name, email from users where site_id = $1 and user_type_id = 1 and not deleted order by id limit 1',
      [site.id],
    );
    const user = await e2e.createSuperadmin(['Impersonate']);
    await openDetail(page, site, user.email, user.password);
    await selectedTab(page, 'Administrador').waitFor();
    await panel(page).getByText(`${admin!.name} (${admin!.email})`).waitFor();
    const tabs = (await page.getByRole('tab').allTextContents()).map((text) => text.trim());
    expect(tabs).toEqual(['Administrador', 'Información']);
    expect(await page.getByRole('button', { name: 'Opciones', exact: true }).count()).toBe(0);
    await expectAxeClean(page, 'detalle sin Sites');

    // Each Sites action is refused to this user by the server too.
    const token = await testApp.tokenFor(['Impersonate']);
    expect((await e2e.api(`/api/v1/sites/${site.id}/enable`, { method: 'POST', token })).status).toBe(403);
    expect((await e2e.api(`/api/v1/sites/${site.id}`, { method: 'DELETE', token })).status).toBe(403);
    expect((await e2e.api('/api/v1/sites/comments', { method: 'POST', token, body: { siteId: site.id, description: 'No debería quedar' } })).status).toBe(403);
    expect((await e2e.api('/api/v1/backuprequests', { method: 'POST', token, body: { siteId: site.id } })).status).toBe(403);
  });

  it('con solo Impersonate ve únicamente Administrar; con solo Sites no ve Administrar y el servidor no le da el token', async () => {
    const { page, testApp } = e2e;
    const site = await siteWhere('installed and status_id = 1 and url is not null', 9);
    const impersonator = await e2e.createSuperadmin(['Impersonate']);
    await openDetail(page, site, impersonator.email, impersonator.password);
    await selectedTab(page, 'Administrador').waitFor();
    expect(await menuOptions(page)).toEqual(['Administrar']);

    const other = await e2e.newPage();
    const sitesOnly = await e2e.createSuperadmin(['Sites']);
    await openDetail(other, site, sitesOnly.email, sitesOnly.password);
    await selectedTab(other, 'Información').waitFor();
    expect(await menuOptions(other)).toEqual(['Editar', 'Inactivar', 'Solicitar copia de seguridad', 'Eliminar']);
    const token = await testApp.tokenFor(['Sites']);
    const reason = encodeURIComponent('Motivo suficientemente largo');
    expect((await e2e.api(`/api/v1/sites/${site.id}/auth?reason=${reason}`, { token })).status).toBe(403);
  });
});
