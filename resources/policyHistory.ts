/**
 * The date rules of the policy version histories (spec 03 §4 'Policy history', §5 'Policy versions'): one pure module,
 * read by the server (server/resources/services/policyHistories.ts: the rules that decide what is stored) and by the
 * screen (the publication date's bounds, 'Vigente'). Days are calendar days `YYYY-MM-DD` in Colombia; the clock is
 * injected, so the rules are tested across days (resources/policyHistory.test.ts).
 *
 * - Adding a record: its publication date is neither after today nor before the latest record's; it opens (no end
 *   date, 'Vigente'), its update date is today, and the latest record closes today.
 * - Editing the latest record's publication date (the only record that may change): the same bounds against the
 *   record before it; its update date becomes today and the record before it closes the day before the new
 *   publication date (never before that record's own publication date: docs/decisions/0034-policy-histories-and-update-schedule.md).
 */
import { platformClock } from './dates';

export type Day = string;

/** The history record fields the rules read (spec 03 §3 'Policy or data-treatment history record'). */
export interface PolicyDates {
  publicationDate: Day;
  updateDate: Day | null;
  endDate: Day | null;
}

export const POLICY_IDENTIFIER_MAX = 40;
export const POLICY_DESCRIPTION_MAX = 150;
/** Spec 03 §5: 31457280 bytes and these extensions (the files service's `policyFile` element type). */
export const POLICY_FILE_MAX_BYTES = 30 * 1024 * 1024;
export const POLICY_FILE_EXTENSIONS = ['doc', 'txt', 'xls', 'xlsx', 'docx', 'pdf', 'zip', 'rar'] as const;
export const POLICY_FILE_ELEMENT = 'policyFile';

/** The i18n keys of the rules' refusals and of the open end date. */
export const POLICY_MESSAGES = {
  future: 'validation.policies.publication_future',
  beforePrevious: 'validation.policies.publication_before_previous',
  invalid: 'validation.policies.publication_invalid',
  /** The envelope of a refused save (an edit) and of a refused addition (spec 03 §5's two failure messages). */
  fixBeforeSave: 'validation.policies.fix_before_save',
  fixBeforeAdd: 'validation.policies.fix_before_add',
  current: 'policies.current',
} as const;

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** A real calendar day written `YYYY-MM-DD`. */
export function isDay(value: unknown): value is Day {
  if (typeof value !== 'string') return false;
  const match = DAY_PATTERN.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
}

/** The day of a stored value (a `date` column answers `YYYY-MM-DD`, a timestamp an ISO instant: its Colombian day). */
export function dayOf(value: unknown): Day | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string' && isDay(value.slice(0, 10)) && value.length === 10) return value;
  const date = value instanceof Date ? value : new Date(String(value));
  if (Number.isNaN(date.getTime())) return null;
  const { year, month, day } = platformClock(date);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Today in Colombia by the injected clock. */
export function todayOf(now: () => Date): Day {
  return dayOf(now())!;
}

/** The day `days` after (negative: before) `day`. */
export function addDays(day: Day, days: number): Day {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The same day `months` later (earlier when negative), the last day of a shorter month: 2026-03-31 − 1 → 2026-02-28. */
export function addMonths(day: Day, months: number): Day {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(year, month - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(date, last))).toISOString().slice(0, 10);
}

/** Why a publication date is refused (an i18n key), or null: a real day, not after today, not before the previous record's. */
export function publicationDateError(publicationDate: unknown, previousPublicationDate: Day | null, today: Day): string | null {
  if (!isDay(publicationDate)) return POLICY_MESSAGES.invalid;
  if (publicationDate > today) return POLICY_MESSAGES.future;
  if (previousPublicationDate !== null && publicationDate < previousPublicationDate) return POLICY_MESSAGES.beforePrevious;
  return null;
}

/** What an addition stores: the new record's dates and the latest record's new end date (none without a latest). */
export interface AdditionPlan {
  error: string | null;
  record: PolicyDates;
  latestEndDate: Day | null;
}

export function planAddition(latest: Pick<PolicyDates, 'publicationDate'> | null, publicationDate: Day, today: Day): AdditionPlan {
  return {
    error: publicationDateError(publicationDate, latest?.publicationDate ?? null, today),
    record: { publicationDate, updateDate: today, endDate: null },
    latestEndDate: latest ? today : null,
  };
}

/** What an edit of the latest record stores: its dates and, when its publication date moved, the previous record's end date. */
export interface EditPlan {
  error: string | null;
  record: PolicyDates;
  /** The record before the latest one closes on this day; null: it is left as it is. */
  previousEndDate: Day | null;
}

export function planEdit(
  latest: PolicyDates,
  previous: Pick<PolicyDates, 'publicationDate'> | null,
  publicationDate: Day,
  today: Day,
): EditPlan {
  if (publicationDate === latest.publicationDate) return { error: null, record: latest, previousEndDate: null };
  const error = publicationDateError(publicationDate, previous?.publicationDate ?? null, today);
  const dayBefore = addDays(publicationDate, -1);
  return {
    error,
    record: { ...latest, publicationDate, updateDate: today },
    previousEndDate: previous ? (dayBefore < previous.publicationDate ? previous.publicationDate : dayBefore) : null,
  };
}

/** Whether a record is the current version (no end date: it reads 'Vigente'); only that one may be edited. */
export const isCurrentVersion = (record: Pick<PolicyDates, 'endDate'>): boolean => record.endDate === null || record.endDate === undefined;

/** The end date as shown: the day, or the key of 'Vigente' when open. */
export const endDateText = (record: Pick<PolicyDates, 'endDate'>, format: (day: Day) => string): { key: string } | { text: string } =>
  isCurrentVersion(record) ? { key: POLICY_MESSAGES.current } : { text: format(record.endDate!) };
