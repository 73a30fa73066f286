/**
 * `npm run bench`: a fresh database (PGlite in a temporary DATA_DIR, or a fresh database on the
 * PostgreSQL server of BENCH_DATABASE_URL), reference + demo seed, a scale data set (5,000 sites,
 * 200,000 site users), then the real server on 127.0.0.1 measured with autocannon, the query plans
 * of the site list, and the gzipped JavaScript of /login and /portales. Prints tables; asserts nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { createFreshDatabase } from '../server/db/freshDatabase';
import { buildApp } from '../server/app';
import { issueToken, loadSigningKey, newSessionId } from '../server/auth/tokens';
import { readConfig } from '../server/config';
import type { AppContext } from '../server/context';
import { openDatabase } from '../server/db/connection';
import { sessions, users, USER_TYPE } from '../server/db/schema';
import { createMailer } from '../server/mail/mailer';
import { bootstrapSuperadmin } from '../server/seed/bootstrap';
import { seedDemoData } from '../server/seed/demo';
import { seedReferenceData } from '../server/seed/reference';
import { readListQuery } from '../server/lists/listQuery';
import { siteListSpec } from '../server/sites/filter';
import { siteListSql, siteStatusCountsSql } from '../server/sites/listQuery';
import { eq } from 'drizzle-orm';
import { addScaleSites, addScaleSiteUsers } from './dataset';
import { budgetRows, loadManifest, routeSizes } from './bundle';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TOTAL_SITES = Number(process.env.BENCH_SITES ?? 5000);
const SITE_USERS = Number(process.env.BENCH_SITE_USERS ?? 200_000);
const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ADMIN_EMAIL = 'bench@portales.test';
const ADMIN_PASSWORD = 'Clave-de-carga-2024';


async function timed<T>(label: string, timings: Array<[string, number]>, work: () => Promise<T>): Promise<T> {
  const start = performance.now();
  const result = await work();
  timings.push([label, Math.round(performance.now() - start)]);
  return result;
}


function table(headers: string[], rows: Array<Array<string | number>>): void {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells: Array<string | number>) => cells.map((c, i) => (typeof c === 'number' ? String(c).padStart(widths[i]!) : String(c).padEnd(widths[i]!))).join('  ');
  console.log(line(headers));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
  console.log('');
}

async function main(): Promise<void> {
  // `BENCH_ONLY=bundle npm run bench`: only the JavaScript sizes and their budget (seconds, no database).
  if (process.env.BENCH_ONLY === 'bundle') return printBundleBudget();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portales-bench-'));
  const pgBase = process.env.BENCH_DATABASE_URL;
  const fresh = pgBase ? await createFreshDatabase(pgBase, 'bench') : null;
  const config = readConfig({
    DATA_DIR: dataDir,
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    CAPTCHA_REQUEST_VALUE: '100',
    TOKEN_TTL_SECONDS: '3600',
    ...(fresh ? { DATABASE_URL: fresh.url } : {}),
  });
  const timings: Array<[string, number]> = [];
  const database = await timed('abrir base de datos', timings, () => openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  try {
    await timed('migraciones', timings, () => database.migrate());
    await timed('datos de referencia', timings, () => seedReferenceData(database, config));
    await timed('datos de demostración', timings, () => seedDemoData(database));
    await bootstrapSuperadmin(database, config, () => {});
    const added = await timed(`sitios de carga (hasta ${TOTAL_SITES})`, timings, () => addScaleSites(database, TOTAL_SITES));
    await timed(`${SITE_USERS} usuarios de sitio`, timings, () => addScaleSiteUsers(database, SITE_USERS));
    const [counts] = await database.query<{ sites: number; users: number }>(
      'select (select count(*)::int from sites) as sites, (select count(*)::int from users) as users',
    );
    console.log(`\nBase de datos: ${database.kind}${fresh ? '' : ` (${dataDir})`}; sitios: ${counts!.sites} (${added} de carga), usuarios: ${counts!.users}\n`);
    table(['Preparación', 'ms'], timings);

    const context: AppContext = {
      database,
      config,
      signingKey: await loadSigningKey(database, config.tokenSecret),
      mailer: createMailer({ smtpUrl: undefined, from: config.mailFrom, mailDir: path.join(dataDir, 'mail'), log: () => {} }),
    };
    const app = await buildApp({ context, logger: false });
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const token = await signIn(address, context);
      const headers = { authorization: `Bearer ${token.value}` };
      const targets: Array<[string, string]> = [
        ['GET /api/v1/sites/ (primera página)', '/api/v1/sites/'],
        ['GET /api/v1/sites/?parentLocationId=5', '/api/v1/sites/?parentLocationId=5'],
        ['GET /api/v1/sites/?name=san', '/api/v1/sites/?name=san'],
        ['GET /api/v1/auth/', '/api/v1/auth/'],
      ];
      const rows: Array<Array<string | number>> = [];
      for (const [label, url] of targets) {
        // The load comes from a worker thread, so it does not compete with the server for this event loop.
        const result = await autocannon({ url: `${address}${url}`, connections: CONNECTIONS, duration: DURATION, headers, workers: 1 });
        rows.push([label, result.latency.p50, result.latency.p99, Math.round(result.requests.average), result.requests.total, result.non2xx + result.errors + result.timeouts]);
      }
      console.log(`Carga: ${CONNECTIONS} conexiones, ${DURATION} s por ruta, 127.0.0.1 (sesión: ${token.how})`);
      table(['Ruta', 'p50 ms', 'p99 ms', 'req/s', 'total', 'no 2xx/errores'], rows);

      // Exports stream in keyset batches: the peak RSS above the level before the download should not grow with the rows.
      const [{ rows: siteRows }] = (await database.query<{ rows: number }>('select count(*)::int as rows from sites where not is_deleted')) as [{ rows: number }];
      const exportRows: Array<Array<string | number>> = [];
      for (const format of ['csv', 'xlsx'] as const) {
        global.gc?.();
        const before = process.memoryUsage().rss;
        let peak = before;
        const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
        const start = performance.now();
        const response = await fetch(`${address}/api/v1/sitesexport?format=${format}`, { headers });
        let bytes = 0;
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
        const seconds = (performance.now() - start) / 1000;
        clearInterval(sampler);
        exportRows.push([`GET /api/v1/sitesexport?format=${format}`, response.status, siteRows, Math.round(seconds * 1000), Math.round(siteRows / seconds), Math.round(bytes / 1024), Math.round((peak - before) / 1048576)]);
      }
      console.log('Exportaciones (servidor y cliente en el mismo proceso; memoria: RSS máximo sobre el previo)');
      table(['Ruta', 'estado', 'filas', 'ms', 'filas/s', 'KB', 'RSS +MB'], exportRows);
    } finally {
      await app.close();
    }

    const plans: Array<Array<string | number>> = [];
    for (const query of [{}, { parentLocationId: '5' }, { name: 'san' }, { status: '1' }, { pendingRequest: 'true' }, { orderBy: '-modifiedDate' }]) {
      const parsed = readListQuery(siteListSpec, query);
      for (const [kind, statement] of [['página', siteListSql(parsed)], ['pestañas', siteStatusCountsSql(parsed)]] as const) {
        const plan = await database.query<{ 'QUERY PLAN': string }>(`explain (analyze, costs off) ${statement.text}`, statement.params);
        const lines = plan.map((p) => p['QUERY PLAN']);
        const time = lines.find((l) => l.startsWith('Execution Time'))?.replace(/Execution Time: /, '') ?? '';
        const scans = [...new Set(lines.map((l) => l.trim().replace(/^->\s*/, '')).filter((l) => /Scan/.test(l) && /\bon (sites|site_requests|group_sites)\b/.test(l)).map((l) => l.replace(/\s+\(.*$/, '')))];
        plans.push([`${JSON.stringify(query)} ${kind}`, time, scans.join('; ')]);
      }
    }
    console.log('Planes de consulta de GET /sites/ (EXPLAIN ANALYZE)');
    table(['Consulta', 'tiempo', 'accesos a sites/site_requests/group_sites'], plans);
  } finally {
    await database.close();
    await fresh?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  printBundleBudget();
}

