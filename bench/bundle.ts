/**
 * Gzipped size of the JavaScript the browser loads for a route, from Vite's build manifest.
 *
 * Method: the manifest (`dist/.vite/manifest.json`, written by `vite build --manifest`) lists every
 * chunk with its static `imports` and `dynamicImports`. A first visit to any route loads the entry
 * chunk (`isEntry`, the script of index.html) and, transitively, its static imports (modulepreload).
 * A route that is split off (React.lazy) additionally loads its lazy chunk(s) and their static
 * imports; which lazy modules a route opens is given by ROUTE_MODULES below (source paths as the
 * manifest names them). Each distinct file is counted once and gzipped with Node's zlib at the default
 * level (what a compressing server or CDN sends). CSS files are reported apart, not summed with JS.
 * When dist has no manifest the admin is built once into a temporary folder with --manifest
 * (dist itself is not touched).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** Lazy modules each measured route opens besides the entry (matched against manifest keys). */
export const ROUTE_MODULES: Record<string, RegExp[]> = {
  '/login': [/^src\/auth\/LoginPage\.tsx$/, /^src\/pages\/(LoginPage|PublicShell)\.tsx$/],
  '/portales': [/^src\/layout\/AppLayout\.tsx$/, /^src\/routes\/ProtectedScreen\.tsx$/, /^src\/sites\/SiteListPage\.tsx$/],
};

export interface BundleSize {
  route: string;
  files: number;
  jsBytes: number;
  jsGzipBytes: number;
  cssGzipBytes: number;
  lazyChunks: string[];
}

function closure(manifest: Manifest, keys: string[], into: Set<string>): void {
  for (const key of keys) {
    if (into.has(key) || !manifest[key]) continue;
    into.add(key);
    closure(manifest, manifest[key]!.imports ?? [], into);
  }
}

export function routeSizes(manifest: Manifest, outDir: string): BundleSize[] {
  const gzip = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(outDir, file))).length;
  const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  return Object.entries(ROUTE_MODULES).map(([route, patterns]) => {
    const lazy = Object.keys(manifest).filter((key) => manifest[key]!.isDynamicEntry && patterns.some((p) => p.test(key)));
    const keys = new Set<string>();
    closure(manifest, [...entries, ...lazy], keys);
    const js = [...keys].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'));
    const css = new Set([...keys].flatMap((key) => manifest[key]!.css ?? []));
    return {
      route,
      files: js.length,
      jsBytes: js.reduce((sum, file) => sum + fs.statSync(path.join(outDir, file)).size, 0),
      jsGzipBytes: js.reduce((sum, file) => sum + gzip(file), 0),
      cssGzipBytes: [...css].reduce((sum, file) => sum + gzip(file), 0),
      lazyChunks: lazy,
    };
  });
}

/** Reads dist's manifest, or builds into a temporary folder with one. Returns null (with the reason) when no build is possible. */
export function loadManifest(root: string): { manifest: Manifest; outDir: string; source: string } | { error: string } {
  const dist = path.join(root, 'dist');
  const existing = path.join(dist, '.vite', 'manifest.json');
  if (fs.existsSync(existing)) return { manifest: JSON.parse(fs.readFileSync(existing, 'utf8')) as Manifest, outDir: dist, source: 'dist' };
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portales-bench-build-'));
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--manifest', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], {
    cwd: root,
    encoding: 'utf8',
    timeout: 300_000,
  });
  const built = path.join(outDir, '.vite', 'manifest.json');
  if (result.status !== 0 || !fs.existsSync(built)) {
    return { error: `vite build falló: ${(result.stderr || result.stdout || String(result.error ?? '')).split('\n').slice(0, 3).join(' ')}` };
  }
  return { manifest: JSON.parse(fs.readFileSync(built, 'utf8')) as Manifest, outDir, source: `vite build --manifest (${outDir})` };
}
