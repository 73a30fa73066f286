import { describe, expect, it } from 'vitest';
import { normalizeAddress, rateLimitKey } from './clientAddress';

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
