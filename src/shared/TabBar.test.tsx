import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { TabBar } from './TabBar';

const OPTIONS = [
  { value: 'all', label: 'Todos' },
  { value: 'active', label: 'Activos' },
  { value: 'inactive', label: 'Inactivos' },
] as const;

function Tabs({ onChange }: { onChange?: (value: string) => void }) {
  const [value, setValue] = useState<string>('all');
  return (
    <TabBar
      label="Estado"
      options={OPTIONS}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange?.(next);
      }}
    />
  );
}

describe('TabBar', () => {
  afterEach(cleanup);

  it('is a labelled tab list with only the selected tab in the tab order', () => {
    render(<Tabs />);
    expect(screen.getByRole('tablist', { name: 'Estado' })).toBeInTheDocument();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.getAttribute('aria-selected'))).toEqual(['true', 'false', 'false']);
    expect(tabs.map((tab) => tab.tabIndex)).toEqual([0, -1, -1]);
  });

  it('selects with the arrow keys, Home and End, moving the focus, and with a click', async () => {
    const user = userEvent.setup();
    const chosen: string[] = [];
    render(<Tabs onChange={(value) => chosen.push(value)} />);
    await user.tab();
    expect(screen.getByRole('tab', { name: 'Todos' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Activos' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Activos' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Inactivos' })).toHaveFocus();
    await user.keyboard('{ArrowRight}{Home}{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Inactivos' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'Activos' }));
    expect(chosen).toEqual(['active', 'inactive', 'all', 'all', 'inactive', 'active']);
  });
});
