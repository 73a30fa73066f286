/**
 * Pop-ups and news in the browser (/contenidos, spec 02 §2): the cards with their reach line and status labels, drag to
 * re-sort (the order is read back from the API), and the schedule modal (the date is read back from the database); the
 * create form's image rule before sending and the link preview; a slider refused by the server shown on its row.
 */
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../helpers/multipart';
import { setupE2e } from '../helpers/e2e';

const e2e = setupE2e();
let token: string;
let imageId: string;
const ids: number[] = [];

const hour = 3_600_000;

async function createContent(name: string, extra: Record<string, unknown> = {}): Promise<number> {
  const types = (await e2e.testApp.database.query<{ id: number }>('select id from site_types order by id')).map((row) => row.id);
  const answer = await e2e.api<{ contentID: number }>('/api/v1/contents/', {
    method: 'POST',
    token,
    body: {
      name,
      body: '<p>Un contenido de prueba para la pantalla de contenidos.</p>',
      showMode: '1',
      showForTypeUserId: '1',
      image: imageId,
      audience: { segment: 0, departments: [], municipalities: [], groups: [], siteTypes: types },
      ...extra,
    },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.contentID;
}

async function order(): Promise<number[]> {
  const answer = await e2e.api<{ results: Array<{ contentID: number }> }>('/api/v1/contents/?pageSize=50', { token });
  return answer.body.results.map((row) => row.contentID).filter((id) => ids.includes(id));
}

beforeAll(async () => {
  token = await e2e.testApp.tokenFor(['GlobalContents']);
  const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#3366cc' } }).png().toBuffer();
  const body = multipart('aviso.png', png);
  const uploaded = await e2e.testApp.app.inject({
    method: 'POST',
    url: '/api/v1/uploadfiles/elementType=image',
    payload: body.payload,
    headers: { authorization: `Bearer ${token}`, ...body.headers },
  });
  imageId = (uploaded.json() as { fileID: string }).fileID;
  await e2e.testApp.database.query('update contents set published = false');
  for (const name of ['Contenido A', 'Contenido B', 'Contenido C']) ids.push(await createContent(name));
  ids.push(await createContent('Contenido vencido', { showFromDate: new Date(Date.now() - 3 * hour).toISOString(), showToDate: new Date(Date.now() - hour).toISOString() }));
});

describe('contenidos (/contenidos)', () => {
  it('muestra las tarjetas con su alcance y etiqueta, y reordena al arrastrar', async () => {
    const { page } = e2e;
    await e2e.signInByApi(page);
    await page.goto(e2e.url('/contenidos'));
    const card = (id: number) => page.getByTestId(`content-card-${id}`);
    await card(ids[0]!).waitFor();
    await expect.poll(() => card(ids[0]!).getByRole('status').textContent(), { timeout: 30_000 }).toMatch(/^Llega a \d+ portales/);
    await expect.poll(() => card(ids[3]!).textContent()).toContain('Vencido');
    expect(await card(ids[3]!).getByRole('button', { name: 'Activar' }).count()).toBe(0);
    expect(await card(ids[3]!).getByRole('button', { name: 'Inactivar' }).count()).toBe(0);
    expect(await card(ids[0]!).getByRole('button', { name: 'Inactivar' }).count()).toBe(1);

    const before = await order();
    expect(before.slice(0, 3)).toEqual(ids.slice(0, 3));
    await card(ids[2]!).dragTo(card(ids[0]!));
    await expect.poll(order, { timeout: 30_000 }).toEqual([ids[2], ids[0], ids[1], ids[3]]);
  });

  it('programa la fecha de inicio desde el modal y muestra la etiqueta Programado', async () => {
    const { page } = e2e;
    await e2e.signInByApi(page);
    await page.goto(e2e.url('/contenidos'));
    const card = page.getByTestId(`content-card-${ids[1]}`);
    await card.waitFor();
    await card.getByRole('button', { name: 'Programar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Programar publicación' });
    await dialog.getByLabel('Definir fecha de inicio').check();
    const start = new Date(Date.now() + 48 * hour);
    const pad = (n: number) => String(n).padStart(2, '0');
    await dialog.getByLabel('Fecha de inicio', { exact: true }).fill(`${start.getFullYear()}-${pad(start.getMonth() + 1)}-${pad(start.getDate())}T10:00`);
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect
      .poll(async () => (await e2e.testApp.database.query<{ d: Date | null }>('select show_from_date as d from contents where content_id = $1', [ids[1]]))[0]?.d ?? null, { timeout: 30_000 })
      .not.toBeNull();
    await expect.poll(() => card.textContent(), { timeout: 30_000 }).toContain('Programado');
  });

  it('guarda el título del bloque de contenidos globales y sus sliders con los editores del motor', async () => {
    const { page } = e2e;
    await e2e.signInByApi(page);
    await page.goto(e2e.url('/contenidos'));
    const block = page.getByRole('heading', { name: 'Bloque de contenidos globales', level: 2 }).locator('xpath=..');
    const title = block.getByLabel('Título del bloque');
    await title.waitFor({ timeout: 30_000 });
    await title.fill('Novedades del país');
    await block.getByRole('button', { name: 'Guardar' }).first().click();
    await expect
      .poll(async () => (await e2e.api<{ title: string }>('/api/v1/settings/content/settingcontentglobal', { token })).body.title, { timeout: 30_000 })
      .toBe('Novedades del país');

    const sliders = async () => (await e2e.api<{ results: Array<{ nameSlider: string; url: string | null }> }>('/api/v1/sliderconfglobal', { token })).body.results;
    const before = (await sliders()).length;
    await block.getByRole('button', { name: 'Agregar' }).click();
    await block.getByLabel('Nombre del slider').last().fill('Slider de trámites');
    await block.getByLabel('Enlace').last().fill('https://www.gov.co/tramites');
    await block.getByRole('button', { name: 'Guardar' }).last().click();
    await expect.poll(async () => (await sliders()).length, { timeout: 30_000 }).toBe(before + 1);
    expect((await sliders()).at(-1)).toMatchObject({ nameSlider: 'Slider de trámites', url: 'https://www.gov.co/tramites' });
  });

  it('dice que falta la imagen antes de enviar y muestra la vista previa del enlace bajo su campo', async () => {
    const { page } = e2e;
    await e2e.signInByApi(page);
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && /\/api\/v1\/contents\/?$/.test(new URL(request.url()).pathname)) posts.push(request.url());
    });
    await page.route('**/api/v1/pagepreviews/**', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ url: 'https://www.gov.co/', title: 'GOV.CO vista previa', description: 'Portal único del Estado colombiano', image: null }) }),
    );
    await page.route('**/api/v1/crawler', (route) => route.fulfill({ status: 502, contentType: 'application/json', body: JSON.stringify({ error: { code: 'BadGateway', message: 'x' } }) }));
    await page.goto(e2e.url('/contenidos'));
    await page.getByRole('button', { name: 'Agregar', exact: true }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Enlace externo').fill('https://www.gov.co/');
    const preview = dialog.getByRole('region', { name: 'Vista previa del enlace' });
    await expect.poll(() => preview.textContent(), { timeout: 30_000 }).toContain('GOV.CO vista previa');
    expect(await preview.textContent()).toContain('www.gov.co');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(() => dialog.textContent(), { timeout: 30_000 }).toContain('Debes cargar una imagen antes de publicar el contenido.');
    expect(posts).toEqual([]);
  });

  it('muestra bajo su fila el rechazo del servidor de un slider', async () => {
    const { page } = e2e;
    await e2e.signInByApi(page);
    await page.route('**/api/v1/sliderconfglobal', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({
            status: 400,
            contentType: 'application/json',
            body: JSON.stringify({ error: { code: 'BadArgument', message: 'Datos inválidos', details: [{ target: 'items[1].nameSlider', message: 'Nombre rechazado por el servidor' }] } }),
          })
        : route.continue(),
    );
    await page.goto(e2e.url('/contenidos'));
    const block = page.getByRole('heading', { name: 'Bloque de contenidos globales', level: 2 }).locator('xpath=..');
    const names = block.getByLabel('Nombre del slider');
    await block.getByRole('button', { name: 'Agregar' }).waitFor({ timeout: 30_000 });
    while ((await names.count()) < 2) await block.getByRole('button', { name: 'Agregar' }).click();
    for (let row = 0; row < 2; row += 1) await names.nth(row).fill(`Slider ${row + 1}`);
    await block.getByRole('button', { name: 'Guardar' }).last().click();
    await expect.poll(() => names.nth(1).getAttribute('aria-invalid'), { timeout: 30_000 }).toBe('true');
    expect(await names.nth(0).getAttribute('aria-invalid')).toBe('false');
    expect(await block.getByText('Nombre rechazado por el servidor').count()).toBe(1);
  });
});
