/**
 * `npm run bench`: a database (PGlite in a temporary DATA_DIR, or a fresh database on the PostgreSQL
 * server of BENCH_DATABASE_URL), reference + demo seed, the scale data set (bench/dataset.ts), then the
 * real server on 127.0.0.1 measured with autocannon: first the mixed rows of issue 23 (bench/mixed.ts: every list a
 * different request each time, seeded, at 4 and 32 connections, p99 cross-checked with GET /metrics), then, as the best
 * case, every list endpoint with one fixed URL (each order, tab and filter of the
 * site list, the tab counts, locations, groups, superadmins, audit) beside `/healthz` in the same run, with
 * the goals of issue 7 (p99 ≤ 25 ms and ≥ 40% of /healthz); the exports against PostgreSQL `COPY` of the
 * same rows (CSV ≥ 50% of its throughput, XLSX ≥ 25%, < 100 MB RSS growth); the users lists (`GET /usermain/`, `GET /siteusers/`)
 * with each filter; the site-users export written by its job (`POST /siteusers/export/`) against `COPY`; the bulk
 * deactivation and its undo of BENCH_DEACTIVATE administrators (issue 10); the query plans of the site list; and the
 * JavaScript of /login and /portales as Chromium fetches it until the network is idle, gzip-9, against the first-load
 * budget (bench/firstLoad.ts; BENCH_ONLY=bundle runs only that). Prints tables; asserts nothing.
 *
 * Environment: BENCH_SCALE (1 = 3,500 sites / 200,000 users, 10 = the issue's 35,000 / 2,000,000; default
 * 10/7 of 1, i.e. BENCH_SITES 5,000 and BENCH_SITE_USERS 200,000 when neither is set), BENCH_SITES,
 * BENCH_SITE_USERS, BENCH_CONNECTIONS (32), BENCH_DURATION (seconds per route, 10), BENCH_ROUTES (a regular
 * expression: only the matching routes, /healthz always), BENCH_DATABASE_NAME (with BENCH_DATABASE_URL: use
 * and keep that database, building the data set only once; later runs apply new migrations and measure),
 * BENCH_BUNDLE=0 (skip the JavaScript sizes, which need a production build and Chromium; BENCH_FIRST_LOAD=manifest: only the
 * manifest's estimate, no browser; BENCH_FIRST_LOAD_FILES=1: every counted script), BENCH_DEACTIVATE (administrators
 * deactivated then restored, 10,000; 0 skips it), BENCH_ONLY=users (only the users lists, the site-users export and
 * the deactivation: issue 10's part), BENCH_ONLY=sites (issue 8's portal side, bench/sites.ts: the site exports of every
 * row and of two filters against COPY, the BENCH_FILE_LINES-line portal file check and save (10,000), the
 * BENCH_EMAILS-row e-mail load (100,000)), BENCH_ONLY=lighthouse (only the Lighthouse scores of /login and /portales
 * signed in: bench/lighthouse.ts), BENCH_ONLY=embedded (only the embedded database under load: bench/embedded.ts),
 * BENCH_ONLY=mixed (only the mixed rows; BENCH_SEED replays a run's requests, BENCH_MIXED_CONNECTIONS levels, 4,32),
 * BENCH_SLOW_STATEMENTS=0 (no auto_explain: bench/slowStatements.ts;
 * BENCH_SLOW_MS its threshold, 25; BENCH_PG_LOG the server log).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { createFreshDatabase } from '../server/db/freshDatabase';
import { buildApp } from '../server/app';
import { issueToken, loadSigningKey, newSessionId } from '../server/auth/tokens';
import { readConfig } from '../server/config';
import type { AppContext } from '../server/context';
import { openDatabase, type Database } from '../server/db/connection';
import { sessions, users, USER_TYPE } from '../server/db/schema';
import { createMailer } from '../server/mail/mailer';
import { bootstrapSuperadmin } from '../server/seed/bootstrap';
import { seedDemoData } from '../server/seed/demo';
import { seedReferenceData } from '../server/seed/reference';
import { readListQuery, SqlParams } from '../server/lists/listQuery';
import { siteListSpec } from '../server/sites/filter';
import { siteListSql, siteStatusCountsSql } from '../server/sites/listQuery';
import { resourceListSql } from '../server/resources/store';
import { sitesResource } from '../resources/sites';
import { keysetSelect } from '../server/exports/keyset';
import { eq } from 'drizzle-orm';
import { addAdministrators, addScaleData } from './dataset';
import { createJobRunner } from '../server/jobs';
import { issuePortalKey } from '../server/portal/keys';
import { resourceExportSource } from '../server/resources/exports';
import { readExportQuery } from '../server/exports/listExport';
import { siteUsersResource } from '../resources/people/siteUsers';
import { administratorsResource } from '../resources/people/administrators';
import { resourceListSpec } from '../server/resources/listSpec';
import { budgetRows, loadManifest, routeSizes } from './bundle';
import { browserFirstLoad } from './firstLoad';
import { benchEmbedded } from './embedded';
import { benchLighthouse } from './lighthouse';
import { copyThroughput, downloadThroughput, GOAL_OF_COPY, inlineParams, lineBreaks, medianBy, rssPeak, spread, table } from './measure';
import { benchSites } from './sites';
import { benchMixed } from './mixed';
import { newSeed } from './mixedWorkload';
import { autoExplainReset, autoExplainSettings, formatSlowStatements, logSince, parsePlans, serverLogFile, slowestStatements } from './slowStatements';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SCALE = process.env.BENCH_SCALE ? Number(process.env.BENCH_SCALE) : undefined;
const TOTAL_SITES = Number(process.env.BENCH_SITES ?? (SCALE ? SCALE * 3500 : 5000));
const SITE_USERS = Number(process.env.BENCH_SITE_USERS ?? (SCALE ? SCALE * 200_000 : 200_000));
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const ROUTE_FILTER = process.env.BENCH_ROUTES ? new RegExp(process.env.BENCH_ROUTES) : null;
const KEPT_DATABASE = process.env.BENCH_DATABASE_NAME;
const DEACTIVATE = Number(process.env.BENCH_DEACTIVATE ?? 10_000);
/** `BENCH_ONLY=users`: issue 10's measurements only (users lists, site-users export, deactivation and undo). */
const ONLY_USERS = process.env.BENCH_ONLY === 'users';
/** `BENCH_ONLY=sites`: issue 8's measurements only (bench/sites.ts). */
const ONLY_SITES = process.env.BENCH_ONLY === 'sites';
/** `BENCH_ONLY=mixed`: issue 23's mixed rows only (bench/mixed.ts). */
const ONLY_MIXED = process.env.BENCH_ONLY === 'mixed';
const ADMIN_EMAIL = 'bench@portales.test';
const ADMIN_PASSWORD = 'Clave-de-carga-2024';
/** Goals of issue 7 for every list endpoint, and for the exports. */
const GOAL_P99_MS = 25;
const GOAL_OF_HEALTHZ = 0.4;
const GOAL_RSS_MB = 100;
/**
 * Each export is downloaded once to warm the server up (not counted: the first downloads of a format in a fresh process
 * were up to 70% slower), then it and its COPY are run this many times and their medians compared
 * (BENCH_EXPORT_RUNS, 5): one run of either varies by a third from one to the next on a shared machine.
 */
