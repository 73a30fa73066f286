import fc from 'fast-check';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { readInstant } from './instant';

const driver = pg.types.getTypeParser(1184, 'text') as (text: string) => Date | number;
const two = (value: number) => String(value).padStart(2, '0');

/** PostgreSQL's text of an instant at an offset (seconds east of UTC): `2026-11-23 00:04:54.123456-05`, `-03:30:52`… */
function postgresText(ms: number, micros: number, fraction: number, offset: number): string {
  const local = new Date(ms + offset * 1000).toISOString();
  const digits = `${local.slice(20, 23)}${String(micros).padStart(3, '0')}`.slice(0, fraction).replace(/0+$/, '');
  const size = Math.abs(offset);
  const zone = `${offset < 0 ? '-' : '+'}${two(Math.floor(size / 3600))}${size % 3600 ? `:${two(Math.floor((size % 3600) / 60))}` : ''}${size % 60 ? `:${two(size % 60)}` : ''}`;
  return `${local.slice(0, 10)} ${local.slice(11, 19)}${digits ? `.${digits}` : ''}${zone}`;
}

describe('readInstant', () => {
  it('reads the instant the driver reads from any timestamptz text: any offset, fraction, year', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(100, 0, 2), max: Date.UTC(9999, 11, 30) }),
        fc.integer({ min: 0, max: 999 }),
        fc.integer({ min: 0, max: 6 }),
        fc.oneof(fc.constantFrom(0, -18000, 19800, -12600, -16748, 3600), fc.integer({ min: -15 * 3600, max: 15 * 3600 })),
        (ms, micros, fraction, offset) => {
          const text = postgresText(ms, micros, fraction, offset);
          expect(readInstant(text)?.getTime()).toBe((driver(text) as Date).getTime());
        },
      ),
    );
  });

  it('leaves other shapes to the driver: BC, years past 9999 or before 100; infinity is no instant', () => {
    for (const text of ['0044-03-15 12:00:00+00 BC', '12000-01-01 00:00:00+00', '0099-12-31 23:59:59.5+00', '2026-02-29 10:00:00+00']) {
      expect(readInstant(text)?.getTime()).toBe((driver(text) as Date).getTime());
    }
    expect(readInstant('infinity')).toBeNull();
    expect(readInstant('-infinity')).toBeNull();
    expect(readInstant('2026-11-23 05:04:54.5+00')?.toISOString()).toBe('2026-11-23T05:04:54.500Z');
  });
});
