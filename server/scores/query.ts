/**
 * The query strings of the score routes (server/routes/scores.ts), read strictly: each refused value is a 400
 * `BadArgument` naming its parameter, with a Spanish message (scores.server.*). Pure apart from throwing.
 */
import { SCORE_YEARS, type ScorePeriod } from '../../resources/scores';
import { badArgument } from '../http/errors';

/** Most sites a ranking window may skip (well above the platform's 35,000 sites). */
export const MAX_RANKING_OFFSET = 1_000_000;

type Query = Record<string, unknown>;

/** A whole number written in decimal digits, within bounds; undefined when absent or blank; `false` when refused. */
function wholeNumber(raw: unknown, min: number, max: number): number | undefined | false {
  if (raw === undefined || raw === null || raw === '') return undefined;
  if (typeof raw !== 'string' && typeof raw !== 'number') return false;
  const text = String(raw).trim();
  if (!/^\d{1,9}$/.test(text)) return false;
  const value = Number(text);
  return value >= min && value <= max ? value : false;
}

function own(query: unknown, key: string): unknown {
  return query !== null && typeof query === 'object' && Object.prototype.hasOwnProperty.call(query, key) ? (query as Query)[key] : undefined;
}

/** `year` and `month` together, or neither (null: the latest month). */
export function readScorePeriod(query: unknown): ScorePeriod | null {
  const year = wholeNumber(own(query, 'year'), SCORE_YEARS.min, SCORE_YEARS.max);
  const month = wholeNumber(own(query, 'month'), 1, 12);
  if (year === false) throw badArgument('year', 'scores.server.year');
  if (month === false) throw badArgument('month', 'scores.server.month');
  if (year === undefined && month === undefined) return null;
  if (year === undefined) throw badArgument('year', 'scores.server.period_pair');
  if (month === undefined) throw badArgument('month', 'scores.server.period_pair');
  return { year, month };
}

export interface RankingQuery {
  period: ScorePeriod | null;
  siteTypeId: number | null;
  offset: number | null;
}

/** The ranking's month, entity type (none: general) and window start (none: centred on the site). */
export function readRankingQuery(query: unknown): RankingQuery {
  const period = readScorePeriod(query);
  const siteTypeId = wholeNumber(own(query, 'siteTypeId'), 1, 2_147_483_647);
  if (siteTypeId === false) throw badArgument('siteTypeId', 'scores.server.site_type');
  const offset = wholeNumber(own(query, 'offset'), 0, MAX_RANKING_OFFSET);
  if (offset === false) throw badArgument('offset', 'scores.server.offset');
  return { period, siteTypeId: siteTypeId ?? null, offset: offset ?? null };
}
