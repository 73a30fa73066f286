import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { precompressDir, shouldPrecompress } from './precompress';

let outDir: string;

function write(relative: string, content: string | Buffer): void {
  const file = path.join(outDir, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
}

const exists = (relative: string) => fs.existsSync(path.join(outDir, relative));

beforeEach(() => {
  outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portales-precompress-'));
});

afterEach(() => {
  fs.rmSync(outDir, { recursive: true, force: true });
});

describe('shouldPrecompress', () => {
  it.each([
    ['assets/index-Ab12Cd34.js', true],
    ['assets/index-Ab12Cd34.css', true],
    ['index.html', true],
    ['favicon.svg', true],
    ['assets/Logo-Ab12Cd34.PNG', false],
    ['assets/font-Ab12Cd34.woff2', false],
    ['assets/index-Ab12Cd34.js.br', false],
    ['assets/index-Ab12Cd34.js.gz', false],
  ])('%s → %s', (file, expected) => {
    expect(shouldPrecompress(file)).toBe(expected);
  });
});

describe('precompressDir', () => {
  it('writes brotli and gzip copies that decompress to each text file', () => {
    const script = 'export const texto = "compresión";\n'.repeat(100);
    write('assets/index-Ab12Cd34.js', script);
    write('index.html', `<!doctype html><html lang="es">${'<meta name="x">'.repeat(50)}</html>`);
    const done = precompressDir(outDir);
    expect(done.map((file) => file.file).sort()).toEqual(['assets/index-Ab12Cd34.js', 'index.html']);
    const brotli = fs.readFileSync(path.join(outDir, 'assets/index-Ab12Cd34.js.br'));
    const gzip = fs.readFileSync(path.join(outDir, 'assets/index-Ab12Cd34.js.gz'));
    expect(zlib.brotliDecompressSync(brotli).toString('utf8')).toBe(script);
    expect(zlib.gunzipSync(gzip).toString('utf8')).toBe(script);
    expect(brotli.length).toBeLessThan(gzip.length);
    const [first] = done.filter((file) => file.file.endsWith('.js'));
    expect(first).toEqual({ file: 'assets/index-Ab12Cd34.js', bytes: Buffer.byteLength(script), brotliBytes: brotli.length, gzipBytes: gzip.length });
  });

  it('leaves images, the manifest folder and copies that would not be smaller alone', () => {
    write('assets/logo-Ab12Cd34.png', Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    write('.vite/manifest.json', JSON.stringify({ 'index.html': { file: 'assets/index.js' } }));
    write('assets/tiny-Ab12Cd34.js', 'a');
    const done = precompressDir(outDir);
    expect(exists('assets/logo-Ab12Cd34.png.br')).toBe(false);
    expect(exists('.vite/manifest.json.br')).toBe(false);
    expect(exists('assets/tiny-Ab12Cd34.js.br')).toBe(false);
    expect(exists('assets/tiny-Ab12Cd34.js.gz')).toBe(false);
    expect(done.map((file) => file.file)).toEqual(['assets/tiny-Ab12Cd34.js']);
  });

  it('does not compress its own copies again when run twice', () => {
    write('assets/index-Ab12Cd34.js', 'export const x = 1;\n'.repeat(200));
    precompressDir(outDir);
    precompressDir(outDir);
    expect(exists('assets/index-Ab12Cd34.js.br.br')).toBe(false);
    expect(exists('assets/index-Ab12Cd34.js.gz.gz')).toBe(false);
  });
});
