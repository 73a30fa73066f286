/**
 * `npm test`: unit, API and component tests against the embedded database; the API tests again
 * against PostgreSQL when DATABASE_URL is set (a fresh database per test file); then the browser
 * tests in Chromium when one is found.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const vitest = ['node_modules/vitest/vitest.mjs', 'run'];

function run(args: string[], env: NodeJS.ProcessEnv = {}): void {
  const result = spawnSync(process.execPath, [...vitest, ...args], { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

export function findChromium(): string | null {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
  return candidates.find((candidate) => candidate && fs.existsSync(candidate)) ?? null;
}

const { DATABASE_URL, ...embeddedEnv } = process.env;
// Components apart from the API tests: both are heavy (jsdom, embedded PostgreSQL) on a 2-core machine.
run(['--project', 'unit', '--project', 'component'], { ...embeddedEnv, DATABASE_URL: '' });
run(['--project', 'api'], { ...embeddedEnv, DATABASE_URL: '' });

if (DATABASE_URL) {
  console.log(`\nPruebas de API contra PostgreSQL (${DATABASE_URL.replace(/\/\/[^@]*@/, '//…@')})`);
  run(['--project', 'api'], { TEST_DATABASE_URL: DATABASE_URL, DATABASE_URL: '' });
}

const chromium = findChromium();
if (chromium) run(['--project', 'e2e'], { CHROMIUM_PATH: chromium, DATABASE_URL: '' });
else console.log('No se encontró Chromium (CHROMIUM_PATH o /usr/bin/chromium): se omiten las pruebas de navegador.');
