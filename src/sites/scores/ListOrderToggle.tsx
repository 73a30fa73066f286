/**
 * 'Ordenar por nombre' / 'Ordenar por ranking' above the site list (spec 01 §9); column headers still sort too.
 * Two pressed/unpressed buttons in a labelled group (MUI's ToggleButtonGroup would add ~2 KiB gz to the list's first
 * load: docs/decisions/0022-first-load-budget.md).
 */
import { memo } from 'react';
import { Box, Button } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { SiteSort } from '../siteListRules';
import { listOrderChoice, sortForChoice, type ListOrderChoice } from './rankingOrder';

const CHOICES: { value: ListOrderChoice; label: string }[] = [
  { value: 'name', label: 'sites.list.by_name' },
  { value: 'ranking', label: 'sites.list.by_ranking' },
];

export const ListOrderToggle = memo(function ListOrderToggle({ sort, onChange }: { sort: SiteSort; onChange: (sort: SiteSort) => void }) {
  const translate = useTranslate();
  const current = listOrderChoice(sort);
  return (
    <Box role="group" aria-label={translate('sites.list.order_label')} sx={{ display: 'inline-flex', gap: 1, mb: 1 }}>
      {CHOICES.map(({ value, label }) => (
        <Button
          key={value}
          size="small"
          variant={current === value ? 'contained' : 'outlined'}
          aria-pressed={current === value}
          onClick={() => {
            if (current !== value) onChange(sortForChoice(value));
          }}
        >
          {translate(label)}
        </Button>
      ))}
    </Box>
  );
});
