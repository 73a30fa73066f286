/**
 * The site form's server rules (spec 01 §4–5, §7, §8): POST /sites/, PUT /sites/{id}, DELETE /sites/{id} through the
 * engine and the sites service, the enable/disable actions, and the public GET /allowurl/. PGlite, and PostgreSQL
 * with TEST_DATABASE_URL (where the simultaneous creates really race).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { auditLog, siteDomains, sites } from '../../server/db/schema';
import { validation } from '../../i18n/es/index';
import { sites as siteTexts } from '../../i18n/es/sites';
import { ALLOW_URL_RATE_LIMIT } from '../../server/sites/allowUrl';
import { siteFormSchema } from '../../resources/siteForm';
import { spanishMessages } from '../../i18n/es/index';
import { lookup, type MessageTree } from '../../i18n/translate';
import { ValidationError } from 'yup';
import { bearer, createTestApp, type TestApp } from '../helpers/testApp';

let t: TestApp;
let token: string;

/** Antioquia (05) and Medellín (05001), Valle del Cauca (76) and Cali (76001): DANE codes of the reference data. */
const ANTIOQUIA = 5;
const MEDELLIN = 5001;
const CALI = 76001;

let serial = 0;
function siteBody(overrides: Record<string, unknown> = {}) {
  serial += 1;
  return {
    name: `Entidad de prueba ${serial}`,
    alias: `entidad-prueba-${serial}`,
    parentLocationId: ANTIOQUIA,
    locationId: MEDELLIN,
    siteTypeId: 5,
    orderType: 1,
    allowedUrl: `https://entidad${serial}.gov.co`,
    address: 'Calle 10 # 20 - 30',
    siteLatitude: 6.25,
    siteLongitude: -75.56,
    ...overrides,
  };
}

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, auth: string | null = token) {
  const response = await t.app.inject({ method, url: `/api/v1${url}`, payload: payload as never, headers: auth ? bearer(auth) : {} });
  return { status: response.statusCode, body: response.json() as Record<string, any> };
}

const create = (body: Record<string, unknown>) => call('POST', '/sites/', body);

/** The Spanish messages the site form (resources/siteForm.ts) shows for a field of these values. */
function formMessages(values: Record<string, unknown>, field: string): string[] {
  try {
    siteFormSchema.validateSync(values, { abortEarly: false });
    return [];
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return error.inner.filter((inner) => inner.path === field).map((inner) => lookup(spanishMessages as unknown as MessageTree, inner.message) ?? inner.message);
  }
}

function firstDetail(body: Record<string, any>) {
  return { target: body.error.details[0].target, message: body.error.details[0].message };
}

async function domainsOf(siteId: number): Promise<string[]> {
  const rows = await t.database.db.select({ domain: siteDomains.domain }).from(siteDomains).where(eq(siteDomains.siteId, siteId));
  return rows.map((row) => row.domain).sort();
}

beforeAll(async () => {
  t = await createTestApp({ seed: 'reference' });
  token = await t.tokenFor(['Sites']);
});
afterAll(async () => t?.close());

