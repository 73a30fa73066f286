/**
 * Banners, their settings and global and content logos in the delivery API (`GET /delivery/{siteAlias}`, issue 24):
 * a portal inside each item's audience receives exactly those items, in order, one outside does not; the banner
 * settings reach every portal; the ETag changes when a banner changes. Runs on PGlite and on PostgreSQL.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Audience } from '../../resources/audience';
import { multipart } from '../helpers/multipart';
import { audienceOf as audience, insideAndOutsidePortals } from '../helpers/audiencePortals';
import { bearer, createTestApp, type TestApp } from '../helpers/testApp';

const API = '/api/v1';

let t: TestApp;
let banners: string;
let settings: string;
let site: { id: number; alias: string; department: number; municipality: number; siteType: number };
let outsider: { id: number; alias: string };
let siteKey: string;
let outsiderKey: string;
let allTypes: number[];

const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown) =>
  t.app.inject({ method, url: `${API}${url}`, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });
const portal = (key: string) => ({ authorization: `Portal ${key}` });

interface Delivery {
  banners: Array<{ bannerID: number; title: string; embedUrl: string | null }>;
  bannerSettings: { position: string; rotation: number };
  globalLogos: Array<{ globalLogoId: number; name: string; url: string }>;
  contentLogos: Array<{ globalLogoId: number; name: string }>;
}
async function delivery(alias: string, key: string): Promise<Delivery> {
  const response = await t.app.inject({ method: 'GET', url: `${API}/delivery/${alias}`, headers: portal(key) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Delivery;
}

async function logoImage(): Promise<string> {
  const png = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#2a6' } }).png().toBuffer();
  const body = multipart('logo.png', png);
  const response = await t.app.inject({ method: 'POST', url: `${API}/uploadfiles/elementType=logo`, payload: body.payload, headers: { ...body.headers, ...bearer(settings) } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().fileID as string;
}

beforeAll(async () => {
  t = await createTestApp({ seed: 'demo' });
  banners = await t.tokenFor(['GlobalBanners']);
  settings = await t.tokenFor(['Settings']);
  allTypes = (await t.database.query<{ id: number }>('select id from site_types order by id')).map((row) => row.id);
  const portals = await insideAndOutsidePortals(t);
  ({ key: siteKey, ...site } = portals.inside);
  ({ key: outsiderKey, ...outsider } = portals.outside);
  // Start from none: the demo's banners and logos are removed through the API.
  for (const row of (await send('GET', '/banners/', banners)).json().results as Array<{ bannerID: number }>) {
    expect((await send('DELETE', `/banners/${row.bannerID}`, banners)).statusCode).toBe(200);
  }
  for (const path of ['/globallogo', '/globallogo/content']) {
    for (const row of (await send('GET', `${path}/?pageSize=500`, settings)).json().results as Array<{ globalLogoId: number }>) {
      expect((await send('DELETE', `${path}/${row.globalLogoId}`, settings)).statusCode).toBe(200);
    }
  }
});
afterAll(async () => t?.close());

const bannerBody = (title: string, target: Audience) => ({
  title,
  subtitle: 'Haz tus trámites sin filas',
  description: 'Persona usando un computador',
  urlVideo: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  audience: target,
});

describe('banners and logos in the delivery API', () => {
  it('gives a portal inside each audience exactly those items, in order, and one outside only what reaches it', async () => {
    const created = async (path: string, token: string, body: Record<string, unknown>, id: string) => {
      const response = await send('POST', path, token, body);
      expect(response.statusCode, response.body).toBe(201);
      return response.json()[id] as number;
    };
    const [group] = await t.database.query<{ id: number }>("insert into groups (name) values ('Grupo del banner') returning group_id as id");
    await t.database.query('insert into group_sites (group_id, site_id, "order") values ($1, $2, 1)', [group!.id, site.id]);

    const country = await created('/banners/', banners, bannerBody('Para todo el país', audience(0, { siteTypes: allTypes })), 'bannerID');
    const byGroup = await created('/banners/', banners, bannerBody('Para un grupo', audience(2, { groups: [group!.id] })), 'bannerID');
    const byDepartment = await created('/banners/', banners, bannerBody('Para un departamento', audience(1, { departments: [site.department], siteTypes: [site.siteType] })), 'bannerID');
    // Reordered: the department's banner first.
    expect((await send('PUT', '/banners/sort', banners, [byDepartment, country, byGroup].map((bannerID, index) => ({ bannerID, displayOrder: index + 1 })))).statusCode).toBe(200);
    expect((await send('PUT', '/banners/settings', banners, { position: '3', rotation: 12 })).statusCode).toBe(200);

    const globalAll = await created('/globallogo/', settings, { name: 'Gov.co', image: await logoImage(), url: 'https://www.gov.co', audience: audience(0, { siteTypes: allTypes }) }, 'globalLogoId');
    const globalTown = await created(
      '/globallogo/',
      settings,
      { name: 'Del municipio', image: await logoImage(), url: 'https://www.gov.co', audience: audience(1, { municipalities: [site.municipality], siteTypes: allTypes }) },
      'globalLogoId',
    );
    const contentType = await created('/globallogo/content/', settings, { name: 'Sello del tipo', image: await logoImage(), audience: audience(0, { siteTypes: [site.siteType] }) }, 'globalLogoId');

    const inside = await delivery(site.alias, siteKey);
    expect(inside.banners.map((row) => row.bannerID)).toEqual([byDepartment, country, byGroup]);
    expect(inside.banners[0]).toMatchObject({ title: 'Para un departamento', embedUrl: 'https://www.youtube.com/embed/dQw4w9WgXcQ' });
    expect(inside.bannerSettings).toEqual({ position: '3', rotation: 12 });
    expect(inside.globalLogos.map((row) => row.globalLogoId)).toEqual([globalAll, globalTown]);
    expect(inside.globalLogos[0]).toMatchObject({ name: 'Gov.co', url: 'https://www.gov.co', image: { fileID: expect.any(String) } });
    expect(inside.contentLogos.map((row) => row.globalLogoId)).toEqual([contentType]);
    expect(inside.contentLogos[0]).not.toHaveProperty('url');

    const outside = await delivery(outsider.alias, outsiderKey);
    expect(outside.banners.map((row) => row.bannerID)).toEqual([country]);
    expect(outside.bannerSettings).toEqual({ position: '3', rotation: 12 });
    expect(outside.globalLogos.map((row) => row.globalLogoId)).toEqual([globalAll]);
    expect(outside.contentLogos).toEqual([]);
  });

  it('changes the ETag when a banner changes, and answers 304 while nothing does', async () => {
    const url = `${API}/delivery/${site.alias}`;
    const first = await t.app.inject({ method: 'GET', url, headers: portal(siteKey) });
    const tag = first.headers.etag as string;
    expect(tag).toMatch(/^".+"$/);
    expect((await t.app.inject({ method: 'GET', url, headers: { ...portal(siteKey), 'if-none-match': tag } })).statusCode).toBe(304);
    const [banner] = (await send('GET', '/banners/', banners)).json().results as Array<{ bannerID: number }>;
    const edited = await send('PUT', `/banners/${banner!.bannerID}`, banners, bannerBody('Título cambiado', audience(0, { siteTypes: allTypes })));
    expect(edited.statusCode, edited.body).toBe(200);
    const changed = await t.app.inject({ method: 'GET', url, headers: { ...portal(siteKey), 'if-none-match': tag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(tag);
    expect((changed.json() as Delivery).banners.map((row) => row.title)).toContain('Título cambiado');
  });
});
