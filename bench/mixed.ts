/**
 * The mixed rows of issue 23: every list endpoint under the mixed workload (bench/mixedWorkload.ts; seed printed,
 * BENCH_SEED replays it) from 8 signed-in superadmins, at 4 and 32 connections (BENCH_MIXED_CONNECTIONS), with `/healthz`
 * measured before and after each level in the same run. Each row's p99 is read twice: by autocannon, and from the
 * server's own GET /metrics histograms (the requests counted between two scrapes), as production would see it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type Result } from 'autocannon';
import { eq } from 'drizzle-orm';
import { issueToken, newSessionId } from '../server/auth/tokens';
import type { AppContext } from '../server/context';
import { sessions, userPermissions, users, USER_TYPE } from '../server/db/schema';
import { PERMISSIONS } from '../resources/permissions';
import { histogramQuantile, metricSum, routeBuckets } from './measure';
import { MIXED_LISTS, mixedData, mixedRequests, newSeed, type MixedList } from './mixedWorkload';

const SUPERADMINS = 8;
const LEVELS = (process.env.BENCH_MIXED_CONNECTIONS ?? '4,32').split(',').map(Number);
/** BENCH_MIXED_LISTS=sites,audit: only those lists (a profile of one, bench/README in docs/performance.md). */
const LISTS = (Object.keys(MIXED_LISTS) as MixedList[]).filter((list) => !process.env.BENCH_MIXED_LISTS || process.env.BENCH_MIXED_LISTS.split(',').includes(list));
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
/** Requests generated per row: more than a row sends on this machine (autocannon starts over when they run out). */
const PER_SECOND = Number(process.env.BENCH_MIXED_RATE ?? 3000);
const CLIENT_MODULE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'mixedClient.cjs');
/** Issue 23's goals: p99 at 4 and at 32 connections; the site list at 32 also ≤ 25 ms and ≥ 25% of /healthz. */
const GOAL_P99_MS: Record<number, number> = { 4: 25, 32: 100 };
const SITES_GOAL = { p99: 25, ofHealthz: 0.25 };

type Row = Array<string | number>;

