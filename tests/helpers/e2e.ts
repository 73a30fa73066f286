/**
 * Browser tests: the built admin served by the real server (in-process, PGlite with demo data — or, with
 * TEST_DATABASE_URL, a fresh PostgreSQL database per test file, as createTestApp does for the API tests)
 * and driven by Chromium through playwright-core. One server, one browser and one browser context per test file; each
 * test gets a new page in that context, whose site data (local storage, IndexedDB, cookies, permissions, routes) is
 * emptied before the test, so a test starts signed out as in a fresh context while the admin's assets stay in the
 * context's HTTP cache (loaded and compiled once per file, not once per test). A failed test's context is thrown away.
 * `e2e.newPage()` opens a page in a context of its own (a second user). On failure a screenshot and the browser
 * console are written to /tmp/e2e-<test>.png / .log.
 *
 *   const e2e = setupE2e();
 *   it('…', async () => { await e2e.page.goto(e2e.url('/login')); … });
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { TOKEN_KEY, USER_KEY } from '../../authProvider/storage';
import { PERMISSIONS, type PermissionName } from '../../resources/permissions';
import { buildState } from '../../server/build/freshness';
import { userPermissions, users, USER_TYPE } from '../../server/db/schema';
import { spanishMessages } from '../../i18n/es/index';
import { createTestApp, type TestApp } from './testApp';

export const REPO_ROOT = path.resolve(fileURLToPath(new URL('../..', import.meta.url)));
export const DIST_DIR = path.join(REPO_ROOT, 'dist');

/** The bootstrap superadmin of createTestApp, holding all nine permissions. */
export const ADMIN = { email: 'admin@portales.test', password: 'Clave-de-prueba-1' } as const;

/** Waits for elements and navigations: long enough for a loaded machine, short enough to fail fast. */
export const DEFAULT_TIMEOUT_MS = 10_000;

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

function buildIsFresh(index: string): boolean {
  if (!fs.existsSync(index)) return false;
  const mode = process.env.E2E_BUILD ?? 'auto';
  if (mode === 'never') return true;
  if (mode === 'always') return false;
  return buildState(REPO_ROOT, index) === 'fresh';
}

const BUILD_LOCK = path.join(REPO_ROOT, 'node_modules', '.e2e-build.lock');
const BUILD_LOCK_STALE_MS = 180_000;

/**
 * Builds the admin when dist/index.html is missing or older than the client sources
 * (E2E_BUILD=never skips the check, E2E_BUILD=always forces a build). A lock folder keeps two
 * test runs from building into dist/ at the same time.
 */
