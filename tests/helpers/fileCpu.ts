/**
 * Setup file of the API and browser projects: the CPU time this worker spent on the test file — import, top-level
 * createTestApp, hooks and tests; with the embedded database its queries too (it answers in this thread) — kept in the
 * file's `meta.cpuMs` for fileTimesReporter.ts. A setup file runs again before each file of a shared worker.
 */
import { afterAll } from 'vitest';

declare module 'vitest' {
  interface TaskMeta {
    /** CPU milliseconds of the worker on this test file (tests/helpers/fileCpu.ts). */
    cpuMs?: number;
  }
}

const start = process.cpuUsage();

// The first argument is the hook's fixtures (vitest requires a destructuring pattern there); the second the file.
afterAll(({}, suite) => {
  const spent = process.cpuUsage(start);
  suite.meta.cpuMs = (spent.user + spent.system) / 1000;
});
