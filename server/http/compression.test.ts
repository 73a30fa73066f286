import { randomBytes } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { compressAnswer, isCompressibleType, negotiatedEncoding, registerCompression, SYNC_COMPRESSION_MAX_BYTES } from './compression';

describe('isCompressibleType', () => {
  it.each([
    ['application/json; charset=utf-8', true],
    ['application/problem+json', true],
    ['text/html; charset=utf-8', true],
    ['text/css', true],
    ['application/javascript; charset=utf-8', true],
    ['text/javascript', true],
    ['image/svg+xml', true],
    ['TEXT/PLAIN', true],
    ['text/event-stream; charset=utf-8', false],
    ['text/csv; charset=utf-8', false],
    ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', false],
    ['image/png', false],
    ['application/pdf', false],
    ['application/octet-stream', false],
    ['', false],
  ])('%s → %s', (contentType, expected) => {
    expect(isCompressibleType(contentType)).toBe(expected);
  });
});

describe('negotiatedEncoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['deflate', null],
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['gzip, deflate, br, zstd', 'br'],
    ['GZIP', 'gzip'],
    ['x-gzip', 'gzip'],
    ['*', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0.5, br;q=0.9', 'br'],
    ['br;q=0.4, gzip;q=0.8', 'gzip'],
    ['gzip;q=0, br;q=0', null],
  ] as const)('Accept-Encoding %j → %s', (header, expected) => {
    expect(negotiatedEncoding(header)).toBe(expected);
  });
});

describe('compressAnswer', () => {
  const text = JSON.stringify({ data: Array.from({ length: 50 }, (_, id) => ({ id, name: `Alcaldía de Nariño ${id}` })) });

  it('gives bytes that decompress to the answer, smaller than it', () => {
    const br = compressAnswer(text, 'br');
    const gzip = compressAnswer(text, 'gzip');
    expect(brotliDecompressSync(br).toString('utf8')).toBe(text);
    expect(gunzipSync(gzip).toString('utf8')).toBe(text);
    expect(br.length).toBeLessThan(Buffer.byteLength(text));
    expect(gzip.length).toBeLessThan(Buffer.byteLength(text));
  });
});

describe('registerCompression', () => {
  it('compresses an answer up to 64 KiB in one call (its length known), a larger one as a stream', async () => {
    const app = Fastify();
    await registerCompression(app);
    const rows = (count: number) => JSON.stringify(Array.from({ length: count }, (_, id) => ({ id, name: `Alcaldía de Nariño ${id}`, code: randomBytes(8).toString('hex') })));
    const small = rows(200);
    const large = rows(2000);
    expect(Buffer.byteLength(small)).toBeGreaterThan(8 * 1024);
    expect(Buffer.byteLength(small)).toBeLessThan(SYNC_COMPRESSION_MAX_BYTES);
    expect(Buffer.byteLength(large)).toBeGreaterThan(SYNC_COMPRESSION_MAX_BYTES);
    app.get('/small', async (_request, reply) => reply.type('application/json; charset=utf-8').send(small));
    app.get('/large', async (_request, reply) => reply.type('application/json; charset=utf-8').send(large));
    try {
      for (const [url, text, sync] of [['/small', small, true], ['/large', large, false]] as const) {
        const response = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
        expect(response.headers['content-encoding'], url).toBe('br');
        expect(brotliDecompressSync(response.rawPayload).toString('utf8'), url).toBe(text);
        // The one-call path sets the compressed length; the stream's answer is chunked.
        expect(response.headers['content-length'], url).toBe(sync ? String(response.rawPayload.length) : undefined);
      }
    } finally {
      await app.close();
    }
  });
});