const EXPORT_RUNS = Math.max(1, Number(process.env.BENCH_EXPORT_RUNS ?? 5));

async function timed<T>(label: string, timings: Array<[string, number]>, work: () => Promise<T>): Promise<T> {
  const start = performance.now();
  const result = await work();
  timings.push([label, Math.round(performance.now() - start)]);
  return result;
}

interface BenchDatabase {
  url: string | undefined;
  /** The PostgreSQL database's name (none on PGlite). */
  name?: string;
  dataDir: string;
  /** Whether the scale data set is still to be built. */
  fresh: boolean;
  dispose(): Promise<void>;
}

/** A fresh database (dropped at the end), or the kept BENCH_DATABASE_NAME (created once, never dropped). */
async function benchDatabase(): Promise<BenchDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portales-bench-'));
  const removeDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  const pgBase = process.env.BENCH_DATABASE_URL;
  if (!pgBase) return { url: undefined, dataDir, fresh: true, dispose: async () => removeDir() };
  if (KEPT_DATABASE) {
    if (!/^[a-z_][a-z0-9_]*$/.test(KEPT_DATABASE)) throw new Error(`BENCH_DATABASE_NAME: ${KEPT_DATABASE}`);
    const client = new pg.Client({ connectionString: pgBase });
    await client.connect();
    const exists = (await client.query('select 1 from pg_database where datname = $1', [KEPT_DATABASE])).rowCount === 1;
    if (!exists) await client.query(`create database ${KEPT_DATABASE}`);
    await client.end();
    const url = new URL(pgBase);
    url.pathname = `/${KEPT_DATABASE}`;
    return { url: url.toString(), name: KEPT_DATABASE, dataDir, fresh: !exists, dispose: async () => removeDir() };
  }
  const created = await createFreshDatabase(pgBase, 'bench');
  return {
    url: created.url,
    name: new URL(created.url).pathname.slice(1),
    dataDir,
    fresh: true,
    dispose: async () => {
      await created.drop();
      removeDir();
    },
  };
}

/** Migrations, then (once per database) the reference and demo data and the scale data set. */
async function prepareData(database: Database, config: ReturnType<typeof readConfig>, fresh: boolean): Promise<void> {
  const timings: Array<[string, number]> = [];
  await timed('migraciones', timings, () => database.migrate());
  const [{ n }] = (await database.query<{ n: number }>('select count(*)::int as n from sites')) as [{ n: number }];
  if (fresh || n === 0) {
    await timed('datos de referencia', timings, () => seedReferenceData(database, config));
    await timed('datos de demostración', timings, () => seedDemoData(database));
  }
  await bootstrapSuperadmin(database, config, () => {});
  if (fresh || n < TOTAL_SITES) {
    await addScaleData(database, { sites: TOTAL_SITES, siteUsers: SITE_USERS }, (label, work) => timed(label, timings, work));
  } else {
    // A kept database built before the generated administrators existed gets them now (none added when present).
    const added = await timed('administradores de carga (si faltan)', timings, () => addAdministrators(database));
    if (added > 0) console.log(`Administradores agregados a la base conservada: ${added}`);
    // A kept database: new migrations may have rewritten tables or added columns, which need statistics and a visibility map.
    await timed('vacuum analyze', timings, () => database.query('vacuum analyze'));
  }
  const [counts] = await database.query<{ sites: number; users: number; groups: number; audit: number }>(
    `select (select count(*)::int from sites) as sites, (select count(*)::int from users) as users,
            (select count(*)::int from users where user_type_id = 1) as administrators,
            (select count(*)::int from users where user_type_id = 3) as site_users,
            (select count(*)::int from groups) as groups, (select count(*)::int from audit_log) as audit`,
  );
  const c = counts as typeof counts & { administrators: number; site_users: number };
  console.log(
    `\nBase de datos: ${database.kind}; sitios: ${c.sites}, usuarios: ${c.users} (administradores ${c.administrators}, usuarios de portal ${c.site_users}), ` +
      `grupos: ${c.groups}, auditoría: ${c.audit}\n`,
  );
  if (timings.length > 0) table(['Preparación', 'ms'], timings);
}

/** A route of the table: its label, its URL and, for a few, the headers a browser adds. */
type BenchRoute = [label: string, url: string, extraHeaders?: Record<string, string>];

