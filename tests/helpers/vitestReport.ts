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
