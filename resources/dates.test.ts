import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatTime, platformClock, platformDayBound } from './dates';

describe('the platform date format (dd/mm/aaaa hh:mm a. m., Colombia)', () => {
  it.each([
    ['2021-04-19T18:16:00Z', '19/04/2021 01:16 p. m.'],
    ['2026-10-23T05:00:00Z', '23/10/2026 12:00 a. m.'],
    ['2026-10-23T04:59:59Z', '22/10/2026 11:59 p. m.'],
    ['2026-10-23T17:00:00Z', '23/10/2026 12:00 p. m.'],
    ['2026-10-23T16:59:00Z', '23/10/2026 11:59 a. m.'],
    ['2024-02-29T12:00:00-05:00', '29/02/2024 12:00 p. m.'],
  ])('%s reads %s', (instant, expected) => {
    expect(formatDateTime(instant)).toBe(expected);
    expect(formatDateTime(new Date(instant))).toBe(expected);
  });

  it('a bare calendar day is written as it is; an instant by its day in Colombia', () => {
    expect(formatDate('2024-02-29')).toBe('29/02/2024');
    expect(formatDate('2024-03-01T03:00:00Z')).toBe('29/02/2024');
    expect(formatTime('2024-03-01T03:00:00Z')).toBe('10:00 p. m.');
  });

  it('nothing or an unreadable value gives nothing', () => {
    for (const value of [null, undefined, '', 'no es fecha', {}, new Date(Number.NaN)]) {
      expect(formatDate(value)).toBe('');
      expect(formatDateTime(value)).toBe('');
    }
  });

  it('agrees with Intl in America/Bogota for any instant (the day, month, year, hour and minute)', () => {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/Bogota', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hour12: true,
    });
    fc.assert(
      fc.property(fc.date({ min: new Date('1994-01-01T00:00:00Z'), max: new Date('2200-01-01T00:00:00Z'), noInvalidDate: true }), (date) => {
        const p = Object.fromEntries(parts.formatToParts(date).map((part) => [part.type, part.value]));
        const mark = p.dayPeriod === 'AM' ? 'a. m.' : 'p. m.';
        expect(formatDateTime(date)).toBe(`${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute} ${mark}`);
      }),
    );
  });

  it("reads an instant's wall clock as Date's UTC fields read it at Colombia's offset, for any instant a Date holds", () => {
    fc.assert(
      fc.property(fc.date({ noInvalidDate: true }), (date) => {
        const local = new Date(date.getTime() - 5 * 3_600_000);
        // Out of Date's range once shifted: nothing to compare with.
        fc.pre(!Number.isNaN(local.getTime()));
        expect(platformClock(date)).toEqual({
          year: local.getUTCFullYear(), month: local.getUTCMonth() + 1, day: local.getUTCDate(), hours: local.getUTCHours(), minutes: local.getUTCMinutes(),
        });
        expect(formatDateTime(date)).toBe(`${formatDate(date)} ${formatTime(date)}`);
      }),
      { numRuns: 3000 },
    );
    expect(platformClock(new Date('2024-02-29T04:59:59.999Z'))).toEqual({ year: 2024, month: 2, day: 28, hours: 23, minutes: 59 });
    expect(platformClock(new Date('0000-03-01T05:00:00Z'))).toEqual({ year: 0, month: 3, day: 1, hours: 0, minutes: 0 });
  });

  it('a Colombian day runs from 05:00 UTC to 04:59:59.999 UTC the next day', () => {
    expect(platformDayBound('2026-12-31', 'start')).toBe('2026-12-31T05:00:00.000Z');
    expect(platformDayBound('2026-12-31', 'end')).toBe('2027-01-01T04:59:59.999Z');
  });
});
