import { describe, expect, it } from 'vitest';
import { isCompressibleType } from './compression';

describe('isCompressibleType', () => {
  it.each([
    ['application/json; charset=utf-8', true],
    ['application/problem+json', true],
    ['text/html; charset=utf-8', true],
    ['text/css', true],
    ['application/javascript; charset=utf-8', true],
    ['text/javascript', true],
    ['image/svg+xml', true],
    ['TEXT/PLAIN', true],
    ['text/event-stream; charset=utf-8', false],
    ['text/csv; charset=utf-8', false],
    ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', false],
    ['image/png', false],
    ['application/pdf', false],
    ['application/octet-stream', false],
    ['', false],
  ])('%s → %s', (contentType, expected) => {
    expect(isCompressibleType(contentType)).toBe(expected);
  });
});