describe('POST /api/v1/sites/', () => {
  it('creates a site (201) with its domains, its names and an audit line', async () => {
    const body = siteBody({ allowedUrl: 'https://www.nueva.gov.co, https://nueva-alterna.gov.co' });
    const { status, body: created } = await create(body);
    expect(status).toBe(201);
    expect(created).toMatchObject({
      name: body.name,
      alias: body.alias,
      parentLocation: 'Antioquia',
      childLocation: 'Medellín',
      siteTypeId: 5,
      installed: false,
      statusId: 2,
      statusName: 'Inactivo',
      pendingRequest: false,
      requestType: null,
    });
    expect(await domainsOf(created.id)).toEqual(['nueva-alterna.gov.co', 'nueva.gov.co']);
    const [line] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.resource, 'sites'), eq(auditLog.recordId, String(created.id))));
    expect(line!.action).toBe('create');
    const read = await call('GET', `/sites/${created.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(created);
  });

  it.each([
    ['name', { name: 'Abc' }, validation.site.name_length],
    ['name', { name: '' }, validation.site.name_required],
    ['alias', { alias: 'ab' }, validation.site.alias_length],
    ['alias', { alias: 'con espacio' }, validation.site.alias_pattern],
    ['allowedUrl', { allowedUrl: 'entidad.gov.co' }, validation.site.url_invalid],
    ['allowedUrl', { allowedUrl: 'https://a.gov.co,entidad.gov.co' }, validation.site.url_invalid],
    ['allowedUrl', { allowedUrl: `https://${'a'.repeat(200)}.gov.co` }, validation.site.url_length],
    ['address', { address: 'Cl 1' }, validation.site.address_length],
    ['siteLatitude', { siteLatitude: 91 }, validation.site.latitude_range],
    ['siteLongitude', { siteLongitude: -181 }, validation.site.longitude_range],
    ['siteLatitude', { siteLatitude: null }, validation.site.latitude_required],
    ['locationId', { locationId: null }, validation.site.municipality_required],
    ['parentLocationId', { parentLocationId: '' }, validation.site.department_required],
    ['siteTypeId', { siteTypeId: 999 }, validation.field.reference],
    ['orderType', { orderType: 3 }, validation.site.order_type_required],
  ])('refuses a bad %s with its Spanish message', async (target, overrides, message) => {
    const sent = siteBody(overrides);
    const { status, body } = await create(sent);
    expect(status).toBe(400);
    expect(body.error.code).toBe('BadArgument');
    expect(body.error.details).toContainEqual({ code: 'BadArgument', target, message });
    // One schema: the form shows the same text for the same values (an unknown entity type needs the database).
    if (message !== validation.field.reference) expect(formMessages(sent, target)).toContain(message);
  });

  it('refuses a municipality outside the department', async () => {
    const { status, body } = await create(siteBody({ locationId: CALI }));
    expect(status).toBe(400);
    expect(firstDetail(body)).toEqual({ target: 'locationId', message: validation.site.municipality });
  });

  it('answers a used alias (any case) with target Alias and the spec text', async () => {
    const first = await create(siteBody({ alias: 'alias-repetido' }));
    expect(first.status).toBe(201);
    const again = await create(siteBody({ alias: 'Alias-Repetido' }));
    expect(again.status).toBe(400);
    expect(again.body.error.code).toBe('BadArgument');
    expect(firstDetail(again.body)).toEqual({ target: 'Alias', message: 'El alias ya se encuentra en uso' });
  });

  it('answers a used domain (www., case, path and port aside) with target AllowedUrl and the spec text', async () => {
    expect((await create(siteBody({ allowedUrl: 'https://dominio-usado.gov.co' }))).status).toBe(201);
    for (const allowedUrl of ['http://WWW.dominio-usado.gov.co/inicio', 'https://otro-libre.gov.co,https://dominio-usado.gov.co:8443']) {
      const again = await create(siteBody({ allowedUrl }));
      expect(again.status).toBe(400);
      expect(firstDetail(again.body)).toEqual({ target: 'AllowedUrl', message: 'El Dominio (URL) ya se encuentra en uso' });
    }
    // Nothing of a refused create stays: its free domain is still free.
    expect((await create(siteBody({ allowedUrl: 'https://otro-libre.gov.co' }))).status).toBe(201);
  });

  it('sets the order type from the entity type: 1 and 3 departmental, 2 and 4 municipal; others as chosen', async () => {
    const cases: [number, number, number][] = [
      [1, 1, 0],
      [3, 1, 0],
      [2, 0, 1],
      [4, 0, 1],
      [5, 0, 0],
    ];
    for (const [siteTypeId, orderType, stored] of cases) {
      const { status, body } = await create(siteBody({ siteTypeId, orderType }));
      expect(status).toBe(201);
      expect(body.orderType).toBe(stored);
    }
  });

  it('a departmental entity (order 0) is stored without municipality; any other one needs one', async () => {
    const governorate = await create(siteBody({ siteTypeId: 1, locationId: null }));
    expect(governorate.status).toBe(201);
    expect(governorate.body).toMatchObject({ orderType: 0, locationId: null });
    const withMunicipality = await create(siteBody({ siteTypeId: 1 }));
    expect(withMunicipality.status).toBe(201);
    expect(withMunicipality.body.locationId).toBeNull();
    const mayoralty = await create(siteBody({ siteTypeId: 2, locationId: null }));
    expect(mayoralty.status).toBe(400);
    expect(mayoralty.body).toMatchObject({ error: { details: [{ target: 'locationId', message: validation.site.municipality_required }] } });
  });

  it('gives one 201 and one 400 AllowedUrl to two simultaneous creates of the same domain', async () => {
    const [a, b] = await Promise.all([
      create(siteBody({ allowedUrl: 'https://carrera.gov.co' })),
      create(siteBody({ allowedUrl: 'https://www.carrera.gov.co' })),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 400]);
    const refused = a.status === 400 ? a : b;
    expect(firstDetail(refused.body)).toEqual({ target: 'AllowedUrl', message: 'El Dominio (URL) ya se encuentra en uso' });
    const held = await t.database.db.select().from(siteDomains).where(eq(siteDomains.domain, 'carrera.gov.co'));
    expect(held).toHaveLength(1);
  });

  it('gives one 201 and one 400 Alias to two simultaneous creates of the same alias', async () => {
    const [a, b] = await Promise.all([create(siteBody({ alias: 'alias-carrera' })), create(siteBody({ alias: 'ALIAS-carrera' }))]);
    expect([a.status, b.status].sort()).toEqual([201, 400]);
    expect(firstDetail((a.status === 400 ? a : b).body)).toEqual({ target: 'Alias', message: 'El alias ya se encuentra en uso' });
  });

  it('needs Sites to write: Reports reads but gets 403, no token 401', async () => {
    const reports = await t.tokenFor(['Reports'], 'reportes.form@portales.test');
    expect((await call('POST', '/sites/', siteBody(), reports)).status).toBe(403);
    expect((await call('POST', '/sites/', siteBody(), null)).status).toBe(401);
  });
});

