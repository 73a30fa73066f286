/**
 * Site tokens: short-lived JWTs the platform signs for a site (e.g. to let a superadmin into a portal), with an
 * asymmetric key (ES256) whose public half is published at /.well-known/jwks.json so portals verify them
 * without sharing a secret. The key pair is generated once and kept in server_secrets, shared by every
 * instance; rotation puts a new key first and keeps the previous one published until tokens it signed expire.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, jwtVerify, SignJWT, type JWK, type JWTPayload } from 'jose';
import type { Database } from '../db/connection';
import { serverSecrets } from '../db/schema';

export const SITE_TOKEN_ALG = 'ES256';
/** A site token never lives longer than this. */
export const SITE_TOKEN_MAX_TTL_SECONDS = 900;
const SECRET_NAME = 'site-token-keys';
/** Keys kept (and published): the current one and the one before it. */
const KEYS_KEPT = 2;

export interface SiteTokenClaims {
  siteId: number;
  /** The superadmin the token speaks for, when any. */
  userId?: number | null;
  /** What the portal may do with it (e.g. 'impersonate'); portals check it. */
  purpose: string;
  ttlSeconds: number;
}

export interface SiteTokenContext {
  database: Database;
  config: { publicUrl: string };
}

interface StoredKey {
  kid: string;
  privateJwk: JWK;
}

/** The audience of a site's tokens: a portal accepts only tokens addressed to itself. */
export const siteTokenAudience = (siteId: number) => `site:${siteId}`;
/** The issuer: the platform's public address (where its JWKS lives). */
export const siteTokenIssuer = (publicUrl: string) => publicUrl.replace(/\/+$/, '');

async function newStoredKey(): Promise<StoredKey> {
  const { privateKey } = await generateKeyPair(SITE_TOKEN_ALG, { extractable: true });
  const privateJwk = await exportJWK(privateKey);
  const kid = await calculateJwkThumbprint(privateJwk);
  return { kid, privateJwk: { ...privateJwk, kid, alg: SITE_TOKEN_ALG, use: 'sig' } };
}

const publicOf = ({ d: _private, ...publicJwk }: JWK): JWK => publicJwk;

async function readStoredKeys(database: Database): Promise<string | null> {
  const [row] = await database.db.select().from(serverSecrets).where(eq(serverSecrets.name, SECRET_NAME));
  return row?.value ?? null;
}

/** The stored keys, newest first, creating the first key pair when there is none (every instance agrees on it). */
async function storedKeysText(database: Database): Promise<string> {
  const existing = await readStoredKeys(database);
  if (existing) return existing;
  await database.db
    .insert(serverSecrets)
    .values({ name: SECRET_NAME, value: JSON.stringify([await newStoredKey()]) })
    .onConflictDoNothing();
  return (await readStoredKeys(database))!;
}

/** Imported signing keys, cached by the stored text so a rotation by another instance is seen on the next read. */
const imported = new Map<string, Promise<{ kid: string; key: CryptoKey | Uint8Array }>>();
function signingKeyOf(text: string) {
  let entry = imported.get(text);
  if (!entry) {
    if (imported.size > 8) imported.clear();
    const [current] = JSON.parse(text) as StoredKey[];
    entry = importJWK(current!.privateJwk, SITE_TOKEN_ALG).then((key) => ({ kid: current!.kid, key }));
    imported.set(text, entry);
  }
  return entry;
}

/** The JSON Web Key Set portals fetch: the public half of every kept key. */
export async function siteTokenJwks(database: Database): Promise<{ keys: JWK[] }> {
  const stored = JSON.parse(await storedKeysText(database)) as StoredKey[];
  return { keys: stored.map((entry) => publicOf(entry.privateJwk)) };
}

/** Signs a short-lived token for a site (iss, aud `site:<id>`, sub = user, purpose, exp, jti). */
export async function signSiteToken(context: SiteTokenContext, claims: SiteTokenClaims): Promise<string> {
  if (!Number.isInteger(claims.ttlSeconds) || claims.ttlSeconds < 1 || claims.ttlSeconds > SITE_TOKEN_MAX_TTL_SECONDS) {
    throw new RangeError(`ttlSeconds must be between 1 and ${SITE_TOKEN_MAX_TTL_SECONDS}`);
  }
  const { kid, key } = await signingKeyOf(await storedKeysText(context.database));
  const token = new SignJWT({ purpose: claims.purpose, site: claims.siteId })
    .setProtectedHeader({ alg: SITE_TOKEN_ALG, kid, typ: 'JWT' })
    .setIssuer(siteTokenIssuer(context.config.publicUrl))
    .setAudience(siteTokenAudience(claims.siteId))
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + claims.ttlSeconds)
    .setJti(randomUUID());
  if (claims.userId != null) token.setSubject(String(claims.userId));
  return token.sign(key);
}

/** Verifies a site token with the local keys (what a portal does with the JWKS): its claims, or null. */
export async function verifySiteToken(context: SiteTokenContext, token: string, siteId: number): Promise<JWTPayload | null> {
  const jwks = await siteTokenJwks(context.database);
  try {
    const { payload } = await jwtVerify(
      token,
      async (header) => {
        const jwk = jwks.keys.find((candidate) => candidate.kid === header.kid);
        if (!jwk) throw new Error('unknown kid');
        return importJWK(jwk, SITE_TOKEN_ALG);
      },
      { algorithms: [SITE_TOKEN_ALG], issuer: siteTokenIssuer(context.config.publicUrl), audience: siteTokenAudience(siteId) },
    );
    return payload;
  } catch {
    return null;
  }
}

/** Rotates the signing key: a new key signs from now on; the previous one stays published (KEYS_KEPT). */
export async function rotateSiteTokenKey(database: Database): Promise<string> {
  await storedKeysText(database);
  const fresh = await newStoredKey();
  await database.db.transaction(async (tx) => {
    const [row] = await tx.select().from(serverSecrets).where(eq(serverSecrets.name, SECRET_NAME)).for('update');
    const kept = (JSON.parse(row!.value) as StoredKey[]).slice(0, KEYS_KEPT - 1);
    await tx
      .update(serverSecrets)
      .set({ value: JSON.stringify([fresh, ...kept]) })
      .where(eq(serverSecrets.name, SECRET_NAME));
  });
  return fresh.kid;
}
