/**
 * The detail's score calls (`GET /sites/{id}/scores/…`, server/routes/scores.ts) as react-query queries: each under
 * the `sites` key so that refreshing the site list or the detail refreshes them too.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { PortalesDataProvider } from '../../../dataProvider';
import type { ColorConfig, IndicatorScore, RankingAnswer, ScoreDate, ScorePeriod, ScorePoint } from '../../../resources/scores';

export type RankingScope = 'general' | 'type';

export const scoresQueryKey = (siteId: number) => ['sites', 'scores', siteId];

interface ByIndicator {
  period: ScorePoint | null;
  colorConfig: ColorConfig;
  results: IndicatorScore[];
}

function useScoresRequest() {
  const dataProvider = useDataProvider<PortalesDataProvider>();
  return async <T,>(siteId: number, path: string, query: Record<string, number | null | undefined> = {}): Promise<T> =>
    (await dataProvider.request<T>(`/sites/${siteId}/scores/${path}`, { query })).json;
}

/** The months with a score, most recent first. */
export function useScoreDates(siteId: number) {
  const request = useScoresRequest();
  return useQuery({
    queryKey: [...scoresQueryKey(siteId), 'dates'],
    queryFn: async () => (await request<{ results?: ScoreDate[] }>(siteId, 'availabledates')).results ?? [],
  });
}

export function useIndicatorScores(siteId: number, period: ScorePeriod | null) {
  const request = useScoresRequest();
  return useQuery({
    queryKey: [...scoresQueryKey(siteId), 'byindicator', period?.year, period?.month],
    queryFn: async () => {
      const body = await request<Partial<ByIndicator>>(siteId, 'byindicator', { year: period?.year, month: period?.month });
      return { period: body.period ?? null, results: body.results ?? [] };
    },
    enabled: period !== null,
  });
}

export function useScoreHistory(siteId: number, period: ScorePeriod | null) {
  const request = useScoresRequest();
  return useQuery({
    queryKey: [...scoresQueryKey(siteId), 'history', period?.year, period?.month],
    queryFn: async () => (await request<{ results?: ScorePoint[] }>(siteId, 'history', { year: period?.year, month: period?.month })).results ?? [],
    enabled: period !== null,
  });
}

export function useRanking(siteId: number, period: ScorePeriod | null, siteTypeId: number | null, offset: number | null) {
  const request = useScoresRequest();
  return useQuery({
    queryKey: [...scoresQueryKey(siteId), 'ranking', period?.year, period?.month, siteTypeId, offset],
    queryFn: async (): Promise<RankingAnswer | null> => {
      const body = await request<Partial<RankingAnswer>>(siteId, 'ranking', { year: period?.year, month: period?.month, siteTypeId, offset });
      return body.results && body.meta ? { results: body.results, meta: body.meta } : null;
    },
    enabled: period !== null,
    // The window moves without the list blinking empty.
    placeholderData: keepPreviousData,
  });
}
