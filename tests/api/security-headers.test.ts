/**
 * Security headers on every kind of answer (API JSON, errors, 404s, the admin's index, static files),
 * and the API reference gated by API_DOCS.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../helpers/testApp';

let staticDir: string;
let docsOff: TestApp;
let docsOn: TestApp;

beforeAll(async () => {
  staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portales-static-'));
  fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><html lang="es"><body><div id="root"></div></body></html>');
  fs.mkdirSync(path.join(staticDir, 'assets'));
  fs.writeFileSync(path.join(staticDir, 'assets', 'index-abc123.js'), 'console.log("admin");');
  fs.writeFileSync(path.join(staticDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>');
  docsOff = await createTestApp({ seed: 'none', staticDir });
  docsOn = await createTestApp({
    seed: 'none',
    env: {
      API_DOCS: '1',
      PUBLIC_URL: 'https://admin.portales.test',
      TILE_URL: 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png',
      MATOMO_URL: 'https://analitica.portales.test/matomo/',
    },
  });
});

afterAll(async () => {
  await docsOff?.close();
  await docsOn?.close();
  fs.rmSync(staticDir, { recursive: true, force: true });
});

function csp(response: LightMyRequestResponse): Map<string, string> {
  const header = String(response.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name, ...values] = part.split(/\s+/);
        return [name!, values.join(' ')] as const;
      }),
  );
}

function expectSecurityHeaders(response: LightMyRequestResponse): void {
  const policy = csp(response);
  expect(policy.get('default-src')).toBe("'self'");
  expect(policy.get('script-src')).toBe("'self'");
  expect(policy.get('frame-ancestors')).toBe("'none'");
  expect(policy.get('object-src')).toBe("'none'");
  expect(policy.get('base-uri')).toBe("'self'");
  expect(policy.get('form-action')).toBe("'self'");
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(response.headers['x-frame-options']).toBe('DENY');
  expect(response.headers['permissions-policy']).toContain('camera=()');
  expect(response.headers['permissions-policy']).toContain('microphone=()');
  expect(response.headers['permissions-policy']).toContain('geolocation=()');
}

describe('security headers on every answer', () => {
  it('on API JSON', async () => {
    const response = await docsOff.app.inject({ method: 'GET', url: '/api/v1/captcha/' });
    expect(response.statusCode).toBe(200);
    expectSecurityHeaders(response);
  });

  it('on errors: refused access, bad input and unknown API paths', async () => {
    const refused = await docsOff.app.inject({ method: 'GET', url: '/api/v1/users/' });
    expect(refused.statusCode).toBe(401);
    expectSecurityHeaders(refused);

    const badJson = await docsOff.app.inject({
      method: 'POST',
      url: '/api/v1/auth/',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toHaveProperty('error.code');
    expectSecurityHeaders(badJson);

    const missing = await docsOff.app.inject({ method: 'GET', url: '/api/v1/no-existe' });
    expect(missing.statusCode).toBe(404);
    expectSecurityHeaders(missing);
  });

  it('on the admin index (SPA fallback) and static files', async () => {
    const index = await docsOff.app.inject({ method: 'GET', url: '/portales' });
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toContain('text/html');
    expectSecurityHeaders(index);

    const asset = await docsOff.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toContain('javascript');
    expectSecurityHeaders(asset);

    const favicon = await docsOff.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(favicon.statusCode).toBe(200);
    expect(favicon.headers['content-type']).toContain('image/svg+xml');
    expectSecurityHeaders(favicon);
  });

  it('on /healthz', async () => {
    const response = await docsOff.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expectSecurityHeaders(response);
  });

  it('sends no HSTS and no upgrade-insecure-requests when the public address is http', async () => {
    const response = await docsOff.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(csp(response).has('upgrade-insecure-requests')).toBe(false);
  });

  it('sends HSTS and allows the configured tile server and Matomo when so configured', async () => {
    const response = await docsOn.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.headers['strict-transport-security']).toContain('max-age=31536000');
    const policy = csp(response);
    expect(policy.has('upgrade-insecure-requests')).toBe(true);
    expect(policy.get('img-src')).toContain('https://*.tile.openstreetmap.org');
    expect(policy.get('img-src')).toContain('https://analitica.portales.test');
    expect(policy.get('connect-src')).toBe("'self' https://analitica.portales.test");
    expect(policy.get('script-src')).toBe("'self'");
  });

  it('gives the browser the tile template its policy allows, without a session (GET /clientconfig/)', async () => {
    const configured = await docsOn.app.inject({ method: 'GET', url: '/api/v1/clientconfig/' });
    expect(configured.statusCode).toBe(200);
    expect(configured.json()).toEqual({ tileUrl: 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png' });
    expect(csp(configured).get('img-src')).toContain('https://*.tile.openstreetmap.org');
    const byDefault = await docsOff.app.inject({ method: 'GET', url: '/api/v1/clientconfig/' });
    expect(byDefault.json()).toEqual({ tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png' });
    expect(csp(byDefault).get('img-src')).toContain('https://tile.openstreetmap.org');
  });
});

describe('API reference (/api/docs) and OpenAPI document', () => {
  it('is off by default: /api/docs answers 404 and the document needs a signed-in superadmin', async () => {
    for (const url of ['/api/docs', '/api/docs/', '/api/docs/json', '/api/docs/static/index.html']) {
      const response = await docsOff.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toHaveProperty('error.code', 'NotFound');
      expectSecurityHeaders(response);
    }
    const anonymous = await docsOff.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(anonymous.statusCode).toBe(401);
    const token = await docsOff.tokenFor([]);
    const signedIn = await docsOff.app.inject({ method: 'GET', url: '/api/v1/openapi.json', headers: bearer(token) });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toHaveProperty('openapi');
  });

  it('with API_DOCS=1 serves the reference under the strict policy and the document publicly', async () => {
    const page = await docsOn.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/i); // no inline script: 'self' suffices
    expectSecurityHeaders(page);

    const initializer = await docsOn.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(initializer.statusCode).toBe(200);
    expectSecurityHeaders(initializer);

    const document = await docsOn.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(document.statusCode).toBe(200);
    expect(document.json()).toHaveProperty('openapi');
    expectSecurityHeaders(document);
  });
});
