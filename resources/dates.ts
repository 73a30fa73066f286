/**
 * The one way the platform writes a date for a person (issue 21): Colombian `dd/mm/aaaa`, and `dd/mm/aaaa hh:mm a. m.`
 * where a time is shown, in Colombia's time (America/Bogota, UTC−5 all year: no daylight saving since 1993). Screens
 * (src/) and exports (server/exports) all read it from here. Written by hand, not with Intl, so that every browser and
 * Node agree to the character (Intl's es-CO output varies between ICU versions: `p. m.` with or without narrow spaces).
 */

/** The platform's time zone: the one of every date shown or exported. */
export const PLATFORM_TIME_ZONE = 'America/Bogota';
/** Colombia's offset from UTC in minutes (fixed: no daylight saving). */
export const PLATFORM_UTC_OFFSET_MINUTES = -300;
/** The offset as ISO 8601 writes it. */
export const PLATFORM_UTC_OFFSET = '-05:00';

const MINUTE_MS = 60_000;
/** The morning and afternoon marks of Colombian Spanish (RAE: `a. m.`, `p. m.`). */
export const AM = 'a. m.';
export const PM = 'p. m.';

/** '00'…'99' read from a table: an export writes a date cell per row (issue 22). */
const TWO_DIGITS = Array.from({ length: 100 }, (_, value) => String(value).padStart(2, '0'));
const pad = (value: number) => TWO_DIGITS[value] ?? String(value).padStart(2, '0');

/** A Date, an ISO text or epoch milliseconds as a Date; null for anything else or an invalid date. */
export function toDate(value: unknown): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : typeof value === 'string' || typeof value === 'number' ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? date : null;
}

const DAY_MS = 86_400_000;

/**
 * The instant's wall-clock fields in Colombia, by arithmetic on its milliseconds (days to a civil date as in Howard
 * Hinnant's `civil_from_days`): no Date is made, which kept date cells the costliest of an export's cells (issue 22).
 */
export function platformClock(date: Date): { year: number; month: number; day: number; hours: number; minutes: number } {
  const local = date.getTime() + PLATFORM_UTC_OFFSET_MINUTES * MINUTE_MS;
  const days = Math.floor(local / DAY_MS);
  const inDay = local - days * DAY_MS;
  const shifted = days + 719_468;
  const era = Math.floor(shifted / 146_097);
  const dayOfEra = shifted - era * 146_097;
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthFromMarch = Math.floor((5 * dayOfYear + 2) / 153);
  const month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9;
  return {
    year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0),
    month,
    day: dayOfYear - Math.floor((153 * monthFromMarch + 2) / 5) + 1,
    hours: Math.floor(inDay / 3_600_000),
    minutes: Math.floor((inDay % 3_600_000) / MINUTE_MS),
  };
}

const BARE_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * `dd/mm/aaaa`. A bare calendar day (`2024-02-29`, a `date` field) is written as it is (it has no time zone); an
 * instant is written as its day in Colombia. '' for nothing or an unreadable value.
 */
export function formatDate(value: unknown): string {
  if (typeof value === 'string') {
    const day = BARE_DAY.exec(value);
    if (day) return `${day[3]}/${day[2]}/${day[1]}`;
  }
  const date = toDate(value);
  if (!date) return '';
  const clock = platformClock(date);
  return `${pad(clock.day)}/${pad(clock.month)}/${String(clock.year).padStart(4, '0')}`;
}

/** `hh:mm a. m.` (12-hour clock, two digits) of an instant in Colombia. */
export function formatTime(value: unknown): string {
  const date = toDate(value);
  if (!date) return '';
  const { hours, minutes } = platformClock(date);
  const twelve = hours % 12 === 0 ? 12 : hours % 12;
  return `${pad(twelve)}:${pad(minutes)} ${hours < 12 ? AM : PM}`;
}

/** `hh:mm a. m.` of each minute of a day, written once when first asked. */
const CLOCK_TEXTS: string[] = [];
function clockText(minuteOfDay: number): string {
  let text = CLOCK_TEXTS[minuteOfDay];
  if (text === undefined) {
    const hours = Math.floor(minuteOfDay / 60);
    text = `${pad(hours % 12 === 0 ? 12 : hours % 12)}:${pad(minuteOfDay % 60)} ${hours < 12 ? AM : PM}`;
    CLOCK_TEXTS[minuteOfDay] = text;
  }
  return text;
}

/** The last Colombian day written by formatDateTime and its `dd/mm/aaaa`: an export's rows in date order share it. */
let lastDay = NaN;
let lastDayText = '';

/** `dd/mm/aaaa hh:mm a. m.`: an instant in Colombia; '' for nothing or an unreadable value. Its clock is read once a day. */
export function formatDateTime(value: unknown): string {
  const date = toDate(value);
  if (!date) return '';
  const local = date.getTime() + PLATFORM_UTC_OFFSET_MINUTES * MINUTE_MS;
  const days = Math.floor(local / DAY_MS);
  if (days !== lastDay) {
    const { year, month, day } = platformClock(date);
    lastDayText = `${pad(day)}/${pad(month)}/${String(year).padStart(4, '0')}`;
    lastDay = days;
  }
  return `${lastDayText} ${clockText(Math.floor((local - days * DAY_MS) / MINUTE_MS))}`;
}

/**
 * The first or last instant of a calendar day (`YYYY-MM-DD`) in Colombia, as an ISO instant: the dates shown are
 * Colombian, so a filter's days are Colombian days too.
 */
export function platformDayBound(day: string, bound: 'start' | 'end'): string {
  return new Date(`${day}T${bound === 'start' ? '00:00:00.000' : '23:59:59.999'}${PLATFORM_UTC_OFFSET}`).toISOString();
}
