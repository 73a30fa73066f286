/**
 * The allowed domains of the sites (`site_domains`, one row per domain key: resources/siteRules.ts `domainKey`), kept
 * by the sites service in each write's transaction.
 */
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { siteDomains } from '../db/schema';

/**
 * Fills `site_domains` from `sites.allowed_url` for rows written without the service (migration 0014, the demo seed):
 * the host of each http(s) URL in lower case without `www.`, as `domainKey` computes it; a domain two sites share stays
 * with the older one.
 */
export const BACKFILL_SITE_DOMAINS_SQL = String.raw`
INSERT INTO "site_domains" ("domain", "site_id")
SELECT DISTINCT ON (d.domain) d.domain, d.site_id
FROM (
  SELECT s.id AS site_id,
    regexp_replace(regexp_replace(lower(substring(trim(u) from '^[A-Za-z]+://(?:[^@/]*@)?([^/:?#]+)')), '\.$', ''), '^www\.', '') AS domain
  FROM "sites" s, unnest(string_to_array(s.allowed_url, ',')) AS u
  WHERE s.allowed_url IS NOT NULL AND trim(u) ~* '^https?://'
) d
WHERE d.domain IS NOT NULL AND d.domain <> ''
ORDER BY d.domain, d.site_id
ON CONFLICT ("domain") DO NOTHING;`;

/** The first of `keys` another site holds (any site when `siteId` is null), or null. */
export async function domainHeldElsewhere(tx: Db, keys: readonly string[], siteId: number | null): Promise<string | null> {
  if (keys.length === 0) return null;
  const others = siteId === null ? undefined : ne(siteDomains.siteId, siteId);
  const [row] = await tx.select({ domain: siteDomains.domain }).from(siteDomains).where(and(inArray(siteDomains.domain, [...keys]), others)).limit(1);
  return row?.domain ?? null;
}

/** Replaces the site's domains by `keys` (its whole list). A key another site took meanwhile fails on the primary key. */
export async function saveSiteDomains(tx: Db, siteId: number, keys: readonly string[]): Promise<void> {
  await tx.delete(siteDomains).where(eq(siteDomains.siteId, siteId));
  if (keys.length > 0) await tx.insert(siteDomains).values(keys.map((domain) => ({ domain, siteId })));
}
