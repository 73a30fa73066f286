/**
 * The bulk portal file (spec 01 §2 'Cargar más entidades', §4, §7 `GET, POST /sitesfile/`): upload, check panel with
 * each error kind by line (duplicates in the file and against the database included), all-or-nothing save, and a
 * 10,000-line file checked without error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { siteDomains, sites } from '../../server/db/schema';
import { bulkFile } from '../../i18n/es/bulkFile';
import { multipart } from '../helpers/multipart';
import { bearer, createTestApp, type TestApp } from '../helpers/testApp';

interface Panel {
  fileID: string;
  newPortals: number;
  errorCount: number;
  errors: Array<{ line: number; description: string }>;
  canSave: boolean;
}

const HEADER = 'nombre;alias;tipo_entidad;departamento;municipio;url;direccion;latitud;longitud';
let t: TestApp;
let token: string;
let takenAlias: string;

const line = (alias: string, options: Partial<Record<'name' | 'type' | 'dep' | 'mun' | 'url' | 'address' | 'lat' | 'lon', string>> = {}) =>
  [
    options.name ?? `Entidad de prueba ${alias}`,
    alias,
    options.type ?? '2',
    options.dep ?? '05',
    options.mun ?? '05001',
    options.url ?? `https://${alias}.gov.co`,
    options.address ?? 'Calle 10 # 20-30',
    options.lat ?? '6,25',
    options.lon ?? '-75.56',
  ].join(';');

async function upload(content: string, name = 'entidades.csv'): Promise<string> {
  const body = multipart(name, Buffer.from(content, 'utf8'), { contentType: 'text/csv' });
  const response = await t.app.inject({ method: 'POST', url: '/api/v1/uploadfiles/elementType=portalFile', headers: { ...bearer(token), ...body.headers }, payload: body.payload });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { fileID: string }).fileID;
}
async function post(payload: object, auth = token) {
  const response = await t.app.inject({ method: 'POST', url: '/api/v1/sitesfile/', headers: bearer(auth), payload });
  return { status: response.statusCode, body: response.json() as unknown };
}
async function check(content: string): Promise<Panel> {
  const { status, body } = await post({ fileID: await upload(content) });
  expect(status).toBe(200);
  return body as Panel;
}
const text = (key: keyof typeof bulkFile.errors, values: Record<string, string | number> = {}) =>
  Object.entries(values).reduce<string>((message, [name, value]) => message.replace(`%{${name}}`, String(value)), bulkFile.errors[key]);

beforeAll(async () => {
  t = await createTestApp({ seed: 'demo' });
  token = await t.tokenFor(['Sites']);
  const [row] = await t.database.db.select({ alias: sites.alias }).from(sites).limit(1);
  takenAlias = row!.alias;
});
afterAll(async () => t?.close());

describe('POST /sitesfile/ (check)', () => {
  it('answers the panel for a clean file: new portals, no errors, canSave', async () => {
    const panel = await check([HEADER, line('carga-uno'), line('carga-dos', { type: '1', mun: '' }), ''].join('\r\n'));
    expect(panel).toMatchObject({ newPortals: 2, errorCount: 0, errors: [], canSave: true });
  });

  it('reports each error kind with its line and Spanish description', async () => {
    const panel = await check(
      [
        HEADER,
        line('ok-linea-dos'),
        line('corta', { name: 'Abc' }),
        line('mal alias!', { url: 'https://mal-alias.gov.co' }),
        line('tipo-raro', { type: '99' }),
        line('sin-depto', { dep: '77' }),
        line('mun-ajeno', { mun: '11001' }),
        line('sin-mun', { mun: '' }),
        line('url-mala', { url: 'ftp://x' }),
        line('dir-corta', { address: 'C1' }),
        line('lat-mala', { lat: '91' }),
        line('lon-mala', { lon: 'abc' }),
        'solo;tres;columnas',
      ].join('\n'),
    );
    expect(panel.canSave).toBe(false);
    expect(panel.newPortals).toBe(1);
    expect(panel.errors).toEqual([
      { line: 3, description: bulkFile.errors.name },
      { line: 4, description: bulkFile.errors.alias },
      { line: 5, description: text('site_type', { value: '99' }) },
      { line: 6, description: text('department', { value: '77' }) },
      { line: 7, description: text('municipality_department', { value: '11001' }) },
      { line: 8, description: bulkFile.errors.municipality_required },
      { line: 9, description: bulkFile.errors.url },
      { line: 10, description: bulkFile.errors.address },
      { line: 11, description: bulkFile.errors.latitude },
      { line: 12, description: bulkFile.errors.longitude },
      { line: 13, description: text('columns', { expected: 9, found: 3 }) },
    ]);
    expect(panel.errorCount).toBe(11);
  });

  it('finds duplicates inside the file and against the database', async () => {
    const [existing] = await t.database.db.select({ url: sites.url }).from(sites).where(sql`${sites.url} is not null and not ${sites.isDeleted}`).limit(1);
    const panel = await check(
      [HEADER, line('repetido-a'), line('REPETIDO-A', { url: 'https://otra.gov.co' }), line('otro-b', { url: 'https://repetido-a.gov.co/' }), line(takenAlias), line('url-usada', { url: existing!.url! })].join('\n'),
    );
    expect(panel.errors).toEqual([
      { line: 3, description: text('alias_repeated', { value: 'REPETIDO-A', first: 2 }) },
      { line: 4, description: text('url_repeated', { value: 'https://repetido-a.gov.co/', first: 2 }) },
      { line: 5, description: text('alias_taken', { value: takenAlias }) },
      { line: 6, description: text('url_taken', { value: existing!.url! }) },
    ]);
    expect(panel.newPortals).toBe(1);
  });

  it('refuses a file without the header line, and an id that is not a portal file', async () => {
    const panel = await check([line('sin-encabezado')].join('\n'));
    expect(panel.errors).toEqual([{ line: 1, description: text('header', { columns: HEADER }) }]);
    const wrong = await post({ fileID: '00000000-0000-4000-8000-000000000000' });
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.body)).toContain(bulkFile.refusals.not_a_portal_file);
    expect((await post({ fileID: 'nada' })).status).toBe(400);
  });

  it('checks a 10,000-line file without error', async () => {
    const lines = [HEADER];
    for (let i = 0; i < 10_000; i += 1) lines.push(line(`masiva-${i}`));
    const panel = await check(lines.join('\n'));
    expect(panel).toMatchObject({ newPortals: 10_000, errorCount: 0, canSave: true });
  }, 120_000);

  it('needs the Sites permission', async () => {
    const reader = await t.tokenFor(['Reports']);
    expect((await post({ fileID: '00000000-0000-4000-8000-000000000000' }, reader)).status).toBe(403);
  });
});

describe('POST /sitesfile/ { save: true } (Guardar entidades)', () => {
  it('saves nothing when the file has errors, and every portal when it has none', async () => {
    const broken = await upload([HEADER, line('todo-o-nada-1'), line('todo-o-nada-2', { lat: '200' })].join('\n'));
    const refused = await post({ fileID: broken, save: true });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain(bulkFile.refusals.has_errors);
    expect(await t.database.db.select().from(sites).where(eq(sites.alias, 'todo-o-nada-1'))).toEqual([]);

    const good = await upload([HEADER, line('guardada-1'), line('guardada-2', { type: '3', mun: '' })].join('\n'));
    const existingBefore = await t.database.db.select().from(sites).orderBy(sites.id);
    const domainsBefore = await t.database.db.select().from(siteDomains).orderBy(siteDomains.domain);
    const saved = await post({ fileID: good, save: true });
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({ inserted: 2 });
    // The portals the file does not name (every existing one) are unchanged, and so are their domains.
    const ids = existingBefore.map((row) => row.id);
    expect(await t.database.db.select().from(sites).where(inArray(sites.id, ids)).orderBy(sites.id)).toEqual(existingBefore);
    expect(await t.database.db.select().from(siteDomains).where(inArray(siteDomains.siteId, ids)).orderBy(siteDomains.domain)).toEqual(domainsBefore);
    const rows = await t.database.db.select().from(sites).where(inArray(sites.alias, ['guardada-1', 'guardada-2']));
    expect(rows.map((row) => [row.alias, row.orderType, row.locationId, row.installed]).sort()).toEqual([
      ['guardada-1', 1, 5001, false],
      ['guardada-2', 0, null, false],
    ]);
    // Saving the same file again: its aliases are now taken, nothing is inserted twice.
    const again = await post({ fileID: good, save: true });
    expect(again.status).toBe(400);
    expect(await t.database.db.select().from(sites).where(eq(sites.alias, 'guardada-1'))).toHaveLength(1);
  });

  it('reserves each saved portal\'s domain like the site form, and a domain held or repeated (another path) is an error', async () => {
    const saved = await post({ fileID: await upload([HEADER, line('dominio-reservado', { url: 'https://www.dominio-reservado.gov.co/inicio' })].join('\n')), save: true });
    expect(saved.status).toBe(201);
    const [site] = await t.database.db.select({ id: sites.id }).from(sites).where(eq(sites.alias, 'dominio-reservado'));
    expect(await t.database.db.select().from(siteDomains).where(eq(siteDomains.siteId, site!.id))).toEqual([{ domain: 'dominio-reservado.gov.co', siteId: site!.id }]);

    const other = 'https://dominio-reservado.gov.co/otra';
    const panel = await check([HEADER, line('dominio-otro', { url: other }), line('dominio-a', { url: 'https://mismo-dominio.gov.co/a' }), line('dominio-b', { url: 'https://mismo-dominio.gov.co/b' })].join('\n'));
    expect(panel.errors).toEqual([
      { line: 2, description: text('url_taken', { value: other }) },
      { line: 4, description: text('url_repeated', { value: 'https://mismo-dominio.gov.co/b', first: 3 }) },
    ]);
  });

  it('refuses a file with no new portal', async () => {
    const empty = await upload(`${HEADER}\n\n`);
    const refused = await post({ fileID: empty, save: true });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain(bulkFile.refusals.nothing_new);
  });
});

describe('GET /sitesfile/', () => {
  it('answers the example file, whose lines check clean', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/sitesfile/', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/csv/);
    expect(response.body.split(/\r?\n/)[0]).toBe(HEADER);
    const panel = await check(response.body);
    expect(panel).toMatchObject({ newPortals: 2, errorCount: 0, canSave: true });
  });
});
