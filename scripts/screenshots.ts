/**
 * Retakes the README's screenshots (docs/screenshots/*.webp): starts `npm start`'s server on a temporary
 * embedded database with demo data, signs in as the bootstrap superadmin in Chromium (1366×768) and captures
 * the site list (/portales) and the first site's detail (/portales/<id>).
 *
 *   node --import tsx scripts/screenshots.ts        (CHROMIUM_PATH, default /usr/bin/chromium; builds dist/ if stale)
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { CHROMIUM_ARGS } from '../tests/helpers/e2e';

const ROOT = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const OUT_DIR = path.join(ROOT, 'docs', 'screenshots');
const EMAIL = 'admin@portales.gov.co';
const PASSWORD = 'Capturas-de-pantalla-1';
const PORT = 18_000 + Math.floor(Math.random() * 2000);
const BASE = `http://127.0.0.1:${PORT}`;

async function waitForHealth(deadlineMs: number): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  while (Date.now() < deadline) {
    const ok = await fetch(`${BASE}/healthz`).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`El servidor no respondió en ${BASE}/healthz`);
}

/** Writes a WebP small enough for the docs budget (docs/ ≤ 120 KB, see tests/unit/docs-size.test.ts). */
async function save(png: Buffer, name: string): Promise<void> {
  const file = path.join(OUT_DIR, `${name}.webp`);
  await sharp(png).resize({ width: 640 }).webp({ quality: 25, effort: 6 }).toFile(file);
  console.log(`${path.relative(ROOT, file)}: ${fs.statSync(file).size} bytes`);
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portales-screenshots-'));
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(PORT), HOST: '127.0.0.1', ADMIN_EMAIL: EMAIL, ADMIN_PASSWORD: PASSWORD, DEMO_DATA: '1', DATABASE_URL: '' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    await waitForHealth(300_000);
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'es-CO', timezoneId: 'America/Bogota' });
    await context.addInitScript(() => window.localStorage.setItem('cookies', 'true'));
    const page = await context.newPage();
    page.setDefaultTimeout(120_000); // a loaded machine signs in slowly (argon2)
    await page.goto(`${BASE}/login`);
    await page.locator('input[name=email]').fill(EMAIL);
    await page.locator('input[name=password]').fill(PASSWORD);
    await page.locator('input[name=password]').press('Enter');
    await page.waitForURL((url) => !url.pathname.toLowerCase().startsWith('/login'), { waitUntil: 'commit' });

    fs.mkdirSync(OUT_DIR, { recursive: true });
    await page.goto(`${BASE}/portales`);
    await page.locator('table tbody tr').first().waitFor();
    await page.waitForLoadState('networkidle');
    await save(await page.screenshot(), 'site-list');

    // The first site (it has scores in the demo data) opens its detail (/portales/<id>).
    const firstRow = page.locator('table tbody tr').first();
    const name = (await firstRow.locator('td').first().innerText()).trim();
    await firstRow.click();
    await page.waitForURL(/\/portales\/\d+$/, { waitUntil: 'commit' });
    await page.getByRole('heading', { name, exact: true }).waitFor();
    await page.getByText(/de 100$/).first().waitFor();
    await page.waitForLoadState('networkidle');
    await save(await page.screenshot(), 'site-detail');
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
