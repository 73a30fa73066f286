/**
 * Global banners and logos (spec 02 §5 'Banner', 'Global logos', §7, §9; resources/banners.ts, resources/logos.ts):
 * every field rule with its message, at most 3 banners and 3 content logos under concurrency (and in the database
 * itself), image rules on the decoded content (dimensions, disguised files, BMP), the cover crop, the orders and the
 * settings record. Runs on PGlite and on PostgreSQL (TEST_DATABASE_URL).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { bearer, createTestApp, type TestApp } from '../helpers/testApp';
import { multipart } from '../helpers/multipart';
import { fileStorageOf } from '../../server/files';
import { seedDemoGlobalContent } from '../../server/seed/demoGlobalContent';

const API = '/api/v1';
let t: TestApp;
let banners: string;
let settings: string;

beforeAll(async () => {
  t = await createTestApp({ seed: 'reference' });
  banners = await t.tokenFor(['GlobalBanners']);
  settings = await t.tokenFor(['Settings']);
});
afterAll(async () => {
  await t?.close();
});

const audience = { segment: 0, departments: [], municipalities: [], groups: [], siteTypes: [1] };
const image = (width: number, height: number, format: 'png' | 'jpeg' | 'gif' = 'png') =>
  sharp({ create: { width, height, channels: 3, background: '#2a6' } })[format]().toBuffer();

/** A 24-bit uncompressed BMP, bottom-up, of one colour. */
function bmp(width: number, height: number): Buffer {
  const row = Math.ceil((width * 3) / 4) * 4;
  const file = Buffer.alloc(54 + row * height);
  file.write('BM', 0, 'latin1');
  file.writeUInt32LE(file.length, 2);
  file.writeUInt32LE(54, 10);
  file.writeUInt32LE(40, 14);
  file.writeInt32LE(width, 18);
  file.writeInt32LE(height, 22);
  file.writeUInt16LE(1, 26);
  file.writeUInt16LE(24, 28);
  for (let y = 0; y < height; y += 1) for (let x = 0; x < width; x += 1) file.set([0x30, 0x60, 0x90], 54 + y * row + x * 3);
  return file;
}

function upload(elementType: string, name: string, content: Buffer, token = elementType === 'logo' ? settings : banners) {
  const body = multipart(name, content);
  return t.app.inject({ method: 'POST', url: `${API}/uploadfiles/elementType=${elementType}`, payload: body.payload, headers: { ...body.headers, ...bearer(token) } });
}
const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown) =>
  t.app.inject({ method, url: `${API}${url}`, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });

async function bannerImage(): Promise<string> {
  const response = await upload('banner', 'portada.png', await image(1600, 500));
  expect(response.statusCode).toBe(201);
  return response.json().fileID as string;
}
const bannerBody = (overrides: Record<string, unknown> = {}) => ({
  title: 'Trámites en línea',
  subtitle: 'Haz tus trámites sin filas',
  description: 'Persona usando un computador',
  link: 'https://www.gov.co',
  urlVideo: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  audience,
  ...overrides,
});

const messageOf = (response: { json(): unknown }) => (response.json() as { error: { message: string } }).error.message;
const detailsOf = (response: { json(): unknown }) =>
  Object.fromEntries((response.json() as { error: { details: { target: string; message: string }[] } }).error.details.map((d) => [d.target, d.message]));

