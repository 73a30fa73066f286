/**
 * Banners, their settings and global and content logos in the delivery API (`GET /delivery/{siteAlias}`, issue 24):
 * a portal inside each item's audience receives exactly those items, in order, one outside does not; the banner
 * settings reach every portal; the ETag changes when a banner changes. Last, issue 24's "Done when" as one walkthrough:
 * a scheduled pop-up, a banner for a group and a content logo, each with its reach before saving, delivered across
 * time (the server's clock injected). Runs on PGlite and on PostgreSQL.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Audience } from '../../resources/audience';
import { multipart } from '../helpers/multipart';
import { audienceOf as audience, insideAndOutsidePortals } from '../helpers/audiencePortals';
import { bearer, createTestApp, type TestApp } from '../helpers/testApp';
import { issuePortalKey } from '../../server/portal/keys';

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

describe('issue 24 done: a scheduled pop-up, a banner for a group and a content logo, delivered to their portals', () => {
  it('shows each reach before saving, and delivers exactly those items to portals inside, nothing to one outside, in dates', async () => {
    const contentsToken = await t.tokenFor(['GlobalContents']);
    // Nothing else applies: the earlier tests' banners and logos go, the demo contents are inactive.
    for (const row of (await send('GET', '/banners/', banners)).json().results as Array<{ bannerID: number }>) await send('DELETE', `/banners/${row.bannerID}`, banners);
    for (const path of ['/globallogo', '/globallogo/content']) {
      for (const row of (await send('GET', `${path}/?pageSize=500`, settings)).json().results as Array<{ globalLogoId: number }>) await send('DELETE', `${path}/${row.globalLogoId}`, settings);
    }
    await t.database.query('update contents set published = false');

    // Two departments with active mayoralties; a mayoralty of each; a portal of a third department, not a mayoralty.
    const [mayoralty] = await t.database.query<{ id: number }>(`select id from site_types where name = 'Alcaldía'`);
    const active = `s.installed and s.status_id = 1 and not s.is_deleted and s.alias is not null`;
    const mayoralties = await t.database.query<{ id: number; alias: string; department: number; municipality: number }>(
      `select distinct on (s.parent_location_id) s.id, s.alias, s.parent_location_id as department, s.location_id as municipality
         from sites s where ${active} and s.site_type_id = $1 and s.location_id is not null order by s.parent_location_id, s.id limit 2`,
      [mayoralty!.id],
    );
    expect(mayoralties).toHaveLength(2);
    const [first, second] = mayoralties as [(typeof mayoralties)[0], (typeof mayoralties)[0]];
    const [third] = await t.database.query<{ id: number; alias: string }>(
      `select s.id, s.alias from sites s where ${active} and s.parent_location_id not in ($1, $2) and s.site_type_id <> $3 order by s.id limit 1`,
      [first.department, second.department, mayoralty!.id],
    );
    const keyOf = async (siteId: number) => (await t.database.db.transaction((tx) => issuePortalKey(tx, siteId)))!.key;
    const keys = { first: await keyOf(first.id), second: await keyOf(second.id), third: await keyOf(third!.id) };
    const [group] = await t.database.query<{ id: number }>("insert into groups (name) values ('Portales del banner') returning group_id as id");
    await t.database.query('insert into group_sites (group_id, site_id, "order") values ($1, $2, 1)', [group!.id, first.id]);

    // Each audience in the spec's wire shape of its entity, and its reach asked before saving (POST /audience/reach).
    const popupAudience = audience(1, { departments: [first.department, second.department], siteTypes: [mayoralty!.id] });
    const bannerAudience = audience(2, { groups: [group!.id] });
    const logoAudience = audience(1, { municipalities: [first.municipality], siteTypes: [mayoralty!.id] });
    const reach = async (target: Audience) => {
      const response = await send('POST', '/audience/reach', contentsToken, target);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { portals: number }).portals;
    };
    const count = async (where: string, params: unknown[]) => (await t.database.query<{ n: number }>(`select count(*)::int as n from sites s where ${active.replace(' and s.alias is not null', '')} and ${where}`, params))[0]!.n;
    expect(await reach(popupAudience)).toBe(await count('s.site_type_id = $1 and s.parent_location_id in ($2, $3)', [mayoralty!.id, first.department, second.department]));
    expect(await reach(bannerAudience)).toBe(1);
    expect(await reach(logoAudience)).toBe(await count('s.site_type_id = $1 and s.location_id = $2', [mayoralty!.id, first.municipality]));

    const day = 86_400_000;
    const start = Date.now() + day;
    const image = multipart('aviso.png', await sharp({ create: { width: 40, height: 20, channels: 3, background: '#36c' } }).png().toBuffer());
    const uploaded = await t.app.inject({ method: 'POST', url: `${API}/uploadfiles/elementType=image`, payload: image.payload, headers: { ...image.headers, ...bearer(contentsToken) } });
    const popup = await send('POST', '/contents/', contentsToken, {
      name: 'Jornada para alcaldías',
      body: '<p>Inscríbete en la jornada de capacitación de las alcaldías.</p>',
      showMode: '1',
      showForTypeUserId: '1',
      showFromDate: new Date(start).toISOString(),
      showToDate: new Date(start + 7 * day).toISOString(),
      image: uploaded.json().fileID,
      segment: 1,
      contentLocationModels: [first.department, second.department].map((code) => ({ locationType: 'Department', locationCode: code, parentLocationId: 170 })),
      contentsiteTypeModels: [{ siteTypeId: mayoralty!.id }],
      contentsiteGroupModels: [],
    });
    expect(popup.statusCode, popup.body).toBe(201);
    expect(popup.json().audience).toEqual(popupAudience);
    const { audience: _banner, ...bannerFields } = bannerBody('Para el grupo', bannerAudience);
    const banner = await send('POST', '/banners/', banners, { ...bannerFields, segment: 2, bannerGroupList: [{ groupID: group!.id }] });
    expect(banner.statusCode, banner.body).toBe(201);
    const logo = await send('POST', '/globallogo/content/', settings, {
      name: 'Sello del municipio',
      image: await logoImage(),
      segment: 1,
      gLogoLocationList: [{ locationID: first.municipality, location: { parentLocationId: first.department } }],
      gLogoSiteTypesList: [{ siteTypeID: mayoralty!.id }],
    });
    expect(logo.statusCode, logo.body).toBe(201);
    expect(logo.json().audience).toEqual(logoAudience);

    interface Answer {
      contents: Array<{ contentID: number }>;
      banners: Array<{ bannerID: number }>;
      globalLogos: unknown[];
      contentLogos: Array<{ globalLogoId: number }>;
    }
    const items = async (alias: string, key: string) => {
      const answer = (await delivery(alias, key)) as unknown as Answer;
      return {
        contents: answer.contents.map((row) => row.contentID),
        banners: answer.banners.map((row) => row.bannerID),
        globalLogos: answer.globalLogos.length,
        contentLogos: answer.contentLogos.map((row) => row.globalLogoId),
      };
    };
    const ids = { popup: popup.json().contentID as number, banner: banner.json().bannerID as number, logo: logo.json().globalLogoId as number };
    try {
      // Before the start: the pop-up is 'Programado' and no portal has it yet.
      expect(await items(first.alias, keys.first)).toEqual({ contents: [], banners: [ids.banner], globalLogos: 0, contentLogos: [ids.logo] });
      t.app.ctx.clock = () => new Date(start + 2 * day);
      expect(await items(first.alias, keys.first)).toEqual({ contents: [ids.popup], banners: [ids.banner], globalLogos: 0, contentLogos: [ids.logo] });
      expect(await items(second.alias, keys.second)).toEqual({ contents: [ids.popup], banners: [], globalLogos: 0, contentLogos: [] });
      expect(await items(third!.alias, keys.third)).toEqual({ contents: [], banners: [], globalLogos: 0, contentLogos: [] });
      // After the end: expired, delivered to no one.
      t.app.ctx.clock = () => new Date(start + 8 * day);
      expect((await items(first.alias, keys.first)).contents).toEqual([]);
      expect((await items(second.alias, keys.second)).contents).toEqual([]);
    } finally {
      t.app.ctx.clock = undefined;
    }
  });
});

