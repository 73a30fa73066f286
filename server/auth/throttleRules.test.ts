import { describe, expect, it } from 'vitest';
import {
  accountDelayMs,
  attemptKeys,
  captchaRequiredNext,
  currentFailures,
  decideAttempt,
  DEFAULT_LOCK_POLICY,
  type AttemptCounter,
} from './throttleRules';

const NOW = new Date('2030-01-01T12:00:00Z');
const ago = (seconds: number) => new Date(NOW.getTime() - seconds * 1000);
const later = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);
const counter = (failures: number, extra: Partial<AttemptCounter> = {}): AttemptCounter => ({
  failures,
  lastFailureAt: ago(10),
  nextAllowedAt: null,
  lockedUntil: null,
  ...extra,
});

describe('accountDelayMs', () => {
  it.each([
    [0, 0],
    [1, 0],
    [4, 0],
    [5, 2_000],
    [6, 4_000],
    [7, 8_000],
    [9, 32_000],
    [12, 256_000],
    [13, 300_000],
    [100, 300_000],
  ])('after failure %i waits %i ms', (failures, delay) => {
    expect(accountDelayMs(failures)).toBe(delay);
  });
});

describe('currentFailures', () => {
  it.each<[string, AttemptCounter | undefined, number]>([
    ['no row', undefined, 0],
    ['recent failures', counter(4), 4],
    ['failures older than the window', counter(9, { lastFailureAt: ago(16 * 60) }), 0],
    ['a lock still running', counter(10, { lockedUntil: later(60) }), 10],
    ['a lock that has ended', counter(10, { lockedUntil: ago(1) }), 0],
  ])('%s → %i', (_name, row, expected) => {
    expect(currentFailures(row, NOW)).toBe(expected);
  });
});

describe('decideAttempt', () => {
  const decide = (account: AttemptCounter | undefined, address: AttemptCounter | undefined, captchaSolved = false) =>
    decideAttempt({ account, address, captchaSolved, now: NOW, policy: DEFAULT_LOCK_POLICY });

  it.each<[string, AttemptCounter | undefined, AttemptCounter | undefined, boolean, string]>([
    ['first attempt', undefined, undefined, false, 'check'],
    ['two failures, no captcha', counter(2), undefined, false, 'check'],
    ['three account failures, no captcha', counter(3), undefined, false, 'captcha_required'],
    ['three address failures, no captcha', undefined, counter(3), false, 'captcha_required'],
    ['three failures, captcha solved', counter(3), counter(3), true, 'check'],
    ['delay running', counter(5, { nextAllowedAt: later(2) }), undefined, true, 'too_soon'],
    ['delay over', counter(5, { nextAllowedAt: ago(1) }), undefined, true, 'check'],
    ['delay running but no captcha: the captcha first', counter(5, { nextAllowedAt: later(2) }), undefined, false, 'captcha_required'],
    ['locked, even with the captcha', counter(10, { lockedUntil: later(60) }), undefined, true, 'locked'],
    ['locked, without the captcha', counter(10, { lockedUntil: later(60) }), undefined, false, 'locked'],
    ['lock ended: starts afresh', counter(10, { lockedUntil: ago(1), nextAllowedAt: later(20) }), undefined, false, 'check'],
    ['failures past the window', counter(9, { lastFailureAt: ago(3600), nextAllowedAt: ago(3500) }), undefined, false, 'check'],
  ])('%s → %s', (_name, account, address, captchaSolved, kind) => {
    expect(decide(account, address, captchaSolved).kind).toBe(kind);
  });

  it('counts the attempt on both keys and sets the delay from the 5th account failure', () => {
    const first = decide(undefined, undefined);
    expect(first).toEqual({
      kind: 'check',
      account: { failures: 1, lastFailureAt: NOW, nextAllowedAt: null, lockedUntil: null },
      address: { failures: 1, lastFailureAt: NOW, nextAllowedAt: null, lockedUntil: null },
      locks: false,
    });
    const fifth = decide(counter(4), counter(7), true);
    expect(fifth).toMatchObject({
      kind: 'check',
      account: { failures: 5, nextAllowedAt: later(2), lockedUntil: null },
      address: { failures: 8 },
      locks: false,
    });
  });

  it('the 10th failure locks the account for the policy minutes', () => {
    expect(decide(counter(9), undefined, true)).toMatchObject({
      kind: 'check',
      account: { failures: 10, lockedUntil: later(15 * 60) },
      locks: true,
    });
    const custom = decideAttempt({ account: counter(2), address: undefined, captchaSolved: false, now: NOW, policy: { afterFailures: 3, minutes: 2 } });
    expect(custom).toMatchObject({ kind: 'check', account: { lockedUntil: later(120) }, locks: true });
  });

  it('tells how long the delay still runs', () => {
    expect(decide(counter(6, { nextAllowedAt: later(3) }), undefined, true)).toEqual({ kind: 'too_soon', retryAfterMs: 3000 });
  });
});

describe('captchaRequiredNext', () => {
  const decide = (account: AttemptCounter | undefined, address: AttemptCounter | undefined, captchaSolved = false) =>
    decideAttempt({ account, address, captchaSolved, now: NOW, policy: DEFAULT_LOCK_POLICY });

  it.each<[string, AttemptCounter | undefined, AttemptCounter | undefined, boolean, boolean]>([
    ['first failure', undefined, undefined, false, false],
    ['second failure', counter(1), counter(1), false, false],
    ['third failure of the account: the next attempt needs it', counter(2), undefined, false, true],
    ['third failure of the address', undefined, counter(2), false, true],
    ['fourth failure, captcha solved', counter(3), counter(3), true, true],
    ['refused for want of the captcha', counter(3), undefined, false, true],
    ['locked', counter(10, { lockedUntil: later(60) }), undefined, false, true],
    ['delay running (from the 5th failure on)', counter(5, { nextAllowedAt: later(2) }), undefined, true, true],
    ['failures past the window count afresh', counter(9, { lastFailureAt: ago(3600) }), undefined, false, false],
  ])('%s → %s', (_name, account, address, captchaSolved, expected) => {
    expect(captchaRequiredNext(decide(account, address, captchaSolved))).toBe(expected);
  });
});

describe('attemptKeys', () => {
  it('counts one attempt under the lower-case e-mail and the address', () => {
    expect(attemptKeys(' Ana@Portales.GOV.co ', '10.0.0.1')).toEqual({ account: 'email:ana@portales.gov.co', address: 'ip:10.0.0.1' });
    expect(attemptKeys('a@b.co', null).address).toBe('ip:unknown');
  });
});
