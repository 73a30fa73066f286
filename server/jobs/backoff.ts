/** What happens after a job attempt fails: retry later with exponential backoff, or give up. */

export interface RetryPolicy {
  /** Attempts in all, the first included (a claim after a dead worker counts as one). */
  maxAttempts: number;
  /** Wait before the second attempt; doubled for each further one. */
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxAttempts: 5, baseDelayMs: 5_000, maxDelayMs: 10 * 60_000 };

/** Wait after failed attempt number `attempt` (from 1): base, 2·base, 4·base… capped at maxDelayMs. */
export function retryDelayMs(attempt: number, policy: RetryPolicy): number {
  const exponent = Math.max(0, attempt - 1);
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.min(exponent, 30));
}

export type FailureOutcome = { action: 'retry'; delayMs: number } | { action: 'fail' };

/** A temporary failure is retried while attempts remain; a permanent one fails the job at once. */
export function afterFailure(attempt: number, temporary: boolean, policy: RetryPolicy): FailureOutcome {
  if (!temporary || attempt >= policy.maxAttempts) return { action: 'fail' };
  return { action: 'retry', delayMs: retryDelayMs(attempt, policy) };
}
