/**
 * The portals' look (spec 02 §2 'Footer', 'Featured menu', 'Shortcuts', §5, §7, §9; resources/portalLook.ts): every
 * rule and limit with its message (6 footer links, 24 shortcuts, titles ≤ 21, names and urls ≤ 150), the limits held by
 * the database under concurrency, the signature's SVG sanitised and refused by size and dimensions, the orders, the
 * featured menu per entity type, `GET /launchpad/cache`, `GET /seedlink`, and the three in the delivery answer with its
 * ETag changing. Runs on PGlite and on PostgreSQL (TEST_DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insideAndOutsidePortals } from '../helpers/audiencePortals';
import { multipart } from '../helpers/multipart';
import { bearer, createTestApp, type TestApp } from '../helpers/testApp';

const API = '/api/v1';
let t: TestApp;
let settings: string;
let others: string;
let site: { alias: string; siteType: number; key: string };
let outsider: { alias: string; key: string; siteType: number };

const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token = settings, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url: `${API}${url}`, headers: { ...bearer(token), ...headers }, ...(payload === undefined ? {} : { payload: payload as object }) });
const messageOf = (response: { json(): unknown }) => (response.json() as { error: { message: string } }).error.message;
const detailsOf = (response: { json(): unknown }) =>
  Object.fromEntries((response.json() as { error: { details: { target: string; message: string }[] } }).error.details.map((d) => [d.target, d.message]));
const upload = (name: string, content: Buffer | string) => {
  const body = multipart(name, Buffer.from(content));
  return t.app.inject({ method: 'POST', url: `${API}/uploadfiles/elementType=footerSign`, payload: body.payload, headers: { ...body.headers, ...bearer(settings) } });
};
const svg = (size: number, inside = '<rect width="16" height="16" fill="#3366cc"/>') =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">${inside}</svg>`;

async function delivery(portal: { alias: string; key: string }) {
  const response = await t.app.inject({ method: 'GET', url: `${API}/delivery/${portal.alias}`, headers: { authorization: `Portal ${portal.key}` } });
  expect(response.statusCode, response.body).toBe(200);
  return { body: response.json() as Record<string, unknown>, etag: String(response.headers.etag) };
}

beforeAll(async () => {
  t = await createTestApp({ seed: 'demo' });
  settings = await t.tokenFor(['Settings']);
  others = await t.tokenFor(['GlobalContents', 'GlobalBanners', 'Sites']);
  const portals = await insideAndOutsidePortals(t);
  site = { alias: portals.inside.alias, siteType: portals.inside.siteType, key: portals.inside.key };
  const [type] = await t.database.query<{ siteType: number }>('select site_type_id as "siteType" from sites where alias = $1', [portals.outside.alias]);
  outsider = { alias: portals.outside.alias, key: portals.outside.key, siteType: type!.siteType };
});
afterAll(async () => t?.close());

const links = (count: number, prefix = 'Enlace') => Array.from({ length: count }, (_, i) => ({ name: `${prefix} ${i + 1}`, url: `https://www.gov.co/${prefix.toLowerCase()}-${i + 1}` }));

describe('footer links (PUT /footerContent, the whole ordered list)', () => {
  it('saves up to 6 links in the order sent, whatever displayOrder the body says, and reorders them', async () => {
    const saved = await send('PUT', '/footerContent', settings, links(6).map((link, i) => ({ ...link, displayOrder: 60 - i })));
    expect(saved.statusCode, saved.body).toBe(200);
    const list = (await send('GET', '/footerContent')).json().results as { footerContentID: number; name: string; displayOrder: number }[];
    expect(list.map((link) => [link.name, link.displayOrder])).toEqual(links(6).map((link, i) => [link.name, i + 1]));
    const reversed = await send('PUT', '/footerContent', settings, [...list].reverse());
    expect(reversed.statusCode, reversed.body).toBe(200);
    const after = (await send('GET', '/footerContent')).json().results as { footerContentID: number; name: string }[];
    expect(after.map((link) => link.name)).toEqual(links(6).map((link) => link.name).reverse());
    expect(after.map((link) => link.footerContentID)).toEqual(list.map((link) => link.footerContentID).reverse());
  });

  it.each([
    ['a 7th link', links(7), 'items[6]', 'El pie de página admite máximo 6 enlaces'],
    ['a name over 150', [{ name: 'n'.repeat(151), url: 'https://www.gov.co' }], 'items[0].name', 'El texto supera la longitud permitida'],
    ['no name', [{ name: '  ', url: 'https://www.gov.co' }], 'items[0].name', 'Debes ingresar el nombre'],
    ['a url over 150', [{ name: 'Largo', url: `https://www.gov.co/${'a'.repeat(140)}` }], 'items[0].url', 'El texto supera la longitud permitida'],
    ['no url', [{ name: 'Sin enlace', url: '' }], 'items[0].url', 'Debes ingresar el enlace'],
    ['a url that is not http(s)', [{ name: 'Mal', url: 'javascript:alert(1)' }], 'items[0].url', undefined],
  ])('refuses %s with 400 and changes nothing', async (_case, body, target, message) => {
    const before = (await send('GET', '/footerContent')).json().results;
    const response = await send('PUT', '/footerContent', settings, body);
    expect(response.statusCode, response.body).toBe(400);
    expect(Object.keys(detailsOf(response))).toContain(target);
    if (message) expect(detailsOf(response)[target]).toBe(message);
    expect((await send('GET', '/footerContent')).json().results).toEqual(before);
  });

  it('holds 6 links under simultaneous replacements, and the database refuses a 7th row', async () => {
    const answers = await Promise.all([send('PUT', '/footerContent', settings, links(6, 'Uno')), send('PUT', '/footerContent', settings, links(6, 'Dos'))]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const list = (await send('GET', '/footerContent')).json().results as { name: string }[];
    expect(list).toHaveLength(6);
    expect(new Set(list.map((link) => link.name.split(' ')[0])).size).toBe(1);
    await expect(t.database.query(`insert into footer_links (name, url, slot) values ('Séptimo', 'https://www.gov.co', 7)`)).rejects.toThrow();
    await expect(t.database.query(`insert into footer_links (name, url, slot) values ('Sin lugar', 'https://www.gov.co', null)`)).rejects.toThrow();
  });

  it('is the Settings permission’s: others get 403', async () => {
    expect((await send('PUT', '/footerContent', others, links(1))).statusCode).toBe(403);
    expect((await send('GET', '/footerContent', others)).statusCode).toBe(403);
  });
});

describe('footer signature (GET/PUT /footerContent/sign, SVG by the files service)', () => {
  it('sanitises the SVG: scripts, handlers and outside references are gone', async () => {
    const dirty = svg(16, '<script>alert(1)</script><rect width="16" height="16" onclick="alert(2)" fill="url(https://evil.test/x)"/><a href="javascript:alert(3)"><circle r="4"/></a>');
    const response = await upload('sello.svg', dirty);
    expect(response.statusCode, response.body).toBe(201);
    const stored = await t.app.inject({ method: 'GET', url: response.json().filePath as string });
    expect(stored.statusCode).toBe(200);
    expect(stored.body).toContain('<svg');
    expect(stored.body).not.toMatch(/script|onclick|evil\.test|javascript/i);
  });

  it.each([
    ['over 5 KB', svg(16, `<desc>${'x'.repeat(6000)}</desc>`), 413, 'El archivo SVG del sello no puede pesar más de 5 KB'],
    ['not 16×16', svg(20), 400, 'La imagen debe medir exactamente 16px x 16px'],
    ['not an SVG', '<html><body>hola</body></html>', 400, 'No puedes subir este tipo de archivo.'],
    ['empty', '', 400, 'El archivo que intentas subir no tiene peso'],
  ])('refuses a file %s', async (_case, content, status, message) => {
    const response = await upload('sello.svg', content);
    expect(response.statusCode, response.body).toBe(status);
    expect(messageOf(response)).toBe(message);
  });

  it('refuses a PNG for the signature', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000010000000100806000000', 'hex');
    expect((await upload('sello.png', png)).statusCode).toBe(400);
  });

  it('saves text, url and SVG, each required and ≤ 150', async () => {
    const fileID = (await upload('sello.svg', svg(16))).json().fileID as string;
    const refused = await send('PUT', '/footerContent/sign', settings, { text: 't'.repeat(151), url: '', svg: null });
    expect(refused.statusCode).toBe(400);
    expect(detailsOf(refused)).toMatchObject({ text: 'El texto supera la longitud permitida', url: 'Debes ingresar el enlace' });
    expect(Object.keys(detailsOf(refused))).toContain('svg');
    const saved = await send('PUT', '/footerContent/sign', settings, { text: 'Sitio oficial del Gobierno de Colombia', url: 'https://www.gov.co', svg: fileID });
    expect(saved.statusCode, saved.body).toBe(200);
    const read = (await send('GET', '/footerContent/sign')).json();
    expect(read).toMatchObject({ text: 'Sitio oficial del Gobierno de Colombia', url: 'https://www.gov.co', svg: { fileID } });
  });
});

interface MenuItem {
  featuredMenuID: number;
  name: string;
  displayOrder: number;
}

describe('featured menu per entity type (/featuredsitemenu/{siteTypeMenuID}/, GET /sitetypemenu/)', () => {
  it('lists every entity type’s menu with its items in order', async () => {
    const response = await send('GET', '/sitetypemenu/');
    expect(response.statusCode).toBe(200);
    const menus = response.json().results as { siteTypeMenuID: number; name: string; items: MenuItem[] }[];
    const types = await t.database.query<{ id: number }>('select id from site_types order by id');
    expect(menus.map((menu) => menu.siteTypeMenuID)).toEqual(types.map((type) => type.id));
    expect(menus[0]!.items.map((item) => item.displayOrder)).toEqual([1, 2, 3, 4]);
  });

  it('renames and reorders a type’s items, leaving the other types’ alone', async () => {
    const other = (await send('GET', `/featuredsitemenu/${outsider.siteType}/`)).json().results as MenuItem[];
    const items = (await send('GET', `/featuredsitemenu/${site.siteType}/`)).json().results as MenuItem[];
    const changed = [...items].reverse().map((item, i) => (i === 0 ? { ...item, name: 'Trámites en línea' } : item));
    const saved = await send('PUT', `/featuredsitemenu/${site.siteType}/`, settings, changed);
    expect(saved.statusCode, saved.body).toBe(200);
    const after = (await send('GET', `/featuredsitemenu/${site.siteType}/`)).json().results as MenuItem[];
    expect(after.map((item) => [item.featuredMenuID, item.name, item.displayOrder])).toEqual(changed.map((item, i) => [item.featuredMenuID, item.name, i + 1]));
    expect((await send('GET', `/featuredsitemenu/${outsider.siteType}/`)).json().results).toEqual(other);
  });

  it.each([
    ['a name over 150', (items: MenuItem[]) => [{ ...items[0]!, name: 'm'.repeat(151) }], 400, 'items[0].name'],
    ['no name', (items: MenuItem[]) => [{ ...items[0]!, name: '' }], 400, 'items[0].name'],
    ['an item of another type', (_items: MenuItem[], others: MenuItem[]) => [others[0]!], 400, 'items[0].featuredMenuID'],
  ])('refuses %s', async (_case, build, status, target) => {
    const items = (await send('GET', `/featuredsitemenu/${site.siteType}/`)).json().results as MenuItem[];
    const other = (await send('GET', `/featuredsitemenu/${outsider.siteType}/`)).json().results as MenuItem[];
    const response = await send('PUT', `/featuredsitemenu/${site.siteType}/`, settings, build(items, other));
    expect(response.statusCode, response.body).toBe(status);
    expect(Object.keys(detailsOf(response))).toContain(target);
    expect((await send('GET', `/featuredsitemenu/${site.siteType}/`)).json().results).toEqual(items);
  });

  it('answers 404 for an entity type that does not exist', async () => {
    expect((await send('GET', '/featuredsitemenu/99999/')).statusCode).toBe(404);
    expect((await send('PUT', '/featuredsitemenu/99999/', settings, [])).statusCode).toBe(404);
  });
});

interface Shortcut {
  launchPadID: number;
  title: string;
  url: string;
  icon: string;
  order: number;
}

describe('shortcuts (launchpad)', () => {
  const body = (title: string, icon = 'star') => ({ title, url: 'https://www.gov.co/atajo', icon });
  const all = async () => (await send('GET', '/launchpad/?pageSize=100')).json().results as Shortcut[];

  it('starts from the suggested links (GET /seedlink)', async () => {
    const seeds = (await send('GET', '/seedlink')).json().results as { seedLinkID: number; title: string }[];
    expect(seeds.length).toBeGreaterThan(0);
    expect((await all()).map((shortcut) => shortcut.title)).toEqual(seeds.map((seed) => seed.title));
  });

  it.each([
    ['a title of 22 characters', body('t'.repeat(22)), 'title', 'El título no puede tener más de 21 caracteres'],
    ['no title', body(' '), 'title', 'Debes ingresar el título'],
    ['no link', { ...body('Sin enlace'), url: '' }, 'url', 'Debes ingresar el enlace'],
    ['no icon', { title: 'Sin ícono', url: 'https://www.gov.co' }, 'icon', 'Este campo es obligatorio'],
    ['an icon not among the 24', body('Ícono raro', 'rocket'), 'icon', undefined],
  ])('refuses %s', async (_case, payload, target, message) => {
    const response = await send('POST', '/launchpad/', settings, payload);
    expect(response.statusCode, response.body).toBe(400);
    expect(Object.keys(detailsOf(response))).toContain(target);
    if (message) expect(detailsOf(response)[target]).toBe(message);
  });

  it('accepts a title of 21 characters and puts a new shortcut last', async () => {
    const created = await send('POST', '/launchpad/', settings, body('t'.repeat(21)));
    expect(created.statusCode, created.body).toBe(201);
    const list = await all();
    expect(list.at(-1)!.launchPadID).toBe(created.json().launchPadID);
    expect(list.at(-1)!.order).toBe(Math.max(...list.map((shortcut) => shortcut.order)));
  });

  it('holds at most 24 shortcuts, also under simultaneous creates', async () => {
    const missing = 23 - (await all()).length;
    for (let i = 0; i < missing; i += 1) expect((await send('POST', '/launchpad/', settings, body(`Atajo ${i}`))).statusCode).toBe(201);
    const answers = await Promise.all([1, 2, 3].map((i) => send('POST', '/launchpad/', settings, body(`Carrera ${i}`))));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 400, 400]);
    const refused = answers.find((answer) => answer.statusCode === 400)!;
    expect(messageOf(refused)).toBe('Puedes tener máximo 24 accesos directos');
    expect(await all()).toHaveLength(24);
  });

  it('re-orders with PUT /launchpad/order (launchPadID and order) and updates one with PUT /launchpad/{id}', async () => {
    const list = await all();
    const order = [...list].reverse().map((shortcut, i) => ({ launchPadID: shortcut.launchPadID, order: i + 1 }));
    const sorted = await send('PUT', '/launchpad/order', settings, order);
    expect(sorted.statusCode, sorted.body).toBe(200);
    expect((await all()).map((shortcut) => shortcut.launchPadID)).toEqual(order.map((item) => item.launchPadID));
    const first = order[0]!.launchPadID;
    const updated = await send('PUT', `/launchpad/${first}`, settings, { ...list.at(-1)!, title: 'Trámites', icon: 'document' });
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await send('GET', `/launchpad/${first}`)).json()).toMatchObject({ title: 'Trámites', icon: 'document', url: list.at(-1)!.url });
  });

  it('GET /launchpad/cache answers the shortcuts as the portals receive them, with an ETag', async () => {
    const response = await send('GET', '/launchpad/cache');
    expect(response.statusCode).toBe(200);
    const results = response.json().results as Shortcut[];
    expect(results.map((shortcut) => shortcut.launchPadID)).toEqual((await all()).map((shortcut) => shortcut.launchPadID));
    expect(Object.keys(results[0]!).sort()).toEqual(['icon', 'launchPadID', 'order', 'title', 'url']);
    const etag = String(response.headers.etag);
    expect((await send('GET', '/launchpad/cache', settings, undefined, { 'if-none-match': etag })).statusCode).toBe(304);
  });
});

describe('the delivery answer of a portal', () => {
  it('carries the footer, its entity type’s featured menu and the shortcuts, in order', async () => {
    const { body } = await delivery(site);
    const footer = (await send('GET', '/footerContent')).json().results as { name: string; url: string }[];
    expect((body.footerLinks as { name: string }[]).map((link) => link.name)).toEqual(footer.map((link) => link.name));
    expect(body.footerSign).toMatchObject({ text: 'Sitio oficial del Gobierno de Colombia', url: 'https://www.gov.co' });
    const menu = (await send('GET', `/featuredsitemenu/${site.siteType}/`)).json().results as MenuItem[];
    expect(body.featuredMenu).toEqual(menu.map(({ featuredMenuID, name, displayOrder }) => ({ featuredMenuID, name, displayOrder })));
    const shortcuts = (await send('GET', '/launchpad/cache')).json().results;
    expect(body.launchpad).toEqual(shortcuts);
    const other = await delivery(outsider);
    const otherMenu = (await send('GET', `/featuredsitemenu/${outsider.siteType}/`)).json().results as MenuItem[];
    expect((other.body.featuredMenu as MenuItem[]).map((item) => item.featuredMenuID)).toEqual(otherMenu.map((item) => item.featuredMenuID));
  });

  it.each([
    ['a footer link', () => send('PUT', '/footerContent', settings, links(2, 'Nuevo'))],
    ['the menu order', async () => send('PUT', `/featuredsitemenu/${site.siteType}/`, settings, [...((await send('GET', `/featuredsitemenu/${site.siteType}/`)).json().results as MenuItem[])].reverse())],
    ['a shortcut', async () => {
      const first = (await send('GET', '/launchpad/')).json().results[0] as Shortcut;
      return send('PUT', `/launchpad/${first.launchPadID}`, settings, { ...first, title: 'Otro título' });
    }],
  ])('changes its ETag when %s changes', async (_case, change) => {
    const before = await delivery(site);
    expect((await change()).statusCode).toBe(200);
    const after = await delivery(site);
    expect(after.etag).not.toBe(before.etag);
  });
});
