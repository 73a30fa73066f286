import { describe, expect, it } from 'vitest';
import { attemptKeys, throttleDecision } from './throttleRules';

describe('throttleDecision', () => {
  it('asks nothing before the third failure', () => {
    expect(throttleDecision(0)).toEqual({ captchaRequired: false, delayMs: 0 });
    expect(throttleDecision(2)).toEqual({ captchaRequired: false, delayMs: 0 });
  });

  it('requires the captcha from three failures on', () => {
    expect(throttleDecision(3).captchaRequired).toBe(true);
    expect(throttleDecision(4)).toEqual({ captchaRequired: true, delayMs: 0 });
  });

  it('slows down from five failures with a growing, capped delay', () => {
    expect(throttleDecision(5).delayMs).toBe(250);
    expect(throttleDecision(6).delayMs).toBe(500);
    expect(throttleDecision(8).delayMs).toBeGreaterThan(throttleDecision(7).delayMs);
    expect(throttleDecision(100).delayMs).toBe(3000);
  });
});

describe('attemptKeys', () => {
  it('counts one attempt under the lower-case e-mail and the address', () => {
    expect(attemptKeys(' Ana@Portales.GOV.co ', '10.0.0.1')).toEqual(['email:ana@portales.gov.co', 'ip:10.0.0.1']);
  });
});
