/**
 * The scores provider (issue 8 'Scores'): where a site's scores come from. Two sources answer the same shapes — the
 * platform's own score tables (platformSource.ts, the default) and each portal's host under /sitescores/
 * (portalSource.ts, SCORES_SOURCE=portal) — so the routes (server/routes/scores.ts) and the screen do not care which.
 * Sources answer numbers; texts (scoreStr, dateStr) and the colour class are added once, by the routes.
 */
import type { ScorePeriod } from '../../resources/scores';

/** The site whose scores are asked for, as the routes read it. */
export interface ScoredSite {
  id: number;
  name: string;
  siteTypeId: number;
  url: string | null;
  allowedUrl: string | null;
}

export interface PeriodScore extends ScorePeriod {
  score: number;
}

export interface IndicatorScoreValue {
  indicatorId: number;
  name: string;
  link: string | null;
  score: number;
}

export interface RankingEntryValue {
  rank: number;
  siteId: number | null;
  siteName: string;
  score: number;
  current: boolean;
}

export interface RankingValue {
  results: RankingEntryValue[];
  offset: number;
  total: number;
  currentOffset: number | null;
  currentRank: number | null;
}

export interface RankingRequest {
  period: ScorePeriod;
  /** Only sites of this entity type; null: the general ranking. */
  siteTypeId: number | null;
  /** Position (from 0) of the window's first entry; null: the window centred on the site. */
  offset: number | null;
}

export interface ScoresProvider {
  readonly name: 'platform' | 'portal';
  /**
   * Its answers change only with a write to the database's own tables (all of which move the data version): the
   * routes may tag their answers with that version (`etag`, server/http/etag.ts). Not for a source read
   * over the network (a portal's /sitescores/ changes without the database knowing).
   */
  readonly changesOnlyWithDatabase?: boolean;
  /** The months that have a score for the site, most recent first. */
  availableDates(site: ScoredSite): Promise<ScorePeriod[]>;
  /** Up to `points` monthly scores up to `until` (the latest when null), oldest first. */
  history(site: ScoredSite, until: ScorePeriod | null, points: number): Promise<PeriodScore[]>;
  /** The site's score in each indicator for the month. */
  byIndicator(site: ScoredSite, period: ScorePeriod): Promise<IndicatorScoreValue[]>;
  /** One window (5 entries) of the month's ranking, general or by entity type. */
  ranking(site: ScoredSite, request: RankingRequest): Promise<RankingValue>;
  /** How the total is computed from the indicators (shown as given). */
  detailFormula(site: ScoredSite): Promise<unknown>;
}