/** Eight superadmins holding every permission (created once per database), each with a new session (as after signing in): their tokens. */
async function superadminTokens(context: AppContext): Promise<string[]> {
  const { db } = context.database;
  const tokens: string[] = [];
  for (let index = 1; index <= SUPERADMINS; index += 1) {
    const email = `carga-mixta-${index}@portales.test`;
    let [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (!user) {
      [user] = await db.insert(users).values({ userTypeId: USER_TYPE.superadmin, name: `Carga mixta ${index}`, email }).returning({ id: users.id });
      await db.insert(userPermissions).values(PERMISSIONS.map(({ permissionID }) => ({ userId: user!.id, permissionId: permissionID })));
    }
    const sessionId = newSessionId();
    await db.insert(sessions).values({ id: sessionId, userId: user!.id });
    tokens.push(await issueToken(context.signingKey, { userId: user!.id, sessionId }, context.config.tokenTtlSeconds));
  }
  return tokens;
}

const failures = (result: Result) => result.non2xx + result.errors + result.timeouts;

/** The server's own figures (loopback: GET /metrics needs no token). */
const scrape = async (address: string) => (await fetch(`${address}/metrics`)).text();

/**
 * Waits (at most BENCH_SETTLE_MS, 60 s) until the server holds no database connection and none is awaited, as /metrics
 * says: a row's slow requests, still running when its load stopped, would otherwise be the next row's wait. Its ms.
 */
async function settled(address: string): Promise<number> {
  const start = performance.now();
  const limit = Number(process.env.BENCH_SETTLE_MS ?? 60_000);
  for (;;) {
    const text = await scrape(address);
    const busy = metricSum(text, 'db_pool_connections_in_use') + metricSum(text, 'db_pool_waiting');
    const elapsed = performance.now() - start;
    if (busy === 0 || elapsed > limit) return elapsed;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** `onMeasuring`: called once the run's own reads (data, sessions) are done, before the first request is sent. */
export async function benchMixed(address: string, context: AppContext, onMeasuring?: () => void): Promise<{ title: string; headers: string[]; rows: Row[] }> {
  const seed = process.env.BENCH_SEED ? Number(process.env.BENCH_SEED) : newSeed();
  console.log(`Carga mixta: semilla ${seed} (BENCH_SEED=${seed} repite las mismas peticiones)`);
  const [tokens, data] = await Promise.all([superadminTokens(context), mixedData(context.database)]);
  const planFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'portales-mixed-')), 'plan.json');
  const rows: Row[] = [];
  onMeasuring?.();
  let met = 0;
  let measured = 0;
  try {
    for (const [levelIndex, connections] of LEVELS.entries()) {
      const healthz = () => autocannon({ url: `${address}/healthz`, connections, duration: DURATION, workers: 1 });
      const first = await healthz();
      const results: Array<[MixedList, Result, number | null, number]> = [];
      for (const list of LISTS) {
        const listIndex = (Object.keys(MIXED_LISTS) as MixedList[]).indexOf(list);
        // Each level and list its own stream of the one seed: no request of one row repeats another's.
        const paths = mixedRequests(data, list, seed + levelIndex * 100 + listIndex, PER_SECOND * DURATION);
        fs.writeFileSync(planFile, JSON.stringify({ connections, tokens, paths, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } }));
        process.env.BENCH_MIXED_PLAN = planFile;
        const before = routeBuckets(await scrape(address), MIXED_LISTS[list]);
        const result = await autocannon({ url: address, connections, duration: DURATION, workers: 1, setupClient: CLIENT_MODULE });
        // The requests still running when autocannon stopped finish before the next row (and count in /metrics' p99).
        const drainMs = await settled(address);
        const fromMetrics = histogramQuantile(before, routeBuckets(await scrape(address), MIXED_LISTS[list]), 0.99);
        results.push([list, result, fromMetrics, paths.length]);
        const drain = drainMs >= 1000 ? `; el servidor terminó ${(drainMs / 1000).toFixed(1)} s después` : '';
        console.log(`  ${list} mixta, ${connections} conexiones: ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms${drain}`);
      }
      const last = await healthz();
      const reference = (first.requests.average + last.requests.average) / 2;
      rows.push([`GET /healthz (${connections} conexiones, antes / después)`, `${Math.round(first.requests.average)} / ${Math.round(last.requests.average)}`, first.latency.p50, `${first.latency.p99} / ${last.latency.p99}`, '', '', '', '', failures(first) + failures(last)]);
      for (const [list, result, fromMetrics, generated] of results) {
        const share = result.requests.average / reference;
        const goal = GOAL_P99_MS[connections];
        const sitesAt32 = list === 'sites' && connections === 32;
        const ok =
          goal !== undefined && result.latency.p99 <= goal && failures(result) === 0 && (!sitesAt32 || (result.latency.p99 <= SITES_GOAL.p99 && share >= SITES_GOAL.ofHealthz));
        if (goal !== undefined) measured += 1;
        if (ok) met += 1;
        rows.push([
          `GET ${MIXED_LISTS[list].replace('/api/v1', '')} mixta (${connections} conexiones)${result.requests.total > generated ? ' (repitió peticiones)' : ''}`,
          Math.round(result.requests.average),
          result.latency.p50,
          result.latency.p99,
          fromMetrics === null ? 'n/d' : Math.round(fromMetrics),
          `${Math.round(share * 1000) / 10}%`,
          goal === undefined ? '' : `≤ ${sitesAt32 ? SITES_GOAL.p99 : goal} ms${sitesAt32 ? `, ≥ ${SITES_GOAL.ofHealthz * 100}%` : ''}`,
          goal === undefined ? '' : ok ? 'OK' : 'over',
          failures(result),
        ]);
      }
    }
  } finally {
    fs.rmSync(path.dirname(planFile), { recursive: true, force: true });
  }
  return {
    title:
      `Carga mixta (issue 23): semilla ${seed}, ${SUPERADMINS} superadministradores, ${DURATION} s por fila, cada petición distinta ` +
      `(página 1–50, orden, pestaña, filtro y en la mitad una búsqueda); ${met}/${measured} cumplen; ${os.cpus().length} núcleos, carga media ${os.loadavg()[0]!.toFixed(1)}`,
    headers: ['Ruta', 'req/s', 'p50 ms', 'p99 ms', 'p99 /metrics', 'de /healthz', 'objetivo', 'estado', 'no 2xx/errores'],
    rows,
  };
}