/** What a browser sends with every fetch: answers are measured compressed, as a browser gets them. */
const BROWSER_ENCODINGS = { 'accept-encoding': 'gzip, deflate, br, zstd' };

/** Every list endpoint of issue 7's goal (each order, tab and filter of the site list) and a few references. */
async function listRoutes(database: Database): Promise<BenchRoute[]> {
  const [big] = await database.query<{ id: number }>('select group_id as id from group_sites group by group_id order by count(*) desc, group_id limit 1');
  const [actor] = await database.query<{ id: number }>('select user_id as id from audit_log where user_id is not null group by user_id order by count(*) desc limit 1');
  const [ranked] = await database.query<{ id: number; siteTypeId: number }>(
    `select site_id as id, site_type_id as "siteTypeId" from site_scores
      where (year, month) = (select year, month from site_scores order by year desc, month desc limit 1)
      order by score desc, site_id offset (select count(*) / 2 from sites) limit 1`,
  );
  // The delivery API (issue 24) as a live portal calls it, with its own key (issued again each run: the previous one is revoked).
  const [portal] = await database.query<{ id: number; alias: string }>('select id, alias from sites where installed and status_id = 1 and not is_deleted order by id limit 1');
  const portalKey = portal ? (await database.db.transaction((tx) => issuePortalKey(tx, portal.id)))?.key : undefined;
  const orders = ['name', '-name', 'population', '-population', 'parentLocation', '-parentLocation', 'childLocation', 'siteType', '-siteType', 'countUsers', '-countUsers', 'countEmails', '-countContents', '-countComments', 'modifiedDate', '-modifiedDate', 'statusId', 'id', '-score'];
  const sites: BenchRoute[] = [
    ['sites: primera página (nombre)', '/api/v1/sites/'],
    ['sites: primera página, comprimida como la pide un navegador', '/api/v1/sites/', BROWSER_ENCODINGS],
    ...orders.slice(1).map((order): BenchRoute => [`sites: orden ${order}`, `/api/v1/sites/?orderBy=${order}`]),
    ['sites: página 50', '/api/v1/sites/?page=50'],
    ['sites: pestaña activos', '/api/v1/sites/?status=1'],
    ['sites: pestaña inactivos', '/api/v1/sites/?status=2'],
    ['sites: pestaña por aprobar', '/api/v1/sites/?pendingRequest=true'],
    ['sites: activos por usuarios', '/api/v1/sites/?status=1&orderBy=-countUsers'],
    ['sites: name=san', '/api/v1/sites/?name=san'],
    ['sites: name=zzz (sin resultados)', '/api/v1/sites/?name=zzz'],
    ['sites: name=bogota por población', '/api/v1/sites/?name=bogota&orderBy=-population'],
    ['sites: parentLocationId=5', '/api/v1/sites/?parentLocationId=5'],
    ['sites: parentLocationId=5 por población', '/api/v1/sites/?parentLocationId=5&orderBy=-population'],
    ['sites: locationId=5001', '/api/v1/sites/?locationId=5001'],
    ['sites: groupID (el grupo mayor)', `/api/v1/sites/?groupID=${big?.id ?? 1}`],
    ['sites: id=1,2,3', '/api/v1/sites/?id=1,2,3'],
    ['sites/counts: todas', '/api/v1/sites/counts/'],
    ['sites/counts: name=san', '/api/v1/sites/counts/?name=san'],
    ['sites/counts: parentLocationId=5', '/api/v1/sites/counts/?parentLocationId=5'],
    ['sites/counts: groupID', `/api/v1/sites/counts/?groupID=${big?.id ?? 1}`],
  ];
  const others: BenchRoute[] = [
    ['locations: departamentos', '/api/v1/locations/?parentLocationId=170'],
    ['locations: municipios de 5', '/api/v1/locations/?parentLocationId=5&pageSize=2000'],
    ['locations: primera página', '/api/v1/locations/'],
    ['locations: search=san', '/api/v1/locations/?search=san'],
    ['groups: primera página', '/api/v1/sites/groups/'],
    ['groups: 100 por nombre', '/api/v1/sites/groups/?pageSize=100'],
    ['groups: search=norte', '/api/v1/sites/groups/?search=norte'],
    ['users: primera página', '/api/v1/users/'],
    ['users: search=mar', '/api/v1/users/?search=mar'],
    ['audit: primera página', '/api/v1/audit/'],
    ['audit: resource=sites', '/api/v1/audit/?resource=sites'],
    ['audit: userId', `/api/v1/audit/?userId=${actor?.id ?? 1}`],
    ['audit: último mes', `/api/v1/audit/?from=${new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10)}`],
    ['audit/actors', '/api/v1/audit/actors/'],
    ['auth: sesión', '/api/v1/auth/'],
    ...(portal && portalKey ? ([['delivery: lo que aplica a un portal', `/api/v1/delivery/${portal.alias}`, { authorization: `Portal ${portalKey}` }]] as BenchRoute[]) : []),
    // The site detail's ranking (docs/decisions/0019-scores.md): a site in the middle of the latest month's general ranking.
    ...(ranked ? ([
      ['scores: ranking general (centrado)', `/api/v1/sites/${ranked.id}/scores/ranking`],
      ['scores: ranking por tipo de entidad', `/api/v1/sites/${ranked.id}/scores/ranking?siteTypeId=${ranked.siteTypeId}`],
      ['scores: historial', `/api/v1/sites/${ranked.id}/scores/history`],
    ] as BenchRoute[]) : []),
  ];
  const people = await peopleRoutes(database, big?.id ?? 1);
  return [...(ONLY_USERS ? [] : [...sites, ...others]), ...people].filter(([label, url]) => !ROUTE_FILTER || ROUTE_FILTER.test(label) || ROUTE_FILTER.test(url));
}

