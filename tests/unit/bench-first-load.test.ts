import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { scriptGzipBytes, type RecordedRequest } from '../../bench/firstLoad';

const body = (text: string) => new TextEncoder().encode(text);
const gzip9 = (text: string) => zlib.gzipSync(body(text), { level: 9 }).length;
const recorded = (url: string, text: string, resourceType = 'script', contentType = 'text/javascript'): RecordedRequest => ({ url, resourceType, contentType, body: body(text) });

describe('scriptGzipBytes (npm run bench, first load as a browser fetches it)', () => {
  const entry = 'import "./vendor.js";'.repeat(40);
  const vendor = 'export const a = () => 1;\n'.repeat(200) + 'x'.repeat(300);

  it('sums the gzip-9 size of each script once per URL, ignoring the other requests', () => {
    const count = scriptGzipBytes([
      { ...recorded('http://127.0.0.1:1/login', '<html></html>', 'document', 'text/html') },
      recorded('http://127.0.0.1:1/assets/index.js', entry),
      recorded('http://127.0.0.1:1/assets/vendor.js', vendor),
      // The same script again (a modulepreload then the import), and with a fragment: counted once.
      recorded('http://127.0.0.1:1/assets/vendor.js', vendor),
      recorded('http://127.0.0.1:1/assets/vendor.js#again', vendor),
      recorded('http://127.0.0.1:1/api/v1/captcha/', '{"captchaId":"c"}', 'fetch', 'application/json'),
      recorded('http://127.0.0.1:1/assets/index.css', 'body{}', 'stylesheet', 'text/css'),
    ]);
    expect(count.files).toBe(2);
    expect(count.bytes).toBe(body(entry).byteLength + body(vendor).byteLength);
    expect(count.gzipBytes).toBe(gzip9(entry) + gzip9(vendor));
    expect(count.scripts).toEqual([
      { path: '/assets/index.js', gzipBytes: gzip9(entry) },
      { path: '/assets/vendor.js', gzipBytes: gzip9(vendor) },
    ]);
  });

  it('counts gzip level 9, not the default level', () => {
    const text = Array.from({ length: 4000 }, (_, i) => `v${(i * 7919) % 1013}`).join(';');
    const { gzipBytes } = scriptGzipBytes([recorded('http://h/a.js', text)]);
    expect(gzipBytes).toBe(gzip9(text));
    expect(gzipBytes).toBeLessThanOrEqual(zlib.gzipSync(body(text)).length);
  });

  it('takes a script by its content type or .js path when the resource type says otherwise (e.g. a worker or fetch)', () => {
    const count = scriptGzipBytes([recorded('http://h/w.js', 'self.onmessage=()=>{}', 'other', ''), recorded('http://h/x', 'export {}', 'fetch', 'application/javascript; charset=utf-8')]);
    expect(count.files).toBe(2);
  });

  it('is zero for a list without scripts', () => {
    expect(scriptGzipBytes([])).toEqual({ files: 0, bytes: 0, gzipBytes: 0, scripts: [] });
  });
});
