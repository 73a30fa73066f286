/**
 * Banners (/banners, /banners/crud/{id}) and logos (/configuracion/logos/…) driven through the UI (spec 02 §2, §4, §5):
 * reordering with up/down saved at once, the banner form with an image, the cover cropper and the audience, delete only
 * in update mode with the spec's question, a logo refused by its size in the browser and one created and reordered.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupE2e } from '../helpers/e2e';

const e2e = setupE2e();
const audience = { segment: 0, departments: [], municipalities: [], groups: [], siteTypes: [1] };
let dir: string;
let token: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'banners-e2e-'));
  fs.writeFileSync(path.join(dir, 'portada.png'), await sharp({ create: { width: 1600, height: 800, channels: 3, background: '#36c' } }).png().toBuffer());
  fs.writeFileSync(path.join(dir, 'logo.png'), await sharp({ create: { width: 200, height: 200, channels: 3, background: '#c63' } }).png().toBuffer());
  fs.writeFileSync(path.join(dir, 'grande.png'), await sharp({ create: { width: 300, height: 200, channels: 3, background: '#c63' } }).png().toBuffer());
  token = await e2e.testApp.tokenFor(['GlobalBanners', 'Settings']);
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Row `index` of a whole-list editor moves down: its buttons show while the row is hovered. */
async function moveDown(page: Page, index: number) {
  const row = page.locator('li', { has: page.locator(`input[name="items.${index}.name"]`) });
  await row.hover();
  await row.getByRole('button', { name: 'Bajar' }).click();
}

const rowWith = (page: Page, text: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name: text, exact: true }) });

async function titles(path: string, field: string): Promise<string[]> {
  const answer = await e2e.api<{ results: Record<string, string>[] }>(path, { token });
  return answer.body.results.map((row) => row[field]!);
}

describe('banners', () => {
  it('reorders with Bajar, creates a banner with an image and its crop, and deletes it from its form', async () => {
    const { page } = e2e;
    await e2e.testApp.database.query('delete from banners');
    for (const title of ['Primero', 'Segundo']) {
      const created = await e2e.api('/api/v1/banners/', {
        method: 'POST',
        token,
        body: { title, subtitle: 'Sub', description: 'Texto', urlVideo: 'https://youtu.be/dQw4w9WgXcQ', audience },
      });
      expect(created.status).toBe(201);
    }
    await e2e.signInByApi(page);
    await page.goto(e2e.url('/banners'));
    await rowWith(page, 'Primero').getByRole('button', { name: 'Bajar' }).click();
    await expect.poll(() => titles('/api/v1/banners/', 'title')).toEqual(['Segundo', 'Primero']);
    await rowWith(page, 'Primero').getByRole('button', { name: 'Bajar' }).and(page.locator(':disabled')).waitFor();

    await page.getByRole('button', { name: 'Agregar' }).click();
    await page.waitForURL(/\/banners\/crud$/);
    await page.locator('input[name=title]').fill('Con imagen');
    await page.locator('input[name=subtitle]').fill('Un subtítulo');
    await page.locator('input[name=description]').fill('Una imagen azul');
    const crop = page.waitForResponse((response) => response.url().includes('/crop') && response.status() === 201);
    await page.locator('input[type=file][aria-label="Imagen del banner"]').setInputFiles(path.join(dir, 'portada.png'));
    await page.getByTestId('cover-cropper').waitFor();
    await page.getByRole('slider', { name: 'Posición vertical' }).focus();
    await page.keyboard.press('End');
    await crop;
    await page.getByLabel('Seleccionar todas').check();
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.waitForURL(/\/banners$/);
    await rowWith(page, 'Con imagen').waitFor();
    const stored = (await e2e.api<{ results: { title: string; positionY: number; cover: { fileID: string } | null; image: { fileID: string } }[] }>('/api/v1/banners/', { token })).body.results.find(
      (row) => row.title === 'Con imagen',
    )!;
    expect(stored.positionY).toBe(100);
    expect(stored.cover?.fileID).toBeTruthy();
    expect(stored.cover?.fileID).not.toBe(stored.image.fileID);

    // Three banners: 'Agregar' says so instead of opening the form.
    await page.getByRole('button', { name: 'Agregar' }).click();
    await page.getByText('Ya tienes 3 banners globales: elimina uno para agregar otro').waitFor();
    expect(new URL(page.url()).pathname).toBe('/banners');
    // A new banner's form has no delete; an opened one asks the spec's question.
    await page.goto(e2e.url('/banners/crud'));
    await page.locator('input[name=title]').waitFor();
    expect(await page.getByRole('button', { name: 'Eliminar' }).count()).toBe(0);
    await page.goto(e2e.url('/banners'));
    await rowWith(page, 'Con imagen').getByRole('button', { name: 'Editar' }).click();
    await page.waitForURL(/\/banners\/crud\/\d+$/);
    // The form page has replaced the list (its chunk loads after the address changes).
    await expect.poll(() => page.locator('input[name=title]').inputValue()).toBe('Con imagen');
    await page.getByRole('button', { name: 'Eliminar' }).click();
    const question = page.getByRole('dialog').filter({ hasText: '¿Estás seguro que deseas eliminar el banner global?' });
    await question.getByRole('button', { name: 'Continuar' }).click();
    await page.waitForURL(/\/banners$/);
    await expect.poll(() => titles('/api/v1/banners/', 'title')).toEqual(['Segundo', 'Primero']);
  });
});

