/**
 * Is the built admin (dist/) up to date with its sources? Used by `npm start` and the browser tests,
 * which rebuild it when any client source is newer than dist/index.html.
 */
import fs from 'node:fs';
import path from 'node:path';

/** Sources of the built admin, relative to the repository root: a build older than any of them is stale. */
export const CLIENT_SOURCES = ['src', 'i18n', 'resources', 'dataProvider', 'authProvider', 'index.html', 'vite.config.ts', 'public'] as const;

/** Newest modification time (ms) of a file or of any file under a folder (skipping node_modules and dot entries); 0 when absent. */
export function newestMtime(entry: string): number {
  const stat = fs.statSync(entry, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const child of fs.readdirSync(entry)) {
    if (child === 'node_modules' || child.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(path.join(entry, child)));
  }
  return newest;
}

/** Newest modification time of the admin's sources under `root`. */
export function newestSourceMtime(root: string): number {
  return Math.max(...CLIENT_SOURCES.map((entry) => newestMtime(path.join(root, entry))));
}

/** 'missing' without a build, 'stale' when a source changed after it, else 'fresh'. */
export function buildState(root: string, indexHtml: string): 'missing' | 'stale' | 'fresh' {
  const built = fs.statSync(indexHtml, { throwIfNoEntry: false });
  if (!built) return 'missing';
  return newestSourceMtime(root) > built.mtimeMs ? 'stale' : 'fresh';
}
