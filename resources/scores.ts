/**
 * Portal scores (spec 01 §2 'Site detail', §3 'Score', §9; spec 03 'Indicators', §9): the shapes the score routes
 * answer (`/sites/{id}/scores/…`, server/routes/scores.ts) whatever the source, and the pure rules both sides use —
 * colour class of an indicator score, the ranking window (5 entries, steps of 5) and its ranks, score texts.
 * Pure data and functions: imported by the browser and by the server.
 */
import type { PermissionName } from './permissions';

/** Who reads a site's scores and ranking (issue 8: Sites or Reports): the routes' access and the detail's section. */
export const SCORE_READERS: readonly PermissionName[] = ['Sites', 'Reports'];

/** Scores are out of 100 (spec 01 §9). */
export const SCORE_MAX = 100;
/** Entries of a ranking window and the step of its up / down navigation (spec 01 §9). */
export const RANKING_WINDOW = 5;
export const RANKING_STEP = 5;
/** Points of the score history (spec 01 §9). */
export const SCORE_HISTORY_POINTS = 4;
/** The colour slider (spec 03 'Recommendations management', §9): 0 to 100, limits 1 and 99, minimum range 1. */
export const COLOR_SLIDER = { min: 0, max: 100, lowest: 1, highest: 99, minRange: 1 } as const;
/** Years a score period may name (the query's bounds; no platform scores before 2000). */
export const SCORE_YEARS = { min: 2000, max: 2100 } as const;

/** Spec 03 §3 'Colour config': below lowerLimit red, from lowerLimit yellow, from upperLimit green. */
export interface ColorConfig {
  lowerLimit: number;
  upperLimit: number;
}

/** Seeded default (migration 0020_scores; docs/decisions/0019-scores.md): red 0–59, yellow 60–79, green 80–100. */
export const DEFAULT_COLOR_CONFIG: ColorConfig = { lowerLimit: 60, upperLimit: 80 };

export type ScoreColorClass = 'red' | 'yellow' | 'green';

export interface ScorePeriod {
  year: number;
  month: number;
}

/** A month that has scores (spec 01 §3 'Score': year, month, week, dateStr). Monthly scores: week is null. */
export interface ScoreDate extends ScorePeriod {
  week: number | null;
  dateStr: string;
}

/** A site's total score of one month. */
export interface ScorePoint extends ScoreDate {
  score: number;
  /** The score out of 100 as shown, e.g. '78,5'. */
  scoreStr: string;
}

export interface IndicatorScore {
  indicatorId: number;
  name: string;
  link: string | null;
  score: number;
  scoreStr: string;
  colorClass: ScoreColorClass;
}

/** Spec 01 §3 'ranking item: rank, siteName, current'. */
export interface RankingItem {
  rank: number;
  siteId: number | null;
  siteName: string;
  score: number;
  scoreStr: string;
  current: boolean;
}

export interface RankingMeta {
  /** Position (from 0) of the window's first entry; the next `offset` of 'Subir' / 'Bajar'. */
  offset: number;
  /** Sites in this ranking for the month. */
  total: number;
  /** Position (from 0) of the site itself; null when it is not ranked that month (or not of that entity type). */
  currentOffset: number | null;
  currentRank: number | null;
  hasPrevious: boolean;
  hasNext: boolean;
}

export interface RankingAnswer {
  results: RankingItem[];
  meta: RankingMeta;
}

/** The colour class of a score under the configuration (the limits belong to the upper class). */
export function scoreColorClass(score: number, config: ColorConfig): ScoreColorClass {
  if (score < config.lowerLimit) return 'red';
  if (score < config.upperLimit) return 'yellow';
  return 'green';
}

/** Whether limits fit the slider: whole numbers, 1 ≤ lower, upper ≤ 99, at least 1 apart. */
export function colorConfigValid(config: ColorConfig): boolean {
  const { lowerLimit, upperLimit } = config;
  return (
    Number.isInteger(lowerLimit) &&
    Number.isInteger(upperLimit) &&
    lowerLimit >= COLOR_SLIDER.lowest &&
    upperLimit <= COLOR_SLIDER.highest &&
    upperLimit - lowerLimit >= COLOR_SLIDER.minRange
  );
}

/** A score out of 100 as Colombians write it: at most two decimals, decimal comma ('78,5', '80', '0,25'). */
export function formatScore(score: number): string {
  const rounded = Math.round(score * 100) / 100;
  return String(rounded).replace('.', ',');
}

/** 'YYYY-MM' of a month: the dateStr of monthly scores. */
export function scoreDateStr(period: ScorePeriod): string {
  return `${period.year}-${String(period.month).padStart(2, '0')}`;
}

/** Order of periods: negative when `a` is earlier. */
export function comparePeriods(a: ScorePeriod, b: ScorePeriod): number {
  return a.year - b.year || a.month - b.month;
}

/** The most recent of the periods; null when there is none. */
export function latestPeriod<T extends ScorePeriod>(periods: readonly T[]): T | null {
  return periods.reduce<T | null>((latest, period) => (latest === null || comparePeriods(period, latest) > 0 ? period : latest), null);
}

/** The last position a full window may start at. */
function lastStart(total: number): number {
  return Math.max(0, total - RANKING_WINDOW);
}

/** A window start kept inside the ranking: from 0 to the last full window. */
export function clampOffset(offset: number, total: number): number {
  return Math.min(Math.max(0, Math.floor(offset)), lastStart(total));
}

/** 'Centrar': the window with the site in the middle (two above, two below), kept inside the ranking. */
export function centredOffset(position: number, total: number): number {
  return clampOffset(position - Math.floor(RANKING_WINDOW / 2), total);
}

/** 'Subir' (better ranks) and 'Bajar' (worse ranks): the window moved by one step, kept inside the ranking. */
export function steppedOffset(offset: number, direction: 'up' | 'down', total: number): number {
  return clampOffset(direction === 'up' ? offset - RANKING_STEP : offset + RANKING_STEP, total);
}

/** Whether a window starting at `offset` has better (previous) or worse (next) entries around it. */
export function windowNeighbours(offset: number, total: number): { hasPrevious: boolean; hasNext: boolean } {
  return { hasPrevious: offset > 0, hasNext: offset + RANKING_WINDOW < total };
}

