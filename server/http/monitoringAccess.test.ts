import { describe, expect, it } from 'vitest';
import { isLoopback, monitoringAllowed } from './monitoringAccess';

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

  it('reads loopback from addresses only', () => {
    expect(['127.0.0.1', '::1', '0:0:0:0:0:0:0:1', '::ffff:7f00:1'].map(isLoopback)).toEqual([true, true, true, true]);
    expect(['128.0.0.1', '::2', 'localhost', '', 'x127.0.0.1'].map(isLoopback)).toEqual([false, false, false, false, false]);
  });
});
