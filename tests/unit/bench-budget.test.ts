import { describe, expect, it } from 'vitest';
import { BUDGETS_KIB, budgetRows } from '../../bench/bundle';

describe('budgetRows (npm run bench, first-load budget)', () => {
  it('holds the budgets of issue 7', () => {
    expect(BUDGETS_KIB).toEqual({ '/login': 230, '/portales': 260 });
  });

  it('is OK up to the budget included, EXCEEDED one byte past it, with the margin in KiB', () => {
    const rows = budgetRows(
      [
        { route: '/login', jsGzipBytes: 230 * 1024 },
        { route: '/portales', jsGzipBytes: 260 * 1024 + 1 },
        { route: '/otra', jsGzipBytes: 512 },
      ],
      { '/login': 230, '/portales': 260 },
    );
    expect(rows).toEqual([
      { route: '/login', kib: 230, budgetKib: 230, marginKib: 0, status: 'OK' },
      { route: '/portales', kib: 260, budgetKib: 260, marginKib: -0, status: 'EXCEEDED' },
      { route: '/otra', kib: 0.5, budgetKib: null, marginKib: null, status: 'sin presupuesto' },
    ]);
  });

  it('rounds to one decimal: 219.94 KiB against 230 leaves 10.1', () => {
    const [row] = budgetRows([{ route: '/login', jsGzipBytes: Math.round(219.94 * 1024) }]);
    expect(row).toMatchObject({ kib: 219.9, marginKib: 10.1, status: 'OK' });
  });
});
