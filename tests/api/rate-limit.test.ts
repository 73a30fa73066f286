import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/testApp';

describe('per-address caps on public routes that send mail', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ seed: 'none' });
  });
  afterAll(() => testApp.close());

  it('answers 429 with the Spanish envelope once the recovery request cap is passed', async () => {
    const statuses: number[] = [];
    let last: { statusCode: number; json: () => unknown } | undefined;
    for (let i = 0; i < 31; i += 1) {
      last = await testApp.app.inject({
        method: 'POST',
        url: '/api/v1/users/passwordreset/',
        payload: { email: `nadie${i}@portales.test` },
      });
      statuses.push(last.statusCode);
    }
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(last!.statusCode).toBe(429);
    expect(last!.json()).toEqual({
      error: {
        code: 'TooManyRequests',
        message: 'Demasiadas solicitudes seguidas. Espera un momento e inténtalo de nuevo.',
        details: [],
      },
    });
  });
});
