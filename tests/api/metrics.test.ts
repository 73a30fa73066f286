/**
 * GET /metrics (issue 23, docs/configuration.md): closed to callers off this machine unless they bear METRICS_TOKEN,
 * whatever X-Forwarded-For says without a trusted proxy; durations by the matched route's declared URL; the jobs
 * waiting, the mail backlog, the database's connections and the open event streams.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerJobKind } from '../../server/jobs';
import { enqueueJob } from '../../server/jobs/queue';
import { queueMail } from '../../server/mail/mailLog';
import { realtimeHubOf } from '../../server/routes/realtime';
import { bearer, createTestApp, type TestApp } from '../helpers/testApp';

const METRICS_TOKEN = 'token-de-metricas-de-prueba';
const OUTSIDE = '203.0.113.9';
let t: TestApp;

registerJobKind('test.metrics', { permissions: ['Settings'], run: async () => ({}) });

beforeAll(async () => {
  t = await createTestApp({ seed: 'reference', env: { METRICS_TOKEN } });
});
afterAll(async () => {
  await t?.close();
});

const scrape = (headers: Record<string, string> = {}, remoteAddress = OUTSIDE) =>
  t.app.inject({ method: 'GET', url: '/metrics', headers, remoteAddress });

/** The value of the sample `name{labels}` in the exposition text, or undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

async function metricsText(): Promise<string> {
  const response = await scrape(bearer(METRICS_TOKEN));
  expect(response.statusCode).toBe(200);
  return response.body;
}

describe('who reads GET /metrics', () => {
  it('refuses a caller off loopback without the token, with a superadmin token, a wrong token or a forged X-Forwarded-For', async () => {
    const superadmin = await t.tokenFor(['Settings']);
    const attempts: Record<string, string>[] = [{}, bearer(superadmin), bearer(`${METRICS_TOKEN}x`), { 'x-forwarded-for': '127.0.0.1' }];
    for (const headers of attempts) {
      const response = await scrape(headers);
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('Unauthorized');
      expect(response.body).not.toContain('http_request_duration_seconds');
    }
  });

  it('answers the Prometheus text to a bearer of METRICS_TOKEN from anywhere, and to loopback without it', async () => {
    for (const response of [await scrape(bearer(METRICS_TOKEN)), await scrape({}, '127.0.0.1'), await scrape({}, '::1')]) {
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/plain');
      expect(response.body).toContain('# TYPE http_request_duration_seconds histogram');
    }
  });
});

describe('what GET /metrics shows', () => {
  it('times requests by the declared route and status, never by the URL as written', async () => {
    const token = await t.tokenFor(['Settings']);
    expect((await t.app.inject({ method: 'GET', url: '/API//v1/SiteTypes/?page=1', headers: bearer(token) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/sitetypes/987654', headers: bearer(token) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/ninguna-ruta-4321' })).statusCode).toBe(404);
    const text = await metricsText();
    expect(sample(text, 'http_request_duration_seconds_count{method="GET",route="unmatched",status_code="404"}')).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain('ninguna-ruta');
    expect(sample(text, 'http_request_duration_seconds_count{method="GET",route="/api/v1/sitetypes/",status_code="200"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'http_request_duration_seconds_count{method="GET",route="/api/v1/sitetypes/:id",status_code="404"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/v1/sitetypes/",status_code="200"}')).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain('987654');
    expect(text).not.toContain('SiteTypes');
  });

  it("counts a queued job in its kind's depth and a queued message in the mail backlog", async () => {
    const before = await metricsText();
    expect(sample(before, 'jobs_waiting{kind="test.metrics"}')).toBeUndefined();
    await enqueueJob(t.database.db, { kind: 'test.metrics', payload: {}, runAfter: new Date(Date.now() - 60_000) });
    await enqueueJob(t.database.db, { kind: 'test.metrics', payload: {} });
    const queuedBefore = sample(before, 'mail_backlog{state="queued"}')!;
    await queueMail(t.database.db, { to: 'cola@portales.test', subject: 'En cola', text: 'x', template: 'test.metrics' });
    const after = await metricsText();
    expect(sample(after, 'jobs_waiting{kind="test.metrics"}')).toBe(2);
    expect(sample(after, 'jobs_oldest_waiting_seconds{kind="test.metrics"}')).toBeGreaterThanOrEqual(59);
    expect(sample(after, 'mail_backlog{state="queued"}')).toBe(queuedBefore + 1);
    expect(sample(after, 'mail_backlog{state="retrying"}')).toBe(0);
  });

  it("shows the database's connections, each wait for one, and the open event streams", async () => {
    const driver = t.database.kind;
    const unsubscribe = realtimeHubOf(t.app)!.subscribe({ channels: new Set(['sites']), deliver() {}, end() {}, async recheck() {} });
    try {
      const text = await metricsText();
      expect(sample(text, `db_pool_connections{driver="${driver}"}`)).toBe(t.database.pool.size);
      expect(sample(text, `db_pool_connections_in_use{driver="${driver}"}`)).toBeGreaterThanOrEqual(0);
      expect(sample(text, `db_pool_waiting{driver="${driver}"}`)).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'db_pool_wait_seconds_count')).toBeGreaterThan(0);
      expect(sample(text, 'realtime_streams')).toBe(1);
    } finally {
      unsubscribe();
    }
    expect(sample(await metricsText(), 'realtime_streams')).toBe(0);
  });
});