/**
 * The users lists of issue 10 (spec 01 §2 'Users'): administrators (`GET /usermain/`) and site users (`GET /siteusers/`),
 * 20 a page newest first, alone and with each filter the tabs send: text search (a common name, and one that matches
 * nothing), entity type, department, municipality (the one with most site users) and group (the largest).
 */
async function peopleRoutes(database: Database, biggestGroup: number): Promise<BenchRoute[]> {
  const [type] = await database.query<{ id: number }>('select site_type_id as id from sites group by site_type_id order by count(*) desc limit 1');
  const [place] = await database.query<{ department: number; municipality: number }>(
    `select s.parent_location_id as department, s.location_id as municipality from users u join sites s on s.id = u.site_id
      where u.user_type_id = 3 group by s.parent_location_id, s.location_id order by count(*) desc limit 1`,
  );
  const department = place?.department ?? 5;
  const municipality = place?.municipality ?? 5001;
  const routes: BenchRoute[] = [];
  for (const [name, path] of [['usermain', '/api/v1/usermain/'], ['siteusers', '/api/v1/siteusers/']] as const) {
    routes.push(
      [`${name}: primera página`, path],
      [`${name}: página 50`, `${path}?page=50`],
      [`${name}: search=maria`, `${path}?search=maria`],
      [`${name}: search=zzz (sin resultados)`, `${path}?search=zzz`],
      [`${name}: siteTypeId=${type?.id ?? 1}`, `${path}?siteTypeId=${type?.id ?? 1}`],
      [`${name}: parentLocationId=${department}`, `${path}?parentLocationId=${department}`],
      [`${name}: locationId=${municipality}`, `${path}?parentLocationId=${department}&locationId=${municipality}`],
      [`${name}: groupID (el grupo mayor)`, `${path}?groupID=${biggestGroup}`],
      [`${name}: search=maria + parentLocationId`, `${path}?search=maria&parentLocationId=${department}`],
    );
  }
  return routes;
}

/** Each route under load, /healthz first (the reference of the ratio column), with the goals of issue 7. */
async function measureRoutes(address: string, headers: Record<string, string>, routes: BenchRoute[]): Promise<void> {
  const run = (url: string, extraHeaders?: Record<string, string>) =>
    autocannon({ url: `${address}${url}`, connections: CONNECTIONS, duration: DURATION, headers: { ...headers, ...extraHeaders }, workers: 1 });
  const healthz = await run('/healthz');
  let reference = healthz.requests.average;
  const rows: Array<Array<string | number>> = [['GET /healthz (al empezar)', Math.round(reference), healthz.latency.p50, healthz.latency.p99, '', '', healthz.non2xx + healthz.errors + healthz.timeouts]];
  let met = 0;
  const results: Array<[string, Awaited<ReturnType<typeof run>>]> = [];
  for (const [label, url, extraHeaders] of routes) {
    // The load comes from a worker thread, so it does not compete with the server for this event loop.
    const result = await run(url, extraHeaders);
    results.push([label, result]);
    console.log(`  ${label}: ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms`);
  }
  // /healthz again at the end: on a shared machine the load of others moves during the run; the ratio uses the mean of both.
  const last = await run('/healthz');
  rows.push(['GET /healthz (al terminar)', Math.round(last.requests.average), last.latency.p50, last.latency.p99, '', '', last.non2xx + last.errors + last.timeouts]);
  reference = (reference + last.requests.average) / 2;
  for (const [label, result] of results) {
    const share = result.requests.average / reference;
    const failures = result.non2xx + result.errors + result.timeouts;
    const ok = result.latency.p99 <= GOAL_P99_MS && share >= GOAL_OF_HEALTHZ && failures === 0;
    if (ok) met += 1;
    rows.push([label, Math.round(result.requests.average), result.latency.p50, result.latency.p99, `${Math.round(share * 100)}%`, ok ? 'OK' : 'over', failures]);
  }
  console.log(
    `\nMejor caso (una URL fija repetida con un token: mide sobre todo las respuestas guardadas; las filas reales son las mixtas): ` +
      `${CONNECTIONS} conexiones, ${DURATION} s por ruta, 127.0.0.1; objetivo: p99 ≤ ${GOAL_P99_MS} ms y ≥ ${GOAL_OF_HEALTHZ * 100}% de /healthz ` +
      `(media de las dos mediciones: ${Math.round(reference)} req/s); ${met}/${routes.length} lo cumplen; ${os.cpus().length} núcleos, carga media ${os.loadavg()[0]!.toFixed(1)}`,
  );
  table(['Ruta', 'req/s', 'p50 ms', 'p99 ms', 'de /healthz', 'objetivo', 'no 2xx/errores'], rows);
}

/** The whole site list in its default order, as one statement without paging (the rows of GET /sitesexport). */
function siteExportStatement(): string {
  const query = readListQuery(siteListSpec, {});
  return siteListSql(query, { params: new SqlParams(), after: [], keys: keysetSelect(siteListSpec, query), limit: '' }).text;
}

const AUDIT_EXPORT_STATEMENT = `select a.id, a.at, a.user_email, a.action, a.resource, a.record_id, a.record_label, host(a.client_address)
  from audit_log a order by a.at desc, a.id desc`;

