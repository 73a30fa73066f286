/**
 * The score section of the site detail (spec 01 §2 'Site detail', issue 8): the month selector (latest month first),
 * the month's score out of 100, the indicator scores with their colour class, the ranking and the score history.
 * The source of the scores (platform or portal) is the server's business.
 */
import { Alert, Box, CircularProgress, FormControl, InputLabel, MenuItem, Paper, Select, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import type { ScorePeriod } from '../../../resources/scores';
import { IndicatorScores } from './IndicatorScores';
import { ScoreHistory } from './ScoreHistory';
import { ScoreRanking } from './ScoreRanking';
import { monthLabel, periodFromValue, periodValue } from './scoreTexts';
import { useIndicatorScores, useScoreDates, useScoreHistory, type RankingScope } from './useScores';

export interface SiteScoresProps {
  siteId: number;
  /** The site's entity type: the ranking by entity type (none: only the general ranking). */
  siteTypeId: number | null;
}

export function SiteScores({ siteId, siteTypeId }: SiteScoresProps) {
  const translate = useTranslate();
  const dates = useScoreDates(siteId);
  const [chosen, setChosen] = useState<ScorePeriod | null>(null);
  const [scope, setScope] = useState<RankingScope>('general');
  const period = chosen ?? dates.data?.[0] ?? null;
  const indicators = useIndicatorScores(siteId, period);
  const history = useScoreHistory(siteId, period);

  let body;
  if (dates.isPending) {
    body = <CircularProgress size={24} aria-label={translate('scores.loading')} />;
  } else if (dates.isError) {
    body = <Alert severity="error">{translate('scores.load_error')}</Alert>;
  } else if (!period) {
    body = <Typography color="text.secondary">{translate('scores.empty')}</Typography>;
  } else {
    const total = indicators.data?.period;
    body = (
      <>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 3, flexWrap: 'wrap', mb: 2 }}>
          <FormControl size="small" sx={{ minWidth: 200 }}>
            <InputLabel id={`scores-month-${siteId}`}>{translate('scores.month')}</InputLabel>
            <Select
              labelId={`scores-month-${siteId}`}
              label={translate('scores.month')}
              value={periodValue(period)}
              onChange={(event) => setChosen(periodFromValue(String(event.target.value)))}
            >
              {(dates.data ?? []).map((date) => (
                <MenuItem key={date.dateStr} value={periodValue(date)}>
                  {monthLabel(translate, date)}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <Typography variant="h4" component="p" aria-live="polite">
            {total ? translate('scores.out_of', { score: total.scoreStr }) : '—'}
          </Typography>
        </Box>
        {indicators.isError || history.isError ? <Alert severity="error">{translate('scores.load_error')}</Alert> : null}
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <IndicatorScores indicators={indicators.data?.results ?? []} />
          {/* A new month starts the ranking centred again (same scope). */}
          <ScoreRanking key={periodValue(period)} siteId={siteId} siteTypeId={siteTypeId} period={period} scope={scope} onScope={setScope} />
          <ScoreHistory points={history.data ?? []} />
        </Box>
      </>
    );
  }

  return (
    <Paper component="section" variant="outlined" sx={{ p: 2, mb: 2 }} aria-labelledby={`scores-title-${siteId}`}>
      <Typography id={`scores-title-${siteId}`} variant="h6" component="h2" sx={{ mb: 1 }}>
        {translate('scores.title')}
      </Typography>
      {body}
    </Paper>
  );
}
