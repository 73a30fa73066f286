import fc from 'fast-check';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { timestampFromText, timestampTextMs } from './timestampText';

const driver = pg.types.getTypeParser(1184, 'text') as (text: string) => Date | number;

describe('timestampFromText', () => {
  it.each([
    ['2026-11-23 05:04:54.123456+00', '2026-11-23T05:04:54.123Z'],
    ['2026-01-02 03:04:05.9+00', '2026-01-02T03:04:05.900Z'],
    ['2026-01-02 03:04:05.1235+00', '2026-01-02T03:04:05.123Z'],
    ['2026-01-02 03:04:05-05', '2026-01-02T08:04:05.000Z'],
    ['2026-01-02 03:04:05+05:30', '2026-01-01T21:34:05.000Z'],
    ['1890-01-02 03:04:05-04:56:16', '1890-01-02T08:00:21.000Z'],
  ])('%s is the instant the driver reads (%s)', (text, iso) => {
    expect(timestampTextMs(text)).toBe(new Date(iso).getTime());
    expect(timestampFromText(text)).toEqual(driver(text));
  });

  it.each(['0099-01-02 03:04:05+00', '12026-01-02 03:04:05+00', '2026-01-02 03:04:05+00 BC', '2026-01-02 03:04:05'])(
    '%s is left to the driver',
    (text) => {
      expect(timestampTextMs(text)).toBeNaN();
      expect(timestampFromText(text)).toEqual(driver(text));
    },
  );

  it('is null for infinity and for a text that is no timestamp', () => {
    expect(timestampFromText('infinity')).toBeNull();
    expect(timestampFromText('mañana')).toBeNull();
  });

  it('agrees with the driver on any instant, fraction and offset', () => {
    const pad = (value: number, width = 2) => String(Math.abs(value)).padStart(width, '0');
    fc.assert(
      fc.property(
        fc.date({ min: new Date('0100-01-01T00:00:00Z'), max: new Date('9999-12-30T00:00:00Z'), noInvalidDate: true }),
        fc.option(fc.stringMatching(/^[0-9]{1,6}$/)),
        fc.integer({ min: -15 * 3600, max: 15 * 3600 }),
        fc.constantFrom(2, 5, 8),
        (date, fraction, offset, offsetLength) => {
          const shown = offsetLength === 2 ? offset - (offset % 3600) : offsetLength === 5 ? offset - (offset % 60) : offset;
          const local = new Date(date.getTime() + shown * 1000);
          const sign = shown < 0 ? '-' : '+';
          const size = Math.abs(shown);
          const zone = `${sign}${pad(Math.floor(size / 3600))}${offsetLength > 2 ? `:${pad(Math.floor(size / 60) % 60)}` : ''}${offsetLength > 5 ? `:${pad(size % 60)}` : ''}`;
          const text = `${pad(local.getUTCFullYear(), 4)}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())} ${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}${fraction ? `.${fraction}` : ''}${zone}`;
          expect(timestampFromText(text)?.getTime()).toBe((driver(text) as Date).getTime());
        },
      ),
      { numRuns: 2000 },
    );
  });
});
