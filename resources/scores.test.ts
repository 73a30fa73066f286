import { describe, expect, it } from 'vitest';
import {
  centredOffset,
  clampOffset,
  colorConfigValid,
  DEFAULT_COLOR_CONFIG,
  formatScore,
  latestPeriod,
  scoreColorClass,
  scoreDateStr,
  steppedOffset,
  windowNeighbours,
} from './scores';

describe('scoreColorClass (spec 03 colour config: lowerLimit, upperLimit)', () => {
  it.each([
    [0, 'red'],
    [59.99, 'red'],
    [60, 'yellow'],
    [79.99, 'yellow'],
    [80, 'green'],
    [100, 'green'],
  ] as const)('%s with the default limits 60/80 is %s', (score, expected) => {
    expect(scoreColorClass(score, DEFAULT_COLOR_CONFIG)).toBe(expected);
  });

  it('follows other limits: 1 and 99 (the slider ends)', () => {
    expect(scoreColorClass(0.5, { lowerLimit: 1, upperLimit: 99 })).toBe('red');
    expect(scoreColorClass(1, { lowerLimit: 1, upperLimit: 99 })).toBe('yellow');
    expect(scoreColorClass(98.9, { lowerLimit: 1, upperLimit: 99 })).toBe('yellow');
    expect(scoreColorClass(99, { lowerLimit: 1, upperLimit: 99 })).toBe('green');
  });
});

describe('colorConfigValid (slider 0–100, limits 1 and 99, minimum range 1)', () => {
  it.each([
    [{ lowerLimit: 60, upperLimit: 80 }, true],
    [{ lowerLimit: 1, upperLimit: 99 }, true],
    [{ lowerLimit: 50, upperLimit: 51 }, true],
    [{ lowerLimit: 0, upperLimit: 80 }, false],
    [{ lowerLimit: 60, upperLimit: 100 }, false],
    [{ lowerLimit: 50, upperLimit: 50 }, false],
    [{ lowerLimit: 70, upperLimit: 60 }, false],
    [{ lowerLimit: 10.5, upperLimit: 60 }, false],
  ])('%j → %s', (config, expected) => {
    expect(colorConfigValid(config)).toBe(expected);
  });
});

describe('ranking window (5 entries, steps of 5)', () => {
  it('centres the site: two above and two below, kept inside the ranking', () => {
    expect(centredOffset(10, 100)).toBe(8);
    expect(centredOffset(0, 100)).toBe(0);
    expect(centredOffset(1, 100)).toBe(0);
    expect(centredOffset(2, 100)).toBe(0);
    expect(centredOffset(3, 100)).toBe(1);
    expect(centredOffset(99, 100)).toBe(95);
    expect(centredOffset(97, 100)).toBe(95);
    expect(centredOffset(96, 100)).toBe(94);
    expect(centredOffset(2, 3)).toBe(0);
    expect(centredOffset(0, 0)).toBe(0);
  });

  it('moves by 5 up and down, never before the first nor past the last full window', () => {
    expect(steppedOffset(8, 'up', 100)).toBe(3);
    expect(steppedOffset(3, 'up', 100)).toBe(0);
    expect(steppedOffset(0, 'up', 100)).toBe(0);
    expect(steppedOffset(8, 'down', 100)).toBe(13);
    expect(steppedOffset(93, 'down', 100)).toBe(95);
    expect(steppedOffset(95, 'down', 100)).toBe(95);
    expect(steppedOffset(0, 'down', 4)).toBe(0);
  });

  it('clamps any requested start', () => {
    expect(clampOffset(-3, 100)).toBe(0);
    expect(clampOffset(500, 100)).toBe(95);
    expect(clampOffset(7.8, 100)).toBe(7);
    expect(clampOffset(3, 2)).toBe(0);
  });

  it('tells whether better or worse entries exist around the window', () => {
    expect(windowNeighbours(0, 100)).toEqual({ hasPrevious: false, hasNext: true });
    expect(windowNeighbours(95, 100)).toEqual({ hasPrevious: true, hasNext: false });
    expect(windowNeighbours(0, 5)).toEqual({ hasPrevious: false, hasNext: false });
    expect(windowNeighbours(0, 6)).toEqual({ hasPrevious: false, hasNext: true });
  });
});


describe('score texts and periods', () => {
  it('writes scores out of 100 with a decimal comma and at most two decimals', () => {
    expect(formatScore(78.5)).toBe('78,5');
    expect(formatScore(80)).toBe('80');
    expect(formatScore(0.256)).toBe('0,26');
    expect(formatScore(100)).toBe('100');
  });

  it('names months YYYY-MM and finds the latest period', () => {
    expect(scoreDateStr({ year: 2026, month: 3 })).toBe('2026-03');
    expect(latestPeriod([{ year: 2025, month: 12 }, { year: 2026, month: 1 }, { year: 2025, month: 11 }])).toEqual({ year: 2026, month: 1 });
    expect(latestPeriod([])).toBeNull();
  });
});
