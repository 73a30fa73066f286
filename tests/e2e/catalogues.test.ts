/** Catalogue screens generated from the declarations, driven through the UI (spec 03 'Catalogue lists', §5). */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupE2e } from '../helpers/e2e';

const e2e = setupE2e();

const ADD = /^(agregar|crear|nuevo|nueva|añadir)/i;
const EDIT = /editar/i;
const DELETE = /eliminar|borrar/i;
const SAVE = /^guardar/i;
const CONFIRM = /^(continuar|confirmar|aceptar|sí|si|eliminar)$/i;

const rowWith = (page: Page, text: string): Locator =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name: text, exact: true }) });

async function apiNames(path: string): Promise<string[]> {
  const token = await e2e.testApp.tokenFor(['Settings']);
  const answer = await e2e.api<{ results: Array<{ name: string }> }>(`${path}?pageSize=1000`, { token });
  expect(answer.status).toBe(200);
  return answer.body.results.map((r) => r.name);
}

async function openAsAdmin(page: Page, route: string, title: string): Promise<void> {
  await e2e.signInByApi(page);
  await page.goto(e2e.url(route));
  await page.getByText(title).first().waitFor();
}

/** The open dialog, or the page itself when the form is inline. */
async function formScope(page: Page): Promise<Locator> {
  const dialog = page.getByRole('dialog');
  await dialog.or(page.locator('form')).first().waitFor();
  return (await dialog.count()) > 0 ? dialog.last() : page.locator('body');
}

describe('tipos de trámite (/configuracion/tramites-tipos)', () => {
  it('agrega, edita y elimina un tipo de trámite con confirmación', async () => {
    const { page } = e2e;
    await openAsAdmin(page, '/configuracion/tramites-tipos', 'Tipos de trámite');
    await rowWith(page, 'Trámite con pago').waitFor();

    await page.getByRole('button', { name: ADD }).first().click();
    let form = await formScope(page);
    await form.locator('input[name=name]').fill('Trámite de prueba e2e');
    await form.getByRole('button', { name: SAVE }).click();
    await rowWith(page, 'Trámite de prueba e2e').waitFor();
    expect(await apiNames('/api/v1/proceduretypes/')).toContain('Trámite de prueba e2e');

    await rowWith(page, 'Trámite de prueba e2e').getByRole('button', { name: EDIT }).click();
    form = await formScope(page);
    const name = form.locator('input[name=name]');
    await expect.poll(() => name.inputValue()).toBe('Trámite de prueba e2e');
    await name.fill('Trámite editado e2e');
    await form.getByRole('button', { name: SAVE }).click();
    await rowWith(page, 'Trámite editado e2e').waitFor();
    expect(await rowWith(page, 'Trámite de prueba e2e').count()).toBe(0);

    await rowWith(page, 'Trámite editado e2e').getByRole('button', { name: DELETE }).click();
    const confirmation = page.getByRole('dialog').filter({ hasText: '¿Seguro deseas eliminar este tipo de trámite?' });
    await confirmation.waitFor();
    await confirmation.getByRole('button', { name: CONFIRM }).click();
    await rowWith(page, 'Trámite editado e2e').waitFor({ state: 'detached' });
    const names = await apiNames('/api/v1/proceduretypes/');
    expect(names).not.toContain('Trámite editado e2e');
    expect(names).toContain('Trámite con pago');
  });

  it('los tipos fijos 1 y 2 no tienen botones de editar ni eliminar', async () => {
    const { page } = e2e;
    await openAsAdmin(page, '/configuracion/tramites-tipos', 'Tipos de trámite');
    for (const fixed of ['Trámite con pago', 'Trámite sin pago']) {
      const row = rowWith(page, fixed);
      await row.waitFor();
      expect(await row.getByRole('button', { name: EDIT }).count(), fixed).toBe(0);
      expect(await row.getByRole('button', { name: DELETE }).count(), fixed).toBe(0);
    }
    const editable = rowWith(page, 'Trámite en línea');
    await editable.getByRole('button', { name: EDIT }).waitFor();
    await editable.getByRole('button', { name: DELETE }).waitFor();
  });

  it('exige el nombre: "Debes registrar un nombre válido"', async () => {
    const { page } = e2e;
    const before = await apiNames('/api/v1/proceduretypes/');
    await openAsAdmin(page, '/configuracion/tramites-tipos', 'Tipos de trámite');
    await page.getByRole('button', { name: ADD }).first().click();
    const form = await formScope(page);
    const name = form.locator('input[name=name]');
    await name.fill('   ');
    await form.getByRole('button', { name: SAVE }).click();
    await form.getByText('Debes registrar un nombre válido').first().waitFor();
    expect(await apiNames('/api/v1/proceduretypes/')).toEqual(before);
  });
});

