/** The site list at /portales in the browser against the demo data (spec 01 'Site list'). */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupE2e } from '../helpers/e2e';

const e2e = setupE2e();

const siteRows = (page: Page) => page.getByRole('row', { name: /^Abrir la entidad/ });

/** Text of one column (0-based) of every site row. */
async function columnTexts(page: Page, column: number): Promise<string[]> {
  return siteRows(page).evaluateAll((rows, index) => rows.map((row) => (row.children[index]?.textContent ?? '').trim()), column);
}

/** How many sites a tab should count, straight from the database (the list answers no totals). */
async function totalFor(condition: string): Promise<number> {
  const [row] = await e2e.testApp.database.query<{ n: number }>(`select count(*)::int as n from sites where not is_deleted and ${condition}`);
  return row!.n;
}

async function openList(page: Page): Promise<void> {
  await e2e.signInByApi(page);
  await page.goto(e2e.url('/portales'));
  await siteRows(page).first().waitFor();
}

describe('lista de portales', () => {
  it('muestra 20 filas con las columnas del diseño y "Ver más" agrega la página siguiente', async () => {
    const { page } = e2e;
    await openList(page);
    for (const header of ['Nombre', 'Tipo de entidad', 'Departamento', 'Municipio', 'Usuarios', 'Correos', 'Contenidos', 'Anotaciones', 'Fecha de modificación', 'Población', 'Estado']) {
      await page.getByRole('columnheader', { name: header, exact: true }).waitFor();
    }
    expect(await siteRows(page).count()).toBe(20);
    const dates = await columnTexts(page, 8);
    expect(dates.every((date) => /^\d{2}\/\d{2}\/\d{4}$/.test(date))).toBe(true);

    await page.getByRole('button', { name: 'Ver más' }).click();
    await siteRows(page).nth(39).waitFor();
    expect(await siteRows(page).count()).toBe(40);
  });

  it('muestra las pestañas con los totales del servidor', async () => {
    const { page } = e2e;
    await openList(page);
    const expected: Array<[string, number]> = [
      ['Todos', await totalFor('true')],
      ['Activos', await totalFor('status_id = 1 and installed')],
      ['Inactivos', await totalFor('not (status_id = 1 and installed)')],
      ['Por aprobar', await totalFor('pending_request')],
    ];
    expect(expected[0]![1]).toBeGreaterThan(20);
    expect(expected[3]![1]).toBeGreaterThan(0);
    for (const [label, total] of expected) {
      await page.getByRole('tab', { name: `${label} (${total})`, exact: true }).waitFor();
    }
    await page.getByRole('tab', { name: /^Todos/ }).and(page.locator('[aria-selected=true]')).waitFor();

    await page.getByRole('tab', { name: /^Por aprobar/ }).click();
    await page.getByRole('tab', { name: /^Por aprobar/ }).and(page.locator('[aria-selected=true]')).waitFor();
    await page.waitForFunction(
      (count) => document.querySelectorAll('[data-pending="true"]').length === Math.min(count, 20) &&
        document.querySelectorAll('tbody tr').length === Math.min(count, 20),
      expected[3]![1],
    );
    await siteRows(page).first().getByLabel('Solicitud pendiente').waitFor();
  });

  it('filtra por departamento y municipio con los nombres reales y abre el detalle al hacer clic', async () => {
    const { page } = e2e;
    await openList(page);
    const department = page.getByLabel('Departamento', { exact: true });
    const municipality = page.getByLabel('Municipio', { exact: true });
    await department.locator('option', { hasText: 'Antioquia' }).waitFor({ state: 'attached' });
    await department.selectOption({ label: 'Antioquia' });
    await page.waitForFunction(() =>
      [...document.querySelectorAll('tbody tr')].every((row) => row.children[2]?.textContent?.trim() === 'Antioquia'),
    );
    await municipality.locator('option', { hasText: 'Medellín' }).waitFor({ state: 'attached' });
    expect(await municipality.locator('option', { hasText: 'Soacha' }).count()).toBe(0);
    await municipality.selectOption({ label: 'Medellín' });
    await page.waitForFunction(() => {
      const rows = [...document.querySelectorAll('tbody tr')];
      return rows.length > 0 && rows.every((row) => row.children[3]?.textContent?.trim() === 'Medellín');
    });
    const medellin = await totalFor('parent_location_id = 5 and location_id = 5001');
    expect(await siteRows(page).count()).toBe(Math.min(20, medellin));
    if (medellin <= 20) expect(await page.getByRole('button', { name: 'Ver más' }).count()).toBe(0);

    // A different department clears the municipality.
    await department.selectOption({ label: 'Cundinamarca' });
    await expect.poll(() => municipality.inputValue()).toBe('');
    await municipality.locator('option', { hasText: 'Soacha' }).waitFor({ state: 'attached' });

    const first = siteRows(page).first();
    await page.waitForFunction(() => document.querySelector('tbody tr')?.children[2]?.textContent?.trim() === 'Cundinamarca');
    const id = await first.getAttribute('data-site-id');
    await first.click();
    await page.waitForURL(`**/portales/${id}`);
  });

  it('busca por nombre y dice cuando no hay resultados', async () => {
    const { page } = e2e;
    await openList(page);
    await page.getByLabel('Buscar por nombre').fill('Medellín');
    await page.waitForFunction(() => {
      const rows = [...document.querySelectorAll('tbody tr')];
      return rows.length > 0 && rows.every((row) => /medell[ií]n/i.test(row.children[0]?.textContent ?? ''));
    });
    await page.getByLabel('Buscar por nombre').fill('Entidad que no existe en ninguna parte');
    await page.getByText('No se encontraron resultados para la búsqueda').waitFor();
    expect(await siteRows(page).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Ver más' }).count()).toBe(0);
  });

  it('quien solo tiene Impersonate llega a /portales y ve solo la pestaña Activos, sin botones de carga', async () => {
    const { page } = e2e;
    const user = await e2e.createSuperadmin(['Impersonate']);
    await e2e.signIn(page, user.email, user.password);
    await page.waitForURL('**/portales');
    await page.getByRole('tab', { name: `Activos (${await totalFor('status_id = 1 and installed')})`, exact: true }).waitFor();
    expect(await page.getByRole('tab').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Nueva entidad' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Descarga', exact: true }).count()).toBe(0);
    expect(await columnTexts(page, 10).then((states) => states.every((state) => state.startsWith('Activo')))).toBe(true);
  });

  it('guarda la pestaña y los filtros en la dirección: recargar y Atrás desde el detalle los restauran', async () => {
    const { page } = e2e;
    await openList(page);
    await page.getByRole('tab', { name: /^Activos/ }).click();
    const department = page.getByLabel('Departamento', { exact: true });
    await department.locator('option', { hasText: 'Antioquia' }).waitFor({ state: 'attached' });
    await department.selectOption({ label: 'Antioquia' });
    await page.getByLabel('Buscar por nombre').fill('a');
    await page.waitForURL((url) => url.searchParams.get('nombre') === 'a');
    const address = new URL(page.url());
    expect(address.pathname).toBe('/portales');
    expect(Object.fromEntries(address.searchParams)).toEqual({ estado: 'activos', departamento: '5', nombre: 'a' });

    const expectRestored = async () => {
      await page.getByRole('tab', { name: /^Activos/ }).and(page.locator('[aria-selected=true]')).waitFor();
      await expect.poll(() => department.inputValue()).toBe('5');
      await expect.poll(() => page.getByLabel('Buscar por nombre').inputValue()).toBe('a');
      await page.waitForFunction(() => {
        const rows = [...document.querySelectorAll('tbody tr')];
        return rows.length > 0 && rows.every((row) => row.children[2]?.textContent?.trim() === 'Antioquia');
      });
    };
    await page.reload();
    await expectRestored();

    const first = siteRows(page).first();
    const id = await first.getAttribute('data-site-id');
    await first.click();
    await page.waitForURL(`**/portales/${id}`);
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/portales' && url.search === address.search);
    await expectRestored();
  });

  it('quien solo tiene Reports ve las filas sin enlace: sin puntero y el clic no abre el detalle', async () => {
    const { page } = e2e;
    const user = await e2e.createSuperadmin(['Reports']);
    await e2e.signInByApi(page, user.email, user.password);
    await page.goto(e2e.url('/portales'));
    const row = page.locator('tbody tr').first();
    await row.waitFor();
    expect(await siteRows(page).count()).toBe(0);
    expect(await row.getAttribute('tabindex')).toBeNull();
    expect(await row.evaluate((element) => getComputedStyle(element).cursor)).not.toBe('pointer');
    await row.click();
    await page.getByRole('tab', { name: /^Todos/ }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/portales');
  });

  it('Gestionar grupos abre /portales/grupos', async () => {
    const { page } = e2e;
    await openList(page);
    await page.getByRole('button', { name: 'Gestionar grupos' }).click();
    await page.waitForURL('**/portales/grupos');
  });
});