describe('PUT /api/v1/sites/{id}', () => {
  it('updates the form fields, keeps its own domain, moves its domains and stamps the modification date', async () => {
    const { body: created } = await create(siteBody({ allowedUrl: 'https://antes.gov.co' }));
    const same = await call('PUT', `/sites/${created.id}`, { ...siteBody({ alias: created.alias, allowedUrl: 'https://antes.gov.co' }) });
    expect(same.status).toBe(200);
    const moved = await call('PUT', `/sites/${created.id}`, { ...siteBody({ alias: created.alias, allowedUrl: 'https://despues.gov.co', name: 'Nombre cambiado' }) });
    expect(moved.status).toBe(200);
    expect(moved.body.name).toBe('Nombre cambiado');
    expect(new Date(moved.body.modifiedDate).getTime()).toBeGreaterThanOrEqual(new Date(created.modifiedDate).getTime());
    expect(await domainsOf(created.id)).toEqual(['despues.gov.co']);
    // The old domain is free again.
    expect((await create(siteBody({ allowedUrl: 'https://antes.gov.co' }))).status).toBe(201);
  });

  it("refuses another site's domain or alias", async () => {
    const { body: one } = await create(siteBody({ allowedUrl: 'https://uno-put.gov.co' }));
    const { body: two } = await create(siteBody());
    const domain = await call('PUT', `/sites/${two.id}`, siteBody({ alias: two.alias, allowedUrl: 'https://uno-put.gov.co' }));
    expect(firstDetail(domain.body)).toEqual({ target: 'AllowedUrl', message: 'El Dominio (URL) ya se encuentra en uso' });
    const alias = await call('PUT', `/sites/${two.id}`, siteBody({ alias: one.alias }));
    expect(firstDetail(alias.body)).toEqual({ target: 'Alias', message: 'El alias ya se encuentra en uso' });
  });

  it('locks the alias once the site is installed', async () => {
    const { body: created } = await create(siteBody());
    const renamed = await call('PUT', `/sites/${created.id}`, siteBody({ alias: `${created.alias}-nuevo` }));
    expect(renamed.status).toBe(200);
    await t.database.db.update(sites).set({ installed: true }).where(eq(sites.id, created.id));
    const locked = await call('PUT', `/sites/${created.id}`, siteBody({ alias: 'otro-alias-instalado' }));
    expect(locked.status).toBe(400);
    expect(firstDetail(locked.body)).toEqual({ target: 'Alias', message: validation.site.alias_locked });
    expect((await call('PUT', `/sites/${created.id}`, siteBody({ alias: renamed.body.alias }))).status).toBe(200);
  });

  it('applies the order type of a new entity type', async () => {
    const { body: created } = await create(siteBody({ siteTypeId: 5, orderType: 0 }));
    const changed = await call('PUT', `/sites/${created.id}`, siteBody({ alias: created.alias, siteTypeId: 2, orderType: 0 }));
    expect(changed.status).toBe(200);
    expect(changed.body.orderType).toBe(1);
  });

  it('answers 404 for an unknown site', async () => {
    expect((await call('PUT', '/sites/99999999', siteBody())).status).toBe(404);
  });
});