/** Exports stream in keyset batches: throughput against COPY of the same rows, and the peak RSS above the level before. */
async function measureExports(address: string, headers: Record<string, string>, databaseUrl: string | undefined): Promise<void> {
  if (ONLY_USERS) return;
  const exports: Array<[string, string, string]> = [
    ['/api/v1/sitesexport?format=csv', siteExportStatement(), 'sites'],
    ['/api/v1/sitesexport?format=xlsx', siteExportStatement(), 'sites'],
    ['/api/v1/audit/export?format=csv', AUDIT_EXPORT_STATEMENT, 'audit'],
  ];
  const rows: Array<Array<string | number>> = [];
  const copies = new Map<string, { rows: number; ms: number; runs: number[] }>();
  for (const [url, statement, key] of exports) {
    if (ROUTE_FILTER && !ROUTE_FILTER.test(url) && !ROUTE_FILTER.test('export')) continue;
    const downloads: Array<Awaited<ReturnType<typeof downloadThroughput>>> = [];
    await downloadThroughput(`${address}${url}`, headers);
    let growth = 0;
    for (let run = 0; run < EXPORT_RUNS; run += 1) {
      global.gc?.();
      const before = process.memoryUsage().rss;
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
      // Downloaded by curl (a process of its own), read as COPY's psql is read (bench/measure.ts).
      downloads.push(await downloadThroughput(`${address}${url}`, headers));
      clearInterval(sampler);
      growth = Math.max(growth, Math.round((peak - before) / 1048576));
    }
    const download = medianBy(downloads, (one) => one.ms);
    let copy = copies.get(key);
    if (!copy && databaseUrl) {
      const runs: Array<{ rows: number; ms: number }> = [];
      for (let run = 0; run < EXPORT_RUNS; run += 1) runs.push(await copyThroughput(databaseUrl, statement));
      copy = { rows: runs[0]!.rows, ms: medianBy(runs, (one) => one.ms).ms, runs: runs.map((one) => one.ms) };
      copies.set(key, copy);
    }
    const { status, lines, ms, bytes } = download;
    const exported = url.endsWith('csv') ? lines - 1 : (copy?.rows ?? 0);
    const rate = exported / (ms / 1000);
    const copyRate = copy ? copy.rows / (copy.ms / 1000) : undefined;
    const share = copyRate ? rate / copyRate : undefined;
    const ok = share !== undefined && share >= GOAL_OF_COPY[url.endsWith('csv') ? 'csv' : 'xlsx'] && growth < GOAL_RSS_MB && downloads.every((one) => one.status === 200);
    rows.push([
      `GET ${url}`,
      status,
      exported,
      Math.round(ms),
      spread(downloads.map((one) => one.ms)),
      Math.round(rate),
      copy ? spread(copy.runs) : 'n/d',
      copyRate ? Math.round(copyRate) : 'n/d',
      share !== undefined ? `${Math.round(share * 100)}%` : 'n/d',
      Math.round(bytes / 1024),
      growth,
      ok ? 'OK' : share === undefined ? 'n/d' : 'over',
    ]);
  }
  console.log(
    `Exportaciones frente a COPY de las mismas filas (psql; la descarga con curl, leída como la salida de psql; una descarga previa sin contar, luego la mediana de ${EXPORT_RUNS} descargas y de ${EXPORT_RUNS} COPY; memoria: RSS máximo del servidor sobre el previo); objetivo ≥ ${GOAL_OF_COPY.csv * 100}% de COPY en CSV, ≥ ${GOAL_OF_COPY.xlsx * 100}% en XLSX y < ${GOAL_RSS_MB} MB`,
  );
  table(['Ruta', 'estado', 'filas', 'ms', 'ms (mín–máx)', 'filas/s', 'COPY ms (mín–máx)', 'COPY filas/s', 'de COPY', 'KB', 'RSS +MB', 'objetivo'], rows);
}

/**
 * The site-users export of issue 10 at full size: `POST /siteusers/export/` queues the job, a job runner in this process
 * writes the CSV in keyset batches into the file storage, `GET /siteusers/export/?fileName=&fileType=csv` downloads it.
 * Its rows per second (queue + job + download) against psql's `COPY` of the same statement, and the peak RSS growth.
 */
async function measureSiteUsersExport(address: string, headers: Record<string, string>, context: AppContext, databaseUrl: string | undefined): Promise<void> {
  if (ROUTE_FILTER && !ROUTE_FILTER.test('siteusers/export')) return;
  const declared = siteUsersResource.exports!.find((entry) => entry.background)!;
  const source = resourceExportSource(siteUsersResource, declared);
  const query = readExportQuery(source.spec, {});
  const params = new SqlParams();
  const statement = inlineParams(source.sql(query, { params, after: [], keys: keysetSelect(source.spec, query), limit: '' }).text, params.values);

  const memory = rssPeak();
  const start = performance.now();
  const posted = await fetch(`${address}/api/v1/siteusers/export/`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: '{}',
  });
  const { jobId, fileName } = (await posted.json()) as { jobId: number; fileName: string };
  const jobStart = performance.now();
  await createJobRunner(context, { instanceId: 'bench-export', log: (message, error) => console.error(message, error) }).drain();
  const jobMs = performance.now() - jobStart;
  const [job] = await context.database.query<{ status: string }>('select status from jobs where id = $1', [jobId]);
  const downloadStart = performance.now();
  const response = await fetch(`${address}/api/v1/siteusers/export/?fileName=${encodeURIComponent(fileName)}&fileType=csv`, { headers });
  let bytes = 0;
  let lines = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    lines += lineBreaks(chunk);
  }
  const end = performance.now();
  const growth = memory.stop();
  const rows = Math.max(0, lines - 1);
  const copy = databaseUrl ? await copyThroughput(databaseUrl, statement) : undefined;
  const rate = rows / ((end - start) / 1000);
  const copyRate = copy ? copy.rows / (copy.ms / 1000) : undefined;
  const share = copyRate ? rate / copyRate : undefined;
  const ok = share !== undefined && share >= GOAL_OF_COPY.csv && growth < GOAL_RSS_MB && response.status === 200 && job?.status === 'done';
  console.log(
    `Exportación de usuarios de portal (issue 10): trabajo ${jobId} ${job?.status ?? '?'}; filas/s de todo el recorrido (encolar + trabajo + descarga) ` +
      `frente a COPY de la misma consulta; memoria: RSS máximo sobre el previo (servidor, ejecutor y cliente en el mismo proceso); objetivo ≥ ${GOAL_OF_COPY.csv * 100}% de COPY y < ${GOAL_RSS_MB} MB`,
  );
  table(
    ['Exportación', 'filas', 'trabajo ms', 'descarga ms', 'total ms', 'filas/s', 'COPY filas', 'COPY ms', 'COPY filas/s', 'de COPY', 'MB', 'RSS +MB', 'heap +MB', 'objetivo'],
    [
      [
        'POST /siteusers/export/ → GET',
        rows,
        Math.round(jobMs),
        Math.round(end - downloadStart),
        Math.round(end - start),
        Math.round(rate),
        copy?.rows ?? 'n/d',
        copy ? Math.round(copy.ms) : 'n/d',
        copyRate ? Math.round(copyRate) : 'n/d',
        share !== undefined ? `${Math.round(share * 100)}%` : 'n/d',
        Math.round(bytes / 1048576),
        growth,
        memory.heap(),
        ok ? 'OK' : share === undefined ? 'n/d' : 'over',
      ],
    ],
  );
}

