/** TRUST_PROXY parsing, the client address the server records and counts, and the captcha image the sign-in page shows. */
import { describe, expect, it } from 'vitest';
import { parseTrustProxy, readConfig } from '../../server/config';
import { normalizeAddress, rateLimitKey } from '../../server/http/clientAddress';
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

describe('rateLimitKey', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['::ffff:cb00:7107', '203.0.113.7'],
    ['2800:e2:1:2::1', '2800:e2:1:2::/64'],
    ['2800:e2:1:2:aaaa:bbbb:cccc:dddd', '2800:e2:1:2::/64'],
    ['2800:00e2:0001:0002:0:0:0:9', '2800:e2:1:2::/64'],
    ['2800:e2:1:3::1', '2800:e2:1:3::/64'],
    ['2800::1', '2800:0:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['64:ff9b::192.0.2.1', '64:ff9b:0:0::/64'],
    [null, 'unknown'],
  ])('%s counts as %s', (address, key) => {
    expect(rateLimitKey(address)).toBe(key);
  });

  it('gives every address of one /64 the same key, and the neighbouring /64 another', () => {
    const keys = new Set(Array.from({ length: 50 }, (_, i) => rateLimitKey(normalizeAddress(`2800:e2:1:2:${i.toString(16)}::${(i * 7).toString(16)}`))));
    expect([...keys]).toEqual(['2800:e2:1:2::/64']);
    expect(rateLimitKey('2800:e2:1:1::1')).not.toBe(rateLimitKey('2800:e2:1:2::1'));
  });
});