describe('tipos de entidad (/configuracion/tipos)', () => {
  it('solo las filas editables tienen editar y eliminar, y la edición es en la fila', async () => {
    const { page } = e2e;
    await openAsAdmin(page, '/configuracion/tipos', 'Tipos de entidad');
    for (const fixed of ['Gobernación', 'Alcaldía', 'Asamblea Departamental', 'Concejo Municipal', 'Otras entidades']) {
      const row = rowWith(page, fixed);
      await row.waitFor();
      expect(await row.getByRole('button', { name: EDIT }).count(), fixed).toBe(0);
      expect(await row.getByRole('button', { name: DELETE }).count(), fixed).toBe(0);
    }
    const editable = rowWith(page, 'Personería');
    await editable.getByRole('button', { name: DELETE }).waitFor();
    await editable.getByRole('button', { name: EDIT }).click();
    const input = page.locator('input[name=name]');
    await expect.poll(() => input.inputValue()).toBe('Personería');
    // Inline: the input sits inside the table, not in a dialog.
    expect(await page.getByRole('dialog').count()).toBe(0);
    await input.fill('Personería Municipal');
    await page.getByRole('button', { name: SAVE }).first().click();
    await rowWith(page, 'Personería Municipal').waitFor();
    expect(await apiNames('/api/v1/sitetypes/')).toContain('Personería Municipal');
  });
});

