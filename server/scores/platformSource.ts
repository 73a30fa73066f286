/**
 * The platform's own scores (the default source): the tables of server/db/schema/scores.ts. Each month's ranks are
 * stored by the database (migration 0022_score_ranks: order score descending, the site id breaking ties; competition
 * ranks), so at 35,000 sites a ranking is one probe of the site's row, one backwards probe of
 * site_scores_general_position_idx (general) or site_scores_type_position_idx (by entity type) for the month's size,
 * and a 5-entry range of the same index for the window: nothing counts the month.
 */
import { centredOffset, clampOffset, RANKING_WINDOW, type ScorePeriod } from '../../resources/scores';
import type { Database } from '../db/connection';
import { SqlParams } from '../lists/listQuery';
import type { IndicatorScoreValue, PeriodScore, RankingRequest, RankingValue, ScoredSite, ScoresProvider } from './provider';

/** `numeric` answers as text on some drivers: every score is read through this. */
const toNumber = (value: unknown): number => Number(value);

/** The rows of one month's ranking: `year`, `month` and, by entity type, the type. */
function rankingScope(request: RankingRequest, params: SqlParams): string {
  const conditions = [`sc.year = ${params.add(request.period.year)}`, `sc.month = ${params.add(request.period.month)}`];
  if (request.siteTypeId !== null) conditions.unshift(`sc.site_type_id = ${params.add(request.siteTypeId)}`);
  return conditions.join(' and ');
}

/** The stored position and rank columns of a ranking: by entity type or general. */
function rankColumns(request: RankingRequest): { position: string; rank: string } {
  return request.siteTypeId !== null ? { position: 'type_position', rank: 'type_rank' } : { position: 'general_position', rank: 'general_rank' };
}

/**
 * The month's size (its last stored position + 1, read backwards from the positions' index: no count) and the site's
 * stored place in the ranking (its primary key; none when it has no score that month or, by type, is of another type).
 * Exported for the API test that checks its plan.
 */
export function rankingPlaceSql(siteId: number, request: RankingRequest): { text: string; values: unknown[] } {
  const { position, rank } = rankColumns(request);
  const params = new SqlParams();
  const siteParam = params.add(siteId);
  const scope = rankingScope(request, params);
  const sameType = request.siteTypeId !== null ? ` and me.site_type_id = ${params.add(request.siteTypeId)}` : '';
  const text = `select (select sc.${position} + 1 from site_scores sc where ${scope} order by sc.${position} desc limit 1) as total,
                me.${position} as position, me.${rank} as rank
           from (select 1) one
           left join site_scores me on me.site_id = ${siteParam} and me.year = ${params.add(request.period.year)} and me.month = ${params.add(request.period.month)}${sameType}`;
  return { text, values: params.values };
}

/** The window: five stored positions from `offset`, one range of the positions' index; only they are joined with their names. */
export function rankingWindowSql(request: RankingRequest, offset: number): { text: string; values: unknown[] } {
  const { position, rank } = rankColumns(request);
  const params = new SqlParams();
  const scope = rankingScope(request, params);
  const from = params.add(offset);
  const text = `select sc.site_id as "siteId", s.name as "siteName", sc.score, sc.${rank} as rank
           from site_scores sc join sites s on s.id = sc.site_id
          where ${scope} and sc.${position} >= ${from} and sc.${position} < ${from} + ${RANKING_WINDOW}
          order by sc.${position}`;
  return { text, values: params.values };
}

export function platformScoresSource(database: Database): ScoresProvider {
  return {
    name: 'platform',
    changesOnlyWithDatabase: true,

    async availableDates(site: ScoredSite): Promise<ScorePeriod[]> {
      const rows = await database.query<{ year: number; month: number }>(
        'select year, month from site_scores where site_id = $1 order by year desc, month desc',
        [site.id],
      );
      return rows.map((row) => ({ year: Number(row.year), month: Number(row.month) }));
    },

    async history(site: ScoredSite, until: ScorePeriod | null, points: number): Promise<PeriodScore[]> {
      const params = new SqlParams();
      const siteParam = params.add(site.id);
      const upTo = until ? `and (year, month) <= (${params.add(until.year)}::smallint, ${params.add(until.month)}::smallint)` : '';
      const rows = await database.query<{ year: number; month: number; score: unknown }>(
        `select year, month, score from site_scores where site_id = ${siteParam} ${upTo} order by year desc, month desc limit ${Math.max(1, Math.floor(points))}`,
        params.values,
      );
      return rows.reverse().map((row) => ({ year: Number(row.year), month: Number(row.month), score: toNumber(row.score) }));
    },

    async byIndicator(site: ScoredSite, period: ScorePeriod): Promise<IndicatorScoreValue[]> {
      const rows = await database.query<{ indicatorId: number; name: string; link: string | null; score: unknown }>(
        `select i.indicator_id as "indicatorId", i.name, i.link, x.score
           from site_indicator_scores x join indicators i on i.indicator_id = x.indicator_id
          where x.site_id = $1 and x.year = $2 and x.month = $3
          order by i.position, i.indicator_id`,
        [site.id, period.year, period.month],
      );
      return rows.map((row) => ({ indicatorId: Number(row.indicatorId), name: row.name, link: row.link, score: toNumber(row.score) }));
    },

    async ranking(site: ScoredSite, request: RankingRequest): Promise<RankingValue> {
      // Two index probes: the month's size and the site's place, then the window's five positions.
      const placeQuery = rankingPlaceSql(site.id, request);
      const [place] = await database.query<{ total: number | null; position: number | null; rank: number | null }>(placeQuery.text, placeQuery.values);
      const total = Number(place?.total ?? 0);
      const currentOffset = place?.position === null || place?.position === undefined ? null : Number(place.position);
      const currentRank = currentOffset !== null && place?.rank !== null && place?.rank !== undefined ? Number(place.rank) : null;

      const offset =
        request.offset !== null ? clampOffset(request.offset, total) : currentOffset !== null ? centredOffset(currentOffset, total) : 0;
      const windowQuery = rankingWindowSql(request, offset);
      const rows = await database.query<{ siteId: number; siteName: string; score: unknown; rank: number }>(windowQuery.text, windowQuery.values);
      return {
        results: rows.map((row) => ({
          rank: Number(row.rank),
          siteId: Number(row.siteId),
          siteName: row.siteName,
          score: toNumber(row.score),
          current: Number(row.siteId) === site.id,
        })),
        offset,
        total,
        currentOffset,
        currentRank,
      };
    },

    async detailFormula(): Promise<unknown> {
      const rows = await database.query<{ indicatorId: number; name: string }>(
        'select indicator_id as "indicatorId", name from indicators order by position, indicator_id',
      );
      return { formula: 'average', indicators: rows.map((row) => ({ indicatorId: Number(row.indicatorId), name: row.name })) };
    },
  };
}
