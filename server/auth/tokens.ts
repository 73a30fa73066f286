/** Short-lived bearer tokens (HS256 via jose) that name a server-side session, so logout revokes them everywhere. */
import { randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/connection';
import { serverSecrets } from '../db/schema';

export interface TokenClaims {
  userId: number;
  sessionId: string;
  /** Expiry, seconds since the epoch. */
  expiresAt: number;
}

/** TOKEN_SECRET when set; otherwise one random key kept in the database and shared by every instance. */
export async function loadSigningKey(database: Database, configured: string | undefined): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  const { db } = database;
  await db
    .insert(serverSecrets)
    .values({ name: 'token-signing-key', value: randomBytes(48).toString('base64') })
    .onConflictDoNothing();
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, 'token-signing-key'));
  return new TextEncoder().encode(row!.value);
}

export function newSessionId(): string {
  return randomBytes(24).toString('base64url');
}

export async function issueToken(
  key: Uint8Array,
  claims: { userId: number; sessionId: string },
  ttlSeconds: number,
): Promise<string> {
  return issueTokenUntil(key, claims, Math.floor(Date.now() / 1000) + ttlSeconds);
}

/** A token expiring at `expiresAt` (seconds since the epoch). */
export async function issueTokenUntil(key: Uint8Array, claims: { userId: number; sessionId: string }, expiresAt: number): Promise<string> {
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.userId))
    .setIssuedAt()
    .setExpirationTime(expiresAt)
    .sign(key);
}

export interface RefreshCheck {
  /** Seconds since the epoch, for all four. */
  now: number;
  tokenExpiresAt: number;
  sessionEndsAt: number;
  ttlSeconds: number;
  /** A fresh token is due when less than this many seconds remain. */
  windowSeconds: number;
}

/**
 * The expiry of the fresh token sent in x-refresh-token, or null when none is due: only in the current
 * token's last `windowSeconds`, never past the session's absolute end, and only when it lasts longer.
 */
export function refreshedExpiry(check: RefreshCheck): number | null {
  if (check.tokenExpiresAt - check.now >= check.windowSeconds) return null;
  const expiresAt = Math.floor(Math.min(check.now + check.ttlSeconds, check.sessionEndsAt));
  return expiresAt > check.tokenExpiresAt ? expiresAt : null;
}

/** The x-refresh-token for a request carrying `claims`, or null (see refreshedExpiry). */
export async function refreshToken(
  key: Uint8Array,
  claims: TokenClaims,
  sessionEndsAt: number,
  config: { tokenTtlSeconds: number; tokenRefreshWindowSeconds: number },
): Promise<string | null> {
  const expiresAt = refreshedExpiry({
    now: Date.now() / 1000,
    tokenExpiresAt: claims.expiresAt,
    sessionEndsAt,
    ttlSeconds: config.tokenTtlSeconds,
    windowSeconds: config.tokenRefreshWindowSeconds,
  });
  return expiresAt === null ? null : issueTokenUntil(key, claims, expiresAt);
}

/** The token's claims, or null when it is malformed, forged or expired. */
export async function verifyToken(key: Uint8Array, token: string): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
    if (typeof payload.sid !== 'string' || !payload.sub || typeof payload.exp !== 'number') return null;
    return { userId: Number(payload.sub), sessionId: payload.sid, expiresAt: payload.exp };
  } catch {
    return null;
  }
}
