/** Retry rules of the job runner: backoff per attempt, when to give up, which errors are temporary. */
import { describe, expect, it } from 'vitest';
import { afterFailure, retryDelayMs, type RetryPolicy } from './backoff';
import { isTemporaryError, temporaryFailure, permanentFailure } from './failures';

const policy: RetryPolicy = { maxAttempts: 4, baseDelayMs: 1_000, maxDelayMs: 5_000 };

describe('retryDelayMs', () => {
  it.each([
    [1, 1_000],
    [2, 2_000],
    [3, 4_000],
    [4, 5_000],
    [40, 5_000],
    [0, 1_000],
  ])('after attempt %i waits %i ms', (attempt, expected) => {
    expect(retryDelayMs(attempt, policy)).toBe(expected);
  });
});

describe('afterFailure', () => {
  it.each([
    { attempt: 1, temporary: true, expected: { action: 'retry', delayMs: 1_000 } },
    { attempt: 3, temporary: true, expected: { action: 'retry', delayMs: 4_000 } },
    { attempt: 4, temporary: true, expected: { action: 'fail' } },
    { attempt: 5, temporary: true, expected: { action: 'fail' } },
    { attempt: 1, temporary: false, expected: { action: 'fail' } },
  ])('attempt $attempt, temporary $temporary → $expected.action', ({ attempt, temporary, expected }) => {
    expect(afterFailure(attempt, temporary, policy)).toEqual(expected);
  });
});

describe('isTemporaryError', () => {
  it.each([
    [{ code: '40001' }, true],
    [{ code: '40P01' }, true],
    [{ code: '08006' }, true],
    [{ code: '57P01' }, true],
    [{ code: 'ECONNRESET' }, true],
    [{ code: '23505' }, false],
    [new Error('x'), false],
    [null, false],
    [temporaryFailure('jobs.errors.temporary'), true],
    [permanentFailure('jobs.errors.unexpected'), false],
  ])('%o → %s', (error, expected) => {
    expect(isTemporaryError(error)).toBe(expected);
  });
});