/** The JavaScript each measured route loads, and the first-load budget (bench/bundle.ts). */
function printBundleBudget(): void {
  const build = loadManifest(root);
  if ('error' in build) {
    console.log(`Tamaño del JavaScript: no disponible (${build.error})`);
  } else {
    const sizes = routeSizes(build.manifest, build.outDir);
    console.log(`JavaScript por ruta (${build.source}; entrada + importaciones estáticas + fragmentos diferidos de la ruta)`);
    table(
      ['Ruta', 'archivos JS', 'KB', 'KB gzip', 'CSS KB gzip', 'fragmentos diferidos'],
      sizes.map((size) => [
        size.route,
        size.files,
        Math.round(size.jsBytes / 1024),
        Math.round(size.jsGzipBytes / 1024),
        Math.round(size.cssGzipBytes / 1024),
        size.lazyChunks.join(', ') || '(ninguno)',
      ]),
    );
    console.log('Presupuesto de la primera carga (KiB de JavaScript gzip; issue 7)');
    table(
      ['Ruta', 'KiB gzip', 'presupuesto', 'margen', 'estado'],
      budgetRows(sizes).map((row) => [row.route, row.kib.toFixed(1), row.budgetKib ?? '-', row.marginKib?.toFixed(1) ?? '-', row.status]),
    );
    if (build.source !== 'dist') fs.rmSync(build.outDir, { recursive: true, force: true });
  }
}

/** Signs in through POST /api/v1/auth/; when that route is not available, opens a session directly. */
async function signIn(address: string, context: AppContext): Promise<{ value: string; how: string }> {
  const response = await fetch(`${address}/api/v1/auth/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
  });
  if (response.ok) {
    const body = (await response.json()) as { token?: string };
    if (body.token) return { value: body.token, how: 'POST /api/v1/auth/' };
  }
  const [user] = await context.database.db.select({ id: users.id }).from(users).where(eq(users.userTypeId, USER_TYPE.superadmin)).limit(1);
  const sessionId = newSessionId();
  await context.database.db.insert(sessions).values({ id: sessionId, userId: user!.id });
  return {
    value: await issueToken(context.signingKey, { userId: user!.id, sessionId }, context.config.tokenTtlSeconds),
    how: `token directo (POST /api/v1/auth/ respondió ${response.status})`,
  };
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
