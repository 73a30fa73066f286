/** The Lighthouse section of the bench reports the median run of each page (bench/lighthouse.ts). */
import { describe, expect, it } from 'vitest';
import { medianRun, type LighthouseRun } from '../../bench/lighthouse';

const run = (performance: number, tbtMs: number): LighthouseRun => ({
  page: '/portales',
  scores: { performance, accessibility: 100, 'best-practices': 100 },
  fcpMs: 300,
  lcpMs: 400,
  tbtMs,
  cls: 0,
});

describe('medianRun', () => {
  it('takes the run with the middle performance score, whatever the order', () => {
    expect(medianRun([run(90, 100), run(60, 900), run(75, 400)]).tbtMs).toBe(400);
    expect(medianRun([run(75, 400), run(90, 100), run(60, 900)]).scores.performance).toBe(75);
  });

  it('with two runs takes the lower one, and with one run that run', () => {
    expect(medianRun([run(99, 10), run(70, 500)]).scores.performance).toBe(70);
    expect(medianRun([run(88, 200)]).scores.performance).toBe(88);
  });
});