describe('DELETE /api/v1/sites/{id}', () => {
  it('deletes the row and frees its alias and domains; the audit line keeps the record', async () => {
    const body = siteBody({ alias: 'alias-borrado', allowedUrl: 'https://borrado.gov.co' });
    const { body: created } = await create(body);
    const removed = await call('DELETE', `/sites/${created.id}`);
    expect(removed.status).toBe(200);
    expect(await t.database.db.select().from(sites).where(eq(sites.id, created.id))).toEqual([]);
    expect(await domainsOf(created.id)).toEqual([]);
    expect((await call('GET', `/sites/${created.id}`)).status).toBe(404);
    const [line] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'sites'), eq(auditLog.recordId, String(created.id))))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(line!.action).toBe('delete');
    expect(line!.before).toMatchObject({ alias: 'alias-borrado', allowedUrl: 'https://borrado.gov.co' });
    expect((await create({ ...body, name: 'Otra con el mismo alias' })).status).toBe(201);
  });
});

describe('POST /api/v1/sites/{id}/enable and /disable', () => {
  it('refuses a site that is not installed (409)', async () => {
    const { body: created } = await create(siteBody());
    for (const action of ['enable', 'disable']) {
      const { status, body } = await call('POST', `/sites/${created.id}/${action}`);
      expect(status).toBe(409);
      expect(body.error.message).toBe(siteTexts.server.not_installed);
    }
  });

  it('activates an inactive installed site and inactivates an active one, once each, with an audit line', async () => {
    const { body: created } = await create(siteBody());
    await t.database.db.update(sites).set({ installed: true, statusId: 2 }).where(eq(sites.id, created.id));
    const enabled = await call('POST', `/sites/${created.id}/enable`);
    expect(enabled.status).toBe(200);
    expect(enabled.body).toMatchObject({ id: created.id, statusId: 1, statusName: 'Activo' });
    const again = await call('POST', `/sites/${created.id}/enable`);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(siteTexts.server.already_active);
    const disabled = await call('POST', `/sites/${created.id}/disable`);
    expect(disabled.body).toMatchObject({ statusId: 2, statusName: 'Inactivo' });
    expect((await call('POST', `/sites/${created.id}/disable`)).body.error.message).toBe(siteTexts.server.already_inactive);
    const lines = await t.database.db.select({ action: auditLog.action }).from(auditLog).where(and(eq(auditLog.resource, 'sites'), eq(auditLog.recordId, String(created.id))));
    expect(lines.map((line) => line.action)).toEqual(expect.arrayContaining(['enable', 'disable']));
    const reports = await t.tokenFor(['Reports'], 'reportes.estado@portales.test');
    expect((await call('POST', `/sites/${created.id}/enable`, undefined, reports)).status).toBe(403);
  });
});

describe('GET /api/v1/allowurl/', () => {
  it('answers, without a session, whether a domain is free, never which site holds it', async () => {
    await create(siteBody({ allowedUrl: 'https://ocupado.gov.co' }));
    const taken = await call('GET', '/allowurl/?url=https%3A%2F%2Fwww.OCUPADO.gov.co%2Fx', undefined, null);
    expect(taken).toEqual({ status: 200, body: { allowed: false, message: 'La Url que intentas usar ya se encuentra en uso' } });
    const free = await call('GET', '/allowurl/?url=https%3A%2F%2Flibre-del-todo.gov.co', undefined, null);
    expect(free).toEqual({ status: 200, body: { allowed: true, message: siteTexts.server.url_available } });
    const bad = await call('GET', '/allowurl/?url=libre.gov.co', undefined, null);
    expect(bad.status).toBe(400);
    expect(firstDetail(bad.body)).toEqual({ target: 'url', message: validation.site.allowed_url });
  });

  it(`caps each client address at ${ALLOW_URL_RATE_LIMIT.max} calls a minute (429)`, async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= ALLOW_URL_RATE_LIMIT.max; i += 1) {
      statuses.push((await call('GET', `/allowurl/?url=https%3A%2F%2Fx${i}.gov.co`, undefined, null)).status);
    }
    expect(statuses.at(-1)).toBe(429);
  });
});
