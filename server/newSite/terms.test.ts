import { describe, expect, it } from 'vitest';
import { versionOf } from './terms';

describe('versionOf', () => {
  it.each([
    ['3', 3],
    ['1', 1],
    [undefined, 1],
    ['', 1],
    ['0', 1],
    ['-2', 1],
    ['2.5', 1],
    ['abc', 1],
  ])('%j → %s', (value, expected) => {
    expect(versionOf(value)).toBe(expected);
  });
});
