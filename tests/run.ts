/**
 * `npm test`: unit, component and API tests against the embedded database (with the embedded database's own tests);
 * the API tests again against PostgreSQL when DATABASE_URL is set (a fresh database per test file); then the browser
 * tests in Chromium when one is found. vitest.config.ts says how many files run at once and which share modules.
 * The captcha's OCR test needs tesseract: left out with one line when it is missing, except in CI (CI set), where it
 * runs and fails. Ends with each pass's time and CPU, the ten slowest test files (a slower
 * setup shows the day it lands) and one line counting every test run.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { reportCounts, slowestFiles, type FileTime, type VitestReport } from './helpers/vitestReport';

const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portales-vitest-'));
// The embedded database's seeded templates, made by the first pass that needs them and loaded by the later ones
// (tests/helpers/databaseTemplates.ts).
const templatesDir = path.join(reportDir, 'templates');
fs.mkdirSync(templatesDir);
process.env.TEST_TEMPLATES_DIR = templatesDir;
const totals = { passed: 0, failed: 0 };
const fileTimes: FileTime[] = [];
let runs = 0;
const passTimes: string[] = [];

/** CPU seconds (user + system) of the finished children of this process, from Linux's /proc; null elsewhere. */
function childrenCpuSeconds(): number | null {
  try {
    const stat = fs.readFileSync('/proc/self/stat', 'utf8');
    // After the command in parentheses: field 3 on; cutime and cstime are fields 16 and 17, in clock ticks (100 a second).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return null;
  }
}

/** One vitest pass; `pass` names it in the closing lines, `label` also in the slowest files' list. */
function run(pass: string, args: string[], env: NodeJS.ProcessEnv = {}, label?: string): void {
  runs += 1;
  const started = Date.now();
  const cpuBefore = childrenCpuSeconds();
  const report = path.join(reportDir, `run-${runs}.json`);
  const times = path.join(reportDir, `times-${runs}.json`);
  const result = spawnSync(
    process.execPath,
    [
      'node_modules/vitest/vitest.mjs',
      'run',
      ...args,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
      '--reporter=./tests/helpers/fileTimesReporter.ts',
    ],
    { stdio: 'inherit', env: { ...process.env, ...env, VITEST_FILE_TIMES: times } },
  );
  const cpuAfter = childrenCpuSeconds();
  const cpu = cpuBefore === null || cpuAfter === null ? '' : `, CPU ${Math.round(cpuAfter - cpuBefore)} s`;
  passTimes.push(`  ${pass}: ${Math.round((Date.now() - started) / 1000)} s${cpu}`);
  if (fs.existsSync(times)) {
    for (const time of JSON.parse(fs.readFileSync(times, 'utf8')) as FileTime[]) fileTimes.push({ ...time, run: label });
  }
  if (fs.existsSync(report)) {
    const counts = reportCounts(JSON.parse(fs.readFileSync(report, 'utf8')) as VitestReport);
    totals.passed += counts.passed;
    totals.failed += counts.failed;
  }
  if (result.status !== 0) finish(result.status ?? 1);
}

function finish(code: number): never {
  if (fileTimes.length > 0) console.log(`\nLos ${Math.min(10, fileTimes.length)} archivos de prueba más lentos:\n${slowestFiles(fileTimes).join('\n')}`);
  console.log(`\nPasadas (tiempo y CPU de sus procesos):\n${passTimes.join('\n')}`);
  console.log(`\nvitest: ${totals.passed} passed, ${totals.failed} failed`);
  fs.rmSync(reportDir, { recursive: true, force: true });
  process.exit(code);
}

export function findChromium(): string | null {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
  return candidates.find((candidate) => candidate && fs.existsSync(candidate)) ?? null;
}

/** Whether Debian's tesseract (apt-get install tesseract-ocr) answers, at TESSERACT_PATH or on the PATH. */
export function hasTesseract(): boolean {
  return spawnSync(process.env.TESSERACT_PATH || 'tesseract', ['--version'], { stdio: 'ignore' }).status === 0;
}

const { DATABASE_URL, ...embeddedEnv } = process.env;
const withoutOcr = !process.env.CI && !hasTesseract();
if (withoutOcr) console.log('No se encontró tesseract (apt-get install tesseract-ocr): se omite la prueba de lectura del captcha por OCR.');
// Pure rules and components first; then the API tests, whose files each open a database.
run('unidad y componentes', ['--project', 'unit', '--project', 'unit (isolated)', '--project', 'component', '--project', 'component (isolated)', ...(withoutOcr ? ['--exclude', 'server/auth/captchaOcr.test.ts'] : [])], {
  ...embeddedEnv,
  DATABASE_URL: '',
});
run('API, base embebida', ['--project', 'api'], { ...embeddedEnv, DATABASE_URL: '' });

if (DATABASE_URL) {
  console.log(`\nPruebas de API contra PostgreSQL (${DATABASE_URL.replace(/\/\/[^@]*@/, '//…@')})`);
  // The embedded database's own tests ran in the first pass: they never use TEST_DATABASE_URL.
  run('API, PostgreSQL', ['--project', 'api', '--exclude', 'tests/embedded/**'], { TEST_DATABASE_URL: DATABASE_URL, DATABASE_URL: '' }, 'PostgreSQL');
}

const chromium = findChromium();
if (chromium) run('navegador', ['--project', 'e2e'], { CHROMIUM_PATH: chromium, DATABASE_URL: '' });
else console.log('No se encontró Chromium (CHROMIUM_PATH o /usr/bin/chromium): se omiten las pruebas de navegador.');

finish(0);
