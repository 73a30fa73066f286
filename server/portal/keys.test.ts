import { describe, expect, it } from 'vitest';
import { parsePortalKey, portalKeyFromHeader } from './keys';

const key = `pk_${'a'.repeat(16)}.${'B'.repeat(43)}`;

describe('portalKeyFromHeader', () => {
  it.each([
    ['Portal scheme', `Portal ${key}`, key],
    ['scheme in any case', `portal ${key}`, key],
    ['Bearer with the pk_ prefix', `Bearer ${key}`, key],
    ['a bearer JWT is not a portal key', 'Bearer eyJhbGciOi.x.y', null],
    ['no header', undefined, null],
    ['scheme only', 'Portal', null],
    ['extra words', `Portal ${key} more`, null],
    ['another scheme', `Basic ${key}`, null],
  ])('%s', (_name, header, expected) => {
    expect(portalKeyFromHeader(header)).toBe(expected);
  });
});

describe('parsePortalKey', () => {
  it.each([
    ['well formed', key, { keyId: 'a'.repeat(16), secret: 'B'.repeat(43) }],
    ['no prefix', key.slice(3), null],
    ['no secret', `pk_${'a'.repeat(16)}.`, null],
    ['short secret', `pk_${'a'.repeat(16)}.abc`, null],
    ['characters outside base64url', `pk_${'a'.repeat(16)}.${'B'.repeat(42)}=`, null],
    ['two dots', `${key}.x`, null],
  ])('%s', (_name, text, expected) => {
    expect(parsePortalKey(text)).toEqual(expected);
  });
});
