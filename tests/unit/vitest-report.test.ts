import { describe, expect, it } from 'vitest';
import { reportCounts, slowestFiles, type VitestReport } from '../helpers/vitestReport';

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

describe('slowestFiles (the list npm test ends with)', () => {
  it('lists the ten slowest files, slowest first, with their seconds, project and pass', () => {
    const times = Array.from({ length: 12 }, (_, index) => ({ file: `tests/api/f${index}.test.ts`, project: 'api', ms: (index + 1) * 1000 }));
    times.push({ file: 'tests/api/f0.test.ts', project: 'api', ms: 30_500, run: 'PostgreSQL' } as (typeof times)[number]);
    const lines = slowestFiles(times);
    expect(lines).toHaveLength(10);
    expect(lines[0]).toBe('   30.5 s  api · PostgreSQL  tests/api/f0.test.ts');
    expect(lines[1]).toBe('   12.0 s  api  tests/api/f11.test.ts');
    expect(lines[9]).toBe('    4.0 s  api  tests/api/f3.test.ts');
  });

  it("adds the worker's CPU seconds where they were measured", () => {
    expect(slowestFiles([{ file: 'b.test.ts', project: 'api', ms: 12_340, cpuMs: 9_960 }])).toEqual(['   12.3 s (CPU 10.0 s)  api  b.test.ts']);
  });

  it('lists fewer when fewer files ran', () => {
    expect(slowestFiles([{ file: 'a.test.ts', project: 'unit', ms: 250 }])).toEqual(['    0.3 s  unit  a.test.ts']);
  });
});
