/**
 * Sign-in protection rules (docs/decisions/0005-sessions-and-tokens.md and 'Sign-in and abuse'). Every attempt is
 * counted under two keys, the account (e-mail) and the client address:
 * - from 3 failures on either key the captcha is required whatever the client's random draw;
 * - from the 5th failure on one account, its next attempt must wait an exponentially growing delay
 *   (2 s, 4 s, 8 s…); attempts arriving sooner are refused without checking the password;
 * - the 10th failure (LOGIN_LOCK_AFTER_FAILURES) locks the account for 15 minutes (LOGIN_LOCK_MINUTES):
 *   every sign-in is refused with the wrong-credentials text, even with the right password, while the
 *   recovery link still works. When the lock ends the account starts afresh.
 * Failures older than the window are forgotten. A successful sign-in or recovery clears the counters.
 */
export const CAPTCHA_AFTER_FAILURES = 3;
/** The account's n-th failure from this one on makes its next attempt wait. */
export const DELAY_AFTER_FAILURES = 5;
export const DELAY_BASE_MS = 2000;
export const DELAY_CAP_MS = 5 * 60_000;
/** Failures older than this no longer count. */
export const FAILURE_WINDOW_MINUTES = 15;
export const DEFAULT_LOCK_POLICY: LockPolicy = { afterFailures: 10, minutes: 15 };

export interface LockPolicy {
  /** Failures on one account (within the window) that lock it. */
  afterFailures: number;
  minutes: number;
}

/** One row of login_attempts. */
export interface AttemptCounter {
  failures: number;
  lastFailureAt: Date | null;
  nextAllowedAt: Date | null;
  lockedUntil: Date | null;
}

export type AttemptDecision =
  /** The account is locked: refused with the wrong-credentials text, nothing counted. */
  | { kind: 'locked' }
  /** The captcha is required and none was solved: nothing counted. */
  | { kind: 'captcha_required' }
  /** The account's delay has not passed: refused without checking the password, nothing counted. */
  | { kind: 'too_soon'; retryAfterMs: number }
  /**
   * The password may be checked. The attempt is counted now (as a failure, before the check, so that
   * simultaneous attempts see each other); `account` and `address` are the counters to store, `locks`
   * says this failure locks the account. A successful check clears them.
   */
  | { kind: 'check'; account: AttemptCounter; address: AttemptCounter; locks: boolean };

/**
 * Whether the attempt after a refused one must carry the captcha, so the refusal can say so at once (the
 * client shows the captcha with it instead of learning it from one more refusal): after the failure that
 * reaches the threshold on either key, and while the account is locked (a lock comes after 10 failures;
 * its answer must look like any other failure's).
 */
export function captchaRequiredNext(decision: AttemptDecision): boolean {
  if (decision.kind !== 'check') return true; // locked, captcha missing, or delayed (from the 5th failure on)
  return Math.max(decision.account.failures, decision.address.failures) >= CAPTCHA_AFTER_FAILURES;
}

/** How long the account's next attempt must wait after its `failures`-th failure. */
export function accountDelayMs(failures: number): number {
  if (failures < DELAY_AFTER_FAILURES) return 0;
  return Math.min(DELAY_CAP_MS, DELAY_BASE_MS * 2 ** (failures - DELAY_AFTER_FAILURES));
}

/** The failures that still count at `now`: none once the window has passed or a lock has ended. */
export function currentFailures(counter: AttemptCounter | undefined, now: Date): number {
  if (!counter || !counter.lastFailureAt) return 0;
  if (counter.lastFailureAt.getTime() < now.getTime() - FAILURE_WINDOW_MINUTES * 60_000) return 0;
  if (counter.lockedUntil && counter.lockedUntil.getTime() <= now.getTime()) return 0;
  return counter.failures;
}

export interface AttemptInput {
  account: AttemptCounter | undefined;
  address: AttemptCounter | undefined;
  /** A captcha was sent and verified for this attempt. */
  captchaSolved: boolean;
  now: Date;
  policy: LockPolicy;
}

/** Decides an attempt from the counters as they stand (read under a row lock, see loginAttempts.ts). */
export function decideAttempt({ account, address, captchaSolved, now, policy }: AttemptInput): AttemptDecision {
  const at = now.getTime();
  if (account?.lockedUntil && account.lockedUntil.getTime() > at) return { kind: 'locked' };
  const accountFailures = currentFailures(account, now);
  const addressFailures = currentFailures(address, now);
  if (Math.max(accountFailures, addressFailures) >= CAPTCHA_AFTER_FAILURES && !captchaSolved) {
    return { kind: 'captcha_required' };
  }
  if (accountFailures > 0 && account?.nextAllowedAt && account.nextAllowedAt.getTime() > at) {
    return { kind: 'too_soon', retryAfterMs: account.nextAllowedAt.getTime() - at };
  }
  const failures = accountFailures + 1;
  const delay = accountDelayMs(failures);
  const locks = failures >= policy.afterFailures;
  return {
    kind: 'check',
    account: {
      failures,
      lastFailureAt: now,
      nextAllowedAt: delay > 0 ? new Date(at + delay) : null,
      lockedUntil: locks ? new Date(at + policy.minutes * 60_000) : null,
    },
    address: { failures: addressFailures + 1, lastFailureAt: now, nextAllowedAt: null, lockedUntil: null },
    locks,
  };
}

export interface AttemptKeys {
  account: string;
  address: string;
}

/** The keys an attempt is counted under; an unknown address shares one key. */
export function attemptKeys(email: string, ip: string | null): AttemptKeys {
  return { account: `email:${email.trim().toLowerCase()}`, address: `ip:${ip ?? 'unknown'}` };
}
