/** Years and months offered by the loads (spec 01 §9), as the dialogs and the API apply them. */
import { describe, expect, it } from 'vitest';
import { bulkFileCanSave, emailMonths, emailPeriodError, emailYears, govIndexYearError, govIndexYears } from './loads';

const now = new Date(2026, 4, 15); // 15 May 2026

describe('load periods', () => {
  it('offers years newest first: e-mails from 2000, the index from 2018', () => {
    expect(emailYears(now)[0]).toBe(2026);
    expect(emailYears(now).at(-1)).toBe(2000);
    expect(emailYears(now)).toHaveLength(27);
    expect(govIndexYears(now)).toEqual([2026, 2025, 2024, 2023, 2022, 2021, 2020, 2019, 2018]);
  });

  it('caps the months at the current one in the current year', () => {
    expect(emailMonths(2026, now)).toEqual([1, 2, 3, 4, 5]);
    expect(emailMonths(2025, now)).toHaveLength(12);
  });

  it.each([
    [undefined, 1, 'loads.errors.year_required'],
    [1999, 1, 'loads.errors.year_range'],
    [2027, 1, 'loads.errors.year_range'],
    [2020.5, 1, 'loads.errors.year_range'],
    ['2020', 1, 'loads.errors.year_range'],
    [2020, undefined, 'loads.errors.month_required'],
    [2020, 0, 'loads.errors.month_range'],
    [2026, 6, 'loads.errors.month_range'],
    [2026, 5, null],
    [2000, 12, null],
  ])('e-mail period %j/%j → %s', (year, month, key) => expect(emailPeriodError(year, month, now)?.key ?? null).toBe(key));

  it('names the range in the message values', () => {
    expect(emailPeriodError(2026, 6, now)).toEqual({ target: 'month', key: 'loads.errors.month_range', values: { max: 5 } });
    expect(govIndexYearError(2017, now)).toEqual({ target: 'year', key: 'loads.errors.year_range', values: { min: 2018, max: 2026 } });
    expect(govIndexYearError(2018, now)).toBeNull();
    expect(govIndexYearError(null, now)?.key).toBe('loads.errors.year_required');
  });
});

describe('bulk portal file', () => {
  it.each([
    [3, 0, true],
    [1, 0, true],
    [0, 0, false],
    [3, 1, false],
    [0, 2, false],
  ])("'Guardar entidades' with %i new portals and %i errors: %s", (newPortals, errorCount, expected) => {
    expect(bulkFileCanSave(newPortals, errorCount)).toBe(expected);
  });
});
