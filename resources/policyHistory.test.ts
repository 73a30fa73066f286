import { describe, expect, it } from 'vitest';
import { addDays, addMonths, dayOf, endDateText, isCurrentVersion, isDay, planAddition, planEdit, POLICY_MESSAGES, publicationDateError, todayOf } from './policyHistory';

/** A clock stopped at an instant: the rules read only what it answers. */
const clockAt = (instant: string) => () => new Date(instant);

describe('policy history: today is the Colombian day of the injected clock', () => {
  it.each([
    ['2026-03-01T04:59:59Z', '2026-02-28'],
    ['2026-03-01T05:00:00Z', '2026-03-01'],
    ['2024-03-01T03:00:00Z', '2024-02-29'],
    ['2027-01-01T04:00:00Z', '2026-12-31'],
    ['2027-01-01T05:00:00Z', '2027-01-01'],
  ])('at %s today is %s', (instant, day) => {
    expect(todayOf(clockAt(instant))).toBe(day);
  });

  it.each([
    ['2026-03-01', -1, '2026-02-28'],
    ['2024-03-01', -1, '2024-02-29'],
    ['2026-01-01', -1, '2025-12-31'],
    ['2026-12-31', 1, '2027-01-01'],
  ])('%s %i day(s) is %s', (day, days, expected) => expect(addDays(day, days)).toBe(expected));

  it.each([
    ['2026-03-31', -1, '2026-02-28'],
    ['2024-03-31', -1, '2024-02-29'],
    ['2026-01-15', -1, '2025-12-15'],
    ['2026-12-07', -1, '2026-11-07'],
  ])("%s %i month(s) is %s (the report's default start)", (day, months, expected) => expect(addMonths(day, months)).toBe(expected));

  it('reads days and instants', () => {
    expect(isDay('2026-02-29')).toBe(false);
    expect(isDay('2024-02-29')).toBe(true);
    expect(isDay('2024-2-29')).toBe(false);
    expect(dayOf('2024-02-29')).toBe('2024-02-29');
    expect(dayOf('2024-03-01T03:00:00.000Z')).toBe('2024-02-29');
    expect(dayOf(null)).toBeNull();
  });
});

describe('policy history: the publication date is neither after today nor before the previous record', () => {
  it.each([
    // publication, previous publication, today, expected
    ['2026-05-10', null, '2026-05-10', null],
    ['2026-05-11', null, '2026-05-10', POLICY_MESSAGES.future],
    ['2026-05-10', '2026-05-10', '2026-05-10', null],
    ['2026-05-09', '2026-05-10', '2026-05-10', POLICY_MESSAGES.beforePrevious],
    ['2025-12-31', '2026-01-01', '2026-02-01', POLICY_MESSAGES.beforePrevious],
    ['2026-01-01', '2025-12-31', '2026-01-01', null],
    ['2026-02-30', null, '2026-05-10', POLICY_MESSAGES.invalid],
    ['', null, '2026-05-10', POLICY_MESSAGES.invalid],
    [null, null, '2026-05-10', POLICY_MESSAGES.invalid],
  ])('%s after %s on %s → %s', (publication, previous, today, expected) => {
    expect(publicationDateError(publication, previous, today)).toBe(expected);
  });

  it('the same date is refused one day and accepted the next (the clock moves the bound)', () => {
    expect(publicationDateError('2026-03-01', null, todayOf(clockAt('2026-03-01T04:59:00Z')))).toBe(POLICY_MESSAGES.future);
    expect(publicationDateError('2026-03-01', null, todayOf(clockAt('2026-03-01T05:00:00Z')))).toBeNull();
  });
});

describe('policy history: adding a record', () => {
  it.each([
    // latest publication, new publication, today, latest end date, error
    [null, '2026-05-01', '2026-05-10', null, null],
    ['2026-04-01', '2026-05-01', '2026-05-10', '2026-05-10', null],
    ['2026-04-01', '2026-05-10', '2026-05-10', '2026-05-10', null],
    ['2026-04-01', '2026-05-11', '2026-05-10', '2026-05-10', POLICY_MESSAGES.future],
    ['2026-04-01', '2026-03-31', '2026-05-10', '2026-05-10', POLICY_MESSAGES.beforePrevious],
  ])('latest %s, new %s on %s: latest closes %s (%s)', (latest, publication, today, latestEnd, error) => {
    const plan = planAddition(latest ? { publicationDate: latest } : null, publication, today);
    expect(plan.error).toBe(error);
    expect(plan.latestEndDate).toBe(latestEnd);
    expect(plan.record).toEqual({ publicationDate: publication, updateDate: today, endDate: null });
  });
});

describe('policy history: editing the latest record', () => {
  const latest = { publicationDate: '2026-05-01', updateDate: '2026-05-01', endDate: null };

  it.each([
    // previous publication, new publication, today, previous end date, error
    ['2026-03-01', '2026-04-15', '2026-05-10', '2026-04-14', null],
    ['2026-03-01', '2026-05-10', '2026-05-10', '2026-05-09', null],
    ['2026-03-01', '2026-03-01', '2026-05-10', '2026-03-01', null],
    ['2026-03-01', '2026-03-02', '2026-05-10', '2026-03-01', null],
    ['2026-03-01', '2026-01-01', '2026-05-10', '2025-12-31', POLICY_MESSAGES.beforePrevious],
    ['2026-03-01', '2026-05-11', '2026-05-10', '2026-05-10', POLICY_MESSAGES.future],
    [null, '2026-04-15', '2026-05-10', null, null],
  ])('previous %s, publication → %s on %s: previous closes %s (%s)', (previous, publication, today, previousEnd, error) => {
    const plan = planEdit(latest, previous ? { publicationDate: previous } : null, publication, today);
    expect(plan.error).toBe(error);
    if (error === null) expect(plan.previousEndDate).toBe(previousEnd);
    expect(plan.record).toEqual({ publicationDate: publication, updateDate: today, endDate: null });
  });

  it('an unchanged publication date changes nothing (the update date stays)', () => {
    expect(planEdit(latest, { publicationDate: '2026-03-01' }, '2026-05-01', '2026-06-01')).toEqual({ error: null, record: latest, previousEndDate: null });
  });

  it('across days: the update date is the day the edit is made', () => {
    for (const [instant, day] of [
      ['2026-05-11T04:00:00Z', '2026-05-10'],
      ['2026-05-11T05:00:00Z', '2026-05-11'],
    ] as const) {
      expect(planEdit(latest, null, '2026-04-20', todayOf(clockAt(instant))).record.updateDate).toBe(day);
    }
  });
});

describe('policy history: an open end date reads Vigente', () => {
  it.each([
    [null, { key: POLICY_MESSAGES.current }],
    ['2026-05-10', { text: '10/05/2026' }],
  ])('%s', (endDate, expected) => {
    expect(endDateText({ endDate }, (day) => day.split('-').reverse().join('/'))).toEqual(expected);
    expect(isCurrentVersion({ endDate })).toBe(endDate === null);
  });
});
