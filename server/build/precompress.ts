/**
 * Precompressed admin files (docs/decisions/0022-first-load-budget.md): after `vite build`, every text
 * file of the build gets a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) sibling when it is
 * smaller than the file, which @fastify/static (`preCompressed`) sends to a browser that accepts
 * them — at no CPU cost per request, and smaller than compressing on the fly could afford. (A file
 * without a copy is compressed on the fly by server/http/compression.ts.)
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

/** Text files only: images and fonts are compressed already. */
const COMPRESSIBLE_EXTENSIONS = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.xml', '.wasm']);

export interface PrecompressedFile {
  /** Path relative to the build folder. */
  file: string;
  bytes: number;
  brotliBytes: number;
  gzipBytes: number;
}

/** Whether a built file gets compressed siblings (by its extension). */
export function shouldPrecompress(file: string): boolean {
  return COMPRESSIBLE_EXTENSIONS.has(path.extname(file).toLowerCase());
}

function filesUnder(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true, recursive: true }).filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * Writes `<file>.br` and `<file>.gz` beside each compressible file of `outDir` (skipping a copy that
 * would not be smaller, and the manifest folder `.vite`). Returns what it compressed.
 */
export function precompressDir(outDir: string): PrecompressedFile[] {
  const done: PrecompressedFile[] = [];
  for (const file of filesUnder(outDir)) {
    const relative = path.relative(outDir, file);
    if (relative.split(path.sep)[0] === '.vite') continue;
    if (!shouldPrecompress(file)) continue;
    const content = fs.readFileSync(file);
    const brotli = zlib.brotliCompressSync(content, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length },
    });
    const gzip = zlib.gzipSync(content, { level: zlib.constants.Z_BEST_COMPRESSION });
    if (brotli.length < content.length) fs.writeFileSync(`${file}.br`, brotli);
    if (gzip.length < content.length) fs.writeFileSync(`${file}.gz`, gzip);
    done.push({ file: relative, bytes: content.length, brotliBytes: brotli.length, gzipBytes: gzip.length });
  }
  return done;
}

/** Vite plugin: precompresses the client build once it is written (`vite build`, not the dev server). */
export function precompressPlugin(): Plugin {
  let outDir = 'dist';
  return {
    name: 'portales-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const files = precompressDir(outDir);
      const sum = (key: 'bytes' | 'brotliBytes') => Math.round(files.reduce((total, file) => total + file[key], 0) / 1024);
      this.info?.(`${files.length} archivos precomprimidos (.br y .gz): ${sum('bytes')} KiB → ${sum('brotliBytes')} KiB en brotli`);
    },
  };
}
