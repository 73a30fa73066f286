/**
 * Pop-ups and news (resources/contents.ts, spec 02 §5 'Content'), their activation check, order, the link reader
 * (`POST /crawler`, `GET /pagepreviews/`) against a fake site over the network, the global content block, and the
 * delivery API (`GET /delivery/{siteAlias}`): portals in and out of each audience, user type, dates, ETag and 304.
 * Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Audience } from '../../resources/audience';
import { contents as texts } from '../../i18n/es/contents';
import { audience as audienceTexts } from '../../i18n/es/audience';
import { audienceReachesSiteSql, resolveAudience } from '../../server/audience/resolve';
import { multipart } from '../helpers/multipart';
import { ACTIVE_SITE as ACTIVE, audienceOf as audience, insideAndOutsidePortals } from '../helpers/audiencePortals';
import { bearer, createTestApp, type TestApp } from '../helpers/testApp';

const API = '/api/v1';

let t: TestApp;
let headers: Record<string, string>;
let allTypes: number[];
let imageId: string;
let site: { id: number; alias: string; department: number; municipality: number; siteType: number };
let outsider: { id: number; alias: string };
let siteKey: string;
let outsiderKey: string;

// The fake site: a page with Open Graph tags, its image, redirects, and a page that fails.
let fake: http.Server;
let other: http.Server;
let base: string;
let otherBase: string;
let png: Buffer;


const post = (url: string, payload?: unknown, h = headers) => t.app.inject({ method: 'POST', url: `${API}${url}`, headers: h, payload: payload as Record<string, unknown> });
const put = (url: string, payload: unknown) => t.app.inject({ method: 'PUT', url: `${API}${url}`, headers, payload: payload as Record<string, unknown> });
const get = (url: string, h: Record<string, string> = headers) => t.app.inject({ method: 'GET', url: `${API}${url}`, headers: h });

function refusals(response: { statusCode: number; json(): unknown }): Record<string, string> {
  expect(response.statusCode).toBe(400);
  const { error } = response.json() as { error: { details: Array<{ target: string; message: string }> } };
  return Object.fromEntries(error.details.map((detail) => [detail.target, detail.message]));
}

const hour = 3_600_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

function valid(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Actualiza tus datos',
    body: '<p>Antes de fin de mes actualiza los datos de tu entidad.</p>',
    externalLink: 'https://www.gov.co/',
    nameButtonUrl: 'Ver más',
    showMode: '1',
    showForTypeUserId: '1',
    isRequired: false,
    showFromDate: null,
    showToDate: null,
    image: imageId,
    audience: audience(0, { siteTypes: allTypes }),
    ...overrides,
  };
}

async function create(overrides: Record<string, unknown> = {}) {
  const response = await post('/contents/', valid(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { contentID: number; displayOrder: number; published: boolean };
}

const portal = (key: string) => ({ authorization: `Portal ${key}` });
async function delivered(alias: string, key: string, query = ''): Promise<number[]> {
  const response = await get(`/delivery/${alias}${query}`, portal(key));
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { contents: Array<{ contentID: number }> }).contents.map((c) => c.contentID);
}

beforeAll(async () => {
  png = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#3366cc' } }).png().toBuffer();
  other = http.createServer((_request, response) => response.end('<html><head><title>Otro sitio privado</title></head></html>'));
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  otherBase = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
  fake = http.createServer((request, response) => {
    const page = (html: string) => response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
    switch (request.url) {
      case '/noticia':
        return page(`<!doctype html><html><head><title>Título de respaldo</title>
          <meta property="og:title" content="Convocatoria &amp; becas 2026">
          <meta property="og:description" content="Inscripciones abiertas hasta el 30 de junio para todas las entidades territoriales.">
          <meta property="og:image" content="/imagen.png"></head><body>…</body></html>`);
      case '/sencilla':
        return page('<html><head><title>Solo título</title><meta name="description" content="Una descripción corta de la página."></head></html>');
      case '/imagen.png':
        return response.writeHead(200, { 'content-type': 'image/png' }).end(png);
      case '/redirige':
        return response.writeHead(302, { location: '/sencilla' }).end();
      case '/redirige-privada':
        return response.writeHead(302, { location: `${otherBase}/` }).end();
      case '/redirige-metadatos':
        return response.writeHead(301, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
      default:
        return response.writeHead(404).end('no');
    }
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;

  t = await createTestApp({ seed: 'demo', env: { CRAWLER_PRIVATE_ORIGINS: base } });
  headers = bearer(await t.tokenFor(['GlobalContents'], 'contenidos@portales.test'));
  allTypes = (await t.database.query<{ id: number }>('select id from site_types order by id')).map((row) => row.id);
  const portals = await insideAndOutsidePortals(t);
  ({ key: siteKey, ...site } = portals.inside);
  ({ key: outsiderKey, ...outsider } = portals.outside);

  const body = multipart('aviso.png', png);
  const uploaded = await t.app.inject({ method: 'POST', url: `${API}/uploadfiles/elementType=image`, payload: body.payload, headers: { ...headers, ...body.headers } });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  imageId = (uploaded.json() as { fileID: string }).fileID;
});

afterAll(async () => {
  await t?.close();
  fake?.close();
  other?.close();
});

describe('content rules (spec 02 §5)', () => {
  it('refuses each broken field with the spec message', async () => {
    const v = texts.validation;
    expect(refusals(await post('/contents/', valid({ name: 'abc' })))).toMatchObject({ name: v.name_length });
    expect(refusals(await post('/contents/', valid({ name: 'x'.repeat(121) })))).toMatchObject({ name: v.name_length });
    expect(refusals(await post('/contents/', valid({ name: '' })))).toMatchObject({ name: v.name_required });
    expect(refusals(await post('/contents/', valid({ body: '<p>muy corto</p>' })))).toMatchObject({ body: v.body_length });
    expect(refusals(await post('/contents/', valid({ body: `<p>${'a'.repeat(401)}</p>` })))).toMatchObject({ body: v.body_length });
    expect(refusals(await post('/contents/', valid({ externalLink: 'ftp://sitio.gov.co' })))).toMatchObject({ externalLink: v.link });
    expect(refusals(await post('/contents/', valid({ externalLink: `https://a.co/${'a'.repeat(250)}` })))).toMatchObject({ externalLink: v.link_length });
    expect(refusals(await post('/contents/', valid({ nameButtonUrl: 'x'.repeat(21) })))).toMatchObject({ nameButtonUrl: v.button_length });
    expect(refusals(await post('/contents/', valid({ showFromDate: at(2 * hour), showToDate: at(hour) })))).toMatchObject({ showToDate: v.dates });
    expect(refusals(await post('/contents/', valid({ showMode: '3' })))).toMatchObject({ showMode: v.show_mode });
    expect(refusals(await post('/contents/', valid({ showForTypeUserId: '9' })))).toMatchObject({ showForTypeUserId: v.user_type });
    expect(refusals(await post('/contents/', valid({ image: undefined })))).toMatchObject({ image: v.image_required });
    expect(refusals(await post('/contents/', valid({ image: null })))).toMatchObject({ image: v.image_required });
    expect(Object.values(refusals(await post('/contents/', valid({ audience: audience(1, { siteTypes: allTypes }) }))))).toContain(audienceTexts.validation.locations);
    expect(Object.values(refusals(await post('/contents/', valid({ audience: audience(2) }))))).toContain(audienceTexts.validation.groups);
    expect(Object.values(refusals(await post('/contents/', valid({ audience: audience(0) }))))).toContain(audienceTexts.validation.site_types);
  });

  it('creates published, last in order, answers the spec messages\u2019 record, and keeps the dates rule in the table', async () => {
    const first = await create({ name: 'Primero' });
    const second = await create({ name: 'Segundo' });
    expect(first.published).toBe(true);
    expect(second.displayOrder).toBe(first.displayOrder + 1);
    await expect(t.database.query('update contents set show_from_date = now(), show_to_date = now() - interval \'1 day\' where content_id = $1', [first.contentID])).rejects.toThrow();
    const edited = await put(`/contents/${first.contentID}`, valid({ name: 'Primero editado' }));
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'Primero editado', image: { fileID: imageId } });
  });

  it('lists 10 a page by displayOrder, searches, filters by published, and re-sorts', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 3; i += 1) ids.push((await create({ name: `Orden ${i}` })).contentID);
    const moved = await post(`/contents/${ids[2]}/sort/${ids[0]}`);
    expect(moved.statusCode, moved.body).toBe(200);
    const page = (await get('/contents/?search=Orden&pageSize=10')).json() as { results: Array<{ contentID: number; displayOrder: number }> };
    expect(page.results.map((r) => r.contentID)).toEqual([ids[2], ids[0], ids[1]]);
    const list = (await get('/contents/?page=1')).json() as { results: unknown[]; meta: { hasNextPage: boolean } };
    expect(list.results.length).toBeLessThanOrEqual(10);
    await post(`/contents/${ids[1]}/disable`);
    const inactive = (await get('/contents/?published=false&search=Orden')).json() as { results: Array<{ contentID: number }> };
    expect(inactive.results.map((r) => r.contentID)).toEqual([ids[1]]);
  });
});

describe('the schedule modal\'s write', () => {
  it('saves a record as read back, with its new dates', async () => {
    const { contentID } = await create({ name: 'Para programar' });
    const read = (await get(`/contents/${contentID}`)).json() as Record<string, unknown>;
    const saved = await put(`/contents/${contentID}`, { ...read, id: contentID, showFromDate: at(48 * hour), showToDate: null });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().showFromDate).not.toBeNull();
  });
});

describe('activation (GET /contents/validate/{id}/{flag})', () => {
  it('allows activating a content in dates whose audience reaches portals; asks to confirm a critical one and every inactivation', async () => {
    const plain = await create({ name: 'Normal' });
    await post(`/contents/${plain.contentID}/disable`);
    const check = (await get(`/contents/validate/${plain.contentID}/true`)).json();
    expect(check).toMatchObject({ valid: true, requiresConfirmation: false, message: null });
    expect(check.portals).toBeGreaterThan(0);
    expect((await post(`/contents/${plain.contentID}/enable`)).json()).toMatchObject({ published: true });
    expect((await get(`/contents/validate/${plain.contentID}/false`)).json()).toMatchObject({ valid: true, requiresConfirmation: true, message: texts.confirm_disable });

    const critical = await create({ name: 'Crítico', isRequired: true });
    const criticalCheck = (await get(`/contents/validate/${critical.contentID}/true`)).json();
    expect(criticalCheck).toMatchObject({ valid: true, requiresConfirmation: true });
    expect(criticalCheck.message).toContain(String(criticalCheck.portals));
  });

  it('refuses an expired content (no activate, no inactivate) and an audience that reaches no portal', async () => {
    const expired = await create({ name: 'Vencido', showFromDate: at(-3 * hour), showToDate: at(-hour) });
    expect((await get(`/contents/validate/${expired.contentID}/true`)).json()).toMatchObject({ valid: false, message: texts.validation.expired });
    expect((await get(`/contents/validate/${expired.contentID}/false`)).json()).toMatchObject({ valid: false });
    expect((await post(`/contents/${expired.contentID}/disable`)).statusCode).toBe(409);
    const badFlag = await get(`/contents/validate/${expired.contentID}/si`);
    expect(badFlag.statusCode).toBe(400);
    expect(badFlag.json().error.message).toBe(texts.validation.flag);
    expect((await get('/contents/validate/999999/true')).statusCode).toBe(404);
    expect((await post(`/contents/${expired.contentID}/enable`)).statusCode).toBe(409);

    // A group with no portal: the audience is well formed but reaches no one.
    const [group] = await t.database.query<{ id: number }>("insert into groups (name) values ('Grupo vacío de contenidos') returning group_id as id");
    const lonely = await create({ name: 'Sin alcance', audience: audience(2, { groups: [group!.id] }) });
    await post(`/contents/${lonely.contentID}/disable`);
    expect((await get(`/contents/validate/${lonely.contentID}/true`)).json()).toMatchObject({ valid: false, portals: 0, message: texts.validation.audience_empty });
    const refused = await post(`/contents/${lonely.contentID}/enable`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(texts.validation.audience_empty);
    expect((await get('/contents/validate/99999999/true')).statusCode).toBe(404);
    expect((await get(`/contents/validate/${lonely.contentID}/quizas`)).statusCode).toBe(400);
  });
});

describe('the link reader (POST /crawler, GET /pagepreviews/)', () => {
  it('fills name, body and image from Open Graph, and title/description otherwise, following a redirect on the same origin', async () => {
    const read = await post('/crawler', { url: `${base}/noticia` });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({
      name: 'Convocatoria & becas 2026',
      body: 'Inscripciones abiertas hasta el 30 de junio para todas las entidades territoriales.',
      imageUrl: `${base}/imagen.png`,
      image: { isImage: true },
    });
    const preview = await get(`/pagepreviews/?url=${encodeURIComponent(`${base}/redirige`)}`);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toEqual({ url: `${base}/sencilla`, title: 'Solo título', description: 'Una descripción corta de la página.', image: null });
  });

  it('refuses private and loopback addresses, and redirects to them, with a Spanish message', async () => {
    for (const url of ['http://10.0.0.8/pagina', 'http://localhost/', 'http://[::1]/', `${otherBase}/`, `${base}/redirige-privada`, `${base}/redirige-metadatos`]) {
      const response = await post('/crawler', { url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error.message).toBe(texts.server.crawler_refused);
    }
    expect((await get(`/pagepreviews/?url=${encodeURIComponent(`${base}/redirige-privada`)}`)).statusCode).toBe(400);
    expect(refusals(await post('/crawler', { url: 'no es un enlace' }))).toEqual({ url: texts.server.crawler_url });
    const missing = await post('/crawler', { url: `${base}/no-existe` });
    expect(missing.statusCode).toBe(502);
    expect(missing.json().error.message).toBe(texts.server.crawler_failed);
  });
});

describe('the global content block', () => {
  it('replaces the slider list and saves the block title and color', async () => {
    const saved = await put('/sliderconfglobal', [
      { nameSlider: 'Noticias', url: 'https://www.gov.co/noticias', active: true },
      { nameSlider: 'Eventos', url: null, active: false },
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(((await get('/sliderconfglobal')).json() as { results: Array<{ nameSlider: string }> }).results.map((s) => s.nameSlider)).toEqual(['Noticias', 'Eventos']);
    const block = await post('/settings/content/settingcontentglobal', { title: 'Novedades', color: '#3366CC' });
    expect(block.statusCode, block.body).toBe(200);
    expect((await get('/settings/content/settingcontentglobal')).json()).toMatchObject({ title: 'Novedades', color: '#3366CC' });
  });
});

describe('the delivery API (GET /delivery/{siteAlias})', () => {
  it('answers a portal inside each audience and not one outside, by user type and dates, with ETag and 304', async () => {
    await t.database.query('update contents set published = false');
    const country = await create({ name: 'Para todo el país', audience: audience(0, { siteTypes: allTypes }) });
    const byDepartment = await create({ name: 'Para un departamento', audience: audience(1, { departments: [site.department], siteTypes: [site.siteType] }) });
    const byMunicipality = await create({ name: 'Para un municipio', showForTypeUserId: '2', audience: audience(1, { municipalities: [site.municipality], siteTypes: allTypes }) });
    const [group] = await t.database.query<{ id: number }>("insert into groups (name) values ('Grupo del portal') returning group_id as id");
    await t.database.query('insert into group_sites (group_id, site_id, "order") values ($1, $2, 1)', [group!.id, site.id]);
    const byGroup = await create({ name: 'Para un grupo', audience: audience(2, { groups: [group!.id] }) });
    await create({ name: 'Programado', showFromDate: at(hour), showToDate: at(2 * hour) });
    await create({ name: 'Vencido hace poco', showFromDate: at(-2 * hour), showToDate: at(-hour) });
    const inactive = await create({ name: 'Inactivo' });
    await post(`/contents/${inactive.contentID}/disable`);

    expect(await delivered(site.alias, siteKey)).toEqual([country.contentID, byDepartment.contentID, byMunicipality.contentID, byGroup.contentID]);
    expect(await delivered(site.alias, siteKey, '?userType=2')).toEqual([byMunicipality.contentID]);
    expect(await delivered(outsider.alias, outsiderKey)).toEqual([country.contentID]);

    const first = await get(`/delivery/${site.alias}`, portal(siteKey));
    const tag = first.headers.etag as string;
    expect(tag).toMatch(/^".+"$/);
    expect(first.json().contents[0]).toMatchObject({ name: 'Para todo el país', image: { fileID: imageId }, showMode: '1' });
    expect((await get(`/delivery/${site.alias}`, { ...portal(siteKey), 'if-none-match': tag })).statusCode).toBe(304);
    expect((await put(`/contents/${byGroup.contentID}`, valid({ name: 'Para un grupo, editado', audience: audience(2, { groups: [group!.id] }) }))).statusCode).toBe(200);
    const changed = await get(`/delivery/${site.alias}`, { ...portal(siteKey), 'if-none-match': tag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(tag);

    // Another portal's delivery, and no key at all.
    expect((await get(`/delivery/${site.alias}`, portal(outsiderKey))).statusCode).toBe(403);
    expect((await get(`/delivery/${site.alias}`, {})).statusCode).toBe(401);
    expect((await get(`/delivery/${site.alias}`, headers)).statusCode).toBe(401);
  });

  it('reaches a portal exactly when the audience resolver counts it, for each segment', async () => {
    const [department] = await t.database.query<{ d: number }>(`select parent_location_id as d from sites s where ${ACTIVE} group by 1 order by count(*) desc limit 1`);
    const [group] = await t.database.query<{ id: number }>(`select group_id as id from group_sites group by 1 order by count(*) desc limit 1`);
    const cases: Audience[] = [
      audience(0, { siteTypes: allTypes }),
      audience(0, { siteTypes: [site.siteType] }),
      audience(1, { departments: [department!.d], siteTypes: allTypes }),
      audience(1, { departments: [0], siteTypes: [site.siteType] }),
      audience(1, { municipalities: [0], siteTypes: allTypes }),
      audience(1, { municipalities: [site.municipality], siteTypes: allTypes }),
      audience(1, { departments: [department!.d], municipalities: [site.municipality], siteTypes: [site.siteType] }),
      ...(group ? [audience(2, { groups: [group.id] })] : []),
    ];
    for (const value of cases) {
      const expected = await resolveAudience(t.database, value);
      const rows = await t.database.query<{ id: number }>(`select s.id from sites s where ${audienceReachesSiteSql('$1::jsonb')} order by s.id`, [JSON.stringify(value)]);
      expect(rows.map((row) => row.id), JSON.stringify(value)).toEqual(expected);
    }
  });
});
