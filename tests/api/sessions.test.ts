/**
 * Absolute session lifetime (SESSION_MAX_HOURS from sign-in; refresh never extends it) and the purge of
 * expired sessions, captchas, sign-in attempts and reset links (issue 5).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeExpired } from '../../server/auth/purge';
import { issueToken, verifyToken } from '../../server/auth/tokens';
import { readConfig } from '../../server/config';
import { bearer, createTestApp, type TestApp } from '../helpers/testApp';

const API = '/api/v1';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seed: 'reference' });
});
afterAll(async () => {
  await t?.close();
});

const me = (token: string) => t.app.inject({ method: 'GET', url: `${API}/auth/`, headers: bearer(token) });

/** A signed-in superadmin whose session started `age` ago (a PostgreSQL interval). */
async function sessionStartedAgo(age: string) {
  const token = await t.tokenFor(['Sites']);
  const claims = (await verifyToken(t.context.signingKey, token))!;
  await t.database.query(`update sessions set created_at = now() - $2::interval where id = $1`, [claims.sessionId, age]);
  return { token, claims };
}

describe('SESSION_MAX_HOURS', () => {
  it('defaults to 12 hours and accepts only a positive number', () => {
    expect(readConfig({}).sessionMaxHours).toBe(12);
    expect(readConfig({ SESSION_MAX_HOURS: '2.5' }).sessionMaxHours).toBe(2.5);
    for (const value of ['0', '-3', 'doce', '']) expect(readConfig({ SESSION_MAX_HOURS: value }).sessionMaxHours).toBe(12);
  });
});

describe('absolute session lifetime', () => {
  it('refuses a session older than SESSION_MAX_HOURS like a revoked one, even with an unexpired token', async () => {
    expect(t.config.sessionMaxHours).toBe(12);
    const young = await sessionStartedAgo('11 hours 58 minutes');
    expect((await me(young.token)).statusCode).toBe(200);

    const old = await sessionStartedAgo('12 hours 1 minute');
    const refused = await me(old.token);
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['x-invalid-token']).toBe('true');
    expect(refused.headers['x-refresh-token']).toBeUndefined();
    expect(refused.json().error.message).toBe('Tu sesión ha caducado, vuelve a iniciar sesión.');
    // A token refreshed before the end does not help either: the session itself is over.
    const late = await issueToken(t.context.signingKey, { userId: old.claims.userId, sessionId: old.claims.sessionId }, 900);
    expect((await me(late)).headers['x-invalid-token']).toBe('true');
  });

  it('caps a refreshed token at the session\'s absolute end', async () => {
    const { claims } = await sessionStartedAgo('11 hours 58 minutes');
    const [row] = await t.database.query<{ ends_at: number }>(
      `select extract(epoch from created_at + interval '12 hours')::float8 as ends_at from sessions where id = $1`,
      [claims.sessionId],
    );
    const nearExpiry = await issueToken(t.context.signingKey, { userId: claims.userId, sessionId: claims.sessionId }, 60);
    const response = await me(nearExpiry);
    expect(response.statusCode).toBe(200);
    const refreshed = (await verifyToken(t.context.signingKey, String(response.headers['x-refresh-token'])))!;
    expect(refreshed.sessionId).toBe(claims.sessionId);
    // Not the usual 15 minutes: exactly the session's end (about 2 minutes away).
    expect(refreshed.expiresAt).toBe(Math.floor(Number(row!.ends_at)));
  });

  it('still refreshes a young session for a full token lifetime', async () => {
    const { claims } = await sessionStartedAgo('1 hour');
    const nearExpiry = await issueToken(t.context.signingKey, { userId: claims.userId, sessionId: claims.sessionId }, 60);
    const response = await me(nearExpiry);
    const refreshed = (await verifyToken(t.context.signingKey, String(response.headers['x-refresh-token'])))!;
    const fresh = (await verifyToken(t.context.signingKey, await issueToken(t.context.signingKey, claims, t.config.tokenTtlSeconds)))!;
    expect(fresh.expiresAt - refreshed.expiresAt).toBeLessThanOrEqual(1);
  });
});

describe('purgeExpired', () => {
  it('deletes dead sessions, captchas, sign-in attempts and reset links, and keeps the live ones', async () => {
    const token = await t.tokenFor(['Sites']);
    const { userId } = (await verifyToken(t.context.signingKey, token))!;
    const ttl = t.config.tokenTtlSeconds;
    await t.database.query(
      `insert into sessions (id, user_id, created_at, revoked_at) values
         ('p-revoked-long-ago', $1, now() - interval '2 hours', now() - interval '1 hour'),
         ('p-revoked-now', $1, now() - interval '2 hours', now() - make_interval(secs => $2 - 60)),
         ('p-past-lifetime', $1, now() - interval '12 hours' - make_interval(secs => $2 + 60), null),
         ('p-just-past-lifetime', $1, now() - interval '12 hours 1 minute', null),
         ('p-live', $1, now() - interval '11 hours', null)`,
      [userId, ttl],
    );
    await t.database.query(
      `insert into captchas (id, answer_hash, expires_at, used_at) values
         ('p-used', 'x', now() + interval '4 minutes', now()),
         ('p-expired', 'x', now() - interval '1 second', null),
         ('p-valid', 'x', now() + interval '4 minutes', null)`,
    );
    await t.database.query(
      `insert into login_attempts (key, failures, last_failure_at) values
         ('email:p-old@portales.test', 4, now() - interval '16 minutes'),
         ('email:p-recent@portales.test', 4, now() - interval '14 minutes')`,
    );
    await t.database.query(
      `insert into password_resets (token_hash, user_id, expires_at, used_at) values
         ('p-used', $1, now() + interval '1 hour', now()),
         ('p-expired', $1, now() - interval '1 second', null),
         ('p-valid', $1, now() + interval '1 hour', null)`,
      [userId],
    );

    const counts = await purgeExpired(t.database, t.config);
    expect(counts.sessions).toBeGreaterThanOrEqual(2);
    expect(counts.captchas).toBeGreaterThanOrEqual(2);
    expect(counts.loginAttempts).toBeGreaterThanOrEqual(1);
    expect(counts.passwordResets).toBeGreaterThanOrEqual(2);

    const ids = async (sql: string) => (await t.database.query<{ id: string }>(sql)).map((row) => row.id).sort();
    expect(await ids(`select id from sessions where id like 'p-%'`)).toEqual(['p-just-past-lifetime', 'p-live', 'p-revoked-now']);
    expect(await ids(`select id from captchas where id like 'p-%'`)).toEqual(['p-valid']);
    expect(await ids(`select key as id from login_attempts where key like 'email:p-%'`)).toEqual(['email:p-recent@portales.test']);
    expect(await ids(`select token_hash as id from password_resets where token_hash like 'p-%'`)).toEqual(['p-valid']);
    // The caller's own session is untouched.
    expect((await me(token)).statusCode).toBe(200);

    // Nothing left to purge: a second run (or another instance's) deletes none of the kept rows.
    await purgeExpired(t.database, t.config);
    expect(await ids(`select id from sessions where id like 'p-%'`)).toEqual(['p-just-past-lifetime', 'p-live', 'p-revoked-now']);
  });
});
