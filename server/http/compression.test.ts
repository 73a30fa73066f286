import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressAnswer, isCompressibleType, negotiatedEncoding } from './compression';

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