describe('banner images (checked on the decoded content)', () => {
  it('refuses an image narrower or shorter than 1200×300 with the spec messages, and one over 10000 px', async () => {
    const narrow = await upload('banner', 'angosta.png', await image(1000, 400));
    expect(narrow.statusCode).toBe(400);
    expect(messageOf(narrow)).toBe('Debes subir una imagen mas ancha. Te recomendamos subir una imagen de mínimo 1200px x 300px');
    const short = await upload('banner', 'baja.jpg', await image(1300, 200, 'jpeg'));
    expect(messageOf(short)).toBe('Debes subir una imagen mas alta. Te recomendamos subir una imagen de mínimo 1200px x 300px');
    const huge = await upload('banner', 'enorme.png', await image(10_001, 300));
    expect(huge.statusCode).toBe(400);
    expect(messageOf(huge)).toBe('La imagen no puede medir más de 10000px x 10000px');
  });

  it('accepts gif, jpg and png, and a BMP stored as PNG; refuses files disguised by their name and files over 2 MB', async () => {
    expect((await upload('banner', 'a.gif', await image(1200, 300, 'gif'))).statusCode).toBe(201);
    expect((await upload('banner', 'a.jpeg', await image(1200, 300, 'jpeg'))).statusCode).toBe(201);
    const fromBmp = await upload('banner', 'mapa.bmp', bmp(1200, 300));
    expect(fromBmp.statusCode).toBe(201);
    const served = await t.app.inject({ method: 'GET', url: fromBmp.json().filePath });
    expect(served.headers['content-type']).toBe('image/png');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 1200, height: 300 });
    // A PNG named .jpg, a small PNG named .bmp, and a PDF named .png: the content decides.
    expect(messageOf(await upload('banner', 'disfraz.jpg', await image(1200, 300)))).toBe('No puedes subir este tipo de archivo.');
    expect(messageOf(await upload('banner', 'disfraz.bmp', await image(1200, 300)))).toBe('No puedes subir este tipo de archivo.');
    expect((await upload('banner', 'doc.png', Buffer.from('%PDF-1.4\n%%EOF\n'))).statusCode).toBe(400);
    // A BMP header that claims a large image over too few bytes.
    const lying = bmp(1200, 300).subarray(0, 2000);
    expect(messageOf(await upload('banner', 'corto.bmp', lying))).toBe('No se puede subir este archivo');
    const big = await upload('banner', 'pesada.png', Buffer.concat([await image(1200, 300), Buffer.alloc(2 * 1024 * 1024)]));
    expect(big.statusCode).toBe(413);
    expect(messageOf(big)).toBe('Sube archivos de menos de 2 Mb');
  });

  it('crops the largest 4:1 window at the cover position into a new file; other types and positions are refused', async () => {
    const uploaded = await upload('banner', 'alta.png', await image(2000, 1000));
    const id = uploaded.json().fileID as string;
    const crop = await send('POST', `/uploadfiles/${id}/crop`, banners, { positionX: 50, positionY: 100 });
    expect(crop.statusCode).toBe(201);
    expect(crop.json().fileID).not.toBe(id);
    const served = await t.app.inject({ method: 'GET', url: crop.json().filePath });
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 2000, height: 500 });
    expect((await send('POST', `/uploadfiles/${id}/crop`, banners, { positionX: 101, positionY: 0 })).statusCode).toBe(400);
    const missing = await send('POST', `/uploadfiles/${id}/crop`, banners, { positionX: 10 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.details[0]).toMatchObject({ target: 'positionY', message: 'Este campo es obligatorio' });
    expect((await send('POST', `/uploadfiles/${id}/crop`, settings, { positionX: 0, positionY: 0 })).statusCode).toBe(403);
    expect((await send('POST', `/uploadfiles/00000000-0000-4000-8000-000000000000/crop`, banners, { positionX: 0, positionY: 0 })).statusCode).toBe(404);
    const logo = await upload('logo', 'logo.png', await image(200, 200));
    expect((await send('POST', `/uploadfiles/${logo.json().fileID}/crop`, settings, { positionX: 0, positionY: 0 })).statusCode).toBe(400);
  });
});

