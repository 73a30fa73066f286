import { describe, expect, it } from 'vitest';
import { findUnsafeInput, MAX_INPUT_DEPTH } from './safeInput';

const nested = (depth: number): unknown => {
  let value: unknown = [];
  for (let level = 1; level < depth; level += 1) value = [value];
  return value;
};

describe('findUnsafeInput', () => {
  it.each([
    ['plain body', { name: 'Alcaldía', permissions: [{ permissionID: 1 }] }, null],
    ['primitives', 42, null],
    ['null', null, null],
    ['empty string', '', null],
    ['NUL in a string', 'a\u0000b', { reason: 'nul', target: '' }],
    ['NUL in a field', { name: 'a\u0000' }, { reason: 'nul', target: 'name' }],
    ['NUL in a nested field', { permissions: [{ name: '\u0000' }] }, { reason: 'nul', target: 'permissions.0.name' }],
    ['NUL in a key', { 'a\u0000': 1 }, { reason: 'nul', target: '' }],
    ['constructor key', JSON.parse('{"constructor":1}'), { reason: 'key', target: 'constructor' }],
    ['__proto__ key', JSON.parse('{"__proto__":{"x":1}}'), { reason: 'key', target: '__proto__' }],
    ['toString key', { toString: 'x' }, { reason: 'key', target: 'toString' }],
    ['nested constructor', JSON.parse('{"permissions":[{"constructor":{"prototype":{}}}]}'), { reason: 'key', target: 'permissions.0.constructor' }],
    ['prototype word as a value', { name: 'constructor' }, null],
    ['deep but allowed', nested(MAX_INPUT_DEPTH), null],
    ['one level too deep', nested(MAX_INPUT_DEPTH + 1), { reason: 'depth', target: expect.any(String) }],
  ])('%s', (_label, input, expected) => {
    expect(findUnsafeInput(input)).toEqual(expected);
  });

  it('inspects a value nested 100,000 levels deep without overflowing the stack', () => {
    expect(findUnsafeInput(nested(100_000))?.reason).toBe('depth');
    expect(findUnsafeInput(nested(100_000), Number.POSITIVE_INFINITY)).toBeNull();
  });
});
