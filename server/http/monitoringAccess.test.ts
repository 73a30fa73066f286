import { describe, expect, it } from 'vitest';
import { isLoopback, monitoringAllowed, relayedByUntrustedProxy } from './monitoringAccess';

describe('monitoringAllowed (GET /metrics)', () => {
  it.each([
    { address: '127.0.0.1', bearer: null, token: undefined, allowed: true },
    { address: '127.8.0.1', bearer: null, token: 'secreto', allowed: true },
    { address: '::1', bearer: null, token: undefined, allowed: true },
    { address: '::ffff:127.0.0.1', bearer: null, token: undefined, allowed: true },
    { address: '10.0.0.7', bearer: null, token: undefined, allowed: false },
    { address: '10.0.0.7', bearer: 'secreto', token: undefined, allowed: false },
    { address: '10.0.0.7', bearer: null, token: 'secreto', allowed: false },
    { address: '10.0.0.7', bearer: 'secret', token: 'secreto', allowed: false },
    { address: '10.0.0.7', bearer: 'secreto-y-mas', token: 'secreto', allowed: false },
    { address: '10.0.0.7', bearer: 'secreto', token: 'secreto', allowed: true },
    { address: '::ffff:10.0.0.7', bearer: null, token: undefined, allowed: false },
    { address: null, bearer: null, token: undefined, allowed: false },
  ])('$address, bearer $bearer, METRICS_TOKEN $token → $allowed', ({ address, bearer, token, allowed }) => {
    expect(monitoringAllowed(address, bearer, token)).toBe(allowed);
  });

  it('does not take a request relayed by an untrusted proxy on this machine for a local caller', () => {
    expect(relayedByUntrustedProxy({ 'x-forwarded-for': '203.0.113.9' }, '127.0.0.1', '127.0.0.1')).toBe(true);
    expect(relayedByUntrustedProxy({ forwarded: 'for=203.0.113.9' }, '::1', '::1')).toBe(true);
    expect(monitoringAllowed('127.0.0.1', null, undefined, true)).toBe(false);
    expect(monitoringAllowed('127.0.0.1', 'secreto', 'secreto', true)).toBe(true);
    // A trusted proxy's forwarded address differs from the socket's: it is the caller's, and decides.
    expect(relayedByUntrustedProxy({ 'x-forwarded-for': '10.0.0.7' }, '10.0.0.7', '127.0.0.1')).toBe(false);
    expect(relayedByUntrustedProxy({}, '127.0.0.1', '127.0.0.1')).toBe(false);
  });

  it('reads loopback from addresses only', () => {
    expect(['127.0.0.1', '::1', '0:0:0:0:0:0:0:1', '::ffff:7f00:1'].map(isLoopback)).toEqual([true, true, true, true]);
    expect(['128.0.0.1', '::2', 'localhost', '', 'x127.0.0.1'].map(isLoopback)).toEqual([false, false, false, false, false]);
  });
});