describe('banners', () => {
  beforeEach(async () => {
    await t.database.query('delete from banners');
  });

  it('validates every field with the spec messages', async () => {
    // As the form sends it: every field, empty.
    const empty = await send('POST', '/banners/', banners, { title: '', subtitle: '', description: '', image: null, urlVideo: '', audience });
    expect(empty.statusCode).toBe(400);
    expect(detailsOf(empty)).toMatchObject({
      title: 'Debe agregar un título',
      image: 'Debes ingresar una imágen o un video',
    });
    const bad = await send('POST', '/banners/', banners, {
      ...bannerBody(),
      title: 'Dos\nlíneas',
      subtitle: 'x'.repeat(61),
      description: 'x'.repeat(251),
      link: 'no es un enlace',
      urlVideo: 'https://vimeo.com/12345678901',
    });
    expect(Object.keys(detailsOf(bad)).sort()).toEqual(['description', 'link', 'subtitle', 'title', 'urlVideo']);
    expect(detailsOf(bad).urlVideo).toBe('Ingresa un enlace de un video de YouTube');
    expect(detailsOf(bad).title).toBe('El título no puede tener saltos de línea');
    const long = await send('POST', '/banners/', banners, bannerBody({ title: 'x'.repeat(71), link: `https://a.co/${'x'.repeat(120)}` }));
    expect(Object.keys(detailsOf(long)).sort()).toEqual(['link', 'title']);
    // A body that leaves out both media: the stored record is checked.
    expect(detailsOf(await send('POST', '/banners/', banners, withoutMedia)).image).toBe('Debes ingresar una imágen o un video');
    const noAudience = await send('POST', '/banners/', banners, bannerBody({ audience: { ...audience, siteTypes: [] } }));
    expect(noAudience.statusCode).toBe(400);
  });

  const { urlVideo: _video, ...withoutMedia } = bannerBody();

  it('stores a video banner with its embed url and thumbnail, an image banner with its crop, in creation order', async () => {
    const video = await send('POST', '/banners/', banners, bannerBody({ urlVideo: 'https://youtu.be/dQw4w9WgXcQ?t=3' }));
    expect(video.statusCode).toBe(201);
    expect(video.json()).toMatchObject({
      embedUrl: 'https://www.youtube.com/embed/dQw4w9WgXcQ',
      videoThumbnail: 'https://img.youtube.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
      displayOrder: 1,
    });
    expect(video.json()).not.toHaveProperty('slot');
    const fileID = await bannerImage();
    const crop = await send('POST', `/uploadfiles/${fileID}/crop`, banners, { positionX: 0, positionY: 20 });
    const withImage = await send('POST', '/banners/', banners, bannerBody({ urlVideo: null, image: fileID, cover: crop.json().fileID, positionX: 0, positionY: 20 }));
    expect(withImage.statusCode).toBe(201);
    expect(withImage.json()).toMatchObject({ embedUrl: null, displayOrder: 2, positionY: 20, image: { fileID }, cover: { fileID: crop.json().fileID } });
    // A partial update keeps the media; removing both is refused.
    const id = withImage.json().bannerID as number;
    const renamed = await send('PUT', `/banners/${id}`, banners, { ...withoutMedia, title: 'Otro título' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ title: 'Otro título', image: { fileID } });
    const bare = await send('PUT', `/banners/${id}`, banners, { image: null, urlVideo: null });
    expect(detailsOf(bare).image).toBe('Debes ingresar una imágen o un video');
  });

  it('stores the banner type (Secondary by default), the section and a mobile image checked by its own rules', async () => {
    const plain = await send('POST', '/banners/', banners, bannerBody());
    expect(plain.json()).toMatchObject({ bannerType: 'Secondary', section: null, mobile: null });
    const narrow = await upload('bannerMobile', 'movil.png', await image(500, 300));
    expect(messageOf(narrow)).toBe('Debes subir una imagen mas ancha. Te recomendamos subir una imagen de mínimo 600px x 300px');
    const mobile = await upload('bannerMobile', 'movil.png', await image(800, 400));
    expect(mobile.statusCode).toBe(201);
    const fileID = await bannerImage();
    const full = await send('POST', '/banners/', banners, bannerBody({ urlVideo: null, image: fileID, bannerType: 'Institutional', section: 'Inicio', mobile: mobile.json().fileID }));
    expect(full.statusCode).toBe(201);
    expect(full.json()).toMatchObject({ bannerType: 'Institutional', section: 'Inicio', mobile: { fileID: mobile.json().fileID } });
    const bad = await send('PUT', `/banners/${full.json().bannerID}`, banners, bannerBody({ bannerType: 'Primary', section: 'x'.repeat(101), mobile: '00000000-0000-4000-8000-000000000000' }));
    expect(Object.keys(detailsOf(bad)).sort()).toEqual(['bannerType', 'section']);
    expect(detailsOf(await send('PUT', `/banners/${full.json().bannerID}`, banners, bannerBody({ mobile: '00000000-0000-4000-8000-000000000000' }))).mobile).toBeTruthy();
  });

  it('keeps at most 3 banners, also when 6 are created at once, and the database refuses a fourth by itself', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => send('POST', '/banners/', banners, bannerBody({ title: `Banner ${i}` }))));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 201, 201, 400, 400, 400]);
    expect(messageOf(answers.find((answer) => answer.statusCode === 400)!)).toBe('Solo puede haber 3 banners globales');
    await expect(
      t.database.query(`insert into banners (title, subtitle, description, audience, slot) values ('a', 'b', 'c', '{}'::jsonb, 4)`),
    ).rejects.toThrow();
    await expect(
      t.database.query(`insert into banners (title, subtitle, description, audience, slot) select 'a', 'b', 'c', '{}'::jsonb, slot from banners limit 1`),
    ).rejects.toThrow();
    // Deleting one frees its place.
    const list = await send('GET', '/banners/', banners);
    expect(list.json().results).toHaveLength(3);
    expect((await send('DELETE', `/banners/${list.json().results[0].bannerID}`, banners)).statusCode).toBe(200);
    expect((await send('POST', '/banners/', banners, bannerBody())).statusCode).toBe(201);
  });

  it('reorders with PUT /banners/sort (bannerID and displayOrder) and lists 10 a page, 1-based', async () => {
    const ids: number[] = [];
    for (const title of ['Uno', 'Dos', 'Tres']) ids.push((await send('POST', '/banners/', banners, bannerBody({ title }))).json().bannerID);
    const sorted = await send('PUT', '/banners/sort', banners, [
      { bannerID: ids[2], displayOrder: 1 },
      { bannerID: ids[0], displayOrder: 2 },
      { bannerID: ids[1], displayOrder: 3 },
    ]);
    expect(sorted.statusCode).toBe(200);
    const list = await send('GET', '/banners/?page=1', banners);
    expect(list.json().results.map((row: { title: string }) => row.title)).toEqual(['Tres', 'Uno', 'Dos']);
    expect(list.json().meta.hasNextPage).toBe(false);
    expect((await send('GET', '/banners/?page=0', banners)).statusCode).toBe(400);
    expect((await send('PUT', '/banners/sort', settings, [{ bannerID: ids[0], displayOrder: 1 }])).statusCode).toBe(403);
  });

  it('keeps the position (1, 2, 3), the rotation (0–30 s) and the two tool links in one settings record', async () => {
    const saved = await send('PUT', '/banners/settings', banners, {
      position: '3',
      rotation: 30,
      linkVideoTutorial: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      linkHerramientaDiseno: 'https://www.canva.com',
    });
    expect(saved.statusCode).toBe(200);
    expect((await send('GET', '/banners/settings', banners)).json()).toMatchObject({ position: '3', rotation: 30, linkHerramientaDiseno: 'https://www.canva.com' });
    const bad = await send('PUT', '/banners/settings', banners, { position: '4', rotation: 31, linkVideoTutorial: `https://a.co/${'x'.repeat(200)}`, linkHerramientaDiseno: 'canva' });
    expect(Object.keys(detailsOf(bad)).sort()).toEqual(['linkHerramientaDiseno', 'linkVideoTutorial', 'position', 'rotation']);
    expect(detailsOf(bad).rotation).toBe('La rotación debe estar entre 0 y 30 segundos');
    expect((await send('GET', '/banners/settings', settings)).statusCode).toBe(403);
  });
});

