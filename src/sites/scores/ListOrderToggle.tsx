/** 'Ordenar por nombre' / 'Ordenar por ranking' above the site list (spec 01 §9); column headers still sort too. */
import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { SiteSort } from '../siteListRules';
import { listOrderChoice, sortForChoice, type ListOrderChoice } from './rankingOrder';

export function ListOrderToggle({ sort, onChange }: { sort: SiteSort; onChange: (sort: SiteSort) => void }) {
  const translate = useTranslate();
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={listOrderChoice(sort)}
      aria-label={translate('scores.list.order_label')}
      onChange={(_event, choice: ListOrderChoice | null) => {
        if (choice) onChange(sortForChoice(choice));
      }}
      sx={{ mb: 1 }}
    >
      <ToggleButton value="name">{translate('scores.list.by_name')}</ToggleButton>
      <ToggleButton value="ranking">{translate('scores.list.by_ranking')}</ToggleButton>
    </ToggleButtonGroup>
  );
}
