import { describe, expect, it } from 'vitest';
import { refreshedExpiry, type RefreshCheck } from './tokens';

describe('refreshedExpiry', () => {
  // now 10 000; tokens last 900 s; a fresh one is due in the last 300 s.
  const base = { now: 10_000, ttlSeconds: 900, windowSeconds: 300 };
  const cases: Array<[string, Omit<RefreshCheck, 'now' | 'ttlSeconds' | 'windowSeconds'>, number | null]> = [
    ['token far from expiry: none', { tokenExpiresAt: 10_600, sessionEndsAt: 50_000 }, null],
    ['exactly at the window: none', { tokenExpiresAt: 10_300, sessionEndsAt: 50_000 }, null],
    ['inside the window: a full lifetime', { tokenExpiresAt: 10_299, sessionEndsAt: 50_000 }, 10_900],
    ['session ends sooner: capped at its end', { tokenExpiresAt: 10_060, sessionEndsAt: 10_500 }, 10_500],
    ['fractional end: rounded down', { tokenExpiresAt: 10_060, sessionEndsAt: 10_500.9 }, 10_500],
    ['capped expiry no later than the current one: none', { tokenExpiresAt: 10_100, sessionEndsAt: 10_100 }, null],
    ['session already over: none', { tokenExpiresAt: 10_060, sessionEndsAt: 9_000 }, null],
  ];
  it.each(cases)('%s', (_case, check, expected) => {
    expect(refreshedExpiry({ ...base, ...check })).toBe(expected);
  });
});
