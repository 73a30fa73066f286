/** TRUST_PROXY parsing, the client address the server records, and the captcha image the sign-in page shows. */
import { describe, expect, it } from 'vitest';
import { parseTrustProxy, readConfig } from '../../server/config';
import { normalizeAddress } from '../../server/http/clientAddress';
import { captchaImageSource } from '../../src/auth/authApi';

describe('parseTrustProxy', () => {
  it.each<[string | undefined, string[]]>([
    [undefined, []],
    ['', []],
    [' , ', []],
    ['127.0.0.1', ['127.0.0.1']],
    ['10.0.0.0/8, ::1 ,fd00::/8', ['10.0.0.0/8', '::1', 'fd00::/8']],
    ['loopback,uniquelocal', ['loopback', 'uniquelocal']],
  ])('%j → %j', (value, expected) => {
    expect(parseTrustProxy(value)).toEqual(expected);
  });

  it.each(['999.1.1.1', '10.0.0.0/33', '::1/129', 'proxy.local', '10.0.0.1/8/1', 'true'])('refuses %j', (value) => {
    expect(() => parseTrustProxy(value)).toThrow(/TRUST_PROXY/);
  });

  it('is off by default; lock settings default to 10 failures and 15 minutes', () => {
    const config = readConfig({});
    expect(config.trustProxy).toEqual([]);
    expect(config.loginLockAfterFailures).toBe(10);
    expect(config.loginLockMinutes).toBe(15);
    expect(readConfig({ LOGIN_LOCK_AFTER_FAILURES: '6', LOGIN_LOCK_MINUTES: '5' })).toMatchObject({
      loginLockAfterFailures: 6,
      loginLockMinutes: 5,
    });
  });
});

describe('normalizeAddress', () => {
  it.each<[unknown, string | null]>([
    ['10.1.2.3', '10.1.2.3'],
    ['::ffff:10.1.2.3', '::ffff:10.1.2.3'],
    ['fe80::1%eth0', 'fe80::1'],
    ['999.1.1.1', null],
    ['garbage', null],
    ['', null],
    [undefined, null],
  ])('%j → %j', (value, expected) => {
    expect(normalizeAddress(value)).toBe(expected);
  });
});

describe('captchaImageSource', () => {
  it.each<[string, boolean]>([
    ['data:image/png;base64,iVBORw0KGgo=', true],
    ['<svg xmlns="http://www.w3.org/2000/svg"></svg>', false],
    ['data:image/svg+xml;base64,PHN2Zz4=', false],
    ['javascript:alert(1)', false],
  ])('%s shown: %s', (image, shown) => {
    expect(captchaImageSource(image)).toBe(shown ? image : undefined);
  });
});