const DEACTIVATION_GROUP = 'Grupo de carga: inactivación masiva';

/**
 * The bulk deactivation of issue 10 at BENCH_DEACTIVATE administrators: a group of active portals holding that many
 * active administrators (mode 4 'Grupos'), then the exact count (`GET /siteusers/delete/count`), the request
 * (`POST /siteusers/delete/`, which reads and freezes the matched ids), the job (one item per administrator, 500 a
 * transaction, run by a job runner in this process) and the undo (`POST /siteusers/delete/{jobId}/undo`), each timed; the undo must
 * restore exactly the administrators the job deactivated. The group is removed afterwards.
 */
async function measureDeactivation(address: string, headers: Record<string, string>, context: AppContext): Promise<void> {
  if (DEACTIVATE <= 0 || (ROUTE_FILTER && !ROUTE_FILTER.test('siteusers/delete'))) return;
  const { database } = context;
  await database.query('delete from groups where name = $1', [DEACTIVATION_GROUP]);
  const [group] = await database.query<{ id: number }>('insert into groups (name) values ($1) returning group_id as id', [DEACTIVATION_GROUP]);
  // Active portals in id order until their active administrators reach the target.
  await database.query(
    `with candidates as (
       select s.id, (select count(*)::int from users u where u.site_id = s.id and u.user_type_id = 1 and not u.deleted) as n
         from sites s where s.installed and s.status_id = 1 and not s.is_deleted
     ), running as (select id, n, sum(n) over (order by id) as reached from candidates where n > 0)
     insert into group_sites (group_id, site_id, "order")
     select $1, id, row_number() over (order by id) from running where reached - n < $2`,
    [group!.id, DEACTIVATE],
  );
  const call = async <T>(method: string, url: string, body?: unknown): Promise<{ status: number; json: T; ms: number }> => {
    const start = performance.now();
    const response = await fetch(`${address}/api/v1${url}`, {
      method,
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await response.json()) as T;
    return { status: response.status, json, ms: performance.now() - start };
  };
  try {
    const counted = await call<{ administrators: number; portals: number }>('GET', `/siteusers/delete/count?groups=${group!.id}`);
    const requested = await call<{ jobId: number; count: number }>('POST', '/siteusers/delete/', { groups: String(group!.id) });
    const memory = rssPeak();
    const jobStart = performance.now();
    await createJobRunner(context, { instanceId: 'bench-deactivation', log: (message, error) => console.error(message, error) }).drain();
    const jobMs = performance.now() - jobStart;
    const growth = memory.stop();
    const [job] = await database.query<{ status: string; done: number }>(
      `select j.status, (select count(*)::int from job_items i where i.job_id = j.id and i.state = 'done') as done from jobs j where j.id = $1`,
      [requested.json.jobId],
    );
    const undone = await call<{ restored: number }>('POST', `/siteusers/delete/${requested.json.jobId}/undo`);
    const [left] = await database.query<{ n: number }>('select count(*)::int as n from users where deactivated_by_job = $1', [requested.json.jobId]);
    const done = Number(job?.done ?? 0);
    const perSecond = (count: number, ms: number) => Math.round(count / (ms / 1000));
    console.log(
      `Inactivación masiva (issue 10): ${counted.json.administrators} administradores activos en ${counted.json.portals} portales (pedidos ${DEACTIVATE}); ` +
        `trabajo ${requested.json.jobId} ${job?.status ?? '?'}; deshacer restauró ${undone.json.restored} de ${done} inactivados ` +
        `(${undone.json.restored === done && Number(left?.n) === 0 ? 'exactamente los del trabajo' : 'NO coincide'}); RSS +${growth} MB durante el trabajo`,
    );
    table(
      ['Paso', 'estado', 'administradores', 'ms', 'administradores/s'],
      [
        ['GET /siteusers/delete/count (conteo exacto)', counted.status, counted.json.administrators, Math.round(counted.ms), ''],
        ['POST /siteusers/delete/ (lee y congela los ids, encola)', requested.status, requested.json.count, Math.round(requested.ms), perSecond(requested.json.count, requested.ms)],
        ['trabajo users.deactivate (un elemento por administrador, 500 por transacción)', job?.status ?? '?', done, Math.round(jobMs), perSecond(done, jobMs)],
        ['POST /siteusers/delete/{id}/undo (deshacer)', undone.status, undone.json.restored, Math.round(undone.ms), perSecond(undone.json.restored, undone.ms)],
      ],
    );
  } finally {
    await database.query('delete from groups where group_id = $1', [group!.id]);
  }
}

/**
 * EXPLAIN ANALYZE of one page of the users lists (issue 10) for each filter the tabs send: on a shared machine the
 * statement's own time is the steady signal, where req/s and p99 move with the load of others.
 */
async function printPeoplePlans(database: Database): Promise<void> {
  const [type] = await database.query<{ id: number }>('select site_type_id as id from sites group by site_type_id order by count(*) desc limit 1');
  const [group] = await database.query<{ id: number }>('select group_id as id from group_sites group by group_id order by count(*) desc, group_id limit 1');
  const queries: Array<Record<string, string>> = [
    {},
    { page: '50' },
    { search: 'maria' },
    { search: 'zzz' },
    { siteTypeId: String(type?.id ?? 1) },
    { parentLocationId: '11' },
    { parentLocationId: '11', locationId: '11001' },
    { groupID: String(group?.id ?? 1) },
    { search: 'maria', parentLocationId: '5' },
  ];
  const rows: Array<Array<string | number>> = [];
  for (const declaration of [administratorsResource, siteUsersResource]) {
    const spec = resourceListSpec(declaration);
    for (const query of queries) {
      const statement = resourceListSql(declaration, readListQuery(spec, query));
      const plan = await database.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers, costs off) ${statement.text}`, statement.params);
      const lines = plan.map((p) => p['QUERY PLAN']);
      const time = lines.find((l) => l.startsWith('Execution Time'))?.replace(/Execution Time: /, '') ?? '';
      const buffers = lines.find((l) => /^\s*Buffers:/.test(l))?.trim().replace(/^Buffers: /, '') ?? '';
      const scans = [...new Set(lines.map((l) => l.trim().replace(/^->\s*/, '')).filter((l) => /Scan/.test(l) && /\bon users\b/.test(l)).map((l) => l.replace(/\s+\(.*$/, '')))];
      rows.push([`${declaration.apiPath} ${JSON.stringify(query)}`, time, buffers, scans.join('; ')]);
    }
  }
  console.log('Planes de consulta de GET /usermain/ y GET /siteusers/ (EXPLAIN ANALYZE, BUFFERS; una página de 20)');
  table(['Consulta', 'tiempo', 'búferes', 'accesos a users'], rows);
}

/** EXPLAIN ANALYZE of the site list's page and tab-count statements for each filter and order. */
async function printSitePlans(database: Database): Promise<void> {
  const plans: Array<Array<string | number>> = [];
  const queries: Array<Record<string, string>> = [
    {},
    { orderBy: '-population' },
    { orderBy: 'parentLocation' },
    { orderBy: 'siteType' },
    { orderBy: '-countUsers' },
    { orderBy: '-modifiedDate' },
    { parentLocationId: '5' },
    { name: 'san' },
    { name: 'zzz' },
    { status: '1' },
    { pendingRequest: 'true' },
    { page: '50' },
  ];
  for (const query of queries) {
    const parsed = readListQuery(siteListSpec, query);
    for (const [kind, statement] of [['página', resourceListSql(sitesResource, parsed)], ['pestañas', siteStatusCountsSql(parsed)]] as const) {
      if (kind === 'pestañas' && (query.orderBy || query.page)) continue;
      const plan = await database.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers, costs off) ${statement.text}`, statement.params);
      const lines = plan.map((p) => p['QUERY PLAN']);
      const time = lines.find((l) => l.startsWith('Execution Time'))?.replace(/Execution Time: /, '') ?? '';
      const buffers = lines.find((l) => /^\s*Buffers:/.test(l))?.trim().replace(/^Buffers: /, '') ?? '';
      const scans = [...new Set(lines.map((l) => l.trim().replace(/^->\s*/, '')).filter((l) => /Scan/.test(l) && /\bon (sites|site_requests|group_sites)\b/.test(l)).map((l) => l.replace(/\s+\(.*$/, '')))];
      plans.push([`${JSON.stringify(query)} ${kind}`, time, buffers, scans.join('; ')]);
    }
  }
  console.log('Planes de consulta de GET /sites/ (EXPLAIN ANALYZE, BUFFERS)');
  table(['Consulta', 'tiempo', 'búferes', 'accesos a sites/site_requests/group_sites'], plans);
}

