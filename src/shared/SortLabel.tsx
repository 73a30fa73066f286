/**
 * A column header's sort button, drawn as MUI's TableSortLabel (the arrow shows the order of the active column) without
 * its module: docs/decisions/0022-first-load-budget.md. The cell says the order to screen readers (`<TableCell
 * sortDirection>` writes `aria-sort`). Only the active column keeps room for the arrow: MUI's hidden arrow on every
 * other header (22 px each) made the site list wider than a 1280 px screen (issue 21); the others show their button by
 * colour on hover and focus.
 */
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ButtonBase from '@mui/material/ButtonBase';
import type { ReactNode } from 'react';

export function SortLabel(props: { active: boolean; direction: 'asc' | 'desc'; onClick: () => void; children: ReactNode }) {
  const { active, direction, onClick, children } = props;
  return (
    <ButtonBase
      onClick={onClick}
      sx={{
        font: 'inherit',
        textAlign: 'inherit',
        color: active ? 'text.primary' : 'inherit',
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.5,
        '&:hover, &.Mui-focusVisible': { color: 'text.secondary' },
        '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      {children}
      {active ? (
        <ArrowDownward
          className="sort-arrow"
          aria-hidden
          sx={{ fontSize: 18, transform: direction === 'asc' ? 'rotate(180deg)' : 'none', transition: 'transform 150ms' }}
        />
      ) : null}
    </ButtonBase>
  );
}
