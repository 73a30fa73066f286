/**
 * The counts `npm test` prints at the end (tests/run.ts), read from one vitest JSON report.
 * Its `numFailedTestSuites` counts describe blocks as well as files, so it is not used: a failed
 * test counts once, and a file that failed with no failed test (it did not load) counts once more.
 */
export interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  testResults: Array<{ status: string; assertionResults: Array<{ status: string }> }>;
}

export function reportCounts(report: VitestReport): { passed: number; failed: number } {
  const filesFailedOutsideTests = report.testResults.filter(
    (file) => file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed'),
  ).length;
  return { passed: report.numPassedTests, failed: report.numFailedTests + filesFailedOutsideTests };
}

/** One test file's whole time in one vitest run (fileTimesReporter.ts); `run` names the pass (e.g. 'PostgreSQL'). */
export interface FileTime {
  file: string;
  project: string;
  ms: number;
  /** The worker's CPU time on the file (tests/helpers/fileCpu.ts), where measured. */
  cpuMs?: number;
  run?: string;
}

/** The `count` slowest files, slowest first, one line each: seconds (and CPU seconds), project (and pass) and path. */
export function slowestFiles(times: readonly FileTime[], count = 10): string[] {
  return [...times]
    .sort((a, b) => b.ms - a.ms)
    .slice(0, count)
    .map((time) => `${(time.ms / 1000).toFixed(1).padStart(7)} s${time.cpuMs === undefined ? '' : ` (CPU ${(time.cpuMs / 1000).toFixed(1)} s)`}  ${[time.project, time.run].filter(Boolean).join(' · ')}  ${time.file}`);
}
