/**
 * The embedded database under concurrent load (issue 7): a fresh PGlite at demo scale (reference + demo seed),
 * BENCH_EMBEDDED_CONNECTIONS (8) connections on the site list while a light `/healthz` load runs at the same
 * time, both p99s printed side by side. `/healthz` answering late means the database held the server's event loop.
 * The probe runs alone first: its p99 on the idle server is the machine's floor, and each row says how much of the
 * time the server's main thread waited for a core (time the operating system, not the server, decided).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import autocannon, { type Result } from 'autocannon';
import { buildApp } from '../server/app';
import { loadSigningKey } from '../server/auth/tokens';
import { readConfig } from '../server/config';
import type { AppContext } from '../server/context';
import { openDatabase } from '../server/db/connection';
import { createMailer } from '../server/mail/mailer';
import { bootstrapSuperadmin } from '../server/seed/bootstrap';
import { seedDemoData } from '../server/seed/demo';
import { seedReferenceData } from '../server/seed/reference';
import { mainThreadSchedule } from './measure';

const CONNECTIONS = Number(process.env.BENCH_EMBEDDED_CONNECTIONS ?? 8);
const DURATION = Number(process.env.BENCH_EMBEDDED_DURATION ?? process.env.BENCH_DURATION ?? 5);
/** Light on purpose: it probes the server's responsiveness, it is not a throughput test. */
const HEALTHZ_RATE = Number(process.env.BENCH_EMBEDDED_HEALTHZ_RATE ?? 200);
const ADMIN_EMAIL = 'bench@portales.test';
const ADMIN_PASSWORD = 'Clave-de-carga-2024';

export type SignIn = (address: string, context: AppContext) => Promise<{ value: string; how: string }>;
type Row = Array<string | number>;

/** autocannon's `idReplacement` (a new id for each `[<id>]` of the URL), missing from its types. */
const idReplacement = (url: string): object => (url.includes('[<id>]') ? { idReplacement: true } : {});

function resultRow(label: string, result: Result): Row {
  return [label, result.latency.p50, result.latency.p99, result.latency.max, Math.round(result.requests.average), result.non2xx + result.errors + result.timeouts];
}

/** Runs the section and answers its table rows (the caller prints them). */
export async function benchEmbedded(signIn: SignIn): Promise<{ title: string; headers: string[]; rows: Row[] }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portales-bench-embedded-'));
  const config = readConfig({ DATA_DIR: dataDir, ADMIN_EMAIL, ADMIN_PASSWORD, CAPTCHA_REQUEST_VALUE: '100', TOKEN_TTL_SECONDS: '3600' });
  const database = await openDatabase({ dataDir: config.dataDir });
  try {
    await database.migrate();
    await seedReferenceData(database, config);
    await seedDemoData(database);
    await bootstrapSuperadmin(database, config, () => {});
    const [counts] = await database.query<{ sites: number }>('select count(*)::int as sites from sites');
    const context: AppContext = {
      database,
      config,
      signingKey: await loadSigningKey(database, config.tokenSecret),
      mailer: createMailer({ smtpUrl: undefined, from: config.mailFrom, mailDir: path.join(dataDir, 'mail'), log: () => {} }),
    };
    const app = await buildApp({ context, logger: false });
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const headers = { authorization: `Bearer ${(await signIn(address, context)).value}` };
      const rows: Row[] = [];
      for (const [label, url] of [
        // The probe alone first: its p99 on an idle server is this machine's floor (waking its cores, the host's
        // own pauses), which the rows under load are read against.
        ['GET /healthz sin otra carga (el suelo de esta máquina)', null],
        ['GET /api/v1/sites/ (primera página)', '/api/v1/sites/'],
        ['GET /api/v1/sites/?name=san', '/api/v1/sites/?name=san'],
        // A different search on every request (autocannon writes a new id for `[<id>]`): every request is a search the
        // embedded database runs (the goal's "busy").
        ['GET /api/v1/sites/?name=<distinta cada vez>', '/api/v1/sites/?name=[<id>]'],
      ] as const) {
        // Each load in its own worker thread, so neither competes with the server for its event loop.
        const loop = monitorEventLoopDelay({ resolution: 5 });
        loop.enable();
        const busyBefore = performance.eventLoopUtilization();
        const scheduleBefore = mainThreadSchedule();
        const startedAt = performance.now();
        const [list, health] = await Promise.all([
          url === null
            ? null
            : autocannon({ url: `${address}${url}`, connections: CONNECTIONS, duration: DURATION, headers, workers: 1, ...idReplacement(url) }),
          autocannon({ url: `${address}/healthz`, connections: 1, overallRate: HEALTHZ_RATE, duration: DURATION, workers: 1 }),
        ]);
        loop.disable();
        const busy = performance.eventLoopUtilization(busyBefore).utilization;
        const scheduleAfter = mainThreadSchedule();
        // The share of the time the server's main thread was ready to run but waited for a core (Linux only).
        const waited =
          scheduleBefore && scheduleAfter
            ? `; esperó un núcleo ${Math.round(((scheduleAfter.waitedNs - scheduleBefore.waitedNs) / 1e4) / (performance.now() - startedAt))}% del tiempo`
            : '';
        const ms = (nanoseconds: number) => Math.round(nanoseconds / 1e5) / 10;
        if (list) rows.push(resultRow(`${label} (${CONNECTIONS} conexiones)`, list));
        rows.push(
          resultRow(list ? '  GET /healthz a la vez (1 conexión)' : `${label} (1 conexión)`, health),
          [`  retraso del bucle de eventos del servidor (ocupado ${Math.round(busy * 100)}%${waited})`, ms(loop.percentile(50)), ms(loop.percentile(99)), ms(loop.max), '', ''],
        );
      }
      return {
        title: `Base embebida (PGlite, escala demo: ${counts!.sites} sitios), ${DURATION} s por ruta, /healthz a ${HEALTHZ_RATE} req/s en paralelo`,
        headers: ['Ruta', 'p50 ms', 'p99 ms', 'máx ms', 'req/s', 'no 2xx/errores'],
        rows,
      };
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
