/**
 * First-load JavaScript as a browser fetches it (issue 22; the budgets of bench/bundle.ts): headless Chromium opens the
 * page on an empty cache and every script it requests until the network is idle (Playwright's `networkidle`: no request
 * for 500 ms) is counted — entry, modulepreloads, lazy chunks and any preload started in that window — each body gzipped
 * at level 9 with node:zlib and summed (each URL once). `/login` is opened signed out, `/portales` signed in (a session
 * made through the real sign-in form in another context; the measured context holds only its local storage, so its
 * cache starts empty). The product is served as `npm start` serves it (bench/lighthouse.ts startProduct: the built dist/
 * and the real server on a temporary embedded database).
 *
 * `scriptGzipBytes` is the pure counting; `browserFirstLoad` drives the browser.
 */
import zlib from 'node:zlib';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { signInThroughForm, startProduct } from './lighthouse';

/** One response the page received, as recorded by the browser. */
export interface RecordedRequest {
  url: string;
  /** Playwright's resource type ('script' for <script>, modulepreload and import()). */
  resourceType: string;
  /** The content-type header of the answer ('' when none). */
  contentType: string;
  /** The decoded body (what the script is, before any transfer encoding). */
  body: Uint8Array;
}

export interface ScriptCount {
  /** Distinct scripts counted. */
  files: number;
  /** Their bodies' bytes, uncompressed. */
  bytes: number;
  /** The sum of each body gzipped at level 9. */
  gzipBytes: number;
  /** Each counted script's path (without origin) and gzip-9 size, in request order. */
  scripts: Array<{ path: string; gzipBytes: number }>;
}

const isScript = (request: Pick<RecordedRequest, 'resourceType' | 'contentType' | 'url'>) =>
  request.resourceType === 'script' || /\bjavascript\b/i.test(request.contentType) || /\.m?js(\?|$)/.test(new URL(request.url).pathname);

/** Sum of the gzip-9 sizes of the scripts in a recorded request list, each URL (fragment dropped) counted once. */
export function scriptGzipBytes(requests: readonly RecordedRequest[]): ScriptCount {
  const seen = new Set<string>();
  const scripts: ScriptCount['scripts'] = [];
  let bytes = 0;
  for (const request of requests) {
    if (!isScript(request)) continue;
    const url = new URL(request.url);
    url.hash = '';
    const key = url.toString();
    if (seen.has(key)) continue;
    seen.add(key);
    bytes += request.body.byteLength;
    scripts.push({ path: `${url.pathname}${url.search}`, gzipBytes: zlib.gzipSync(request.body, { level: 9 }).length });
  }
  return { files: scripts.length, bytes, gzipBytes: scripts.reduce((sum, script) => sum + script.gzipBytes, 0), scripts };
}

export interface FirstLoad extends ScriptCount {
  route: string;
  /** The address the page ended on (a signed-out /portales would end on /login). */
  finalPath: string;
}

/** The measured routes: `/login` signed out, `/portales` signed in. */
export async function browserFirstLoad(root: string, chromiumPath: string): Promise<FirstLoad[]> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'portales-firstload-'));
  const product = await startProduct(root, path.join(work, 'data'));
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const measure = async (route: string, storageState?: Awaited<ReturnType<BrowserContext['storageState']>>): Promise<FirstLoad> => {
      const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, ...(storageState ? { storageState } : {}) });
      try {
        const page = await context.newPage();
        const recorded: RecordedRequest[] = [];
        const pending: Array<Promise<void>> = [];
        page.on('response', (response) => {
          pending.push(
            response
              .body()
              .then((body) => {
                recorded.push({ url: response.url(), resourceType: response.request().resourceType(), contentType: response.headers()['content-type'] ?? '', body });
              })
              .catch(() => {}),
          );
        });
        await page.goto(`${product.base}${route}`, { waitUntil: 'networkidle', timeout: 120_000 });
        await Promise.all(pending);
        return { route, finalPath: new URL(page.url()).pathname, ...scriptGzipBytes(recorded) };
      } finally {
        await context.close();
      }
    };
    const login = await measure('/login');
    // The session: signed in through the form in its own context, whose cache is then thrown away with it.
    const signing = await browser.newContext();
    let session: Awaited<ReturnType<BrowserContext['storageState']>>;
    try {
      const page = await signing.newPage();
      await signInThroughForm(page, product.base);
      session = await signing.storageState();
    } finally {
      await signing.close();
    }
    const portales = await measure('/portales', session);
    return [login, portales];
  } finally {
    await browser.close();
    product.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}
