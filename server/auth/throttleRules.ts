/**
 * Sign-in protection rules (docs/decisions.md, 'Sessions'): after 3 failures for one e-mail or one
 * address the captcha is required whatever the client's random draw; from 5 failures on every
 * answer is slowed down by a growing delay. Failures older than the window are forgotten.
 */
export const CAPTCHA_AFTER_FAILURES = 3;
export const DELAY_AFTER_FAILURES = 5;
export const DELAY_STEP_MS = 250;
export const DELAY_CAP_MS = 3000;
/** Failures older than this no longer count. */
export const FAILURE_WINDOW_MINUTES = 15;

export interface ThrottleDecision {
  captchaRequired: boolean;
  delayMs: number;
}

/** `failures`: the highest failure count among the attempt's keys (e-mail and address). */
export function throttleDecision(failures: number): ThrottleDecision {
  const captchaRequired = failures >= CAPTCHA_AFTER_FAILURES;
  const extra = failures - DELAY_AFTER_FAILURES + 1;
  const delayMs = extra > 0 ? Math.min(DELAY_CAP_MS, DELAY_STEP_MS * extra) : 0;
  return { captchaRequired, delayMs };
}

/** The keys an attempt is counted under. */
export function attemptKeys(email: string, ip: string): string[] {
  return [`email:${email.trim().toLowerCase()}`, `ip:${ip}`];
}