describe('logos', () => {
  it('refuses a logo that is not 200×200 before uploading it, creates one and moves it up; content logos have no url', async () => {
    const { page } = e2e;
    await e2e.testApp.database.query('delete from global_logos');
    await e2e.signInByApi(page);
    await page.goto(e2e.url('/configuracion/logos/globales'));
    await page.getByRole('button', { name: 'Agregar' }).click();
    const dialog = page.getByRole('dialog');
    const chooser = dialog.locator('input[type=file]');
    await chooser.setInputFiles(path.join(dir, 'grande.png'));
    await page.getByText('La imagen debe medir exactamente 200px x 200px').waitFor();
    await chooser.setInputFiles(path.join(dir, 'logo.png'));
    await dialog.getByRole('img', { name: 'logo.png' }).waitFor();
    await dialog.locator('input[name=name]').fill('Logo nuevo');
    await dialog.locator('input[name=url]').fill('https://www.gov.co');
    await dialog.getByLabel('Seleccionar todas').check();
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Tu logo global ha sido creado correctamente').waitFor();
    await rowWith(page, 'Logo nuevo').waitFor();

    // A second logo placed first (its image shared), so the new one can move up.
    await e2e.testApp.database.query(
      `insert into global_logos (image, name, url, audience, logo_type, position) select image, 'Logo primero', url, audience, 0, 0 from global_logos limit 1`,
    );
    await page.reload();
    await rowWith(page, 'Logo primero').waitFor();
    await rowWith(page, 'Logo nuevo').getByRole('button', { name: 'Subir' }).click();
    await expect.poll(() => titles('/api/v1/globallogo/', 'name')).toEqual(['Logo nuevo', 'Logo primero']);

    // Content logos: their own list, and a form without url.
    await page.goto(e2e.url('/configuracion/logos/contenidos'));
    await page.getByRole('heading', { name: 'Logos de contenidos' }).waitFor();
    expect(await rowWith(page, 'Logo nuevo').count()).toBe(0);
    await page.getByRole('button', { name: 'Agregar' }).click();
    await page.getByRole('dialog').locator('input[name=name]').waitFor();
    expect(await page.getByRole('dialog').locator('input[name=url]').count()).toBe(0);
  });
});

