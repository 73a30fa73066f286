import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settleBackgroundTasks } from '../../server/http/background';
import { createTestApp, type TestApp } from '../helpers/testApp';

const TOO_MANY = {
  error: {
    code: 'TooManyRequests',
    message: 'Demasiadas solicitudes seguidas. Espera un momento e inténtalo de nuevo.',
    details: [],
  },
};

/** TRUST_PROXY is unset here: every request comes from one socket address whatever X-Forwarded-For claims. */
describe('per-address caps on public routes that send mail or cost work', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ seed: 'none' });
  });
  afterAll(() => testApp.close());

  it('answers 429 with the Spanish envelope once the recovery request cap is passed, whatever X-Forwarded-For says', async () => {
    const statuses: number[] = [];
    let last: { statusCode: number; json: () => unknown } | undefined;
    for (let i = 0; i < 31; i += 1) {
      last = await testApp.app.inject({
        method: 'POST',
        url: '/api/v1/users/passwordreset/',
        payload: { email: `nadie${i}@portales.test` },
        headers: { 'x-forwarded-for': `198.51.100.${i + 1}` },
      });
      statuses.push(last.statusCode);
    }
    await settleBackgroundTasks(testApp.app);
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(last!.statusCode).toBe(429);
    expect(last!.json()).toEqual(TOO_MANY);
  });

  it('caps GET /captcha/ at 120 a minute per socket address, whatever X-Forwarded-For says', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 121; i += 1) {
      const response = await testApp.app.inject({
        method: 'GET',
        url: '/api/v1/captcha/',
        remoteAddress: '10.50.0.1',
        headers: { 'x-forwarded-for': `198.51.100.${(i % 250) + 1}` },
      });
      statuses.push(response.statusCode);
      if (i === 120) expect(response.json()).toEqual(TOO_MANY);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(120);
    expect(statuses[120]).toBe(429);
    // Another socket address is not affected.
    expect((await testApp.app.inject({ method: 'GET', url: '/api/v1/captcha/', remoteAddress: '10.50.0.2' })).statusCode).toBe(200);
  });

  it('counts an IPv6 client by its /64: a fresh address for every call shares one cap, another /64 has its own', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 121; i += 1) {
      const response = await testApp.app.inject({ method: 'GET', url: '/api/v1/captcha/', remoteAddress: `2800:e2:50:7:${(i + 1).toString(16)}::${(i * 13 + 1).toString(16)}` });
      statuses.push(response.statusCode);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(120);
    expect(statuses[120]).toBe(429);
    expect((await testApp.app.inject({ method: 'GET', url: '/api/v1/captcha/', remoteAddress: '2800:e2:50:7::ffff' })).statusCode).toBe(429);
    expect((await testApp.app.inject({ method: 'GET', url: '/api/v1/captcha/', remoteAddress: '2800:e2:50:8::1' })).statusCode).toBe(200);
  });
});