describe('global and content logos', () => {
  beforeEach(async () => {
    await t.database.query('delete from global_logos');
  });

  async function logoImage(): Promise<string> {
    const response = await upload('logo', 'logo.png', await image(200, 200));
    expect(response.statusCode).toBe(201);
    return response.json().fileID as string;
  }

  it('takes only jpg, jpeg or png of exactly 200×200 under 5 MB, with the spec message', async () => {
    expect(messageOf(await upload('logo', 'logo.png', await image(201, 200)))).toBe('La imagen debe medir exactamente 200px x 200px');
    expect(messageOf(await upload('logo', 'logo.gif', await image(200, 200, 'gif')))).toBe('No puedes subir este tipo de archivo.');
    expect(messageOf(await upload('logo', 'logo.jpg', await image(200, 200)))).toBe('No puedes subir este tipo de archivo.');
    const big = await upload('logo', 'logo.png', Buffer.concat([await image(200, 200), Buffer.alloc(5 * 1024 * 1024)]));
    expect(big.statusCode).toBe(413);
    expect(messageOf(big)).toBe('El tamaño de los logos no pueden exceder los 5MB de tamaño');
    expect((await upload('logo', 'logo.jpg', await image(200, 200, 'jpeg'))).statusCode).toBe(201);
  });

  it('validates a global logo (name ≤ 80, image, url http(s) ≤ 200 with "link inválido")', async () => {
    const empty = await send('POST', '/globallogo/', settings, { audience });
    expect(detailsOf(empty)).toMatchObject({ name: 'Debes ingresar un nombre para el logo', url: 'link inválido', image: 'Este campo es obligatorio' });
    const bad = await send('POST', '/globallogo/', settings, { name: 'x'.repeat(81), image: await logoImage(), url: 'ftp://a.co', audience });
    expect(detailsOf(bad)).toMatchObject({ url: 'link inválido' });
    expect(Object.keys(detailsOf(bad)).sort()).toEqual(['name', 'url']);
    expect(detailsOf(await send('POST', '/globallogo/', settings, { name: 'a', image: await logoImage(), url: `https://a.co/${'x'.repeat(190)}`, audience })).url).toBe('link inválido');
  });

  it('lists global and content logos apart, reorders with the id and the next id, and keeps content logos without url', async () => {
    const ids: number[] = [];
    for (const name of ['Uno', 'Dos', 'Tres']) {
      const created = await send('POST', '/globallogo/', settings, { name, image: await logoImage(), url: 'https://www.gov.co', audience });
      expect(created.statusCode).toBe(201);
      ids.push(created.json().globalLogoId);
    }
    const content = await send('POST', '/globallogo/content/', settings, { name: 'Contenido', image: await logoImage(), url: 'https://ignorado.co', audience });
    expect(content.statusCode).toBe(201);
    expect(content.json()).not.toHaveProperty('url');
    expect((await t.database.query<{ url: string | null }>('select url from global_logos where global_logo_id = $1', [content.json().globalLogoId]))[0]!.url).toBeNull();
    expect((await send('POST', `/globallogo/${ids[2]}/sort/${ids[0]}`, settings)).statusCode).toBe(200);
    const list = await send('GET', '/globallogo/?pageSize=500', settings);
    expect(list.json().results.map((row: { name: string }) => row.name)).toEqual(['Tres', 'Uno', 'Dos']);
    expect((await send('GET', '/globallogo/content/', settings)).json().results.map((row: { name: string }) => row.name)).toEqual(['Contenido']);
    // A content logo is not a global logo's record, nor the other way round.
    expect((await send('GET', `/globallogo/${content.json().globalLogoId}`, settings)).statusCode).toBe(404);
    expect((await send('DELETE', `/globallogo/content/${ids[0]}`, settings)).statusCode).toBe(404);
    expect((await send('GET', '/globallogo/', banners)).statusCode).toBe(403);
  });

  it('accepts and answers the audience in the spec wire shapes (banner and logo lists), refusing malformed ones', async () => {
    const { audience: _a, ...plain } = bannerBody();
    const banner = await send('POST', '/banners/', banners, {
      ...plain,
      segment: 1,
      bannerLocationList: [{ locationID: 5, location: { parentLocationId: 170 } }, { locationID: 8001, location: { parentLocationId: 8 } }],
      bannerSitetypeList: [{ siteTypeID: 3 }],
      bannerGroupList: [],
    });
    expect(banner.statusCode).toBe(201);
    expect(banner.json().audience).toEqual({ segment: 1, departments: [5], municipalities: [8001], groups: [], siteTypes: [3] });
    const read = (await send('GET', `/banners/${banner.json().bannerID}`, banners)).json();
    expect(read).toMatchObject({
      segment: 1,
      bannerLocationList: [{ locationID: 5, location: { parentLocationId: 170 } }, { locationID: 8001, location: { parentLocationId: 8 } }],
      bannerSitetypeList: [{ siteTypeID: 3 }],
      bannerGroupList: [],
    });
    // The engine's own field wins over the wire keys a form sends back with it; the audit keeps the field only.
    const edited = await send('PUT', `/banners/${banner.json().bannerID}`, banners, { ...read, audience: { ...audience, siteTypes: [2] } });
    expect(edited.json()).toMatchObject({ segment: 0, bannerLocationList: [], bannerSitetypeList: [{ siteTypeID: 2 }] });
    const [line] = await t.database.query<{ after: Record<string, unknown> }>(`select after from audit_log where action = 'update' order by id desc limit 1`);
    expect(line!.after).toMatchObject({ audience: { siteTypes: [2] } });
    expect(line!.after).not.toHaveProperty('bannerSitetypeList');
    const bad = await send('POST', '/banners/', banners, { ...plain, segment: 9, bannerSitetypeList: [{ siteTypeID: 1 }] });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(detailsOf(bad))).toEqual(['audience.segment']);
    const logo = await send('POST', '/globallogo/', settings, {
      name: 'Por grupo',
      image: await logoImage(),
      url: 'https://www.gov.co',
      segment: 2,
      globalLogoGroupList: [{ groupID: 4 }],
    });
    expect(logo.statusCode).toBe(201);
    expect(logo.json()).toMatchObject({ audience: { segment: 2, groups: [4] }, segment: 2, globalLogoGroupList: [{ groupID: 4 }], gLogoSiteTypesList: [], gLogoLocationList: [] });
    const spec = (await send('GET', '/openapi.json', settings)).json();
    expect(JSON.stringify(spec)).toContain('gLogoLocationList');
  });

  it('keeps at most 3 content logos, also when 5 are created at once; global logos have no such bound', async () => {
    const images = await Promise.all(Array.from({ length: 5 }, () => logoImage()));
    const answers = await Promise.all(images.map((image, i) => send('POST', '/globallogo/content/', settings, { name: `Logo ${i}`, image, audience })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 201, 201, 400, 400]);
    expect(messageOf(answers.find((answer) => answer.statusCode === 400)!)).toBe('Solo puede haber 3 logos de contenidos');
    await expect(t.database.query(`insert into global_logos (image, name, audience, logo_type, slot) values ($1, 'x', '{}'::jsonb, 1, 4)`, [images[0]])).rejects.toThrow();
    await expect(t.database.query(`insert into global_logos (image, name, audience, logo_type, slot) values ($1, 'x', '{}'::jsonb, 1, null)`, [images[0]])).rejects.toThrow();
    for (let i = 0; i < 4; i += 1) {
      expect((await send('POST', '/globallogo/', settings, { name: `Global ${i}`, image: await logoImage(), url: 'https://www.gov.co', audience })).statusCode).toBe(201);
    }
  });
});

