/**
 * Portal keys: the credential an installed site (portal) uses to call the platform's portal routes
 * (`access: 'portal'`). A key reads `pk_<keyId>.<secret>`; only the secret's sha256 is stored, so the
 * secret is shown once, when issued. One live key per site (partial unique index): issuing a new key
 * revokes the previous one in the same transaction (rotation).
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Db } from '../db/connection';
import { portalKeys, sites } from '../db/schema';
import { ApiError } from '../http/errors';
import { t } from '../i18n';

export const PORTAL_KEY_PREFIX = 'pk_';

/** The caller of a portal route, resolved from its key. */
export interface PortalCaller {
  siteId: number;
  keyId: string;
}

export interface IssuedPortalKey {
  siteId: number;
  siteName: string;
  keyId: string;
  /** `pk_<keyId>.<secret>`: answered once, never stored. */
  key: string;
  createdAt: Date;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** Splits `pk_<keyId>.<secret>`; null when the text does not have that shape. */
export function parsePortalKey(text: string): { keyId: string; secret: string } | null {
  const match = /^pk_([A-Za-z0-9_-]{8,40})\.([A-Za-z0-9_-]{20,100})$/.exec(text.trim());
  return match ? { keyId: match[1]!, secret: match[2]! } : null;
}

/** The portal key in an Authorization header: `Portal pk_…` or `Bearer pk_…` (a JWT never starts with pk_). */
export function portalKeyFromHeader(header: string | undefined): string | null {
  if (!header) return null;
  const [scheme, value, extra] = header.trim().split(/\s+/);
  if (extra !== undefined || !value) return null;
  const kind = scheme?.toLowerCase();
  if (kind === 'portal' || (kind === 'bearer' && value.startsWith(PORTAL_KEY_PREFIX))) return value;
  return null;
}

/**
 * Issues a key for the site, revoking its live one (rotation). Runs in `tx` (the caller's transaction, so the
 * audit line commits with it); the site row is locked so two rotations of one site queue instead of colliding.
 * Null when the site does not exist (or is deleted).
 */
export async function issuePortalKey(tx: Db, siteId: number, createdBy: number | null = null): Promise<IssuedPortalKey | null> {
  const [site] = await tx
    .select({ id: sites.id, name: sites.name })
    .from(sites)
    .where(and(eq(sites.id, siteId), eq(sites.isDeleted, false)))
    .for('update');
  if (!site) return null;
  await tx
    .update(portalKeys)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(portalKeys.siteId, siteId), isNull(portalKeys.revokedAt)));
  const keyId = randomBytes(12).toString('base64url');
  const secret = randomBytes(32).toString('base64url');
  const [row] = await tx.insert(portalKeys).values({ siteId, keyId, secretHash: sha256(secret), createdBy }).returning();
  return { siteId, siteName: site.name, keyId, key: `${PORTAL_KEY_PREFIX}${keyId}.${secret}`, createdAt: row!.createdAt };
}

/** Revokes the site's live key; answers the revoked key id, or null when it had none. */
export async function revokePortalKey(tx: Db, siteId: number): Promise<string | null> {
  const rows = await tx
    .update(portalKeys)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(portalKeys.siteId, siteId), isNull(portalKeys.revokedAt)))
    .returning({ keyId: portalKeys.keyId });
  return rows[0]?.keyId ?? null;
}

/** The site's live key (without its secret), or null. */
export async function livePortalKey(db: Db, siteId: number): Promise<{ keyId: string; createdAt: Date } | null> {
  const [row] = await db
    .select({ keyId: portalKeys.keyId, createdAt: portalKeys.createdAt })
    .from(portalKeys)
    .where(and(eq(portalKeys.siteId, siteId), isNull(portalKeys.revokedAt)));
  return row ?? null;
}

/** The portal behind a key: null when malformed, unknown, revoked, wrong secret, or its site is deleted. */
export async function resolvePortalKey(database: Database, key: string): Promise<PortalCaller | null> {
  const parsed = parsePortalKey(key);
  if (!parsed) return null;
  const [row] = await database.db
    .select({ siteId: portalKeys.siteId, secretHash: portalKeys.secretHash })
    .from(portalKeys)
    .innerJoin(sites, eq(sites.id, portalKeys.siteId))
    .where(and(eq(portalKeys.keyId, parsed.keyId), isNull(portalKeys.revokedAt), eq(sites.isDeleted, false)));
  if (!row) return null;
  const given = Buffer.from(sha256(parsed.secret), 'hex');
  const stored = Buffer.from(row.secretHash, 'hex');
  if (given.length !== stored.length || !timingSafeEqual(given, stored)) return null;
  return { siteId: row.siteId, keyId: parsed.keyId };
}


/** The refusal of a portal route without a valid portal key (401, in Spanish). */
export const portalKeyRefused = () => new ApiError(401, 'Unauthorized', t('portal.key_invalid'));
