/** The month's score in each indicator, each with its colour class as a chip naming the level (spec 01 'Site detail'). */
import { Box, Chip, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { IndicatorScore } from '../../../resources/scores';
import { CHIP_COLORS } from './scoreTexts';

export function IndicatorScores({ indicators }: { indicators: readonly IndicatorScore[] }) {
  const translate = useTranslate();
  return (
    <Box component="section" aria-labelledby="scores-indicators-title">
      <Typography id="scores-indicators-title" variant="subtitle1" component="h3">
        {translate('scores.indicators.title')}
      </Typography>
      {indicators.length === 0 ? (
        <Typography color="text.secondary">{translate('scores.indicators.empty')}</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {indicators.map((indicator) => {
            const level = translate(`scores.indicators.levels.${indicator.colorClass}`);
            return (
              <Box
                component="li"
                key={indicator.indicatorId}
                aria-label={translate('scores.indicators.entry', { name: indicator.name, score: indicator.scoreStr, level })}
                sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.5 }}
              >
                <Typography sx={{ flexGrow: 1 }}>{indicator.name}</Typography>
                <Typography sx={{ fontWeight: 600 }}>{translate('scores.out_of', { score: indicator.scoreStr })}</Typography>
                <Chip size="small" label={level} sx={CHIP_COLORS[indicator.colorClass]} data-color-class={indicator.colorClass} />
              </Box>
            );
          })}
        </Box>
      )}
    </Box>
  );
}