describe('demo data', () => {
  it('seeds three banners (one with its crop), the settings record, three global and two content logos, served as uploads', async () => {
    await t.database.query('delete from banners');
    await t.database.query('delete from global_logos');
    await t.database.query('delete from banner_settings');
    // The demo contents (server/seed/demo.ts) come as drafts: they get their images, and the ones in date are published.
    await t.database.query(`delete from contents`);
    await t.database.query(
      `insert into contents (name, body, audience, published, show_from_date, show_to_date, display_order) values
       ('Aviso vigente', '<p>Un aviso de demostración vigente.</p>', $1::jsonb, false, null, null, 1),
       ('Aviso vencido', '<p>Un aviso de demostración vencido.</p>', $1::jsonb, false, now() - interval '2 days', now() - interval '1 day', 2)`,
      [JSON.stringify(audience)],
    );
    await t.database.db.transaction((tx) => seedDemoGlobalContent(tx, fileStorageOf(t.app.ctx)));
    const demoContents = await t.database.query<{ name: string; published: boolean; file_id: string | null }>('select name, published, file_id from contents order by display_order');
    expect(demoContents.map((row) => [row.name, row.published, row.file_id !== null])).toEqual([
      ['Aviso vigente', true, true],
      ['Aviso vencido', false, true],
    ]);
    const list = (await send('GET', '/banners/', banners)).json().results as { title: string; cover: { filePath: string } | null }[];
    expect(list.map((row) => row.title)).toEqual(['Trámites en línea', 'Gobierno digital', 'Participa']);
    const cover = await t.app.inject({ method: 'GET', url: list[0]!.cover!.filePath });
    expect(await sharp(cover.rawPayload).metadata()).toMatchObject({ width: 1600, height: 400 });
    expect((await send('GET', '/banners/settings', banners)).json()).toMatchObject({ position: '1', rotation: 5 });
    expect((await send('GET', '/globallogo/', settings)).json().results).toHaveLength(3);
    expect((await send('GET', '/globallogo/content/', settings)).json().results).toHaveLength(2);
    // The demo's rows hold their places: a fourth banner is still refused, a third content logo is not.
    expect((await send('POST', '/banners/', banners, bannerBody())).statusCode).toBe(400);
  });
});
