/**
 * A column header's sort button, drawn as MUI's TableSortLabel (the arrow shows the order of the active column, and
 * appears faintly on hover or focus of the others) without its module: docs/decisions.md 'First-load budget'. The cell
 * says the order to screen readers (`<TableCell sortDirection>` writes `aria-sort`).
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
        '&:hover .sort-arrow, &.Mui-focusVisible .sort-arrow': { opacity: active ? 1 : 0.5 },
        '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      {children}
      <ArrowDownward
        className="sort-arrow"
        aria-hidden
        sx={{
          fontSize: 18,
          opacity: active ? 1 : 0,
          transform: direction === 'asc' ? 'rotate(180deg)' : 'none',
          transition: 'opacity 150ms, transform 150ms',
        }}
      />
    </ButtonBase>
  );
}