/** Where the slow plans of the bench database are logged, and how to stop logging them; null when they are not. */
interface SlowLog {
  database: string;
  file: string;
  thresholdMs: number;
  reset(): Promise<void>;
}

/** auto_explain on the bench's PostgreSQL database (BENCH_SLOW_STATEMENTS=0: not), when the server log can be read. */
async function logSlowPlans(target: BenchDatabase): Promise<SlowLog | null> {
  if (process.env.BENCH_SLOW_STATEMENTS === '0' || !target.url || !target.name) return null;
  const file = serverLogFile();
  if (!file) {
    console.log('Sentencias lentas: no se puede leer el registro de PostgreSQL (BENCH_PG_LOG=<archivo> lo indica).');
    return null;
  }
  const thresholdMs = Number(process.env.BENCH_SLOW_MS ?? 25);
  const run = async (statements: string[]) => {
    const client = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL });
    await client.connect();
    try {
      for (const statement of statements) await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(autoExplainSettings(target.name, thresholdMs));
  return { database: target.name, file, thresholdMs, reset: () => run(autoExplainReset(target.name!)) };
}

/** The mixed rows (bench/mixed.ts), then the slowest statements of the run with their plans. */
async function measureMixed(address: string, context: AppContext, slowLog: SlowLog | null): Promise<void> {
  // The log from the run's first request to its end (the run's own reads of its data and sessions left out).
  const from = { size: 0 };
  const logSize = () => (slowLog ? fs.statSync(slowLog.file).size : 0);
  process.env.BENCH_SEED ??= String(newSeed());
  const mixed = await benchMixed(address, context, () => void (from.size = logSize()));
  const to = logSize();
  console.log(mixed.title);
  table(mixed.headers, mixed.rows);
  if (slowLog) console.log(`${formatSlowStatements(slowestStatements(parsePlans(logSince(slowLog.file, from.size, to), slowLog.database)), slowLog.thresholdMs)}\n`);
}

