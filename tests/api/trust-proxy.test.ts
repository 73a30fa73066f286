/** TRUST_PROXY set: X-Forwarded-For is believed from the named proxy only, and a malformed value breaks nothing. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settleBackgroundTasks } from '../../server/http/background';
import { createTestApp, type TestApp } from '../helpers/testApp';

const API = '/api/v1';
const ADMIN = { email: 'admin@portales.test', password: 'Clave-de-prueba-1' };
/** light-my-request's default socket address: the trusted proxy. */
const PROXY = '127.0.0.1';
let t: TestApp;

const viaProxy = (forwardedFor: string, options: { method: 'GET' | 'POST'; url: string; payload?: object }) =>
  t.app.inject({ ...options, remoteAddress: PROXY, headers: { 'x-forwarded-for': forwardedFor } });

beforeAll(async () => {
  t = await createTestApp({ seed: 'reference', env: { TRUST_PROXY: `${PROXY}, 10.99.0.0/16` } });
});
afterAll(async () => {
  await t?.close();
});

describe('TRUST_PROXY=127.0.0.1', () => {
  it('records and counts the address the proxy forwards', async () => {
    for (const email of ['p1@portales.test', 'p2@portales.test', 'p3@portales.test']) {
      expect((await viaProxy('203.0.113.7', { method: 'POST', url: `${API}/auth/`, payload: { email, password: 'x' } })).statusCode).toBe(401);
    }
    // The forwarded address has 3 failures: the captcha is required from it, not from another client behind the same proxy.
    const same = await viaProxy('203.0.113.7', { method: 'POST', url: `${API}/auth/`, payload: ADMIN });
    expect(same.json().error.code).toBe('CaptchaRequired');
    expect((await viaProxy('203.0.113.8', { method: 'POST', url: `${API}/auth/`, payload: ADMIN })).statusCode).toBe(200);

    const rows = await t.database.query<{ address: string }>(
      `select distinct host(client_address) as address from audit_log where user_email = any($1::text[])`,
      [['p1@portales.test', 'p2@portales.test', 'p3@portales.test']],
    );
    expect(rows).toEqual([{ address: '203.0.113.7' }]);
  });

  it('ignores X-Forwarded-For from an address that is not a trusted proxy', async () => {
    await t.app.inject({
      method: 'POST',
      url: `${API}/auth/`,
      payload: { email: 'directo@portales.test', password: 'x' },
      remoteAddress: '192.0.2.50',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    const [row] = await t.database.query<{ address: string }>(
      `select host(client_address) as address from audit_log where user_email = 'directo@portales.test'`,
    );
    expect(row!.address).toBe('192.0.2.50');
  });

  it('caps recovery requests per forwarded address', async () => {
    for (let i = 0; i < 30; i += 1) {
      const response = await viaProxy('203.0.113.20', { method: 'POST', url: `${API}/users/passwordreset/`, payload: { email: `n${i}@portales.test` } });
      expect(response.statusCode).toBe(200);
    }
    const over = await viaProxy('203.0.113.20', { method: 'POST', url: `${API}/users/passwordreset/`, payload: { email: 'n@portales.test' } });
    expect(over.statusCode).toBe(429);
    const other = await viaProxy('203.0.113.21', { method: 'POST', url: `${API}/users/passwordreset/`, payload: { email: 'n@portales.test' } });
    expect(other.statusCode).toBe(200);
    await settleBackgroundTasks(t.app);
  });

  it('a malformed forwarded address answers normally and writes the audit row with the socket address', async () => {
    const signedIn = await viaProxy('999.1.1.1', { method: 'POST', url: `${API}/auth/`, payload: ADMIN });
    expect(signedIn.statusCode).toBe(200);
    const [login] = await t.database.query<{ address: string }>(
      `select host(client_address) as address from audit_log where action = 'login' order by id desc limit 1`,
    );
    expect(login!.address).toBe(PROXY);

    for (const header of ['999.1.1.1', 'not-an-address', '1.2.3.4.5, garbage']) {
      const failed = await viaProxy(header, { method: 'POST', url: `${API}/auth/`, payload: { email: 'malformada@portales.test', password: 'x' } });
      expect(failed.statusCode, header).toBe(401);
      expect(failed.json().error.code).toBe('InvalidCredentials');
    }
    const rows = await t.database.query<{ address: string | null }>(
      `select host(client_address) as address from audit_log where user_email = 'malformada@portales.test'`,
    );
    expect(rows).toEqual([{ address: PROXY }, { address: PROXY }, { address: PROXY }]);
    // Counted under the proxy's own address, like any client without a usable forwarded one.
    const fourth = await viaProxy('999.1.1.1', { method: 'POST', url: `${API}/auth/`, payload: ADMIN });
    expect(fourth.json().error.code).toBe('CaptchaRequired');
  });
});
