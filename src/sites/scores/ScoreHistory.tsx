/** The score history: the last 4 monthly scores (spec 01 §9), as labelled bars out of 100, oldest first. */
import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { SCORE_HISTORY_POINTS, SCORE_MAX, type ScorePoint } from '../../../resources/scores';
import { monthLabel } from './scoreTexts';

export function ScoreHistory({ points }: { points: readonly ScorePoint[] }) {
  const translate = useTranslate();
  return (
    <Box component="section" aria-labelledby="scores-history-title">
      <Typography id="scores-history-title" variant="subtitle1" component="h3">
        {translate('scores.history.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('scores.history.description', { smart_count: SCORE_HISTORY_POINTS })}
      </Typography>
      {points.length === 0 ? (
        <Typography color="text.secondary">{translate('scores.history.empty')}</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {points.map((point) => (
            <Box component="li" key={point.dateStr} sx={{ py: 0.5 }}>
              <Typography variant="body2">{translate('scores.history.entry', { date: monthLabel(translate, point), score: point.scoreStr })}</Typography>
              <Box aria-hidden sx={{ height: 8, bgcolor: 'action.hover', borderRadius: 1 }}>
                <Box sx={{ height: '100%', width: `${(point.score / SCORE_MAX) * 100}%`, bgcolor: 'primary.main', borderRadius: 1 }} />
              </Box>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
