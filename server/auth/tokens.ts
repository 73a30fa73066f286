/** Short-lived bearer tokens (HS256 via jose) that name a server-side session, so logout revokes them everywhere. */
import { createHmac, createSecretKey, randomBytes, timingSafeEqual, type KeyObject } from 'node:crypto';
import { SignJWT } from 'jose';
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

const importedKeys = new WeakMap<Uint8Array, KeyObject>();

/** The HMAC key imported once per signing key (importing it costs more than the HMAC itself). */
function hmacKey(key: Uint8Array): KeyObject {
  let imported = importedKeys.get(key);
  if (!imported) {
    imported = createSecretKey(key);
    importedKeys.set(key, imported);
  }
  return imported;
}

function jsonPart(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** A token already verified with a key: its claims and its `nbf` (checked again at each use, as `exp` is). */
interface VerifiedToken {
  claims: TokenClaims;
  notBefore: number | undefined;
}

/** How many verified tokens each key keeps (the oldest dropped first): a few per signed-in superadmin. */
export const VERIFIED_TOKENS_KEPT = 1000;

const verifiedTokens = new WeakMap<Uint8Array, Map<string, VerifiedToken>>();

/**
 * The token's claims, or null when it is malformed, forged or expired: a compact HS256 JWS checked with
 * node:crypto's HMAC and the key imported once (issue 7: jose's verify cost ~17× more CPU per request).
 * Same rules as jose's jwtVerify with algorithms ['HS256']: only that algorithm, no `crit` extensions,
 * `exp` required and in the future, `nbf` (when present) not in the future.
 * A token whose signature was already checked with this key is not checked again (the HMAC was the largest cost of a
 * request answered 304): its claims are kept, exactly as the same text and key give them, and the
 * times are compared again on each use. Only well-signed tokens are kept; a refused one is checked every time.
 */
export async function verifyToken(key: Uint8Array, token: string, nowSeconds = Math.floor(Date.now() / 1000)): Promise<TokenClaims | null> {
  let kept = verifiedTokens.get(key);
  const known = kept?.get(token);
  if (known) return usable(known, nowSeconds) ? known.claims : null;
  const verified = verifySignedToken(key, token);
  if (!verified) return null;
  if (!kept) verifiedTokens.set(key, (kept = new Map()));
  if (kept.size >= VERIFIED_TOKENS_KEPT) kept.delete(kept.keys().next().value!);
  kept.set(token, verified);
  return usable(verified, nowSeconds) ? verified.claims : null;
}

function usable(token: VerifiedToken, nowSeconds: number): boolean {
  return token.claims.expiresAt > nowSeconds && (token.notBefore === undefined || token.notBefore <= nowSeconds);
}

/** The claims of a well-signed, well-formed HS256 token, whatever its times (`usable` compares them). */
function verifySignedToken(key: Uint8Array, token: string): VerifiedToken | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((part) => BASE64URL.test(part))) return null;
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  const header = jsonPart(headerPart);
  if (!header || header.alg !== 'HS256' || 'crit' in header) return null;
  const expected = createHmac('sha256', hmacKey(key)).update(`${headerPart}.${payloadPart}`).digest();
  const signature = Buffer.from(signaturePart, 'base64url');
  if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return null;
  const payload = jsonPart(payloadPart);
  if (!payload) return null;
  const { sid, sub, exp, nbf, iat } = payload;
  if (typeof exp !== 'number' || !Number.isFinite(exp)) return null;
  if (nbf !== undefined && typeof nbf !== 'number') return null;
  if (iat !== undefined && typeof iat !== 'number') return null;
  if (typeof sid !== 'string' || typeof sub !== 'string' || !sub) return null;
  return { claims: Object.freeze({ userId: Number(sub), sessionId: sid, expiresAt: exp }), notBefore: nbf };
}
