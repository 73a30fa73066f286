/**
 * The platform's own scores (the default source): the tables of server/db/schema/scores.ts. Rankings read one range of
 * site_scores_ranking_idx (general) or site_scores_type_ranking_idx (by entity type) in their order — score descending,
 * the site id breaking ties — so that at 35,000 sites a window is an index scan of its offset plus 5 entries and a
 * position is a count over one index range.
 */
import { centredOffset, clampOffset, competitionRanks, RANKING_WINDOW, type ScorePeriod } from '../../resources/scores';
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

export function platformScoresSource(database: Database): ScoresProvider {
  return {
    name: 'platform',

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
      // One index-only scan of the month's range: its size, and the site's place — the sites before it in the
      // ranking's order (a better score, or the same score and a smaller id) and those strictly better (its rank).
      const placeParams = new SqlParams();
      const siteParam = placeParams.add(site.id);
      const scope = rankingScope(request, placeParams);
      const [place] = await database.query<{ total: number; better: number; position: number; found: boolean }>(
        `with me as (select sc.score from site_scores sc where sc.site_id = ${siteParam} and ${scope})
         select count(*)::int as total,
                (count(*) filter (where sc.score > me.score))::int as better,
                (count(*) filter (where sc.score > me.score or (sc.score = me.score and sc.site_id < ${siteParam})))::int as position,
                exists (select 1 from me) as found
           from site_scores sc left join me on true
          where ${scope}`,
        placeParams.values,
      );
      const total = Number(place?.total ?? 0);
      const currentOffset = place?.found ? Number(place.position) : null;
      const currentRank = place?.found ? Number(place.better) + 1 : null;

      const offset =
        request.offset !== null ? clampOffset(request.offset, total) : currentOffset !== null ? centredOffset(currentOffset, total) : 0;
      const windowParams = new SqlParams();
      // The window's five entries from the index first, then only they are joined with their names.
      const rows = await database.query<{ siteId: number; siteName: string; score: unknown }>(
        `with w as (
           select sc.site_id, sc.score from site_scores sc
            where ${rankingScope(request, windowParams)}
            order by sc.score desc nulls last, sc.site_id asc
            limit ${RANKING_WINDOW} offset ${offset}
         )
         select w.site_id as "siteId", s.name as "siteName", w.score
           from w join sites s on s.id = w.site_id
          order by w.score desc nulls last, w.site_id asc`,
        windowParams.values,
      );
      const scores = rows.map((row) => toNumber(row.score));
      let firstRank = offset + 1;
      if (rows.length > 0) {
        const firstParams = new SqlParams();
        const firstScope = rankingScope(request, firstParams);
        const [first] = await database.query<{ better: number }>(
          `select count(*)::int as better from site_scores sc where ${firstScope} and sc.score > ${firstParams.add(scores[0])}`,
          firstParams.values,
        );
        firstRank = Number(first!.better) + 1;
      }
      const ranks = competitionRanks(firstRank, offset, scores);
      return {
        results: rows.map((row, index) => ({
          rank: ranks[index]!,
          siteId: Number(row.siteId),
          siteName: row.siteName,
          score: scores[index]!,
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