// Platform settings (issue 25 part 1): the generated editors of resources/platformSettings.ts.
describe('configuración de la plataforma', () => {
  const settingsApi = async <T,>(path: string) => (await e2e.api<T>(path, { token: await e2e.testApp.tokenFor(['Settings']) })).body;

  it('la barra GOV.CO: vista previa en vivo, mensajes de color y enlace, guarda y vuelve a leer', async () => {
    const { page } = e2e;
    await openAsAdmin(page, '/configuracion/barra-govco', 'Barra GOV.CO');
    const top = page.getByTestId('govco-preview-top');
    await top.waitFor();
    await page.locator('input[name=colorTopBar]').fill('#112233');
    await expect.poll(() => top.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(17, 34, 51)');
    await page.locator('input[name=colorFontBottomBar]').fill('#ffcc00');
    await expect.poll(() => page.getByTestId('govco-preview-bottom').evaluate((element) => getComputedStyle(element).color)).toBe('rgb(255, 204, 0)');
    const link = page.locator('input[name=linkAccess]');
    await link.fill('h:/');
    await page.getByRole('button', { name: SAVE }).click();
    await page.getByText('El mínimo de caracteres para la url es de 4').first().waitFor();
    await link.fill('https://www.gov.co/portales');
    await page.getByRole('button', { name: SAVE }).click();
    await page.getByText('Se ha guardado la información de forma exitosa').waitFor();
    expect(await settingsApi<{ colorTopBar: string; linkAccess: string }>('/api/v1/settings/govco')).toMatchObject({ colorTopBar: '#112233', linkAccess: 'https://www.gov.co/portales' });
    await page.reload();
    await expect.poll(() => page.locator('input[name=colorTopBar]').inputValue()).toBe('#112233');
  });

  it('valores generales: la regla de cada clave bajo el campo; tooltips y PQRDS con sus avisos', async () => {
    const { page } = e2e;
    await openAsAdmin(page, '/configuracion/valores', 'Valores generales');
    await rowWith(page, 'UpdateTimeMainUser').getByRole('button', { name: EDIT }).click();
    let form = await formScope(page);
    const value = form.locator('[name=value]');
    await expect.poll(() => value.inputValue()).toBe('30');
    await value.fill('29');
    await form.getByRole('button', { name: SAVE }).click();
    await form.getByText('Los tiempo de actualización no pueden ser inferiores a 30 días').first().waitFor();
    await value.fill('45');
    await form.getByRole('button', { name: SAVE }).click();
    await rowWith(page, '45').waitFor();
    expect(await rowWith(page, 'Location.CountryRootId').count()).toBe(0);

    await page.goto(e2e.url('/configuracion/tooltips'));
    const first = page.getByRole('row').nth(1);
    await first.getByRole('button', { name: EDIT }).click();
    form = await formScope(page);
    await form.locator('input[name=url]').fill('www.sin-esquema.co');
    await form.getByRole('button', { name: SAVE }).click();
    await form.getByText('Debes ingresar un link válido').first().waitFor();
    await form.locator('input[name=url]').fill('https://www.gov.co/ayuda/nuevo');
    await form.getByRole('button', { name: SAVE }).click();
    await page.getByText('Tooltip actualizado con exito').waitFor();

    await page.goto(e2e.url('/configuracion/pqrds'));
    await page.getByRole('checkbox', { name: 'pdf', exact: true }).check();
    await page.getByRole('checkbox', { name: '7z', exact: true }).check();
    await page.getByRole('button', { name: SAVE }).click();
    await page.getByText('Se ha guardado la información de forma exitosa').waitFor();
    expect((await settingsApi<{ validExtensions: string[] }>('/api/v1/settings/pqrds')).validExtensions).toEqual(expect.arrayContaining(['pdf', '7z']));
  });
});

describe('historial de versiones de políticas (/configuracion/politicas-datos)', () => {
  it('muestra las dos tablas; agregar una versión cierra la anterior hoy y la nueva se lee Vigente', async () => {
    const { page } = e2e;
    await openAsAdmin(page, '/configuracion/politicas-datos', 'Políticas de tratamiento de datos');
    await page.getByRole('heading', { name: 'Términos y condiciones' }).waitFor();
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(new Date());
    const shown = today.split('-').reverse().join('/');
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
    for (const identifier of ['E2E-1', 'E2E-2']) {
      await page.getByRole('button', { name: ADD }).first().click();
      const form = await formScope(page);
      await form.locator('input[name=identifier]').fill(identifier);
      await form.locator('input[name=description]').fill(`Política ${identifier}`);
      // The day picker is typed as it is shown: dd/mm/aaaa.
      await form.getByLabel(/Fecha de publicación/).first().fill(shown);
      await form.locator('input[type=file]').setInputFiles({ name: 'politica.pdf', mimeType: 'application/pdf', buffer: pdf });
      await form.getByText('politica.pdf').first().waitFor();
      await form.getByRole('button', { name: SAVE }).click();
      await rowWith(page, identifier).waitFor();
    }
    await rowWith(page, 'E2E-2').getByRole('cell', { name: 'Vigente', exact: true }).waitFor();
    await rowWith(page, 'E2E-1').getByRole('cell', { name: shown, exact: true }).first().waitFor();
    expect(await rowWith(page, 'E2E-1').getByRole('cell', { name: 'Vigente', exact: true }).count()).toBe(0);
    // Only the current version is editable.
    expect(await rowWith(page, 'E2E-1').getByRole('button', { name: EDIT }).count()).toBe(0);
    await rowWith(page, 'E2E-2').getByRole('button', { name: EDIT }).waitFor();
  });
});

describe('actualización de datos de administradores (/configuracion/actualizacion-administradores)', () => {
  it('el formulario dice los mensajes de los días de la especificación', async () => {
    const { page } = e2e;
    await openAsAdmin(page, '/configuracion/actualizacion-administradores', 'Actualización de datos de administradores');
    await page.getByRole('button', { name: ADD }).first().click();
    const form = await formScope(page);
    const days = form.locator('input[name=numberDays]');
    await days.fill('29');
    await form.getByRole('button', { name: SAVE }).click();
    await form.getByText('Los tiempo de actualización no pueden ser inferiores a 30 días').waitFor();
    await form.getByText('Debes ingresar un departamento y/o municipio').waitFor();
    await form.getByText('Debes seleccionar una o más entidades').waitFor();
  });
});