/** The portals' look (issue 25, spec 02 §2 'Footer', 'Featured menu', 'Shortcuts'): the three editors through the UI. */
describe('portal look', () => {
  it('footer: adds a 6th link (then no Agregar), moves one down, saves, and saves the signature with its SVG', async () => {
    const { page } = e2e;
    const five = Array.from({ length: 5 }, (_, i) => ({ name: `Enlace ${i + 1}`, url: `https://www.gov.co/${i + 1}` }));
    expect((await e2e.api('/api/v1/footerContent', { method: 'PUT', token, body: five })).status).toBe(200);
    fs.writeFileSync(path.join(dir, 'sello.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16"><rect width="16" height="16" fill="#36c"/></svg>');
    await e2e.signInByApi(page);
    await page.goto(e2e.url('/configuracion/pie-pagina'));
    await page.locator('input[name="items.4.name"]').waitFor();
    await page.getByRole('button', { name: 'Agregar' }).click();
    await page.locator('input[name="items.5.name"]').fill('Enlace 6');
    await page.locator('input[name="items.5.url"]').fill('https://www.gov.co/6');
    expect(await page.getByRole('button', { name: 'Agregar' }).count()).toBe(0);
    await moveDown(page, 0);
    await page.getByRole('button', { name: 'Guardar' }).first().click();
    await expect.poll(() => titles('/api/v1/footerContent', 'name')).toEqual(['Enlace 2', 'Enlace 1', 'Enlace 3', 'Enlace 4', 'Enlace 5', 'Enlace 6']);

    await page.locator('input[name=text]').fill('Sitio oficial');
    await page.locator('input[name=url]').fill('https://www.gov.co');
    await page.locator('input[type=file]').setInputFiles(path.join(dir, 'sello.svg'));
    await page.getByRole('img', { name: 'sello.svg' }).waitFor();
    await page.getByRole('button', { name: 'Guardar' }).last().click();
    await expect.poll(async () => (await e2e.api<{ text: string }>('/api/v1/footerContent/sign', { token })).body.text).toBe('Sitio oficial');
  });

  it('featured menu: renames and moves an item of the first entity type, then shows another type’s menu', async () => {
    const { page } = e2e;
    await e2e.signInByApi(page);
    await page.goto(e2e.url('/configuracion/menu-sitios'));
    const first = page.locator('input[name="items.0.name"]');
    await first.waitFor();
    const before = await titles('/api/v1/featuredsitemenu/1/', 'name');
    await first.fill('Transparencia');
    await moveDown(page, 0);
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(() => titles('/api/v1/featuredsitemenu/1/', 'name')).toEqual([before[1], 'Transparencia', ...before.slice(2)]);
    await page.getByRole('combobox', { name: 'Tipo de entidad' }).click();
    await page.getByRole('option', { name: 'Alcaldía' }).click();
    await expect.poll(() => first.inputValue()).toBe((await titles('/api/v1/featuredsitemenu/2/', 'name'))[0]);
  });

  it('shortcuts (in /configuracion): a title stops at 21 characters, one is added, the order re-sent after a move', async () => {
    const { page } = e2e;
    await e2e.signInByApi(page);
    await page.goto(e2e.url('/configuracion'));
    await page.getByRole('heading', { name: 'Accesos directos' }).waitFor();
    await page.getByRole('button', { name: 'Agregar' }).click();
    const dialog = page.getByRole('dialog');
    const title = dialog.locator('input[name=title]');
    await title.pressSequentially('t'.repeat(22));
    expect(await title.inputValue()).toHaveLength(21);
    await dialog.locator('input[name=url]').fill('https://www.gov.co/atajo');
    await dialog.getByRole('combobox', { name: 'Ícono' }).click();
    await page.getByRole('option', { name: 'Estrella' }).click();
    await title.fill('Atajo nuevo');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await rowWith(page, 'Atajo nuevo').waitFor();
    const order = await titles('/api/v1/launchpad/', 'title');
    expect(order.at(-1)).toBe('Atajo nuevo');
    const sent = page.waitForRequest((request) => request.url().endsWith('/launchpad/order') && request.method() === 'PUT');
    await rowWith(page, 'Atajo nuevo').getByRole('button', { name: 'Subir' }).click();
    await sent;
    await expect.poll(() => titles('/api/v1/launchpad/', 'title')).toEqual([...order.slice(0, -2), 'Atajo nuevo', order.at(-2)]);
  });
});