async function main(): Promise<void> {
  // `BENCH_ONLY=bundle npm run bench`: only the JavaScript sizes and their budget (seconds, no database).
  if (process.env.BENCH_ONLY === 'bundle') return printBundleBudget();
  // `BENCH_ONLY=lighthouse npm run bench`: only the Lighthouse scores of /login and /portales (bench/lighthouse.ts).
  if (process.env.BENCH_ONLY === 'lighthouse') {
    const lighthouse = await benchLighthouse(root, process.env.CHROMIUM_PATH ?? '/usr/bin/chromium');
    console.log(lighthouse.title);
    table(lighthouse.headers, lighthouse.rows);
    console.log(lighthouse.firstRows.title);
    return table(lighthouse.firstRows.headers, lighthouse.firstRows.rows);
  }
  // `BENCH_ONLY=embedded npm run bench`: only the embedded database's queueing (bench/embedded.ts).
  if (process.env.BENCH_ONLY === 'embedded') return printEmbedded();
  const target = await benchDatabase();
  // Before the server's pool connects: each of its sessions then logs its slow plans (bench/slowStatements.ts).
  const slowLog = await logSlowPlans(target);
  const config = readConfig({
    DATA_DIR: target.dataDir,
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    CAPTCHA_REQUEST_VALUE: '100',
    TOKEN_TTL_SECONDS: '3600',
    ...(target.url ? { DATABASE_URL: target.url } : {}),
    ...(process.env.PG_POOL_SIZE ? { PG_POOL_SIZE: process.env.PG_POOL_SIZE } : {}),
  });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: config.pgPoolSize });
  /** Whether the users lists were measured: their query plans follow. */
  let peopleSelected = false;
  try {
    await prepareData(database, config, target.fresh);
    const context: AppContext = {
      database,
      config,
      signingKey: await loadSigningKey(database, config.tokenSecret),
      mailer: createMailer({ smtpUrl: undefined, from: config.mailFrom, mailDir: path.join(target.dataDir, 'mail'), log: () => {} }),
    };
    const app = await buildApp({ context, logger: false });
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const token = await signIn(address, context);
      const headers = { authorization: `Bearer ${token.value}` };
      console.log(`Sesión: ${token.how}`);
      if (ONLY_SITES) {
        await benchSites({ address, headers, context, databaseUrl: target.url });
        return;
      }
      if (!ONLY_USERS) {
        await measureMixed(address, context, slowLog);
        if (ONLY_MIXED) return;
      }
      const routes = await listRoutes(database);
      peopleSelected = routes.some(([label]) => /^(usermain|siteusers):/.test(label));
      await measureRoutes(address, headers, routes);
      await measureExports(address, headers, target.url);
      await measureSiteUsersExport(address, headers, context, target.url);
      await measureDeactivation(address, headers, context);
    } finally {
      await app.close();
    }
    if (!ONLY_USERS && !ONLY_MIXED) await printSitePlans(database);
    if (peopleSelected) await printPeoplePlans(database);
  } finally {
    await database.close();
    await slowLog?.reset();
    await target.dispose();
  }
  if (process.env.BENCH_BUNDLE !== '0' && !ONLY_USERS && !ONLY_SITES && !ONLY_MIXED) await printBundleBudget();

  if (process.env.BENCH_EMBEDDED !== '0' && !ONLY_USERS && !ONLY_MIXED) await printEmbedded();
}

/** The embedded PGlite at demo scale: the site list under 8 connections and /healthz beside it (bench/embedded.ts). */
async function printEmbedded(): Promise<void> {
  const embedded = await benchEmbedded(signIn);
  console.log(embedded.title);
  table(embedded.headers, embedded.rows);
}

/**
 * The first-load budget, counted as a browser fetches it (bench/firstLoad.ts: every script Chromium requests until the
 * network is idle, each gzipped at level 9), then the manifest's estimate per route (bench/bundle.ts: entry, static
 * imports and the route's lazy chunks, default gzip level; a quick view of what each route's chunks weigh, not the budget).
 * BENCH_FIRST_LOAD=manifest: only the manifest's estimate (no browser).
 */
async function printBundleBudget(): Promise<void> {
  if (process.env.BENCH_FIRST_LOAD !== 'manifest') {
    const loads = await browserFirstLoad(root, process.env.CHROMIUM_PATH ?? '/usr/bin/chromium');
    console.log('JavaScript de la primera carga en Chromium (caché vacía; todo script pedido hasta la red inactiva, gzip nivel 9; /portales con sesión)');
    table(
      ['Ruta', 'página final', 'scripts', 'KB', 'KiB gzip-9'],
      loads.map((load) => [load.route, load.finalPath, load.files, Math.round(load.bytes / 1024), (load.gzipBytes / 1024).toFixed(1)]),
    );
    if (process.env.BENCH_FIRST_LOAD_FILES === '1') {
      for (const load of loads) table([`Scripts de ${load.route}`, 'KiB gzip-9'], load.scripts.map((script) => [script.path, (script.gzipBytes / 1024).toFixed(1)]));
    }
    console.log('Presupuesto de la primera carga (KiB de JavaScript gzip-9 pedidos por el navegador hasta la red inactiva; issue 7)');
    table(
      ['Ruta', 'KiB gzip', 'presupuesto', 'margen', 'estado'],
      budgetRows(loads.map((load) => ({ route: load.route, jsGzipBytes: load.gzipBytes }))).map((row) => [row.route, row.kib.toFixed(1), row.budgetKib ?? '-', row.marginKib?.toFixed(1) ?? '-', row.status]),
    );
  }
  const build = loadManifest(root);
  if ('error' in build) {
    console.log(`Tamaño del JavaScript según el manifiesto: no disponible (${build.error})`);
  } else {
    const sizes = routeSizes(build.manifest, build.outDir);
    console.log(`Estimación del manifiesto (${build.source}; entrada + importaciones estáticas + fragmentos diferidos de la ruta; gzip por omisión; no es la cifra del presupuesto)`);
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
