import fs from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Four kinds of tests: pure rules and API tests in Node, components in jsdom, browser tests in Node driving Chromium.
 *
 * Speed on a 2-core machine (docs/decisions/0029): two workers run at once (vitest's default on 2 cores is one), and
 * Node test files share their worker's modules (`isolate: false`: the server loads once per worker, not once per
 * file). A unit file that replaces modules with `vi.mock` needs a module graph of its own: it runs in
 * 'unit (isolated)', found by reading the files, so nobody keeps a list; API and browser files may not mock modules.
 */
const UNIT = ['tests/unit/**/*.test.ts', 'resources/**/*.test.ts', 'server/**/*.test.ts', 'i18n/**/*.test.ts', 'authProvider/**/*.test.ts', 'dataProvider/**/*.test.ts', 'src/**/*.test.ts'];
const COMPONENT = ['tests/component/**/*.test.tsx', 'src/**/*.test.tsx'];
const SOURCE_DIRS = ['tests', 'resources', 'server', 'i18n', 'authProvider', 'dataProvider', 'src'];

/** Test files (relative paths) that call vi.mock. */
const MOCKING_FILES = SOURCE_DIRS.flatMap((dir) =>
  (fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }) as string[])
    .map((file) => path.join(dir, file))
    .filter((file) => /\.test\.tsx?$/.test(file) && fs.readFileSync(file, 'utf8').includes('vi.mock(')),
);

const isUnitFile = (file: string) => !/^tests\/(api|e2e|embedded)\//.test(file);

const EXCLUDE_MOCKING = [...configDefaults.exclude, ...MOCKING_FILES];
const mockingServerTests = MOCKING_FILES.filter((file) => /^tests\/(api|e2e|embedded)\//.test(file));
if (mockingServerTests.length > 0) {
  throw new Error(`API and browser test files share their worker's modules: vi.mock is not available there (${mockingServerTests.join(', ')})`);
}

/** Two workers: the machine's two cores. */
const WORKERS = 2;
/** A property test writing files takes seconds on a loaded machine; a wrong result still fails at once. */
const UNIT_TIMEOUT = 20_000;

export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      { extends: true, test: { name: 'unit', environment: 'node', include: UNIT, exclude: EXCLUDE_MOCKING, isolate: false, maxWorkers: WORKERS, testTimeout: UNIT_TIMEOUT } },
      { extends: true, test: { name: 'unit (isolated)', environment: 'node', include: MOCKING_FILES.filter((file) => file.endsWith('.ts') && isUnitFile(file)), maxWorkers: WORKERS, testTimeout: UNIT_TIMEOUT } },
      {
        extends: true,
        test: {
          name: 'api',
          environment: 'node',
          // tests/embedded/: the embedded database itself (its thread, its data folder's lock), whatever TEST_DATABASE_URL
          // says: the PostgreSQL pass leaves them out (tests/run.ts).
          include: ['tests/api/**/*.test.ts', 'tests/embedded/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          isolate: false,
          // PostgreSQL's own server does part of the work: a third file keeps both cores busy.
          maxWorkers: process.env.TEST_DATABASE_URL ? WORKERS + 1 : WORKERS,
          // Seeds the reference and demo databases once; each file's createTestApp copies one (tests/helpers/databaseTemplates.ts).
          globalSetup: ['tests/helpers/databaseTemplatesSetup.ts'],
          setupFiles: ['tests/helpers/fileCpu.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'component',
          environment: 'jsdom',
          include: COMPONENT,
          exclude: EXCLUDE_MOCKING,
          setupFiles: ['tests/helpers/setupDom.ts'],
          testTimeout: 30_000,
          // Files share their worker's modules and window; tests/helpers/setupDom.ts empties the window after each file.
          isolate: false,
          maxWorkers: WORKERS,
        },
      },
      {
        extends: true,
        test: {
          name: 'component (isolated)',
          environment: 'jsdom',
          include: MOCKING_FILES.filter((file) => file.endsWith('.tsx')),
          setupFiles: ['tests/helpers/setupDom.ts'],
          testTimeout: 30_000,
          maxWorkers: WORKERS,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          // Each file has its own server, database and browser: two run at once (with Chromium the pass keeps the two
          // cores ~90% busy; four at once were no faster and hit the 10 s waits).
          isolate: false,
          maxWorkers: WORKERS,
          globalSetup: ['tests/helpers/databaseTemplatesSetup.ts'],
          setupFiles: ['tests/helpers/fileCpu.ts'],
        },
      },
    ],
  },
});
