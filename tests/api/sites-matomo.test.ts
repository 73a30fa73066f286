/**
 * PiwikError (spec 01 §8): with MATOMO_URL and MATOMO_TOKEN, a site update that changes the name or the domains of a
 * site with an analytics site updates it in Matomo (a fake Matomo HTTP server here); a Matomo failure rolls the update
 * back and answers 502 PiwikError.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sites } from '../../server/db/schema';
import { bearer, createTestApp, type TestApp } from '../helpers/testApp';

let t: TestApp;
let token: string;
let matomo: http.Server;
const received: URLSearchParams[] = [];
let matomoAnswer: { status: number; body: unknown } = { status: 200, body: { result: 'success', message: 'ok' } };

function siteBody(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Entidad con analítica',
    alias: 'entidad-analitica',
    parentLocationId: 5,
    locationId: 5001,
    siteTypeId: 5,
    orderType: 1,
    allowedUrl: 'https://analitica-entidad.gov.co',
    address: 'Calle 10 # 20 - 30',
    siteLatitude: 6.25,
    siteLongitude: -75.56,
    ...overrides,
  };
}

async function put(id: number, body: Record<string, unknown>) {
  const response = await t.app.inject({ method: 'PUT', url: `/api/v1/sites/${id}`, payload: body, headers: bearer(token) });
  return { status: response.statusCode, body: response.json() as Record<string, any> };
}

beforeAll(async () => {
  matomo = http.createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      received.push(new URLSearchParams(text));
      response.writeHead(matomoAnswer.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(matomoAnswer.body));
    });
  });
  await new Promise<void>((resolve) => matomo.listen(0, '127.0.0.1', resolve));
  const { port } = matomo.address() as AddressInfo;
  t = await createTestApp({ seed: 'reference', env: { MATOMO_URL: `http://127.0.0.1:${port}`, MATOMO_TOKEN: 'token-de-matomo' } });
  token = await t.tokenFor(['Sites']);
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => matomo?.close(resolve));
});

describe('site update with Matomo configured', () => {
  it('updates the analytics site when the name or the domains change, and only then', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/v1/sites/', payload: siteBody(), headers: bearer(token) });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    // Without an analytics site Matomo is not called.
    expect((await put(id, siteBody({ name: 'Entidad aún sin analítica' }))).status).toBe(200);
    expect(received).toHaveLength(0);

    await t.database.db.update(sites).set({ piwikId: 42 }).where(eq(sites.id, id));
    expect((await put(id, siteBody({ name: 'Entidad aún sin analítica' }))).status).toBe(200);
    expect(received).toHaveLength(0);
    const renamed = await put(id, siteBody({ name: 'Entidad renombrada', allowedUrl: 'https://analitica-entidad.gov.co,https://otra-entidad.gov.co' }));
    expect(renamed.status).toBe(200);
    expect(received).toHaveLength(1);
    expect(Object.fromEntries(received[0]!)).toMatchObject({
      module: 'API',
      method: 'SitesManager.updateSite',
      idSite: '42',
      siteName: 'Entidad renombrada',
      'urls[0]': 'https://analitica-entidad.gov.co',
      'urls[1]': 'https://otra-entidad.gov.co',
      token_auth: 'token-de-matomo',
    });
  });

  it('answers 502 PiwikError and keeps the site as it was when Matomo refuses', async () => {
    const [site] = await t.database.db.select().from(sites).where(eq(sites.alias, 'entidad-analitica'));
    for (const answer of [
      { status: 200, body: { result: 'error', message: 'No tiene acceso' } },
      { status: 500, body: {} },
    ]) {
      matomoAnswer = answer;
      const refused = await put(site!.id, siteBody({ name: 'Nombre que no se guarda', allowedUrl: 'https://nuevo-dominio.gov.co' }));
      expect(refused.status).toBe(502);
      expect(refused.body.error).toEqual({
        code: 'PiwikError',
        message: 'No fue posible realizar la actualización del sitio en Matomo',
        details: [{ code: 'PiwikError', target: 'piwikId', message: 'No fue posible realizar la actualización del sitio en Matomo' }],
      });
      const [after] = await t.database.db.select().from(sites).where(eq(sites.id, site!.id));
      expect(after!.name).toBe(site!.name);
      expect(after!.allowedUrl).toBe(site!.allowedUrl);
    }
    // The refused domain was not kept either.
    const free = await t.app.inject({ method: 'GET', url: '/api/v1/allowurl/?url=https%3A%2F%2Fnuevo-dominio.gov.co' });
    expect(free.json()).toMatchObject({ allowed: true });
  });
});

describe('API reference', () => {
  it('documents 502 PiwikError on the site update', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    const document = response.json() as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>>; components: { responses: Record<string, unknown> } };
    expect(document.paths['/api/v1/sites/{id}']!.put!.responses['502']).toEqual({ $ref: '#/components/responses/BadGateway' });
    expect(document.components.responses.BadGateway).toBeDefined();
  });
});
