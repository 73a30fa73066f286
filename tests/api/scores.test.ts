/**
 * Site scores (issue 8 'Scores', spec 01 §2 'Site detail', §3 'Score', §9): `GET /sites/{id}/scores/availabledates,
 * history, byindicator, ranking, detailformula` from the platform's tables (default) and from a portal's host (a fake
 * HTTP host on 127.0.0.1, allowed by the test-only option); colour classes from the colour configuration; the ranking
 * window (5, centred, steps of 5, competition ranks, by entity type); the site list's ranking order (`orderBy=-score`)
 * kept by the database; permissions (Sites or Reports) and bad parameters answered 400 in Spanish.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import { indicatorColorConfig, siteIndicatorScores, siteScores, sites } from '../../server/db/schema';
import { portalScoresSource } from '../../server/scores';
import { demoScoreMonths, seedDemoScores } from '../../server/seed/demoScores';
import { bearer, createTestApp } from '../helpers/testApp';

const API = '/api/v1';
const t = await createTestApp({ seed: 'reference' });

const sitesToken = await t.tokenFor(['Sites'], 'puntajes-sitios@portales.test');
const reportsToken = await t.tokenFor(['Reports'], 'puntajes-reportes@portales.test');
const impersonateToken = await t.tokenFor(['Impersonate'], 'puntajes-suplantar@portales.test');
const contentsToken = await t.tokenFor(['GlobalContents'], 'puntajes-contenidos@portales.test');

const all = await t.database.db.select({ id: sites.id, name: sites.name }).from(sites).orderBy(asc(sites.id)).limit(14);
const s = all.slice(0, 12);
const [unscored, demoSite] = all.slice(12);
// January 2026: twelve sites, ties at 90 and 70; even positions are mayoralties (2), odd ones councils (4).
const JANUARY = [95, 90, 90, 85, 80, 75, 70, 70, 65, 60, 55, 50];
await t.database.db
  .insert(siteScores)
  .values(JANUARY.map((score, index) => ({ siteId: s[index]!.id, year: 2026, month: 1, siteTypeId: index % 2 === 0 ? 2 : 4, score })));
// Site 6's history: August 2025 to January 2026.
const HISTORY = [
  [2025, 8, 40],
  [2025, 9, 45.5],
  [2025, 10, 50],
  [2025, 11, 60.25],
  [2025, 12, 65],
] as const;
await t.database.db.insert(siteScores).values(HISTORY.map(([year, month, score]) => ({ siteId: s[6]!.id, year, month, siteTypeId: 2, score })));
await t.database.db.insert(siteIndicatorScores).values(
  [
    [1, 59.99],
    [2, 60],
    [3, 80],
    [4, 100],
  ].map(([indicatorId, score]) => ({ siteId: s[6]!.id, year: 2026, month: 1, indicatorId: indicatorId!, score: score! })),
);

// The fake portal host (SCORES_SOURCE=portal): answers /sitescores/* and records what it was asked.
const asked: string[] = [];
let portalMode: 'ok' | 'bad' = 'ok';
const portal = http.createServer((request, response) => {
  asked.push(request.url ?? '');
  const url = new URL(request.url ?? '/', 'http://portal');
  const send = (body: unknown) => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(body));
  };
  switch (url.pathname) {
    case '/sitescores/availabledates':
      return send([{ year: 2025, month: 12 }, { year: 2026, month: 2 }]);
    case '/sitescores/history':
      return send([{ year: 2026, month: 2, score: '71,5' }, { year: 2026, month: 1, score: 70 }]);
    case '/sitescores/byindicator':
      return send(
        portalMode === 'bad'
          ? [{ indicatorId: 1, name: 'Transparencia', score: 150 }]
          : { results: [{ indicatorId: 1, name: 'Transparencia', score: 45 }, { indicatorId: 2, name: 'Accesibilidad', link: 'https://a.gov.co', score: 85 }] },
      );
    case '/sitescores/ranking':
      return send({
        results: [
          { rank: 3, siteName: 'Alcaldía A', score: 90 },
          { rank: 4, siteName: 'Portal de prueba', score: 88, current: true },
        ],
        meta: { total: 40, offset: 2 },
      });
    case '/sitescores/detailformula':
      return send({ formula: 'Promedio ponderado' });
    default:
      response.writeHead(404);
      response.end();
  }
});
await new Promise<void>((resolve) => portal.listen(0, '127.0.0.1', resolve));
const portalBase = `http://127.0.0.1:${(portal.address() as AddressInfo).port}`;

afterAll(async () => {
  await new Promise<void>((resolve) => portal.close(() => resolve()));
  await t.close();
});

const get = (url: string, token = sitesToken) => t.app.inject({ method: 'GET', url: `${API}${url}`, headers: bearer(token) });
const scoresOf = (index: number, path: string) => get(`/sites/${s[index]!.id}/scores/${path}`);

interface RankingBody {
  results: Array<{ rank: number; siteId: number | null; siteName: string; score: number; scoreStr: string; current: boolean }>;
  meta: { offset: number; total: number; currentOffset: number | null; currentRank: number | null; hasPrevious: boolean; hasNext: boolean };
}

function refusal(response: { statusCode: number; json(): unknown }, status = 400) {
  expect(response.statusCode).toBe(status);
  return (response.json() as { error: { code: string; message: string; details: Array<{ target: string; message: string }> } }).error;
}

describe('platform source (default)', () => {
  it('availabledates: the months with a score, most recent first, with dateStr', async () => {
    const response = await scoresOf(6, 'availabledates');
    expect(response.statusCode).toBe(200);
    const { results } = response.json() as { results: Array<{ year: number; month: number; dateStr: string; week: null }> };
    expect(results.map((date) => date.dateStr)).toEqual(['2026-01', '2025-12', '2025-11', '2025-10', '2025-09', '2025-08']);
    expect(results[0]).toEqual({ year: 2026, month: 1, week: null, dateStr: '2026-01' });
    expect((await get(`/sites/${unscored!.id}/scores/availabledates`)).json()).toEqual({ results: [] });
  });

  it('history: 4 points up to the latest month (or the asked one), oldest first, out of 100', async () => {
    const latest = (await scoresOf(6, 'history')).json() as { results: Array<{ dateStr: string; score: number; scoreStr: string }> };
    expect(latest.results.map((point) => [point.dateStr, point.score, point.scoreStr])).toEqual([
      ['2025-10', 50, '50'],
      ['2025-11', 60.25, '60,25'],
      ['2025-12', 65, '65'],
      ['2026-01', 70, '70'],
    ]);
    const december = (await scoresOf(6, 'history?year=2025&month=12')).json() as { results: Array<{ dateStr: string }> };
    expect(december.results.map((point) => point.dateStr)).toEqual(['2025-09', '2025-10', '2025-11', '2025-12']);
  });

  it('byindicator: the month total and each indicator with its colour class (seeded limits 60 / 80)', async () => {
    const body = (await scoresOf(6, 'byindicator?year=2026&month=1')).json() as {
      period: { dateStr: string; score: number; scoreStr: string };
      colorConfig: { lowerLimit: number; upperLimit: number };
      results: Array<{ indicatorId: number; name: string; scoreStr: string; colorClass: string }>;
    };
    expect(body.period).toMatchObject({ dateStr: '2026-01', score: 70, scoreStr: '70' });
    expect(body.colorConfig).toEqual({ lowerLimit: 60, upperLimit: 80 });
    expect(body.results.map((indicator) => [indicator.indicatorId, indicator.scoreStr, indicator.colorClass])).toEqual([
      [1, '59,99', 'red'],
      [2, '60', 'yellow'],
      [3, '80', 'green'],
      [4, '100', 'green'],
    ]);
    expect(body.results[0]!.name).toBe('Transparencia y acceso a la información pública');
    // Without a month: the latest one.
    expect(((await scoresOf(6, 'byindicator')).json() as { period: { dateStr: string } }).period.dateStr).toBe('2026-01');
    // A month without indicator scores.
    expect(((await scoresOf(6, 'byindicator?year=2025&month=12')).json() as { results: unknown[] }).results).toEqual([]);
  });

  it('byindicator follows the colour configuration', async () => {
    await t.database.db.update(indicatorColorConfig).set({ lowerLimit: 50, upperLimit: 90 }).where(eq(indicatorColorConfig.id, 1));
    try {
      const body = (await scoresOf(6, 'byindicator?year=2026&month=1')).json() as { results: Array<{ colorClass: string }> };
      expect(body.results.map((indicator) => indicator.colorClass)).toEqual(['yellow', 'yellow', 'yellow', 'green']);
    } finally {
      await t.database.db.update(indicatorColorConfig).set({ lowerLimit: 60, upperLimit: 80 }).where(eq(indicatorColorConfig.id, 1));
    }
  });

  it('ranking: 5 entries centred on the site, competition ranks, the current flag', async () => {
    const body = (await scoresOf(6, 'ranking?year=2026&month=1')).json() as RankingBody;
    expect(body.results.map((entry) => [entry.rank, entry.siteId, entry.score, entry.current])).toEqual([
      [5, s[4]!.id, 80, false],
      [6, s[5]!.id, 75, false],
      [7, s[6]!.id, 70, true],
      [7, s[7]!.id, 70, false],
      [9, s[8]!.id, 65, false],
    ]);
    expect(body.results[2]!.siteName).toBe(s[6]!.name);
    expect(body.meta).toMatchObject({ offset: 4, total: 12, currentOffset: 6, currentRank: 7, hasPrevious: true, hasNext: true });
  });

  it("answers 304 to the platform source's tag until the next write to its tables (server/http/etag.ts)", async () => {
    const url = `${API}/sites/${s[6]!.id}/scores/ranking?year=2026&month=1&siteTypeId=2`;
    const conditional = (tag: string) => t.app.inject({ method: 'GET', url, headers: { ...bearer(sitesToken), 'if-none-match': tag } });
    const first = await scoresOf(6, 'ranking?year=2026&month=1&siteTypeId=2');
    expect(first.statusCode).toBe(200);
    const tag = String(first.headers.etag);
    expect(tag).toMatch(/^W\//);
    const unchanged = await conditional(tag);
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    try {
      await t.database.query('update site_scores set score = 69 where site_id = $1 and year = 2026 and month = 1', [s[6]!.id]);
      const after = await conditional(tag);
      expect(after.statusCode).toBe(200);
      expect(after.headers.etag).not.toBe(tag);
      expect((after.json() as RankingBody).results.find((entry) => entry.current)?.score).toBe(69);
    } finally {
      await t.database.query('update site_scores set score = 70 where site_id = $1 and year = 2026 and month = 1', [s[6]!.id]);
    }
  });

  it('ranking: up and down by 5 from a start, kept inside the ranking', async () => {
    const top = (await scoresOf(6, 'ranking?year=2026&month=1&offset=0')).json() as RankingBody;
    expect(top.results.map((entry) => entry.rank)).toEqual([1, 2, 2, 4, 5]);
    expect(top.meta).toMatchObject({ offset: 0, hasPrevious: false, hasNext: true });
    const past = (await scoresOf(6, 'ranking?year=2026&month=1&offset=10')).json() as RankingBody;
    // The last full window starts at position 7; its first entry shares rank 7 with position 6.
    expect(past.results.map((entry) => [entry.rank, entry.siteId])).toEqual([
      [7, s[7]!.id],
      [9, s[8]!.id],
      [10, s[9]!.id],
      [11, s[10]!.id],
      [12, s[11]!.id],
    ]);
    expect(past.meta).toMatchObject({ offset: 7, hasPrevious: true, hasNext: false });
  });

  it('ranking by entity type: only that type; a site of another type is not in it', async () => {
    const mayoralties = (await scoresOf(6, 'ranking?year=2026&month=1&siteTypeId=2')).json() as RankingBody;
    expect(mayoralties.results.map((entry) => [entry.rank, entry.siteId, entry.current])).toEqual([
      [2, s[2]!.id, false],
      [3, s[4]!.id, false],
      [4, s[6]!.id, true],
      [5, s[8]!.id, false],
      [6, s[10]!.id, false],
    ]);
    expect(mayoralties.meta).toMatchObject({ offset: 1, total: 6, currentRank: 4, hasNext: false });
    const councils = (await scoresOf(6, 'ranking?year=2026&month=1&siteTypeId=4')).json() as RankingBody;
    expect(councils.results.map((entry) => entry.siteId)).toEqual([s[1]!.id, s[3]!.id, s[5]!.id, s[7]!.id, s[9]!.id]);
    expect(councils.meta).toMatchObject({ offset: 0, total: 6, currentOffset: null, currentRank: null, hasNext: true });
  });

  it('ranking without any score: an empty window', async () => {
    const body = (await get(`/sites/${unscored!.id}/scores/ranking`)).json() as RankingBody;
    expect(body).toMatchObject({ results: [], meta: { total: 0, currentRank: null } });
  });

  it('reads the ranking from its index (35,000 sites stay fast)', async () => {
    await t.database.query('analyze site_scores');
    await t.database.query('set enable_seqscan = off');
    try {
      const plan = (await t.database.query<Record<string, string>>(
        'explain select site_id from site_scores where year = 2026 and month = 1 order by score desc nulls last, site_id limit 5 offset 10',
      ))
        .map((row) => Object.values(row)[0])
        .join('\n');
      expect(plan).toMatch(/site_scores_ranking_idx/);
      expect(plan).not.toMatch(/Sort/);
      const typePlan = (await t.database.query<Record<string, string>>(
        'explain select site_id from site_scores where site_type_id = 2 and year = 2026 and month = 1 order by score desc nulls last, site_id limit 5',
      ))
        .map((row) => Object.values(row)[0])
        .join('\n');
      expect(typePlan).toMatch(/site_scores_type_ranking_idx/);
      expect(typePlan).not.toMatch(/Sort/);
    } finally {
      await t.database.query('reset enable_seqscan');
    }
  });

  it('detailformula: the platform averages the indicators', async () => {
    const body = (await scoresOf(6, 'detailformula')).json() as { source: string; formula: { formula: string; indicators: unknown[] } };
    expect(body.source).toBe('platform');
    expect(body.formula.formula).toBe('average');
    expect(body.formula.indicators).toHaveLength(6);
  });
});

describe('bad parameters, unknown sites and permissions', () => {
  it.each([
    ['history?year=1990&month=1', 'year', 'El año no es válido'],
    ['byindicator?year=2026&month=13', 'month', 'El mes no es válido'],
    ['byindicator?year=2026', 'month', 'Debes indicar el año y el mes'],
    ['ranking?year=2026&month=1&siteTypeId=dos', 'siteTypeId', 'El tipo de entidad no es válido'],
    ['ranking?year=2026&month=1&offset=-5', 'offset', 'La posición del ranking no es válida'],
    ['ranking?offset=1.5', 'offset', 'La posición del ranking no es válida'],
  ])('%s → 400 %s in Spanish', async (path, target, message) => {
    const error = refusal(await scoresOf(6, path));
    expect(error).toMatchObject({ code: 'BadArgument', message });
    expect(error.details[0]).toMatchObject({ target, message });
  });

  it('answers 404 for an unknown or malformed site', async () => {
    expect((await get('/sites/999999/scores/history')).statusCode).toBe(404);
    expect((await get('/sites/abc/scores/ranking')).statusCode).toBe(404);
  });

  it('needs Sites or Reports: Reports reads, Impersonate and GlobalContents are refused, no token is 401', async () => {
    for (const path of ['availabledates', 'history', 'byindicator', 'ranking', 'detailformula']) {
      const url = `/sites/${s[6]!.id}/scores/${path}`;
      expect((await get(url, reportsToken)).statusCode).toBe(200);
      expect(refusal(await get(url, impersonateToken), 403).message).toBe('Lo sentimos, no tienes permisos para ejecutar esta acción.');
      expect((await get(url, contentsToken)).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: `${API}${url}` })).statusCode).toBe(401);
    }
  });
});

describe('portal source (SCORES_SOURCE=portal)', () => {
  it('reads every answer from the portal host under /sitescores/ with the same shapes', async () => {
    await t.database.db.update(sites).set({ url: `${portalBase}/`, installed: true, statusId: 1 }).where(eq(sites.id, s[3]!.id));
    t.context.scoresProvider = portalScoresSource({ allowPrivateAddresses: true });
    try {
      asked.length = 0;
      const dates = (await scoresOf(3, 'availabledates')).json() as { results: Array<{ dateStr: string }> };
      expect(dates.results.map((date) => date.dateStr)).toEqual(['2026-02', '2025-12']);

      const history = (await scoresOf(3, 'history?year=2026&month=2')).json() as { results: Array<{ dateStr: string; score: number; scoreStr: string }> };
      expect(history.results.map((point) => [point.dateStr, point.score, point.scoreStr])).toEqual([
        ['2026-01', 70, '70'],
        ['2026-02', 71.5, '71,5'],
      ]);

      const indicators = (await scoresOf(3, 'byindicator?year=2026&month=2')).json() as {
        period: { score: number };
        results: Array<{ indicatorId: number; link: string | null; colorClass: string }>;
      };
      expect(indicators.results).toMatchObject([
        { indicatorId: 1, link: null, colorClass: 'red' },
        { indicatorId: 2, link: 'https://a.gov.co', colorClass: 'green' },
      ]);

      const ranking = (await scoresOf(3, 'ranking?year=2026&month=2&siteTypeId=2&offset=2')).json() as RankingBody;
      expect(ranking.results.map((entry) => [entry.rank, entry.siteName, entry.current])).toEqual([
        [3, 'Alcaldía A', false],
        [4, 'Portal de prueba', true],
      ]);
      expect(ranking.meta).toMatchObject({ offset: 2, total: 40, currentOffset: 3, currentRank: 4, hasPrevious: true, hasNext: true });

      expect(((await scoresOf(3, 'detailformula')).json() as { source: string; formula: unknown }).formula).toEqual({ formula: 'Promedio ponderado' });

      expect(asked).toContain('/sitescores/availabledates');
      expect(asked).toContain('/sitescores/history?year=2026&month=2&points=4');
      expect(asked).toContain('/sitescores/byindicator?year=2026&month=2');
      expect(asked).toContain('/sitescores/ranking?year=2026&month=2&siteTypeId=2&offset=2&limit=5');
      expect(asked).toContain('/sitescores/detailformula');
    } finally {
      t.context.scoresProvider = undefined;
    }
  });

  it("never keeps a portal host's answer: each request asks the host again, without an ETag", async () => {
    t.context.scoresProvider = portalScoresSource({ allowPrivateAddresses: true });
    try {
      asked.length = 0;
      const first = await scoresOf(3, 'detailformula');
      const second = await scoresOf(3, 'detailformula');
      expect(second.body).toBe(first.body);
      expect(first.headers.etag).toBeUndefined();
      expect(asked.filter((url) => url === '/sitescores/detailformula')).toHaveLength(2);
    } finally {
      t.context.scoresProvider = undefined;
    }
  });

  it('a malformed answer is a 502 in Spanish, never a 500', async () => {
    t.context.scoresProvider = portalScoresSource({ allowPrivateAddresses: true });
    portalMode = 'bad';
    try {
      const error = refusal(await scoresOf(3, 'byindicator?year=2026&month=2'), 502);
      expect(error).toMatchObject({ code: 'ScoresUnavailable', message: 'No fue posible consultar los puntajes del portal, intenta de nuevo' });
    } finally {
      portalMode = 'ok';
      t.context.scoresProvider = undefined;
    }
  });

  it('refuses a portal on a loopback address without the test-only option (SSRF)', async () => {
    t.context.scoresProvider = portalScoresSource();
    try {
      asked.length = 0;
      expect(refusal(await scoresOf(3, 'availabledates'), 502).code).toBe('ScoresUnavailable');
      expect(asked).toEqual([]);
      // A site without an address has no scores.
      await t.database.db.update(sites).set({ url: null, allowedUrl: null }).where(eq(sites.id, s[5]!.id));
      expect((await scoresOf(5, 'availabledates')).json()).toEqual({ results: [] });
    } finally {
      t.context.scoresProvider = undefined;
    }
  });

  it('SCORES_SOURCE chooses the source; anything else stops the start', async () => {
    const { readConfig } = await import('../../server/config');
    expect(readConfig({ SCORES_SOURCE: 'portal' }).scoresSource).toBe('portal');
    expect(readConfig({}).scoresSource).toBe('platform');
    expect(() => readConfig({ SCORES_SOURCE: 'matomo' })).toThrow(/SCORES_SOURCE/);
  });
});

describe("the site list's ranking order and the site's latest score", () => {
  const listIds = async (query: string) => {
    const response = await get(`/sites/${query}`);
    expect(response.statusCode).toBe(200);
    return (response.json() as { results: Array<{ id: number }> }).results.map((row) => row.id);
  };

  it('orderBy=-score: the best latest score first (ties by id, descending), unscored sites last', async () => {
    expect(await listIds('?orderBy=-score&pageSize=5')).toEqual([s[0]!.id, s[2]!.id, s[1]!.id, s[3]!.id, s[4]!.id]);
    // The default order stays by name.
    const byName = await listIds('?pageSize=3');
    expect(byName).not.toEqual([s[0]!.id, s[2]!.id, s[1]!.id]);
  });

  it('the latest score follows writes: a newer month counts, a removed score is forgotten', async () => {
    await t.database.db.insert(siteScores).values({ siteId: s[11]!.id, year: 2026, month: 2, siteTypeId: 4, score: 99 });
    await t.database.db.delete(siteScores).where(and(eq(siteScores.siteId, s[0]!.id), eq(siteScores.year, 2026), eq(siteScores.month, 1)));
    const [first, second] = await listIds('?orderBy=-score&pageSize=2');
    expect([first, second]).toEqual([s[11]!.id, s[2]!.id]);
    const [row] = await t.database.db.select({ latestScore: sites.latestScore }).from(sites).where(eq(sites.id, s[0]!.id));
    expect(row!.latestScore).toBeNull();
    await t.database.db.update(siteScores).set({ score: 10 }).where(and(eq(siteScores.siteId, s[11]!.id), eq(siteScores.month, 2)));
    const [updated] = await t.database.db.select({ latestScore: sites.latestScore }).from(sites).where(eq(sites.id, s[11]!.id));
    expect(Number(updated!.latestScore)).toBe(10);
  });

  it("deleting a site deletes its scores (and the ranking forgets it)", async () => {
    const [extra] = await t.database.db.select({ id: sites.id }).from(sites).orderBy(asc(sites.id)).offset(20).limit(1);
    await t.database.db.insert(siteScores).values({ siteId: extra!.id, year: 2026, month: 1, siteTypeId: 2, score: 100 });
    await t.database.db.insert(siteIndicatorScores).values({ siteId: extra!.id, year: 2026, month: 1, indicatorId: 1, score: 100 });
    // Twelve January scores less site 0's (removed above), plus this one.
    expect(((await scoresOf(6, 'ranking?year=2026&month=1')).json() as RankingBody).meta.total).toBe(12);
    await t.database.db.delete(sites).where(eq(sites.id, extra!.id));
    expect(((await scoresOf(6, 'ranking?year=2026&month=1')).json() as RankingBody).meta.total).toBe(11);
    const left = await t.database.db.execute(sql`select count(*)::int as n from site_indicator_scores where site_id = ${extra!.id}`);
    expect((left as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(0);
  });
});

describe('demo scores', () => {
  it('gives each installed site 6 months of indicator scores whose average is its total', async () => {
    await t.database.db.update(sites).set({ installed: true }).where(eq(sites.id, demoSite!.id));
    const now = Date.UTC(2026, 4, 15);
    // Only this site is installed and unscored among the reference sites besides site 3 (made installed above).
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`delete from site_scores where site_id in (select id from sites where installed)`);
      await seedDemoScores(tx, now);
    });
    const months = demoScoreMonths(now);
    expect(months.map((month) => `${month.year}-${month.month}`)).toEqual(['2025-11', '2025-12', '2026-1', '2026-2', '2026-3', '2026-4']);
    const totals = await t.database.db.select().from(siteScores).where(eq(siteScores.siteId, demoSite!.id)).orderBy(asc(siteScores.year), asc(siteScores.month));
    expect(totals).toHaveLength(6);
    for (const total of totals) {
      const indicators = await t.database.db
        .select({ score: siteIndicatorScores.score })
        .from(siteIndicatorScores)
        .where(and(eq(siteIndicatorScores.siteId, demoSite!.id), eq(siteIndicatorScores.year, total.year), eq(siteIndicatorScores.month, total.month)));
      expect(indicators).toHaveLength(6);
      const average = indicators.reduce((sum, row) => sum + Number(row.score), 0) / indicators.length;
      expect(Number(total.score)).toBeCloseTo(average, 1);
      expect(Number(total.score)).toBeGreaterThanOrEqual(0);
      expect(Number(total.score)).toBeLessThanOrEqual(100);
    }
    const [row] = await t.database.db.select({ latestScore: sites.latestScore }).from(sites).where(eq(sites.id, demoSite!.id));
    expect(Number(row!.latestScore)).toBe(Number(totals[5]!.score));
  });
});
