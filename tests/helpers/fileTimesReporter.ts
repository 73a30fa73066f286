/**
 * A vitest reporter for `npm test` (tests/run.ts): writes each test file's whole time — worker preparation,
 * import, setup files, and its tests with their hooks (createTestApp's beforeAll too, which vitest's JSON report
 * leaves out of a file's start and end) — and, where tests/helpers/fileCpu.ts measured it, its worker's CPU time, as JSON to the file named by VITEST_FILE_TIMES.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';
import type { FileTime } from './vitestReport';

export default class FileTimesReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const output = process.env.VITEST_FILE_TIMES;
    if (!output) return;
    const times: FileTime[] = testModules.map((module) => {
      const d = module.diagnostic();
      return {
        file: path.relative(process.cwd(), module.moduleId),
        project: module.project.name,
        ms: d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration,
        cpuMs: module.meta().cpuMs,
      };
    });
    fs.writeFileSync(output, JSON.stringify(times));
  }
}
