import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { issueToken, issueTokenUntil, refreshedExpiry, verifyToken, VERIFIED_TOKENS_KEPT, type RefreshCheck } from './tokens';

describe('refreshedExpiry', () => {
  // now 10 000; tokens last 900 s; a fresh one is due in the last 300 s.
  const base = { now: 10_000, ttlSeconds: 900, windowSeconds: 300 };
  const cases: Array<[string, Omit<RefreshCheck, 'now' | 'ttlSeconds' | 'windowSeconds'>, number | null]> = [
    ['token far from expiry: none', { tokenExpiresAt: 10_600, sessionEndsAt: 50_000 }, null],
    ['exactly at the window: none', { tokenExpiresAt: 10_300, sessionEndsAt: 50_000 }, null],
    ['inside the window: a full lifetime', { tokenExpiresAt: 10_299, sessionEndsAt: 50_000 }, 10_900],
    ['session ends sooner: capped at its end', { tokenExpiresAt: 10_060, sessionEndsAt: 10_500 }, 10_500],
    ['fractional end: rounded down', { tokenExpiresAt: 10_060, sessionEndsAt: 10_500.9 }, 10_500],
    ['capped expiry no later than the current one: none', { tokenExpiresAt: 10_100, sessionEndsAt: 10_100 }, null],
    ['session already over: none', { tokenExpiresAt: 10_060, sessionEndsAt: 9_000 }, null],
  ];
  it.each(cases)('%s', (_case, check, expected) => {
    expect(refreshedExpiry({ ...base, ...check })).toBe(expected);
  });
});

describe('verifyToken', () => {
  const key = new TextEncoder().encode('clave-de-prueba-de-al-menos-32-bytes!!');
  const now = Math.floor(Date.now() / 1000);
  const claims = { userId: 7, sessionId: 'sesion-1' };
  const sign = (header: object, payload: object, secret = key) => {
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const body = `${encode(header)}.${encode(payload)}`;
    return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
  };

  it('reads the claims of a token issued by issueToken (jose)', async () => {
    const token = await issueToken(key, claims, 600);
    expect(await verifyToken(key, token)).toEqual({ userId: 7, sessionId: 'sesion-1', expiresAt: expect.any(Number) });
  });

  it('refuses forged, altered, expired, not-yet-valid and malformed tokens, and other algorithms', async () => {
    const token = await issueToken(key, claims, 600);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const otherKey = new TextEncoder().encode('otra-clave-de-prueba-de-32-bytes-o-mas');
    const altered = Buffer.from(JSON.stringify({ sid: 'sesion-1', sub: '1', exp: now + 600 })).toString('base64url');
    const refused = [
      await issueToken(otherKey, claims, 600),
      `${header}.${altered}.${signature}`,
      `${header}.${payload}.${signature.slice(0, -2)}`,
      `${header}.${payload}`,
      `${header}.${payload}.${signature}.x`,
      'no-es-un-token',
      await issueTokenUntil(key, claims, now - 1),
      sign({ alg: 'HS256' }, { sid: 's', sub: '1', exp: now + 60, nbf: now + 30 }),
      sign({ alg: 'HS256' }, { sid: 's', sub: '1' }),
      sign({ alg: 'HS256', crit: ['b64'], b64: false }, { sid: 's', sub: '1', exp: now + 60 }),
      sign({ alg: 'HS512' }, { sid: 's', sub: '1', exp: now + 60 }),
      `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${payload}.`,
      sign({ alg: 'HS256' }, { sid: 5, sub: '1', exp: now + 60 }),
    ];
    for (const candidate of refused) expect(await verifyToken(key, candidate)).toBeNull();
    expect(await verifyToken(key, sign({ alg: 'HS256', typ: 'JWT' }, { sid: 's', sub: '3', exp: now + 60, nbf: now }))).toEqual({
      userId: 3,
      sessionId: 's',
      expiresAt: now + 60,
    });
  });

  it('keeps a verified token but compares its times again at each use, and never for another key or text', async () => {
    const token = await issueTokenUntil(key, claims, now + 100);
    expect(await verifyToken(key, token, now)).toMatchObject({ userId: 7, expiresAt: now + 100 });
    // Kept: the same answer until it expires, then refused although it was verified before.
    expect(await verifyToken(key, token, now + 99)).toMatchObject({ userId: 7 });
    expect(await verifyToken(key, token, now + 100)).toBeNull();
    // Another key never gets the claims kept for this one.
    const otherKey = new TextEncoder().encode('otra-clave-de-prueba-de-32-bytes-o-mas');
    expect(await verifyToken(otherKey, token, now)).toBeNull();
    // A different text (its signature altered) is checked, not looked up.
    expect(await verifyToken(key, `${token.slice(0, -2)}AA`, now)).toBeNull();
    // Not valid yet when first seen, valid once its nbf has passed (kept with its nbf).
    const later = sign({ alg: 'HS256' }, { sid: 's', sub: '4', exp: now + 600, nbf: now + 30 });
    expect(await verifyToken(key, later, now)).toBeNull();
    expect(await verifyToken(key, later, now + 30)).toEqual({ userId: 4, sessionId: 's', expiresAt: now + 600 });
    expect(await verifyToken(key, later, now)).toBeNull();
  });

  it('still verifies every token after more than it keeps', async () => {
    const tokens = await Promise.all(Array.from({ length: VERIFIED_TOKENS_KEPT + 5 }, (_, index) => issueTokenUntil(key, { userId: index + 1, sessionId: `s${index}` }, now + 600)));
    for (const [index, token] of tokens.entries()) expect((await verifyToken(key, token, now))?.userId).toBe(index + 1);
    expect((await verifyToken(key, tokens[0]!, now))?.userId).toBe(1);
    expect(await verifyToken(key, tokens[0]!, now + 600)).toBeNull();
  });
});
