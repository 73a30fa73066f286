import { describe, expect, it } from 'vitest';
import { databaseInteger, INTEGER_MAX, INTEGER_MIN, recordId } from './limits';

describe('databaseInteger', () => {
  it.each([
    ['0', 0],
    ['42', 42],
    [' 42 ', 42],
    ['-7', -7],
    ['+7', 7],
    ['2147483647', INTEGER_MAX],
    ['-2147483648', INTEGER_MIN],
    [12, 12],
    ['2147483648', undefined],
    ['-2147483649', undefined],
    ['99999999999999999999', undefined],
    ['1e3', undefined],
    ['0x10', undefined],
    ['1.5', undefined],
    ['', undefined],
    [' ', undefined],
    ['1\u00002', undefined],
    [2147483648, undefined],
    [1e18, undefined],
    [1.5, undefined],
    [Number.NaN, undefined],
    [Number.POSITIVE_INFINITY, undefined],
    [null, undefined],
    [true, undefined],
    [{}, undefined],
  ])('%j → %j', (raw, expected) => {
    expect(databaseInteger(raw)).toBe(expected);
  });
});

describe('recordId', () => {
  it.each([
    ['1', 1],
    ['2147483647', INTEGER_MAX],
    ['0', undefined],
    ['-1', undefined],
    ['2147483648', undefined],
    ['abc', undefined],
  ])('%j → %j', (raw, expected) => {
    expect(recordId(raw)).toBe(expected);
  });
});
