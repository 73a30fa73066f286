/**
 * The first-load budget every area keeps (issue 7; docs/decisions/0022-first-load-budget.md) and a quick estimate of the
 * JavaScript a route loads from Vite's build manifest. The budget is checked against what Chromium actually fetches
 * until the network is idle (bench/firstLoad.ts, gzip level 9); this estimate misses whatever a page imports on its own
 * before idle (e.g. a form's lazy schemas) and is kept as a per-chunk view only.
 *
 * Method: the manifest (`dist/.vite/manifest.json`, written by every `vite build`) lists every
 * chunk with its static `imports` and `dynamicImports`. A first visit to any route loads the entry
 * chunk (`isEntry`, the script of index.html) and, transitively, its static imports (modulepreload).
 * A route whose screen is split off (React.lazy) additionally loads its lazy chunk(s) and their static
 * imports — the ones src/routes/preloadRoute.ts starts at once: the layout and the route's screen;
 * which lazy modules a route opens is given by ROUTE_MODULES below (source paths as the manifest
 * names them). Each distinct file is counted once and gzipped with Node's zlib at the default level
 * (the server sends brotli, ~15% smaller, to browsers that accept it). CSS files are reported apart,
 * not summed with JS. When dist has no manifest the admin is built once into a temporary folder
 * (dist itself is not touched).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { buildState } from '../server/build/freshness';

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
  // The public pages are in the entry chunk.
  '/login': [/^src\/auth\/LoginPage\.tsx$/, /^src\/pages\/(LoginPage|PublicShell)\.tsx$/],
  // The layout's chunk waits for the signed-in areas' messages and starts the data provider (src/routes/lazyScreen.ts).
  '/portales': [/^i18n\/es\/signedIn\.ts$/, /^dataProvider\/index\.ts$/, /^src\/layout\/AppLayout\.tsx$/, /^src\/routes\/ProtectedScreen\.tsx$/, /^src\/sites\/SiteListPage\.tsx$/],
};

/** First-load budget in KiB of gzipped JavaScript (issue 7): every later area keeps these. */
export const BUDGETS_KIB: Record<string, number> = { '/login': 230, '/portales': 260 };

export interface BudgetRow {
  route: string;
  kib: number;
  budgetKib: number | null;
  /** KiB left under the budget (negative: over it). */
  marginKib: number | null;
  status: 'OK' | 'EXCEEDED' | 'sin presupuesto';
}

/** Each route's gzipped JavaScript against its budget, in KiB to one decimal; a route without a budget is only reported. */
export function budgetRows(sizes: readonly Pick<BundleSize, 'route' | 'jsGzipBytes'>[], budgets: Record<string, number> = BUDGETS_KIB): BudgetRow[] {
  const oneDecimal = (value: number) => Math.round(value * 10) / 10;
  return sizes.map(({ route, jsGzipBytes }) => {
    const kib = oneDecimal(jsGzipBytes / 1024);
    const budgetKib = budgets[route] ?? null;
    if (budgetKib === null) return { route, kib, budgetKib, marginKib: null, status: 'sin presupuesto' };
    return { route, kib, budgetKib, marginKib: oneDecimal(budgetKib - jsGzipBytes / 1024), status: jsGzipBytes <= budgetKib * 1024 ? 'OK' : 'EXCEEDED' };
  });
}

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

/** Reads dist's manifest when dist is up to date with the sources, else builds into a temporary folder. Returns the reason when no build is possible. */
export function loadManifest(root: string): { manifest: Manifest; outDir: string; source: string } | { error: string } {
  const dist = path.join(root, 'dist');
  const existing = path.join(dist, '.vite', 'manifest.json');
  if (fs.existsSync(existing) && buildState(root, path.join(dist, 'index.html')) === 'fresh') return { manifest: JSON.parse(fs.readFileSync(existing, 'utf8')) as Manifest, outDir: dist, source: 'dist' };
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portales-bench-build-'));
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], {
    cwd: root,
    encoding: 'utf8',
    timeout: 300_000,
  });
  const built = path.join(outDir, '.vite', 'manifest.json');
  if (result.status !== 0 || !fs.existsSync(built)) {
    return { error: `vite build falló: ${(result.stderr || result.stdout || String(result.error ?? '')).split('\n').slice(0, 3).join(' ')}` };
  }
  return { manifest: JSON.parse(fs.readFileSync(built, 'utf8')) as Manifest, outDir, source: `vite build (${outDir})` };
}
