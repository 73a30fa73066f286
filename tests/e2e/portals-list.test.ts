/**
 * The write side of the site list at /portales in the browser (issue 8; spec 01 §2 'Site list', §4, §5 'Site form', §8):
 * 'Nueva entidad' with its map, 'Activar' with its confirmation, the bulk portal file with its check panel, the loads
 * with their upload and job progress, the 'Descarga' and 'Descargar solicitudes' exports of a filter, and what a user
 * without Sites sees and may do.
 * Expectations are read from the database or the API, never written by hand.
 */
import fs from 'node:fs';
import ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createJobRunner } from '../../server/jobs';
import { blockingViolations, describeViolations } from '../helpers/axe';
import { rawKeys, setupE2e } from '../helpers/e2e';

const e2e = setupE2e();

/** Runs the queued jobs (the loads are jobs) when the test says so: the queued state is seen first. */
const runJobs = () => createJobRunner(e2e.testApp.context, { instanceId: 'e2e-portals', log: () => {} }).drain();

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const siteRows = (page: Page) => page.getByRole('row', { name: /^Abrir la entidad/ });
const rowOf = (page: Page, id: number) => page.locator(`tbody tr[data-site-id="${id}"]`);

async function query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  return e2e.testApp.database.query<T>(sql, params);
}

async function openList(page: Page, search = ''): Promise<void> {
  await e2e.signInByApi(page);
  await page.goto(e2e.url(`/portales${search}`));
  await page.locator('tbody tr').first().waitFor();
}

/** A react-admin / MUI select by its label (its accessible name starts with the label, then the value). */
const combobox = (scope: Page | Locator, label: string) => scope.getByRole('combobox', { name: new RegExp(`^${escape(label)}`) });

