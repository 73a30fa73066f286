/**
 * The month's ranking (spec 01 'Site detail', §9): general or by the site's entity type, 5 entries centred on the site,
 * 'Subir' / 'Bajar' moving the window by 5 and 'Centrar' bringing the site back; the site's own entry is marked.
 */
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import CenterFocusStrongIcon from '@mui/icons-material/CenterFocusStrong';
import { Alert, Box, Button, ButtonGroup, Typography, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { steppedOffset, type ScorePeriod } from '../../../resources/scores';
import { useRanking, type RankingScope } from './useScores';

export interface ScoreRankingProps {
  siteId: number;
  siteTypeId: number | null;
  period: ScorePeriod;
  /** General or by entity type: kept by the section, so that choosing another month keeps it. */
  scope: RankingScope;
  onScope: (scope: RankingScope) => void;
}

export function ScoreRanking({ siteId, siteTypeId, period, scope, onScope }: ScoreRankingProps) {
  const translate = useTranslate();
  // null: centred on the site (the server's default window).
  const [offset, setOffset] = useState<number | null>(null);
  const { data, isError } = useRanking(siteId, period, scope === 'type' ? siteTypeId : null, offset);
  const meta = data?.meta;
  const move = (direction: 'up' | 'down') => meta && setOffset(steppedOffset(meta.offset, direction, meta.total));

  return (
    <Box component="section" aria-labelledby="scores-ranking-title">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography id="scores-ranking-title" variant="subtitle1" component="h3">
          {translate('scores.ranking.title')}
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={scope}
          aria-label={translate('scores.ranking.scope_label')}
          onChange={(_event, next: RankingScope | null) => {
            if (next) {
              onScope(next);
              setOffset(null);
            }
          }}
        >
          <ToggleButton value="general">{translate('scores.ranking.general')}</ToggleButton>
          <ToggleButton value="type" disabled={siteTypeId === null}>
            {translate('scores.ranking.by_type')}
          </ToggleButton>
        </ToggleButtonGroup>
      </Box>
      {isError ? <Alert severity="error">{translate('scores.load_error')}</Alert> : null}
      {meta ? (
        <Typography variant="body2" color="text.secondary" aria-live="polite">
          {meta.currentRank !== null ? translate('scores.ranking.position', { rank: meta.currentRank, total: meta.total }) : translate('scores.ranking.not_ranked')}
        </Typography>
      ) : null}
      {data && data.results.length === 0 ? <Typography color="text.secondary">{translate('scores.ranking.empty')}</Typography> : null}
      {data && data.results.length > 0 ? (
        <Box component="ol" sx={{ listStyle: 'none', p: 0, my: 1 }} aria-labelledby="scores-ranking-title">
          {data.results.map((entry) => (
            <Box
              component="li"
              key={`${entry.rank}-${entry.siteId ?? entry.siteName}`}
              aria-current={entry.current ? 'true' : undefined}
              sx={{ display: 'flex', gap: 1, py: 0.5, px: 1, borderRadius: 1, fontWeight: entry.current ? 700 : 400, bgcolor: entry.current ? 'action.selected' : undefined }}
            >
              <Box component="span" sx={{ minWidth: 90 }}>
                {translate('scores.ranking.entry_rank', { rank: entry.rank })}
              </Box>
              <Box component="span" sx={{ flexGrow: 1 }}>
                {entry.siteName} {entry.current ? translate('scores.ranking.current') : ''}
              </Box>
              <Box component="span">{translate('scores.out_of', { score: entry.scoreStr })}</Box>
            </Box>
          ))}
        </Box>
      ) : null}
      <ButtonGroup size="small" variant="outlined">
        <Button startIcon={<ArrowUpwardIcon />} aria-label={translate('scores.ranking.up_label')} disabled={!meta?.hasPrevious} onClick={() => move('up')}>
          {translate('scores.ranking.up')}
        </Button>
        <Button
          startIcon={<CenterFocusStrongIcon />}
          aria-label={translate('scores.ranking.centre_label')}
          disabled={!meta || meta.currentOffset === null}
          onClick={() => setOffset(null)}
        >
          {translate('scores.ranking.centre')}
        </Button>
        <Button startIcon={<ArrowDownwardIcon />} aria-label={translate('scores.ranking.down_label')} disabled={!meta?.hasNext} onClick={() => move('down')}>
          {translate('scores.ranking.down')}
        </Button>
      </ButtonGroup>
    </Box>
  );
}
