/**
 * An engine export reads its datetime columns as PostgreSQL's text (`::text`, server/resources/exports.ts): the
 * driver's own parsing into a Date (a regular expression and seven numbers per value) was the costliest part of reading
 * an audit batch (docs/performance.md). This reads the usual shape of that text by hand, to the same instant as the
 * driver, and hands anything else (a year before 100 or after 9999, BC, infinity, no offset) to the driver's parser.
 */
import pg from 'pg';

const TIMESTAMPTZ_OID = 1184;
const driverTimestamp = pg.types.getTypeParser(TIMESTAMPTZ_OID, 'text') as (text: string) => Date | number | null;

const DAY_MS = 86_400_000;
/** 10^n for the fraction's n digits (PostgreSQL writes at most 6: more is another shape, NaN). */
const TENS = [1, 10, 100, 1000, 10_000, 100_000, 1_000_000];

/** Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's `days_from_civil`; Date.UTC was slower). */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  return era * 146_097 + yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear - 719_468;
}

/** The number written by the digits of `text` in [from, to); NaN when one is not a digit. */
function digits(text: string, from: number, to: number): number {
  let value = 0;
  for (let at = from; at < to; at += 1) {
    const digit = text.charCodeAt(at) - 48;
    if (digit < 0 || digit > 9) return Number.NaN;
    value = value * 10 + digit;
  }
  return value;
}

/**
 * Epoch milliseconds of `2026-11-23 05:04:54.123456+00` (DateStyle ISO, the offset `±hh[:mm[:ss]]`), the fraction
 * taken as the driver takes it (`1000 * 0.123456`, cut to whole milliseconds as Date.UTC cuts it); NaN for any other shape.
 */
export function timestampTextMs(text: string): number {
  if (text.length < 22 || text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45 || text.charCodeAt(10) !== 32) return Number.NaN;
  if (text.charCodeAt(13) !== 58 || text.charCodeAt(16) !== 58) return Number.NaN;
  const year = digits(text, 0, 4);
  let at = 19;
  let ms = 0;
  if (text.charCodeAt(at) === 46) {
    const start = (at += 1);
    while (at < text.length && text.charCodeAt(at) >= 48 && text.charCodeAt(at) <= 57) at += 1;
    // Exactly the driver's `1000 * parseFloat('.123456')`: the quotient is the same correctly rounded double.
    ms = 1000 * (digits(text, start, at) / TENS[at - start]!);
  }
  const sign = text.charCodeAt(at) === 43 ? 1 : text.charCodeAt(at) === 45 ? -1 : 0;
  const rest = text.length - at - 1;
  if (year < 100 || sign === 0 || (rest !== 2 && rest !== 5 && rest !== 8)) return Number.NaN;
  if ((rest > 2 && text.charCodeAt(at + 3) !== 58) || (rest > 5 && text.charCodeAt(at + 6) !== 58)) return Number.NaN;
  const offsetSeconds =
    digits(text, at + 1, at + 3) * 3600 + (rest > 2 ? digits(text, at + 4, at + 6) * 60 : 0) + (rest > 5 ? digits(text, at + 7, at + 9) : 0);
  const seconds = digits(text, 11, 13) * 3600 + digits(text, 14, 16) * 60 + digits(text, 17, 19) - sign * offsetSeconds;
  return daysFromCivil(year, digits(text, 5, 7), digits(text, 8, 10)) * DAY_MS + seconds * 1000 + Math.trunc(ms);
}

/** The instant of a timestamp's text: read by hand (`timestampTextMs`), else by the driver; null when it is none. */
export function timestampFromText(text: string): Date | null {
  const ms = timestampTextMs(text);
  if (!Number.isNaN(ms)) return new Date(ms);
  const parsed = driverTimestamp(text);
  return parsed instanceof Date && !Number.isNaN(parsed.getTime()) ? parsed : null;
}
