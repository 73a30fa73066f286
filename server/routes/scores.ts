/**
 * Hand routes: reads from a pluggable source (platform tables or the portal over the network), not a declared table.
 *
 * A site's scores for its detail (spec 01 §2 'Site detail', §3 'Score', §9; issue 8 'Scores'), whatever the source
 * (server/scores: the platform's tables or the portal's /sitescores/). Paths: spec 01 §7 shows only the portal's own
 * /sitescores/ calls, so the back office's routes hang under the site, `/sites/{id}/scores/<same name>`
 * (docs/decisions/0019-scores.md). Access: Sites or Reports. Texts (scoreStr, dateStr) and each indicator's colour class
 * (the platform's colour configuration) are added here, once for both sources.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  DEFAULT_COLOR_CONFIG,
  formatScore,
  SCORE_HISTORY_POINTS,
  SCORE_READERS,
  scoreColorClass,
  scoreDateStr,
  windowNeighbours,
  type ColorConfig,
  type ScoreDate,
  type ScorePeriod,
  type ScorePoint,
} from '../../resources/scores';
import { indicatorColorConfig, sites } from '../db/schema';
import { notFound } from '../http/errors';
import { idParam } from '../http/params';
import { apiRoute } from '../http/route';
import { objectSchema, resultsSchema } from '../resources/openapi';
import { scoresProviderOf, type ScoredSite } from '../scores';
import { readRankingQuery, readScorePeriod } from '../scores/query';

const READERS = { permissions: SCORE_READERS };

const siteIdParams = { type: 'object', properties: { id: { type: 'string', description: 'Id del portal' } } } as const;
// Values typed as text so that the route's reader, not the schema validator, answers each refusal in Spanish.
const periodQuery = {
  year: { type: 'string', description: 'Año (2000 a 2100), con month; sin ambos: el último mes con puntaje' },
  month: { type: 'string', description: 'Mes (1 a 12), con year' },
} as const;

const dateSchema = {
  type: 'object',
  properties: {
    year: { type: 'integer' },
    month: { type: 'integer' },
    week: { type: 'integer', nullable: true },
    dateStr: { type: 'string', description: 'YYYY-MM' },
  },
} as const;
const pointSchema = {
  type: 'object',
  properties: { ...dateSchema.properties, score: { type: 'number' }, scoreStr: { type: 'string', description: 'Puntaje sobre 100, coma decimal' } },
} as const;

const dateOf = (period: ScorePeriod): ScoreDate => ({ year: period.year, month: period.month, week: null, dateStr: scoreDateStr(period) });
const pointOf = (period: ScorePeriod & { score: number }): ScorePoint => ({ ...dateOf(period), score: period.score, scoreStr: formatScore(period.score) });

export function registerScoreRoutes(app: FastifyInstance): void {
  const { database } = app.ctx;
  const provider = () => scoresProviderOf(app.ctx);

  async function siteOf(request: FastifyRequest): Promise<ScoredSite> {
    const [site] = await database.db
      .select({ id: sites.id, name: sites.name, siteTypeId: sites.siteTypeId, url: sites.url, allowedUrl: sites.allowedUrl })
      .from(sites)
      .where(and(eq(sites.id, idParam(request)), eq(sites.isDeleted, false)));
    if (!site) throw notFound();
    return site;
  }

  /** The asked month, or the site's latest one (null when it has no score at all). */
  async function periodFor(site: ScoredSite, asked: ScorePeriod | null): Promise<ScorePeriod | null> {
    if (asked) return asked;
    const [latest] = await provider().availableDates(site);
    return latest ?? null;
  }

  async function colorConfig(): Promise<ColorConfig> {
    const [row] = await database.db.select().from(indicatorColorConfig).where(eq(indicatorColorConfig.id, 1));
    return row ? { lowerLimit: row.lowerLimit, upperLimit: row.upperLimit } : DEFAULT_COLOR_CONFIG;
  }

  // The platform's own tables: an answer's ETag holds until the next write (server/http/etag.ts); a portal's, never.
  const common = { access: READERS, tags: ['Portales'], errorResponses: [502] as const, etag: () => provider().changesOnlyWithDatabase === true };

  apiRoute(app, {
    ...common,
    method: 'GET',
    url: '/sites/:id/scores/availabledates',
    summary: 'Meses con puntaje del portal, del más reciente al más antiguo (selector de mes del detalle)',
    schema: { params: siteIdParams },
    documentedResponses: { 200: { type: 'object', properties: { results: { type: 'array', items: dateSchema } } } },
    handler: async (request) => {
      const site = await siteOf(request);
      return { results: (await provider().availableDates(site)).map(dateOf) };
    },
  });

  apiRoute(app, {
    ...common,
    method: 'GET',
    url: '/sites/:id/scores/history',
    summary: `Histórico del puntaje: los últimos ${SCORE_HISTORY_POINTS} meses hasta el mes indicado (o el último), del más antiguo al más reciente`,
    schema: { params: siteIdParams, querystring: { type: 'object', properties: periodQuery } },
    documentedResponses: { 200: { type: 'object', properties: { results: { type: 'array', items: pointSchema } } } },
    handler: async (request) => {
      const until = readScorePeriod(request.query);
      const site = await siteOf(request);
      return { results: (await provider().history(site, until, SCORE_HISTORY_POINTS)).map(pointOf) };
    },
  });

  apiRoute(app, {
    ...common,
    method: 'GET',
    url: '/sites/:id/scores/byindicator',
    summary: 'Puntaje total del mes y puntaje por indicador con su clase de color (rangos de la configuración de colores)',
    schema: { params: siteIdParams, querystring: { type: 'object', properties: periodQuery } },
    documentedResponses: {
      200: resultsSchema(
        {
          indicatorId: { type: 'integer' },
          name: { type: 'string' },
          link: { type: 'string', nullable: true },
          score: { type: 'number' },
          scoreStr: { type: 'string' },
          colorClass: { type: 'string', enum: ['red', 'yellow', 'green'] },
        },
        {
          period: { ...pointSchema, nullable: true },
          colorConfig: objectSchema({ lowerLimit: { type: 'integer' }, upperLimit: { type: 'integer' } }),
        },
      ),
    },
    handler: async (request) => {
      const asked = readScorePeriod(request.query);
      const site = await siteOf(request);
      const config = await colorConfig();
      const period = await periodFor(site, asked);
      if (!period) return { period: null, colorConfig: config, results: [] };
      const [indicators, [total]] = await Promise.all([provider().byIndicator(site, period), provider().history(site, period, 1)]);
      const monthTotal = total && total.year === period.year && total.month === period.month ? pointOf(total) : null;
      return {
        period: monthTotal,
        colorConfig: config,
        results: indicators.map((indicator) => ({
          ...indicator,
          scoreStr: formatScore(indicator.score),
          colorClass: scoreColorClass(indicator.score, config),
        })),
      };
    },
  });

  apiRoute(app, {
    ...common,
    method: 'GET',
    url: '/sites/:id/scores/ranking',
    summary:
      'Ranking del mes (general, o por tipo de entidad con siteTypeId): 5 puestos desde offset, o centrados en el portal sin offset; current marca el portal',
    schema: {
      params: siteIdParams,
      querystring: {
        type: 'object',
        properties: {
          ...periodQuery,
          siteTypeId: { type: 'string', description: 'Tipo de entidad: ranking solo de ese tipo; sin él, el general' },
          offset: { type: 'string', description: 'Posición (desde 0) del primer puesto de la ventana; sin él, centrada en el portal' },
        },
      },
    },
    documentedResponses: {
      200: resultsSchema(
        {
          rank: { type: 'integer' },
          siteId: { type: 'integer', nullable: true },
          siteName: { type: 'string' },
          score: { type: 'number' },
          scoreStr: { type: 'string' },
          current: { type: 'boolean' },
        },
        { meta: { type: 'object' } },
      ),
    },
    handler: async (request) => {
      const query = readRankingQuery(request.query);
      const site = await siteOf(request);
      const period = await periodFor(site, query.period);
      const empty = { offset: 0, total: 0, currentOffset: null, currentRank: null, hasPrevious: false, hasNext: false };
      if (!period) return { results: [], meta: { ...empty, period: null, siteTypeId: query.siteTypeId } };
      const ranking = await provider().ranking(site, { period, siteTypeId: query.siteTypeId, offset: query.offset });
      return {
        results: ranking.results.map((entry) => ({ ...entry, scoreStr: formatScore(entry.score) })),
        meta: {
          offset: ranking.offset,
          total: ranking.total,
          currentOffset: ranking.currentOffset,
          currentRank: ranking.currentRank,
          ...windowNeighbours(ranking.offset, ranking.total),
          period: dateOf(period),
          siteTypeId: query.siteTypeId,
        },
      };
    },
  });

  apiRoute(app, {
    ...common,
    method: 'GET',
    url: '/sites/:id/scores/detailformula',
    summary: 'Cómo se calcula el puntaje total a partir de los indicadores (según la fuente de puntajes)',
    schema: { params: siteIdParams },
    documentedResponses: { 200: { type: 'object', properties: { source: { type: 'string' }, formula: {} } } },
    handler: async (request) => {
      const site = await siteOf(request);
      return { source: provider().name, formula: (await provider().detailFormula(site)) ?? null };
    },
  });
}
