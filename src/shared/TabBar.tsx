/**
 * A light tab list (role tablist/tab, arrow keys, Home/End, one tab in the tab order) drawn like MUI's Tabs, without
 * MUI's Tabs and their scroll buttons (~8 KiB gz: docs/decisions/0022-first-load-budget.md). For tabs that filter what
 * follows (no tab panels): the caller shows the content of the selected value.
 */
import ButtonBase from '@mui/material/ButtonBase';
import Box from '@mui/material/Box';
import { useRef, type KeyboardEvent } from 'react';
import { tabIndexForKey } from './tabKeys';

export interface TabBarOption<T extends string> {
  value: T;
  label: string;
}

export function TabBar<T extends string>(props: {
  /** The tab list's accessible name. */
  label: string;
  options: readonly TabBarOption<T>[];
  value: T;
  onChange: (value: T) => void;
}) {
  const { label, options, value, onChange } = props;
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const next = tabIndexForKey(event.key, index, options.length);
    if (next === null) return;
    event.preventDefault();
    buttons.current[next]?.focus();
    onChange(options[next]!.value);
  };
  return (
    <Box role="tablist" aria-label={label} sx={{ display: 'flex', flexWrap: 'wrap', borderBottom: 1, borderColor: 'divider' }}>
      {options.map((option, index) => {
        const selected = option.value === value;
        return (
          <ButtonBase
            key={option.value}
            ref={(element: HTMLButtonElement | null) => {
              buttons.current[index] = element;
            }}
            role="tab"
            aria-selected={selected}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(option.value)}
            onKeyDown={(event) => onKeyDown(event, index)}
            sx={{
              minHeight: 48,
              minWidth: 90,
              px: 2,
              py: 1.5,
              typography: 'button',
              color: selected ? 'primary.main' : 'text.secondary',
              borderBottom: 2,
              borderColor: selected ? 'primary.main' : 'transparent',
              mb: '-1px',
              '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
            }}
          >
            {option.label}
          </ButtonBase>
        );
      })}
    </Box>
  );
}
