import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildState, newestMtime, newestSourceMtime } from './freshness';

let root: string;
const index = () => path.join(root, 'dist', 'index.html');

/** Writes a file with a given modification time (seconds since the epoch). */
function write(relative: string, mtimeSeconds: number): void {
  const file = path.join(root, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, relative);
  fs.utimesSync(file, mtimeSeconds, mtimeSeconds);
}

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'portales-freshness-'));
});

afterEach(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

describe('newestMtime', () => {
  it('is 0 for a missing entry, the file time for a file, the newest file under a folder', () => {
    expect(newestMtime(path.join(root, 'nada'))).toBe(0);
    write('src/a.ts', 1_000);
    write('src/deep/b.tsx', 3_000);
    write('src/c.ts', 2_000);
    expect(newestMtime(path.join(root, 'src', 'a.ts'))).toBe(1_000_000);
    expect(newestMtime(path.join(root, 'src'))).toBe(3_000_000);
  });

  it('skips node_modules and dot entries', () => {
    write('src/a.ts', 1_000);
    write('src/node_modules/x.js', 9_000);
    write('src/.cache/y', 9_000);
    expect(newestMtime(path.join(root, 'src'))).toBe(1_000_000);
  });
});

describe('buildState', () => {
  it.each([
    ['src/App.tsx', 'stale'],
    ['i18n/es/auth.ts', 'stale'],
    ['resources/sites.ts', 'stale'],
    ['dataProvider/index.ts', 'stale'],
    ['authProvider/index.ts', 'stale'],
    ['index.html', 'stale'],
    ['vite.config.ts', 'stale'],
    ['public/favicon.svg', 'stale'],
    // Server-only and test files do not make the admin's build stale.
    ['server/app.ts', 'fresh'],
    ['tests/e2e/auth.test.ts', 'fresh'],
  ])('a change to %s after the build leaves it %s', (changed, expected) => {
    write('src/main.tsx', 1_000);
    write('dist/index.html', 2_000);
    expect(buildState(root, index())).toBe('fresh');
    write(changed, 3_000);
    expect(buildState(root, index())).toBe(expected);
  });

  it('is missing without dist/index.html, fresh when the build is newer than every source', () => {
    write('src/main.tsx', 1_000);
    expect(buildState(root, index())).toBe('missing');
    write('dist/index.html', 1_000);
    expect(buildState(root, index())).toBe('fresh');
    expect(newestSourceMtime(root)).toBe(1_000_000);
  });
});
