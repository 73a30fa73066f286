/**
 * Scores read from each portal's own host (SCORES_SOURCE=portal; spec 01 §7, spec 03 'Indicators': /sitescores/
 * availabledates, history, byindicator, ranking, detailformula). The spec does not show the payloads: the calls and the
 * shapes read here are documented in docs/decisions/0019-scores.md. Every answer is checked before use (a portal is not
 * trusted): a missing or malformed field, a refused address (private or loopback: server/http/outboundFetch.ts), a
 * timeout or an error status is a `ScoresUnavailable` 502 with a Spanish message. A site without an address has no scores.
 */
import { RANKING_WINDOW, SCORE_MAX, SCORE_YEARS, type ScorePeriod } from '../../resources/scores';
import { ApiError } from '../http/errors';
import { getOutboundJson, type OutboundOptions } from '../http/outboundFetch';
import { t } from '../i18n';
import { portalBaseUrl } from '../routes/siteDetail';
import type { IndicatorScoreValue, PeriodScore, RankingEntryValue, RankingRequest, RankingValue, ScoredSite, ScoresProvider } from './provider';

/** The portal's answers are not what they should be, or the portal did not answer. */
export const scoresUnavailable = () => {
  const message = t('scores.server.unavailable');
  return new ApiError(502, 'ScoresUnavailable', message, [{ code: 'ScoresUnavailable', target: 'site', message }]);
};

class ShapeError extends Error {}

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** A list answer: the array itself or `{ results: [...] }` (the list envelope of spec 01 §7). */
function listOf(answer: unknown): unknown[] {
  if (Array.isArray(answer)) return answer;
  if (isObject(answer) && Array.isArray(answer.results)) return answer.results;
  throw new ShapeError('not a list');
}

function integerIn(value: unknown, min: number, max: number): number {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isInteger(number) || number < min || number > max) throw new ShapeError('integer out of range');
  return number;
}

function score(value: unknown): number {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value.replace(',', '.')) : value;
  if (typeof number !== 'number' || !Number.isFinite(number) || number < 0 || number > SCORE_MAX) throw new ShapeError('score out of range');
  return Math.round(number * 100) / 100;
}

function text(value: unknown, max = 300): string {
  if (typeof value !== 'string' || value.trim() === '' || value.length > max) throw new ShapeError('text');
  return value.trim();
}

function period(item: unknown): ScorePeriod {
  if (!isObject(item)) throw new ShapeError('period');
  return { year: integerIn(item.year, SCORE_YEARS.min, SCORE_YEARS.max), month: integerIn(item.month, 1, 12) };
}

export interface PortalSourceOptions extends OutboundOptions {}

export function portalScoresSource(options: PortalSourceOptions = {}): ScoresProvider {
  /** GET <portal>/sitescores/<path>?query, parsed by `read`; null when the site has no address. */
  async function call<T>(site: ScoredSite, path: string, query: Record<string, string | number | null>, read: (answer: unknown) => T): Promise<T | null> {
    const base = portalBaseUrl(site);
    if (!base) return null;
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) if (value !== null) search.set(key, String(value));
    const suffix = search.size > 0 ? `?${search.toString()}` : '';
    try {
      return read(await getOutboundJson(`${base}/sitescores/${path}${suffix}`, options));
    } catch {
      throw scoresUnavailable();
    }
  }

  return {
    name: 'portal',

    async availableDates(site) {
      const dates = await call(site, 'availabledates', {}, (answer) => listOf(answer).map(period));
      return (dates ?? []).sort((a, b) => b.year - a.year || b.month - a.month);
    },

    async history(site, until, points): Promise<PeriodScore[]> {
      const query = { year: until?.year ?? null, month: until?.month ?? null, points };
      const history = await call(site, 'history', query, (answer) => listOf(answer).map((item) => ({ ...period(item), score: score((item as Record<string, unknown>).score) })));
      return (history ?? []).sort((a, b) => a.year - b.year || a.month - b.month).slice(-points);
    },

    async byIndicator(site, when): Promise<IndicatorScoreValue[]> {
      const scores = await call(site, 'byindicator', { year: when.year, month: when.month }, (answer) =>
        listOf(answer).map((item) => {
          if (!isObject(item)) throw new ShapeError('indicator');
          const link = item.link === undefined || item.link === null || item.link === '' ? null : text(item.link, 150);
          return { indicatorId: integerIn(item.indicatorId, 1, 2_147_483_647), name: text(item.name, 200), link, score: score(item.score) };
        }),
      );
      return scores ?? [];
    },

    async ranking(site, request: RankingRequest): Promise<RankingValue> {
      const query = {
        year: request.period.year,
        month: request.period.month,
        siteTypeId: request.siteTypeId,
        offset: request.offset,
        limit: RANKING_WINDOW,
      };
      const answer = await call(site, 'ranking', query, (raw) => {
        const results: RankingEntryValue[] = listOf(raw)
          .slice(0, RANKING_WINDOW)
          .map((item) => {
            if (!isObject(item)) throw new ShapeError('ranking item');
            return {
              rank: integerIn(item.rank, 1, 10_000_000),
              siteId: item.siteId === undefined || item.siteId === null ? null : integerIn(item.siteId, 1, 2_147_483_647),
              siteName: text(item.siteName, 200),
              score: score(item.score),
              current: item.current === true,
            };
          });
        const meta = isObject(raw) && isObject(raw.meta) ? raw.meta : {};
        const total = meta.total === undefined ? results.length : integerIn(meta.total, 0, 10_000_000);
        const offset = meta.offset === undefined ? Math.max(0, (results[0]?.rank ?? 1) - 1) : integerIn(meta.offset, 0, 10_000_000);
        const current = results.find((item) => item.current);
        const currentRank = meta.currentRank === undefined || meta.currentRank === null ? (current?.rank ?? null) : integerIn(meta.currentRank, 1, 10_000_000);
        const currentOffset =
          meta.currentOffset === undefined || meta.currentOffset === null
            ? current
              ? offset + results.indexOf(current)
              : null
            : integerIn(meta.currentOffset, 0, 10_000_000);
        return { results, offset, total: Math.max(total, offset + results.length), currentOffset, currentRank };
      });
      return answer ?? { results: [], offset: 0, total: 0, currentOffset: null, currentRank: null };
    },

    async detailFormula(site) {
      return call(site, 'detailformula', {}, (answer) => {
        if (!isObject(answer) && !Array.isArray(answer)) throw new ShapeError('formula');
        return answer;
      });
    },
  };
}
