/**
 * Platform settings (issue 25 part 1, spec 03 §5, §7, §8; resources/platformSettings.ts): the generic settings and
 * their allow-list, every key rule, the terms' limits and version counters, server-side sanitising, procedure and
 * site-request texts, the GOV.CO bar (colours, link, logo, its aliases and the delivery answer with its ETag), the PQRDS
 * variables and the tooltips. Table-driven; runs on PGlite and on PostgreSQL (TEST_DATABASE_URL).
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insideAndOutsidePortals } from '../helpers/audiencePortals';
import { multipart } from '../helpers/multipart';
import { bearer, createTestApp, type TestApp } from '../helpers/testApp';

const API = '/api/v1';
let t: TestApp;
let settings: string;
let banners: string;
let portal: { alias: string; key: string };

beforeAll(async () => {
  t = await createTestApp({ seed: 'demo' });
  settings = await t.tokenFor(['Settings']);
  banners = await t.tokenFor(['GlobalBanners']);
  const { inside } = await insideAndOutsidePortals(t);
  portal = inside;
});
afterAll(async () => {
  await t?.close();
});

const send = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, token = settings) =>
  t.app.inject({ method, url: `${API}${url}`, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });
const details = (response: { json(): unknown }) =>
  Object.fromEntries((response.json() as { error: { details: { target: string; message: string }[] } }).error.details.map((d) => [d.target, d.message]));
const settingId = async (key: string) => (await t.database.query<{ id: number }>('select setting_id as id from settings where key_word = $1', [key]))[0]!.id;
const settingValue = async (key: string) => (await t.database.query<{ value: string }>('select value from settings where key_word = $1', [key]))[0]?.value;
const image = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#36c' } }).png().toBuffer();
async function upload(elementType: string, name: string, content: Buffer): Promise<string> {
  const body = multipart(name, content);
  const response = await t.app.inject({ method: 'POST', url: `${API}/uploadfiles/elementType=${elementType}`, payload: body.payload, headers: { ...body.headers, ...bearer(settings) } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().fileID as string;
}
const repeat = (n: number) => 'a'.repeat(n);

describe('generic settings (/settings)', () => {
  it('lists only the allow-listed keys, 500 a page, and reads any key by `get`', async () => {
    const list = await send('GET', '/settings/');
    expect(list.statusCode).toBe(200);
    const keys = (list.json().results as { keyWord: string }[]).map((row) => row.keyWord);
    expect(keys).toContain('UpdateTimeMainUser');
    expect(keys).toContain('TicketsEmail');
    expect(keys).not.toContain('Location.CountryRootId');
    const root = await send('GET', '/settings/get?Key=Location.CountryRootId');
    expect(root.statusCode).toBe(200);
    expect(root.json().value).toBe('170');
    expect((await send('GET', '/settings/get?Key=No.Existe')).statusCode).toBe(404);
    expect((await send('GET', '/settings/', undefined, banners)).statusCode).toBe(403);
  });

  it.each([
    ['UpdateTimeMainUser', '29', 'Los tiempo de actualización no pueden ser inferiores a 30 días'],
    ['UpdateTimeMainUser', '3a', 'Los tiempo de actualización contienen caracteres inválidos'],
    ['UpdateTimeMainUser', '', 'Debes ingresar un valor'],
    ['TicketsEmail', 'no-es-correo', 'Debes ingresar un valor válido'],
    ['TicketsEmail', '   ', 'Debes ingresar un valor'],
    ['DropDownListNoticias', '', 'Debes ingresar un valor'],
    ['Captcha.RequestValue', '100', 'Debes ingresar un valor válido'],
    ['SiteRequest.Terms', repeat(601), 'El tamaño máximo es de 600 caracteres'],
    ['SiteRequest.DataTreatment', repeat(601), 'El tamaño máximo es de 600 caracteres'],
    ['PQRDS.AvisoPrivacidad', '', 'ingrese mínimo 1 caracter'],
    ['PQRDS.AvisoPrivacidad', repeat(401), 'ingrese máximo 400 caracteres'],
  ])('refuses %s, case %#, with its message', async (key, value, message) => {
    const id = await settingId(key);
    const withKey = await send('PUT', `/settings/${id}`, { keyWord: key, value });
    expect(withKey.statusCode, withKey.body).toBe(400);
    expect(details(withKey).value).toBe(message);
    // Without the key in the body the server checks against the stored key.
    const withoutKey = await send('PUT', `/settings/${id}`, { value });
    expect(withoutKey.statusCode).toBe(400);
    expect(details(withoutKey).value).toBe(message);
  });

  it.each([
    ['UpdateTimeMainUser', '30'],
    ['UpdateTimeMainUser', '365'],
    ['TicketsEmail', 'Mesa.Ayuda@Portales.gov.co'],
    ['SiteRequest.Terms', repeat(600)],
    ['PQRDS.AvisoPrivacidad', 'x'],
    ['PQRDS.AvisoPrivacidad', repeat(400)],
  ])('saves %s, case %#', async (key, value) => {
    const response = await send('PUT', `/settings/${await settingId(key)}`, { keyWord: key, value });
    expect(response.statusCode, response.body).toBe(200);
    expect(await settingValue(key)).toBe(value.trim());
  });

  it('refuses internal keys (update 404, create 400) and a changed key; a new allow-listed key is created once', async () => {
    const locked = await send('PUT', `/settings/${await settingId('Location.CountryRootId')}`, { keyWord: 'Location.CountryRootId', value: '5' });
    // Internal keys do not exist for the writes (the list's condition): 404, and nothing changes.
    expect(locked.statusCode).toBe(404);
    expect(await settingValue('Location.CountryRootId')).toBe('170');
    const lockedVersion = await send('PUT', `/settings/${await settingId('Terms.GlobalVersion')}`, { value: '9' });
    expect(lockedVersion.statusCode).toBe(404);
    const created = await send('POST', '/settings', { keyWord: 'Interno.Nuevo', value: '1' });
    expect(created.statusCode).toBe(400);
    expect(details(created).keyWord).toBe('Esta configuración no se puede modificar');
    const renamed = await send('PUT', `/settings/${await settingId('TicketsEmail')}`, { keyWord: 'UpdateTimeMainUser', value: '40' });
    expect(renamed.statusCode).toBe(400);
    await t.database.query(`delete from settings where key_word = 'DropDownListNoticias'`);
    const recreated = await send('POST', '/settings', { keyWord: 'DropDownListNoticias', value: 'Noticias' });
    expect(recreated.statusCode, recreated.body).toBe(201);
    expect((await send('POST', '/settings', { keyWord: 'DropDownListNoticias', value: 'Otra' })).statusCode).toBe(400);
  });

  it('moves the site-request terms version when their text changes, and only then', async () => {
    const before = Number((await settingValue('SiteRequest.TermsVersion')) ?? '1');
    const id = await settingId('SiteRequest.Terms');
    expect((await send('PUT', `/settings/${id}`, { value: 'Nuevos términos de la solicitud' })).statusCode).toBe(200);
    expect(Number(await settingValue('SiteRequest.TermsVersion'))).toBe(before + 1);
    expect((await send('PUT', `/settings/${id}`, { value: 'Nuevos términos de la solicitud' })).statusCode).toBe(200);
    expect(Number(await settingValue('SiteRequest.TermsVersion'))).toBe(before + 1);
    const terms = await t.app.inject({ method: 'GET', url: `${API}/newsite/terms/` });
    expect(terms.body).toContain('Nuevos términos de la solicitud');
  });
});

describe('terms and the data-treatment policy', () => {
  const valid = `<p>${repeat(30)}</p>`;
  it.each([
    ['/policieterms', 'termGlobal', '<p></p>', 'Debes ingresar términos y condiciones'],
    ['/policieterms', 'termTerritorial', '<p>muy corto</p>', 'ingrese mínimo 20 caracteres'],
    ['/policieterms', 'termGlobal', `<p>${repeat(4001)}</p>`, 'ingrese máximo 4000 caracteres'],
    ['/PolicySettingsTerm', 'dataTreatmentGlobal', '<p>corto</p>', 'ingrese mínimo 20 caracteres'],
  ])('%s refuses %s, case %#', async (path, field, value, message) => {
    const response = await send('POST', path, { [field]: value });
    expect(response.statusCode).toBe(400);
    expect(details(response)[field]).toBe(message);
  });

  it('counts visible characters (4000 in tags is accepted), sanitises the HTML and moves the matching version only', async () => {
    const long = await send('POST', '/policieterms', { termGlobal: `<p><strong>${repeat(4000)}</strong></p>` });
    expect(long.statusCode, long.body).toBe(200);
    const start = (await send('GET', '/policieterms')).json();
    const saved = await send('POST', '/policieterms', { termGlobal: `${valid}<script>alert(1)</script><img src=x onerror=alert(1)>` });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().termGlobal).toBe(valid);
    expect(saved.json().versionGlobal).toBe(start.versionGlobal + 1);
    expect(saved.json().versionTerritorial).toBe(start.versionTerritorial);
    expect(await settingValue('Terms.GlobalVersion')).toBe(String(start.versionGlobal + 1));
    const territorial = await send('POST', '/PolicySettingsTerm', { dataTreatmentTerritorial: valid });
    expect(territorial.statusCode).toBe(200);
    expect(territorial.json().versionTerritorial).toBe(Number(await settingValue('DataTreatment.TerritorialVersion')));
    expect((await send('POST', '/policieterms', { termGlobal: valid }, banners)).statusCode).toBe(403);
  });
});

describe('procedure texts and the site-request text', () => {
  const procedure = { textWithPay: 'Trámites con pago', linkWithPay: 'https://www.gov.co/pago', textWithOutPay: 'Trámites sin pago', linkWithOutPay: 'http://www.gov.co/gratis' };
  it.each([
    ['textWithPay', '', 'Debes ingresar el texto'],
    ['textWithOutPay', repeat(281), 'El tamaño máximo es de 280 caracteres'],
    ['linkWithPay', '', 'Debes ingresar una url'],
    ['linkWithOutPay', 'www.gov.co', 'Debe de ser url y debe contener http:// o https://'],
  ])('procedure texts refuse %s, case %#', async (field, value, message) => {
    const response = await send('POST', '/settings/proceduretext', { ...procedure, [field]: value });
    expect(response.statusCode).toBe(400);
    expect(details(response)[field]).toBe(message);
  });

  it('saves and reads back the procedure texts', async () => {
    expect((await send('POST', '/settings/proceduretext', { ...procedure, textWithPay: repeat(280) })).statusCode).toBe(200);
    expect((await send('GET', '/settings/proceduretext')).json()).toMatchObject({ ...procedure, textWithPay: repeat(280) });
  });

  it('the site-request text needs its banner and logo1; logo2 is optional', async () => {
    const text = { title: 'Solicita tu portal', description: 'Descripción', oath: 'Juro que…', terms: 'Términos' };
    const missing = await send('POST', '/settings/siterequest', { ...text, banner: null, logo1: null });
    expect(missing.statusCode).toBe(400);
    expect(details(missing)).toMatchObject({ banner: 'Debes cargar la imagen del banner', logo1: 'Debes cargar la imagen del logo 1' });
    const banner = await upload('siteRequestText', 'banner.png', await image(400, 100));
    const logo = await upload('siteRequestText', 'logo.png', await image(100, 100));
    const saved = await send('POST', '/settings/siterequest', { ...text, banner, logo1: logo });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ title: text.title, banner: { fileID: banner }, logo1: { fileID: logo }, logo2: null });
  });
});

describe('the GOV.CO bar', () => {
  const bar = { isActive: true, colorTopBar: '#3366CC', linkAccess: 'https://www.gov.co/', colorBottomBar: '#004884', colorFontBottomBar: '#FFFFFF' };
  it.each([
    ['colorTopBar', '', 'Debes seleccionar un color'],
    ['colorBottomBar', '#33', 'ingrese 7 caracteres'],
    ['colorFontBottomBar', '#GGGGGG', 'Debe de ser tipo hexadecimal'],
    ['linkAccess', '', 'Debes ingresar una url'],
    ['linkAccess', 'h:/', 'El mínimo de caracteres para la url es de 4'],
    ['linkAccess', `https://${repeat(143)}`, 'El tamaño máximo es de 150 caracteres'],
    ['linkAccess', 'ftp://gov.co', 'Debe de ser url y debe contener http:// o https://'],
  ])('refuses %s, case %#', async (field, value, message) => {
    const response = await send('PUT', '/settings/govco', { ...bar, [field]: value });
    expect(response.statusCode).toBe(400);
    expect(details(response)[field]).toBe(message);
  });

  it('refuses a logo of another type or over 1 MB, by content', async () => {
    const body = multipart('logo.png', Buffer.from('%PDF-1.4 no es imagen'));
    const disguised = await t.app.inject({ method: 'POST', url: `${API}/uploadfiles/elementType=govcoLogo`, payload: body.payload, headers: { ...body.headers, ...bearer(settings) } });
    expect(disguised.statusCode).toBe(400);
  });

  it('saves the bar (PUT and the govcopost alias), answers it in govcorequest and in the delivery with a new ETag', async () => {
    const url = `${API}/delivery/${portal.alias}`;
    const headers = { authorization: `Portal ${portal.key}` };
    const first = await t.app.inject({ method: 'GET', url, headers });
    expect(first.statusCode).toBe(200);
    const logo = await upload('govcoLogo', 'govco.png', await image(100, 40));
    const saved = await send('PUT', '/settings/govco', { ...bar, logoTopBar: logo, linkAccess: 'http://gov' });
    expect(saved.statusCode, saved.body).toBe(200);
    const second = await t.app.inject({ method: 'GET', url, headers });
    expect(second.json().govcoBar).toMatchObject({ ...bar, linkAccess: 'http://gov', logoTopBar: { fileID: logo } });
    expect(second.headers.etag).not.toBe(first.headers.etag);
    const posted = await send('POST', '/settings/govcopost', { ...bar, colorTopBar: '#112233' });
    expect(posted.statusCode, posted.body).toBe(200);
    const request = await send('GET', '/settings/govcorequest');
    expect(request.json()).toMatchObject({ colorTopBar: '#112233', logoTopBar: { fileID: logo } });
    expect((await send('POST', '/settings/govcopost', { ...bar, colorTopBar: 'rojo' })).statusCode).toBe(400);
  });
});

describe('PQRDS variables and tooltips', () => {
  it.each([
    [{ validExtensions: [], maxFileSizeMb: 5 }, 'validExtensions', 'Debes seleccionar por lo menos una extensión'],
    [{ validExtensions: ['exe'], maxFileSizeMb: 5 }, 'validExtensions[0]', 'Debes elegir una de las opciones'],
    [{ validExtensions: ['pdf'], maxFileSizeMb: 0 }, 'maxFileSizeMb', 'Debes seleccionar un tamaño de 1 a 20 Mb'],
    [{ validExtensions: ['pdf'], maxFileSizeMb: 21 }, 'maxFileSizeMb', 'Debes seleccionar un tamaño de 1 a 20 Mb'],
  ])('PQRDS refuses %j', async (body, target, message) => {
    const response = await send('PUT', '/settings/pqrds', body);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(details(response))).toContain(target);
    if (!target.includes('[')) expect(details(response)[target]).toBe(message);
  });

  it('PQRDS saves 1 to 20 MB and the chosen extensions', async () => {
    for (const size of [1, 20]) {
      const response = await send('PUT', '/settings/pqrds', { validExtensions: ['pdf', '7z', 'png'], maxFileSizeMb: size });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ validExtensions: ['pdf', '7z', 'png'], maxFileSizeMb: size });
    }
  });

  it('tooltips: a numbered list; the url is required, http(s), ≤ 250; delivered to every portal', async () => {
    const list = (await send('GET', '/sites/tooltips/', undefined)).json().results as { siteToolTipID: number; name: string }[];
    expect(list.map((row) => row.siteToolTipID)).toEqual([...list.map((row) => row.siteToolTipID)].sort((a, b) => a - b));
    const id = list[0]!.siteToolTipID;
    for (const [url, message] of [
      ['', 'Debes ingresar un link para el tutorial'],
      ['www.gov.co', 'Debes ingresar un link válido'],
      [`https://${repeat(243)}`, 'El texto supera la longitud permitida'],
    ] as const) {
      const response = await send('PUT', `/sites/tooltips/${id}`, { url });
      expect(response.statusCode).toBe(400);
      expect(details(response).url).toBe(message);
    }
    const saved = await send('PUT', `/sites/tooltips/${id}`, { url: `https://${repeat(242)}`, name: 'Cambiado' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().name).toBe(list[0]!.name);
    const delivered = await t.app.inject({ method: 'GET', url: `${API}/delivery/${portal.alias}`, headers: { authorization: `Portal ${portal.key}` } });
    expect(delivered.json().tooltips).toContainEqual({ siteToolTipID: id, name: list[0]!.name, url: `https://${repeat(242)}` });
  });
});

describe('users who accepted the site-request texts (POST /reportuser)', () => {
  it('downloads the acceptances of a date range, streamed as CSV, and refuses a bad range', async () => {
    const [request] = await t.database.query<{ id: number }>('select id from site_requests order by id limit 1');
    await t.database.query(
      `insert into terms_acceptances (kind, version, site_request_id, email, accepted_at) values
         ('SiteRequestTerms', 3, $1, 'dentro@alcaldia.gov.co', '2026-03-10T15:00:00Z'),
         ('SiteRequestDataTreatment', 2, $1, 'dentro@alcaldia.gov.co', '2026-03-10T15:00:00Z'),
         ('SiteRequestTerms', 3, $1, 'fuera@alcaldia.gov.co', '2026-05-01T15:00:00Z')`,
      [request?.id ?? null],
    );
    const csv = await send('POST', '/reportuser', { from: '2026-03-01', to: '2026-03-31', kind: 'SiteRequestTerms' });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.body).toContain('dentro@alcaldia.gov.co');
    expect(csv.body).toContain('Términos de la solicitud');
    expect(csv.body).not.toContain('fuera@alcaldia.gov.co');
    expect(csv.body).not.toContain('Tratamiento de datos');
    const list = await send('GET', '/termsacceptances/?from=2026-03-01&to=2026-03-31');
    expect(list.json().results).toHaveLength(2);
    expect((await send('POST', '/reportuser', { from: '2026-13-01' })).statusCode).toBe(400);
    expect((await send('POST', '/reportuser', {}, banners)).statusCode).toBe(403);
  });
});
