import { describe, expect, it } from 'vitest';
import { parseIsoDate } from './listQuery';

describe('parseIsoDate', () => {
  it('reads ISO dates and date-times; a bare date is midnight UTC', () => {
    expect(parseIsoDate('2021-03-02')?.toISOString()).toBe('2021-03-02T00:00:00.000Z');
    expect(parseIsoDate('2021-03-02T10:15:00Z')?.toISOString()).toBe('2021-03-02T10:15:00.000Z');
    expect(parseIsoDate('2021-03-02T10:15:00-05:00')?.toISOString()).toBe('2021-03-02T15:15:00.000Z');
  });

  it('refuses impossible dates and other shapes', () => {
    for (const value of ['2021-13-45', '2021-02-30', '2021-03-02T25:00', 'ayer', '02/03/2021', '']) {
      expect(parseIsoDate(value), value).toBeNull();
    }
  });
});
