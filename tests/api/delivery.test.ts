/**
 * Delivery of the admin and the API (docs/decisions/0022-first-load-budget.md): hashed files sent
 * precompressed (the build's .br/.gz siblings, chosen by Accept-Encoding) and cached as immutable;
 * index.html and the SPA fallback revalidated (no-cache); API answers compressed above the threshold,
 * small ones and downloads sent as they are. Security headers stay on compressed answers.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMMUTABLE_CACHE, REVALIDATE_CACHE } from '../../server/http/adminFiles';
import { COMPRESSION_THRESHOLD_BYTES } from '../../server/http/compression';
import { bearer, createTestApp, type TestApp } from '../helpers/testApp';

const ASSET = '/assets/index-Bx7Qa1Zp.js';
// Big enough to be worth compressing, repetitive enough to compress well.
const SCRIPT = `${Array.from({ length: 200 }, (_, i) => `console.log("módulo ${i}");`).join('\n')}\n`;
// Distinct from what compressing SCRIPT on the fly would give, so the test sees which copy was sent.
const BROTLI = zlib.brotliCompressSync(Buffer.from(SCRIPT), { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });
const GZIP = zlib.gzipSync(Buffer.from(SCRIPT), { level: 9 });

let staticDir: string;
let t: TestApp;
let token: string;

beforeAll(async () => {
  staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portales-delivery-'));
  fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><html lang="es"><body><div id="root"></div></body></html>');
  fs.mkdirSync(path.join(staticDir, 'assets'));
  fs.writeFileSync(path.join(staticDir, `${ASSET}`), SCRIPT);
  fs.writeFileSync(path.join(staticDir, `${ASSET}.br`), BROTLI);
  fs.writeFileSync(path.join(staticDir, `${ASSET}.gz`), GZIP);
  fs.writeFileSync(path.join(staticDir, 'assets', 'small-C0ffee12.js'), 'export const a = 1;');
  fs.writeFileSync(path.join(staticDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>');
  t = await createTestApp({ seed: 'reference', staticDir });
  token = await t.tokenFor(['Settings']);
});

afterAll(async () => {
  await t?.close();
  fs.rmSync(staticDir, { recursive: true, force: true });
});

describe('the built admin', () => {
  it('sends the brotli copy of a hashed file to a browser that accepts br, cached as immutable', async () => {
    const response = await t.app.inject({ method: 'GET', url: ASSET, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.headers['cache-control']).toBe(IMMUTABLE_CACHE);
    expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
    expect(response.rawPayload.equals(BROTLI)).toBe(true);
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends the gzip copy to a browser that accepts only gzip, and the file itself to one that accepts neither', async () => {
    const gzip = await t.app.inject({ method: 'GET', url: ASSET, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.rawPayload.equals(GZIP)).toBe(true);
    expect(gzip.headers['cache-control']).toBe(IMMUTABLE_CACHE);

    const plain = await t.app.inject({ method: 'GET', url: ASSET, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    expect(plain.headers['cache-control']).toBe(IMMUTABLE_CACHE);
  });

  it('caches a hashed file without compressed copies as immutable too', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/small-C0ffee12.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('export const a = 1;');
    expect(response.headers['cache-control']).toBe(IMMUTABLE_CACHE);
  });

  it('has index.html, the SPA fallback and public files revalidated on every visit', async () => {
    for (const url of ['/portales', '/configuracion/tipos?q=1', '/index.html', '/favicon.svg']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe(REVALIDATE_CACHE);
      expect(response.headers['cache-control'], url).not.toContain('immutable');
      expect(response.headers['content-security-policy'], url).toContain("default-src 'self'");
    }
    const page = await t.app.inject({ method: 'GET', url: '/portales' });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<div id="root">');
  });
});

describe('API answers', () => {
  it('compresses a big JSON answer in brotli or gzip as the client accepts', async () => {
    const brotli = await t.app.inject({ method: 'GET', url: '/api/v1/locations/?pageSize=200', headers: { ...bearer(token), 'accept-encoding': 'br' } });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    const body = zlib.brotliDecompressSync(brotli.rawPayload);
    expect(body.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
    expect(brotli.rawPayload.length).toBeLessThan(body.length);
    expect((JSON.parse(body.toString('utf8')) as { results: unknown[] }).results.length).toBeGreaterThan(10);
    expect(String(brotli.headers.vary)).toMatch(/accept-encoding/i);

    const gzip = await t.app.inject({ method: 'GET', url: '/api/v1/locations/?pageSize=200', headers: { ...bearer(token), 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(JSON.parse(body.toString('utf8')));
  });

  it('sends a CSV download as it is, even to a client that accepts br or gzip (exports stream at full speed)', async () => {
    for (let index = 0; index < 40; index += 1) {
      await t.database.query(
        `insert into audit_log (action, resource, record_id, record_label) values ('update', 'pruebas', $1, 'Una línea de auditoría larga para pasar el umbral')`,
        [String(index)],
      );
    }
    for (const encoding of ['br', 'gzip', 'gzip, deflate, br']) {
      const response = await t.app.inject({ method: 'GET', url: '/api/v1/audit/export?format=csv', headers: { ...bearer(token), 'accept-encoding': encoding } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/csv');
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
      expect(response.body).toContain('Una línea de auditoría larga');
    }
  });

  it('sends a big answer as it is to a client that accepts no compression', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/locations/?pageSize=200', headers: bearer(token) });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
    expect(response.json()).toHaveProperty('results');
  });

  it('sends answers below the threshold as they are: /healthz, a small list, an error', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'accept-encoding': 'br, gzip' } });
    expect(health.statusCode).toBe(200);
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toEqual({ status: 'ok' });

    const small = await t.app.inject({ method: 'GET', url: '/api/v1/locations/?pageSize=1', headers: { ...bearer(token), 'accept-encoding': 'br, gzip' } });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();

    const refused = await t.app.inject({ method: 'GET', url: '/api/v1/users/', headers: { 'accept-encoding': 'br, gzip' } });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.json()).toHaveProperty('error.code');
  });
});