export async function ensureAdminBuilt(): Promise<void> {
  const index = path.join(DIST_DIR, 'index.html');
  if (process.env.E2E_BUILD !== 'always' && buildIsFresh(index)) return;
  const deadline = Date.now() + BUILD_LOCK_STALE_MS;
  for (;;) {
    try {
      fs.mkdirSync(BUILD_LOCK);
      break;
    } catch {
      const age = Date.now() - (fs.statSync(BUILD_LOCK, { throwIfNoEntry: false })?.mtimeMs ?? 0);
      if (age > BUILD_LOCK_STALE_MS || Date.now() > deadline) fs.rmSync(BUILD_LOCK, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  try {
    // Another run may have built while this one waited.
    if (process.env.E2E_BUILD !== 'always' && buildIsFresh(index)) return;
    const result = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (result.status !== 0 || !fs.existsSync(index)) {
      throw new Error(`La compilación del administrador falló (vite build):\n${result.stdout}\n${result.stderr}`);
    }
  } finally {
    fs.rmSync(BUILD_LOCK, { recursive: true, force: true });
  }
}

export interface CreatedUser {
  id: number;
  name: string;
  email: string;
  password: string;
}

export interface ApiAnswer<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

export interface E2eHarness {
  readonly testApp: TestApp;
  /** http://127.0.0.1:<port> */
  readonly baseUrl: string;
  readonly browser: Browser;
  /** The current test's page (the file's context with its site data emptied, 1366×768). */
  readonly page: Page;
  url(pathname: string): string;
  /** Another isolated page (its own context), closed after the test. */
  newPage(): Promise<Page>;
  /** Inserts a superadmin with a password and exactly these permissions. */
  createSuperadmin(permissions: readonly PermissionName[], options?: { name?: string; email?: string; password?: string }): Promise<CreatedUser>;
  /** Fills the login form and waits until the browser leaves /login. */
  signIn(page: Page, email: string, password: string): Promise<void>;
  /**
   * Signs in through the API (POST /api/v1/auth/, as the login form does) and has the page's next load keep the token
   * and user in local storage the way the admin does: the page then opens any screen signed in, without loading /login
   * first. For tests that are not about signing in (they keep `signIn`). Call it before the page's first `goto`.
   * Returns the token.
   */
  signInByApi(page: Page, email?: string, password?: string): Promise<string>;
  /** The bearer token the admin keeps in local storage (null when signed out). */
  storedToken(page: Page): Promise<string | null>;
  /** Calls the API over HTTP like the browser does. */
  api<T = unknown>(pathname: string, options?: { method?: string; token?: string | null; body?: unknown }): Promise<ApiAnswer<T>>;
  /** Newest .eml written by the mailer after `since` (ms epoch), waiting up to `timeoutMs`. */
  waitForMail(since: number, timeoutMs?: number): Promise<{ file: string; text: string }>;
}

/** Decodes a raw .eml well enough to read links: quoted-printable soft breaks and escapes. */
export function decodeMail(raw: string): string {
  const unfolded = raw.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < unfolded.length; i += 1) {
    const match = /^=([0-9A-F]{2})/.exec(unfolded.slice(i, i + 3));
    if (match) {
      bytes.push(parseInt(match[1]!, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(unfolded[i]!, 'utf8'));
    }
  }
  const text = Buffer.from(bytes).toString('utf8');
  // Base64 bodies (nodemailer picks them for some texts): decode every base64 block too.
  const decodedBlocks = [...text.matchAll(/\r?\n\r?\n([A-Za-z0-9+/=\r\n]{40,})(?=\r?\n--|\s*$)/g)]
    .map((block) => Buffer.from(block[1]!.replace(/\s+/g, ''), 'base64').toString('utf8'))
    .join('\n');
  return `${text}\n${decodedBlocks}`;
}

/** First link in a mail pointing at `pathPrefix`, re-rooted on `baseUrl` (the configured PUBLIC_URL is a placeholder). */
export function linkFromMail(text: string, pathPrefix: string, baseUrl: string): string {
  const match = new RegExp(`https?://[^\\s"'<>]*?(${pathPrefix.replace(/\//g, '\\/')}[^\\s"'<>]*)`).exec(text);
  if (!match) throw new Error(`No se encontró un enlace ${pathPrefix} en el correo:\n${text.slice(0, 2000)}`);
  return `${baseUrl}${match[1]!.replace(/&amp;/g, '&')}`;
}

function safeName(name: string): string {
  return name.replace(/[^A-Za-z0-9áéíóúñ_-]+/gi, '-').slice(0, 80);
}

/** Registers the hooks of a browser test file and returns the harness (its fields are set in beforeAll/beforeEach). */
export function setupE2e(): E2eHarness {
  let testApp: TestApp | undefined;
  let baseUrl = '';
  let browser: Browser | undefined;
  let contexts: BrowserContext[] = [];
  /** The file's context: every test's page opens in it (its site data emptied first). */
  let fileContext: BrowserContext | undefined;
  let page: Page | undefined;
  let consoleLines: string[] = [];
  let userCounter = 0;

  async function newContext(): Promise<BrowserContext> {
    const context = await browser!.newContext({ viewport: { width: 1366, height: 768 }, locale: 'es-CO', timezoneId: 'America/Bogota' });
    // The cookies notice (fixed at the bottom) would cover buttons: accepted beforehand, as a returning user would have.
    await context.addInitScript(() => window.localStorage.setItem('cookies', 'true'));
    return context;
  }

  /** A new page in `context` with the failure log's listeners. */
  async function pageIn(context: BrowserContext): Promise<Page> {
    const created = await context.newPage();
    created.setDefaultTimeout(DEFAULT_TIMEOUT_MS);
    created.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') consoleLines.push(`[${message.type()}] ${message.text()}`);
    });
    created.on('pageerror', (error) => consoleLines.push(`[pageerror] ${error.message}`));
    created.on('requestfailed', (request) => consoleLines.push(`[requestfailed] ${request.method()} ${request.url()}`));
    created.on('response', (response) => {
      if (response.status() >= 400) consoleLines.push(`[http ${response.status()}] ${response.request().method()} ${response.url()}`);
    });
    return created;
  }

  /** Another page in a context of its own, closed after the test. */
  async function newContextPage(): Promise<Page> {
    const context = await newContext();
    contexts.push(context);
    return pageIn(context);
  }

  /**
   * The test's page: a new page in the file's context, after emptying what an earlier test may have left there — the
   * admin origin's site data (local storage, session storage, IndexedDB, cookies…; not the HTTP cache), the
   * permissions granted and the routes set on the context. The other pages were closed after the earlier test.
   */
  async function freshPage(): Promise<Page> {
    fileContext ??= await newContext();
    const created = await pageIn(fileContext);
    await fileContext.unrouteAll({ behavior: 'ignoreErrors' });
    await fileContext.clearCookies();
    await fileContext.clearPermissions();
    const cdp = await fileContext.newCDPSession(created);
    await cdp.send('Storage.clearDataForOrigin', {
      origin: new URL(baseUrl).origin,
      storageTypes: 'cookies,file_systems,indexeddb,local_storage,service_workers,cache_storage,storage_buckets',
    });
    await cdp.detach();
    return created;
  }

  beforeAll(async () => {
    await ensureAdminBuilt();
    testApp = await createTestApp({ seed: 'demo', staticDir: DIST_DIR });
    const address = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = address.replace('localhost', '127.0.0.1');
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  });

  beforeEach(async () => {
    consoleLines = [];
    page = await freshPage();
  });

  afterEach(async (context) => {
    const failed = context.task.result?.state === 'fail' || (context.task.result?.errors?.length ?? 0) > 0;
    if (failed && page) {
      const base = path.join('/tmp', `e2e-${safeName(context.task.name)}`);
      await page.screenshot({ path: `${base}.png`, fullPage: true }).catch(() => undefined);
      fs.writeFileSync(`${base}.log`, `${page.url()}\n${consoleLines.join('\n')}\n`);
      console.error(`Prueba fallida: captura en ${base}.png, consola en ${base}.log (última dirección ${page.url()})`);
    }
    await Promise.all(contexts.map((c) => c.close().catch(() => undefined)));
    contexts = [];
    page = undefined;
    if (fileContext && failed) {
      // Whatever the failed test left half done stays out of the next test.
      await fileContext.close().catch(() => undefined);
      fileContext = undefined;
    } else if (fileContext) {
      await Promise.all(fileContext.pages().map((p) => p.close().catch(() => undefined)));
    }
  });

  afterAll(async () => {
    await fileContext?.close().catch(() => undefined);
    await browser?.close().catch(() => undefined);
    await testApp?.close();
  });

  const harness: E2eHarness = {
    get testApp() {
      if (!testApp) throw new Error('setupE2e: el servidor aún no inicia');
      return testApp;
    },
    get baseUrl() {
      return baseUrl;
    },
    get browser() {
      if (!browser) throw new Error('setupE2e: el navegador aún no inicia');
      return browser;
    },
    get page() {
      if (!page) throw new Error('setupE2e: no hay página fuera de una prueba');
      return page;
    },
    url: (pathname) => `${baseUrl}${pathname}`,
    newPage: () => newContextPage(),

    async createSuperadmin(permissionNames, options = {}) {
      userCounter += 1;
      const email = (options.email ?? `e2e${userCounter}-${Date.now()}@portales.test`).toLowerCase();
      const password = options.password ?? `Clave-e2e-${userCounter}`;
      const name = options.name ?? `Usuario navegador ${userCounter}`;
      const { db } = harness.testApp.database;
      const [user] = await db
        .insert(users)
        .values({ userTypeId: USER_TYPE.superadmin, name, email, passwordHash: await hash(password) })
        .returning({ id: users.id });
      const ids = PERMISSIONS.filter((p) => permissionNames.includes(p.name)).map((p) => p.permissionID);
      if (ids.length) await db.insert(userPermissions).values(ids.map((permissionId) => ({ userId: user!.id, permissionId })));
      return { id: user!.id, name, email, password };
    },

    async signIn(target, email, password) {
      if (!new URL(target.url(), 'http://x').pathname.toLowerCase().startsWith('/login')) await target.goto(harness.url('/login'));
      await target.locator('input[name=email]').fill(email);
      await target.locator('input[name=password]').fill(password);
      await target.locator('input[name=password]').press('Enter');
      await target.waitForURL((url) => !url.pathname.toLowerCase().startsWith('/login'), { timeout: 15_000 });
    },

    async signInByApi(target, email = ADMIN.email, password = ADMIN.password) {
      const answer = await harness.api<{ token: string; user: unknown }>('/api/v1/auth/', { method: 'POST', body: { email, password } });
      if (answer.status !== 200) throw new Error(`signInByApi(${email}): ${answer.status} ${JSON.stringify(answer.body)}`);
      // Once per tab (the flag lives in session storage): a later sign-out or reload keeps what the app did.
      await target.addInitScript(
        ({ origin, keys, token, user }) => {
          if (window.location.origin !== origin || window.sessionStorage.getItem('e2e-session')) return;
          window.sessionStorage.setItem('e2e-session', '1');
          window.localStorage.setItem(keys.token, token);
          window.localStorage.setItem(keys.user, user);
        },
        { origin: new URL(baseUrl).origin, keys: { token: TOKEN_KEY, user: USER_KEY }, token: answer.body.token, user: JSON.stringify(answer.body.user) },
      );
      return answer.body.token;
    },

    async storedToken(target) {
      return target.evaluate(() => {
        const direct = window.localStorage.getItem('token');
        if (direct) return direct;
        for (let i = 0; i < window.localStorage.length; i += 1) {
          const value = window.localStorage.getItem(window.localStorage.key(i) ?? '') ?? '';
          if (/^[\w-]+\.[\w-]+\.[\w-]+$/.test(value)) return value;
        }
        return null;
      });
    },

    async api(pathname, options = {}) {
      const headers: Record<string, string> = {};
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      if (options.body !== undefined) headers['content-type'] = 'application/json';
      const response = await fetch(harness.url(pathname), {
        method: options.method ?? 'GET',
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      });
      const text = await response.text();
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        // not JSON: keep the text
      }
      return { status: response.status, body: body as never, headers: response.headers };
    },

    async waitForMail(since, timeoutMs = 15_000) {
      const dir = harness.testApp.mailDir;
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (fs.existsSync(dir)) {
          const newest = fs
            .readdirSync(dir)
            .filter((name) => name.endsWith('.eml'))
            .map((name) => ({ file: path.join(dir, name), mtime: fs.statSync(path.join(dir, name)).mtimeMs }))
            .filter((entry) => entry.mtime >= since - 1000)
            .sort((a, b) => b.mtime - a.mtime)[0];
          if (newest) return { file: newest.file, text: decodeMail(fs.readFileSync(newest.file, 'utf8')) };
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      throw new Error(`No llegó ningún correo a ${dir} en ${timeoutMs} ms`);
    },
  };
  return harness;
}

/** The top menu (nav 'Menú principal' when present, else the whole page). */
export function topMenu(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Menú principal' });
}

/** A menu entry by its exact label: a link, menu item, tab or button. */
export function menuEntry(scope: Page | Locator, label: string): Locator {
  return scope
    .locator('a, [role=menuitem], [role=tab], button, [role=link]')
    .filter({ hasText: new RegExp(`^\\s*${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`) });
}

export const MENU_LABELS = ['Portales', 'Contenidos', 'Banners', 'Administradores', 'Ranking', 'Mensajes', 'Configuración', 'Métricas'] as const;

/** Users of a test database, looked up by e-mail. */
export async function userByEmail(testApp: TestApp, email: string) {
  const [user] = await testApp.database.db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return user;
}

/** Clicks the cookies notice away when it shows (it may cover the bottom of the page). */
export async function dismissNotices(page: Page): Promise<void> {
  for (const label of ['Aceptar', 'Entendido']) {
    const button = page.getByRole('button', { name: label, exact: true });
    if (await button.first().isVisible().catch(() => false)) await button.first().click().catch(() => undefined);
  }
}

/** The message namespaces (the first segment of every i18n key: `sites.list.title`). */
const KEY_NAMESPACES = Object.keys(spanishMessages).filter((name) => typeof (spanishMessages as Record<string, unknown>)[name] === 'object');

/**
 * The raw i18n keys the page shows: a text, document title, label, placeholder or tooltip that is a key
 * (`namespace.path`) instead of its Spanish text — what the i18nProvider returns for a key missing from the message
 * parts loaded so far (src/shared/i18nProvider.ts). Empty when every text was found.
 */
export async function rawKeys(page: Page): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const attributes = [...document.querySelectorAll('[aria-label], [placeholder], [title], [alt]')].flatMap((element) =>
      ['aria-label', 'placeholder', 'title', 'alt'].map((name) => element.getAttribute(name) ?? ''),
    );
    return [document.title, document.body.innerText, ...attributes];
  });
  const key = new RegExp(`(?<![\\w@./-])(?:${KEY_NAMESPACES.join('|')})\\.[A-Za-z0-9_]+(?:\\.[A-Za-z0-9_]+)*(?![\\w@/-])`, 'g');
  // A file name ('sites.xlsx') is not a key.
  const fileName = /\.(?:csv|xlsx?|zip|pdf|json|txt|png|jpe?g|svg)$/i;
  return [...new Set(texts.flatMap((text) => text.match(key) ?? []))].filter((match) => !fileName.test(match));
}
