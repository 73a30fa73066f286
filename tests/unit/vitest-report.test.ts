import { describe, expect, it } from 'vitest';
import { reportCounts, type VitestReport } from '../helpers/vitestReport';

const file = (status: string, ...tests: string[]) => ({ status, assertionResults: tests.map((test) => ({ status: test })) });

describe('reportCounts (the last line of npm test)', () => {
  it('counts a failed test once, however many describe blocks hold it', () => {
    const report: VitestReport = { numPassedTests: 15, numFailedTests: 1, testResults: [file('failed', 'passed', 'failed'), file('passed', 'passed')] };
    expect(reportCounts(report)).toEqual({ passed: 15, failed: 1 });
  });

  it('counts a file that failed without a failed test (it did not load) as one failure', () => {
    const report: VitestReport = { numPassedTests: 2, numFailedTests: 0, testResults: [file('failed'), file('passed', 'passed', 'passed')] };
    expect(reportCounts(report)).toEqual({ passed: 2, failed: 1 });
  });

  it('counts nothing failed when every file passed', () => {
    const report: VitestReport = { numPassedTests: 3, numFailedTests: 0, testResults: [file('passed', 'passed', 'passed', 'passed')] };
    expect(reportCounts(report)).toEqual({ passed: 3, failed: 0 });
  });
});