async function choose(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  await combobox(scope, label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect.poll(() => combobox(scope, label).textContent()).toContain(option);
}

/** The marker's centre on the page (Leaflet draws it as an image positioned in the map pane). */
async function markerCentre(dialog: Locator): Promise<{ x: number; y: number }> {
  const box = await dialog.locator('.leaflet-marker-icon').boundingBox();
  if (!box) throw new Error('El marcador no está en el mapa');
  return { x: box.x + box.width / 2, y: box.y + box.height };
}

async function workbook(header: string[], rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Hoja');
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/**
 * One installed, inactive site (statusId 2) with a name of its own, so that the list can be searched for it; `slot`
 * keeps the tests that use one on different demo sites.
 */
async function inactiveInstalledSite(name: string, slot: number): Promise<number> {
  const [site] = await query<{ id: number }>(
    `update sites set installed = true, status_id = 2, name = $1
      where id = (select id from sites where not is_deleted and not pending_request and alias not like 'masiva-%' and alias not like 'e2e-%' order by id desc offset $2 limit 1)
      returning id`,
    [name, slot],
  );
  return Number(site!.id);
}

describe('Nueva entidad', () => {
  it('abre el formulario con el mapa, muestra los mensajes, ubica con el mapa, rechaza el alias repetido y crea la entidad', async () => {
    const { page } = e2e;
    const stamp = Date.now().toString(36);
    const [existing] = await query<{ alias: string }>('select alias from sites where not is_deleted and alias is not null order by id limit 1');
    const [type] = await query<{ name: string }>('select name from site_types where id = 2');
    await openList(page);
    await page.getByRole('button', { name: 'Nueva entidad', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Nueva entidad' });
    const map = dialog.locator('.leaflet-container');
    await map.waitFor({ state: 'visible' });
    await dialog.getByRole('region', { name: /^Mapa/ }).waitFor();

    const violations = await blockingViolations(page);
    expect(violations, describeViolations('Formulario Nueva entidad', violations)).toEqual([]);

    // Empty: the required messages of the site form.
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    for (const message of [
      'Debes ingresar el nombre de la entidad',
      'Debes ingresar el alias',
      'Debes seleccionar un departamento',
      'Debes seleccionar el tipo de entidad',
      'Debes ingresar el Dominio (URL)',
      'Debes ingresar la dirección',
      'Debes ingresar la latitud',
      'Debes ingresar la longitud',
    ]) {
      await dialog.getByText(message, { exact: true }).waitFor();
    }

    // A click on the map writes the coordinates and puts the marker there.
    const latitude = dialog.getByLabel('Latitud', { exact: true });
    const longitude = dialog.getByLabel('Longitud', { exact: true });
    await map.scrollIntoViewIfNeeded();
    await map.click({ position: { x: 120, y: 100 } });
    await expect.poll(async () => Number.isFinite(parseFloat(await latitude.inputValue()))).toBe(true);
    await expect.poll(async () => Number.isFinite(parseFloat(await longitude.inputValue()))).toBe(true);
    await dialog.getByText('Debes ingresar la latitud', { exact: true }).waitFor({ state: 'detached' });
    const clicked = { lat: parseFloat(await latitude.inputValue()), lng: parseFloat(await longitude.inputValue()) };
    await dialog.locator('.leaflet-marker-icon').waitFor();
    const first = await markerCentre(dialog);
    // The marker's tip is where the map was clicked.
    const mapBox = (await map.boundingBox())!;
    expect(Math.abs(first.x - (mapBox.x + 120))).toBeLessThanOrEqual(3);
    expect(Math.abs(first.y - (mapBox.y + 100))).toBeLessThanOrEqual(3);

    // Typed coordinates move the marker (Bogotá: east and south of the click).
    await latitude.fill('4.6097');
    await longitude.fill('-74.0817');
    await expect.poll(async () => (await markerCentre(dialog)).x).not.toBe(first.x);
    const moved = await markerCentre(dialog);
    expect(Math.abs(moved.x - first.x) + Math.abs(moved.y - first.y)).toBeGreaterThan(10);
    expect(clicked).not.toEqual({ lat: 4.6097, lng: -74.0817 });
    // The marker moved by the typed coordinates' distance: at the new form's zoom 5 (spec 01 §9) a pixel is 360/2^13 degrees.
    const degreesPerPixel = 360 / (256 * 2 ** 5);
    expect(Math.abs((moved.x - first.x) * degreesPerPixel - (-74.0817 - clicked.lng))).toBeLessThan(0.15);
    expect(Math.abs((first.y - moved.y) * degreesPerPixel - (4.6097 - clicked.lat))).toBeLessThan(0.15);

    const name = `Entidad navegador ${stamp}`;
    const alias = `e2e-nueva-${stamp}`;
    await dialog.getByLabel('Nombre de la entidad').fill(name);
    await dialog.getByLabel('Alias', { exact: true }).fill(existing!.alias);
    await choose(page, dialog, 'Departamento', 'Cundinamarca');
    await choose(page, dialog, 'Municipio', 'Soacha');
    await choose(page, dialog, 'Tipo de entidad', type!.name);
    await dialog.getByLabel('Dominio (URL)').fill(`https://www.${alias}.gov.co`);
    await dialog.getByLabel('Dirección').fill('Calle 13 # 7-21');

    // A used alias: the server refuses it and the alias field says so.
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    // react-admin names each input's block by its source.
    await dialog.locator('.ra-input-alias').getByText('El alias ya se encuentra en uso', { exact: true }).waitFor();
    expect((await query<{ n: number }>('select count(*)::int as n from sites where name = $1', [name]))[0]!.n).toBe(0);

    await dialog.getByLabel('Alias', { exact: true }).fill(alias);
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('La entidad ha sido creada correctamente').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const [saved] = await query<{ id: number; alias: string; site_latitude: number; site_longitude: number; location_id: number }>(
      'select id, alias, site_latitude, site_longitude, location_id from sites where name = $1',
      [name],
    );
    expect(saved).toMatchObject({ alias, location_id: 25754 });
    expect([Number(saved!.site_latitude), Number(saved!.site_longitude)]).toEqual([4.6097, -74.0817]);

    await page.getByLabel('Buscar por nombre').fill(name);
    await rowOf(page, Number(saved!.id)).waitFor();
    await expect.poll(() => siteRows(page).count()).toBe(1);
  });
});

describe('Activar', () => {
  it('pide confirmación: Regresar no cambia nada, Continuar activa la entidad y sale de Inactivos', async () => {
    const { page } = e2e;
    const name = `Entidad inactiva ${Date.now().toString(36)}`;
    const id = await inactiveInstalledSite(name, 3);
    await openList(page, `?estado=inactivos&nombre=${encodeURIComponent(name)}`);
    const row = rowOf(page, id);
    await row.waitFor();
    await row.getByText('Inactivo', { exact: true }).waitFor();

    await row.getByRole('button', { name: 'Activar' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirmación' });
    await confirm.getByText(`¿Deseas activar la entidad ${name}?`).waitFor();
    await confirm.getByRole('button', { name: 'Regresar' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/portales');
    const [kept] = await query<{ status_id: number }>('select status_id from sites where id = $1', [id]);
    expect(kept!.status_id).toBe(2);
    await row.getByRole('button', { name: 'Activar' }).waitFor();

    await row.getByRole('button', { name: 'Activar' }).click();
    await confirm.getByRole('button', { name: 'Continuar' }).click();
    await page.getByText(`La entidad ${name} ha sido activada`).waitFor();
    await row.waitFor({ state: 'detached' });
    await page.getByText('No se encontraron resultados para la búsqueda').waitFor();
    const [activated] = await query<{ status_id: number }>('select status_id from sites where id = $1', [id]);
    expect(activated!.status_id).toBe(1);

    await page.getByRole('tab', { name: /^Activos/ }).click();
    await row.getByText('Activo', { exact: true }).waitFor();
    expect(await row.getByRole('button', { name: 'Activar' }).count()).toBe(0);
  });
});

describe('Cargar más entidades', () => {
  const HEADER = 'nombre;alias;tipo_entidad;departamento;municipio;url;direccion;latitud;longitud';
  const line = (stamp: string, n: number, department = '05', municipality = '05001') =>
    `Alcaldía masiva ${stamp} ${n};masiva-${stamp}-${n};2;${department};${municipality};https://www.masiva-${stamp}-${n}.gov.co;Carrera 52 # 44B-17;6.25;-75.56`;

  async function uploadFile(dialog: Locator, name: string, text: string): Promise<void> {
    await dialog.getByTestId('bulk-file-input').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text, 'utf8') });
  }

  it('con una línea mala lista el error con su línea y no ofrece Guardar entidades; sin errores guarda y aparecen en la lista', async () => {
    const { page } = e2e;
    const stamp = Date.now().toString(36);
    await openList(page);
    await page.getByRole('button', { name: 'Cargar más entidades' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cargar más entidades' });
    await dialog.getByRole('link', { name: 'Descargar archivo de ejemplo' }).waitFor();

    await uploadFile(dialog, 'entidades.csv', `${HEADER}\n${line(stamp, 1)}\n${line(stamp, 2, '05', '25754')}\n`);
    await dialog.getByText('Nuevos portales: 1').waitFor();
    await dialog.getByText('Errores: 1').waitFor();
    const report = dialog.getByRole('table', { name: 'Reporte de errores' });
    const errorRows = report.locator('tbody tr');
    await expect.poll(() => errorRows.count()).toBe(1);
    expect(await errorRows.first().locator('td').first().textContent()).toBe('3');
    expect(await errorRows.first().locator('td').nth(1).textContent()).toBe('El municipio "25754" no pertenece al departamento indicado');
    expect(await dialog.getByRole('button', { name: 'Guardar entidades' }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await query<{ n: number }>('select count(*)::int as n from sites where alias like $1', [`masiva-${stamp}-%`]))[0]!.n).toBe(0);

    await page.getByRole('button', { name: 'Cargar más entidades' }).click();
    await uploadFile(dialog, 'entidades.csv', `${HEADER}\n${line(stamp, 1)}\n${line(stamp, 2)}\n`);
    await dialog.getByText('Nuevos portales: 2').waitFor();
    await dialog.getByText('Errores: 0').waitFor();
    await dialog.getByRole('button', { name: 'Guardar entidades' }).click();
    await page.getByText('Se han guardado los nuevos portales').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const created = await query<{ id: number }>('select id from sites where alias like $1 and not is_deleted order by id', [`masiva-${stamp}-%`]);
    expect(created).toHaveLength(2);

    await page.getByLabel('Buscar por nombre').fill(`Alcaldía masiva ${stamp}`);
    for (const site of created) await rowOf(page, Number(site.id)).waitFor();
    await expect.poll(() => siteRows(page).count()).toBe(2);
  });
});

describe('cargas con progreso', () => {
  it('Cargar población: progreso de la subida y del trabajo, el mensaje final y la población en la lista', async () => {
    const { page } = e2e;
    const [site] = await query<{ id: number; name: string; population: number | null }>(
      'select id, name, population from sites where not is_deleted and location_id = 5001 order by id limit 1',
    );
    expect(site).toBeDefined();
    const population = 2_000_000 + (Date.now() % 500_000);
    expect(Number(site!.population)).not.toBe(population);
    const file = await workbook(['Código DANE del municipio', 'Población'], [['05001', population]]);

    // The upload waits until its progress has been seen.
    let releaseUpload: () => void = () => {};
    const uploadHeld = new Promise<void>((resolve) => {
      releaseUpload = resolve;
    });
    await page.route('**/api/v1/uploadfiles/**', async (route) => {
      await uploadHeld;
      await route.continue();
    });

    await openList(page, `?nombre=${encodeURIComponent(site!.name)}`);
    await rowOf(page, Number(site!.id)).waitFor();
    // The list and its dialog loaded on demand (with its own area's texts: i18n/es/loads.ts) show no raw key.
    expect(await rawKeys(page)).toEqual([]);
    await page.getByRole('button', { name: 'Cargar población' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cargar población' });
    await dialog.getByRole('link', { name: 'Descargar archivo de ejemplo' }).waitFor();
    expect(await rawKeys(page)).toEqual([]);
    const submit = dialog.getByRole('button', { name: 'Revisar archivo' });
    expect(await submit.isDisabled()).toBe(true);
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'poblacion.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: file,
    });
    await dialog.getByText('poblacion.xlsx').waitFor();
    await submit.click();
    await dialog.getByText(/^Subiendo el archivo: \d+ %$/).waitFor();
    await dialog.getByRole('progressbar').first().waitFor();
    releaseUpload();

    // Before saving, the review says how many portals change (the municipality's and its department's), and nothing is saved yet.
    await dialog.getByText(/^Se cambiará la población de \d+ portales? \(/).waitFor();
    const [unchanged] = await query<{ population: number | null }>('select population from sites where id = $1', [site!.id]);
    expect(unchanged!.population).toEqual(site!.population);
    await dialog.getByRole('button', { name: 'Cargar', exact: true }).click();

    // Queued until a runner takes it: the job's progress shows.
    await dialog.getByRole('progressbar', { name: 'Progreso del trabajo' }).waitFor();
    await dialog.getByText('En cola').waitFor();
    await runJobs();
    await dialog.getByText('Actualización de población correcta').waitFor({ timeout: 30_000 });

    const [changed] = await query<{ population: number }>('select population from sites where id = $1', [site!.id]);
    expect(Number(changed!.population)).toBe(population);
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await rowOf(page, Number(site!.id)).getByText(population.toLocaleString('es-CO')).waitFor();
  });

  it('Cargar correos pide año y mes; Cargar índice de gobierno pide el año; ambos terminan con su mensaje', async () => {
    const { page } = e2e;
    const [site] = await query<{ id: number }>('select id from sites where not is_deleted order by id limit 1');
    const email = `cuenta-${Date.now().toString(36)}@entidad.gov.co`;
    await openList(page);

    await page.getByRole('button', { name: 'Cargar correos' }).click();
    const emails = page.getByRole('dialog', { name: 'Cargar correos' });
    await emails.locator('input[type=file]').setInputFiles({
      name: 'correos.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await workbook(['Id de la entidad', 'Correo electrónico', 'Último ingreso'], [[site!.id, email, '2024-01-15']]),
    });
    const submitEmails = emails.getByRole('button', { name: 'Revisar archivo' });
    await emails.getByText('correos.xlsx').waitFor();
    expect(await submitEmails.isDisabled()).toBe(true);
    await choose(page, emails, 'Año', '2024');
    expect(await submitEmails.isDisabled()).toBe(true);
    await combobox(emails, 'Mes').click();
    await page.getByRole('option').first().click();
    await expect.poll(() => submitEmails.isDisabled()).toBe(false);
    await submitEmails.click();
    await emails.getByText('Se reemplazarán las cuentas de correo de enero de 2024 del portal que nombra el archivo', { exact: false }).waitFor();
    await emails.getByRole('button', { name: 'Cargar', exact: true }).click();
    await emails.getByText('La carga de correos comenzó', { exact: false }).waitFor();
    await emails.getByRole('progressbar', { name: 'Progreso del trabajo' }).waitFor();
    await runJobs();
    await emails.getByText('El archivo ha subido correctamente').waitFor({ timeout: 30_000 });
    const [account] = await query<{ year: number; month: number }>('select year, month from mail_accounts where email = $1', [email]);
    expect(account).toEqual({ year: 2024, month: 1 });
    await emails.getByRole('button', { name: 'Cerrar' }).click();
    await emails.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Cargar índice de gobierno' }).click();
    const index = page.getByRole('dialog', { name: 'Cargar índice de gobierno' });
    await index.locator('input[type=file]').setInputFiles({
      name: 'indice.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await workbook(['Id de la entidad', 'Índice 1', 'Índice 2', 'Índice 3', 'Índice 4'], [[site!.id, 61.5, 70, 80, 90.25]]),
    });
    const submitIndex = index.getByRole('button', { name: 'Revisar archivo' });
    await index.getByText('indice.xlsx').waitFor();
    expect(await submitIndex.isDisabled()).toBe(true);
    await choose(page, index, 'Año', '2019');
    await submitIndex.click();
    await index.getByText('Se guardará el índice de gobierno digital de 2019 de 1 portal;', { exact: false }).waitFor();
    await index.getByRole('button', { name: 'Cargar', exact: true }).click();
    await index.getByRole('progressbar', { name: 'Progreso del trabajo' }).waitFor();
    await runJobs();
    await index.getByText('El archivo ha subido correctamente').waitFor({ timeout: 30_000 });
    const [stored] = await query<{ index1: number; index4: number }>('select index1, index4 from gov_index where site_id = $1 and year = 2019', [site!.id]);
    expect([Number(stored!.index1), Number(stored!.index4)]).toEqual([61.5, 90.25]);
  });
});

describe('Descarga', () => {
  it('descarga en CSV todas las filas del filtro, no solo la página, y con "Descargar solicitudes" sus solicitudes', async () => {
    const { page } = e2e;
    const [department] = await query<{ id: number; name: string; n: number }>(
      `select l.id, l.name, count(*)::int as n from sites s join locations l on l.id = s.parent_location_id
        where not s.is_deleted group by l.id, l.name order by count(*) desc, l.id limit 1`,
    );
    expect(department!.n).toBeGreaterThan(20);
    await openList(page);
    await page.getByLabel('Departamento', { exact: true }).selectOption({ value: String(department!.id) });
    await page.waitForFunction(
      (name) => {
        const rows = [...document.querySelectorAll('tbody tr')];
        return rows.length === 20 && rows.every((row) => row.children[2]?.textContent?.trim() === name);
      },
      department!.name,
    );
    const token = await e2e.storedToken(page);
    const counts = await e2e.api<{ all: number }>(`/api/v1/sites/counts/?parentLocationId=${department!.id}`, { token });
    expect(counts.status).toBe(200);
    expect(counts.body.all).toBe(department!.n);

    await page.getByRole('button', { name: 'Descarga', exact: true }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Descargar CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const lines = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines[0]).toContain('Departamento');
    expect(lines.length - 1).toBe(counts.body.all);
    expect(lines.slice(1).every((row) => row.includes(department!.name))).toBe(true);

    // 'Descargar solicitudes': one line per request of the filtered entities (a processed one added so there is one).
    const [added] = await query<{ id: number }>(
      `insert into site_requests (site_id, kind, status, response_message, processed_date)
        select id, 'ChangeAdmin', 'Rejected', 'Rechazada para la prueba de la descarga de solicitudes', now() from sites
        where parent_location_id = $1 and not is_deleted order by id limit 1 returning id`,
      [department!.id],
    );
    const [requests] = await query<{ n: number }>(
      'select count(*)::int as n from site_requests r join sites s on s.id = r.site_id where s.parent_location_id = $1 and not s.is_deleted',
      [department!.id],
    );
    await page.getByRole('button', { name: 'Descargar solicitudes', exact: true }).click();
    const [requestsFile] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Descargar CSV' }).click()]);
    const requestLines = fs.readFileSync((await requestsFile.path())!, 'utf8').replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(requestLines.length - 1).toBe(requests!.n);
    expect(requestLines.some((line) => line.startsWith(`${added!.id};`))).toBe(true);
  });
});

describe('sin el permiso Sites', () => {
  it('con solo Reports no ve los botones de escritura ni Activar, y la API le niega cada escritura', async () => {
    const { page } = e2e;
    const name = `Entidad sin permiso ${Date.now().toString(36)}`;
    const id = await inactiveInstalledSite(name, 4);
    const user = await e2e.createSuperadmin(['Reports']);
    await e2e.signInByApi(page, user.email, user.password);
    await page.goto(e2e.url(`/portales?estado=inactivos&nombre=${encodeURIComponent(name)}`));
    await rowOf(page, id).waitFor();
    await rowOf(page, id).getByText('Inactivo', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Descarga', exact: true }).waitFor();
    for (const label of ['Nueva entidad', 'Cargar más entidades', 'Cargar población', 'Cargar correos', 'Cargar índice de gobierno', 'Gestionar grupos', 'Activar']) {
      expect(await page.getByRole('button', { name: label, exact: true }).count(), label).toBe(0);
    }

    const token = await e2e.storedToken(page);
    expect(token).toBeTruthy();
    const site = {
      name: 'Entidad que no debe existir',
      alias: 'no-debe-existir',
      parentLocationId: 5,
      locationId: 5001,
      siteTypeId: 2,
      orderType: 1,
      allowedUrl: 'https://www.no-debe-existir.gov.co',
      address: 'Calle 1 # 2-3',
      siteLatitude: 6.25,
      siteLongitude: -75.56,
    };
    const refusals = await Promise.all([
      e2e.api('/api/v1/sites/', { method: 'POST', token, body: site }),
      e2e.api(`/api/v1/sites/${id}/enable`, { method: 'POST', token }),
      e2e.api('/api/v1/sitesfile/', { method: 'POST', token, body: { fileID: '00000000-0000-0000-0000-000000000000' } }),
      e2e.api('/api/v1/locations/', { method: 'POST', token, body: { fileID: '00000000-0000-0000-0000-000000000000' } }),
      e2e.api('/api/v1/emails/', { method: 'POST', token, body: { fileID: '00000000-0000-0000-0000-000000000000', year: 2024, month: 1 } }),
      e2e.api('/api/v1/govindex/', { method: 'POST', token, body: { fileID: '00000000-0000-0000-0000-000000000000', year: 2024 } }),
    ]);
    expect(refusals.map((answer) => answer.status)).toEqual([403, 403, 403, 403, 403, 403]);
    const [unchanged] = await query<{ status_id: number }>('select status_id from sites where id = $1', [id]);
    expect(unchanged!.status_id).toBe(2);
    expect((await query<{ n: number }>("select count(*)::int as n from sites where alias = 'no-debe-existir'"))[0]!.n).toBe(0);
  });
});

describe('a 1280 px', () => {
  /** The table's width against its container's (the row scrolls sideways when wider). */
  const widths = (page: Page) =>
    page.locator('table').first().evaluate((table) => ({ table: table.scrollWidth, container: table.parentElement!.clientWidth }));

  it('la fila entera cabe sin desplazamiento lateral, también con Activar y una solicitud pendiente', async () => {
    const { page } = e2e;
    await page.setViewportSize({ width: 1280, height: 800 });
    // The widest row: an inactive installed site ('Activar') with a pending change of administrator (the flag).
    const name = `Entidad con solicitud ${Date.now().toString(36)}`;
    const [site] = await query<{ id: number }>(
      `update sites set installed = true, status_id = 2, name = $1
        where id = (select site_id from site_requests where status = 'PendingApproval' and kind = 'ChangeAdmin' order by id limit 1)
        returning id`,
      [name],
    );
    await openList(page);
    const all = await widths(page);
    expect(all.table, `tabla ${all.table} px en ${all.container} px`).toBeLessThanOrEqual(all.container);

    await page.goto(e2e.url(`/portales?nombre=${encodeURIComponent(name)}`));
    const row = rowOf(page, Number(site!.id));
    await row.getByRole('button', { name: 'Activar' }).waitFor();
    await row.getByText('Cambio de administrador').waitFor();
    await page.screenshot({ path: '/tmp/portales-1280.png' });
    const widest = await widths(page);
    expect(widest.table, `tabla ${widest.table} px en ${widest.container} px`).toBeLessThanOrEqual(widest.container);
  });
});
