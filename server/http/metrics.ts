/**
 * Hand route: protocol work (the Prometheus text format). GET /metrics shows what the bench measures, in production:
 * each request's duration by the matched route's declared URL (never the raw URL: one series per route, whatever the
 * spelling or the ids) and status, the database's connections (server/db/poolStats.ts), the jobs waiting per kind,
 * the mail not yet sent and the open event streams, plus the process's own figures. Access `monitoring`
 * (monitoringAccess.ts): loopback or METRICS_TOKEN (docs/configuration.md).
 */
import type { FastifyInstance } from 'fastify';
import { Gauge, Histogram, Registry } from 'prom-client';
import { startDefaultMetrics } from './defaultMetrics';
import { waitingJobs } from '../jobs/queue';
import { mailBacklog } from '../mail/mailLog';
import { realtimeHubOf } from '../routes/realtime';

/**
 * Bounds at the goals (p99 ≤ 25 ms, ≤ 100 ms: docs/performance.md) and close enough above them that a quantile
 * interpolated within a bucket stays near the bench's own (bench/mixed.ts compares them).
 */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.15, 0.25, 0.35, 0.5, 0.75, 1, 1.5, 2, 3, 5, 10];
const WAIT_BUCKETS = [0.0001, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5];

/** Requests no route matched share one label. */
export const UNMATCHED_ROUTE = 'unmatched';

/** Times every request and declares GET /metrics; before the routes, so that its hook times all of them. */
export function registerMetrics(app: FastifyInstance): void {
  const { database } = app.ctx;
  const registry = new Registry();
  // The process's own figures; their event-loop monitor and GC observer stop with the app.
  const stopDefaults = startDefaultMetrics(registry);

  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Request duration by declared route, method and status',
    labelNames: ['method', 'route', 'status_code'],
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    requests.observe({ method: request.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });

  const waits = new Histogram({
    name: 'db_pool_wait_seconds',
    help: 'Wait for a database connection',
    buckets: WAIT_BUCKETS,
    registers: [registry],
  });
  const stopWaits = database.pool.onWait((seconds) => waits.observe(seconds));
  app.addHook('onClose', async () => {
    stopWaits();
    stopDefaults();
  });
  const poolGauge = (name: string, help: string, read: () => number) =>
    new Gauge({ name, help, labelNames: ['driver'], registers: [registry], collect() { this.set({ driver: database.kind }, read()); } });
  poolGauge('db_pool_connections', 'Connections the server may hold (PG_POOL_SIZE; 1 on PGlite)', () => database.pool.size);
  poolGauge('db_pool_connections_in_use', 'Connections in use', () => database.pool.inUse());
  poolGauge('db_pool_waiting', 'Callers waiting for a connection', () => database.pool.waiting());

  const gauge = (name: string, help: string, labelNames: string[] = []) => new Gauge({ name, help, labelNames, registers: [registry] });
  const jobDepth = gauge('jobs_waiting', 'Jobs queued or waiting to retry, by kind', ['kind']);
  const jobAge = gauge('jobs_oldest_waiting_seconds', 'Seconds the oldest due job has waited for a runner, by kind', ['kind']);
  const mail = gauge('mail_backlog', 'Mail log messages not sent yet (queued, retrying)', ['state']);
  const streams = gauge('realtime_streams', 'Event streams (SSE) open on this instance');
  /** The figures read from the database, once per scrape. */
  const readBacklogs = async () => {
    const [jobRows, mailRows] = await Promise.all([waitingJobs(database), mailBacklog(database)]);
    jobDepth.reset();
    jobAge.reset();
    for (const row of jobRows) {
      jobDepth.set({ kind: row.kind }, row.depth);
      jobAge.set({ kind: row.kind }, row.oldestSeconds);
    }
    const mailCounts = new Map(mailRows.map((row) => [row.state, row.count]));
    for (const state of ['queued', 'retrying'] as const) mail.set({ state }, mailCounts.get(state) ?? 0);
    streams.set(realtimeHubOf(app)?.subscriberCount ?? 0);
  };

  app.get('/metrics', { schema: { hide: true }, config: { access: 'monitoring' } }, async (_request, reply) => {
    await readBacklogs();
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}
