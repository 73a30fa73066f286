/**
 * The portal's own counters (issue 8: "the site's counters come from data the platform holds or receives"):
 * `PUT /portal/stats` with the portal key (docs/services.md 'Portal keys', docs/decisions/0013-sites.md).
 * A portal reports its number of contents; the platform keeps the other three itself (countUsers: its site users,
 * countEmails: the newest e-mail load, countComments: the site's annotations), so a portal cannot set them.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { queryRows } from '../db/rows';
import { badArgument } from '../http/errors';

const INT4_MAX = 2_147_483_647;

export interface PortalStats {
  contents: number;
}

/** The body's counters, or a 400 with the Spanish message of the first wrong field. */
export function readPortalStats(body: unknown): PortalStats {
  const value = (body ?? {}) as Record<string, unknown>;
  if (value.comments !== undefined) throw badArgument('comments', 'portal.stats.comments_not_reported');
  if (value.contents === undefined || value.contents === null || value.contents === '') throw badArgument('contents', 'portal.stats.contents_required');
  const contents = value.contents;
  if (typeof contents !== 'number' || !Number.isInteger(contents) || contents < 0 || contents > INT4_MAX) {
    throw badArgument('contents', 'portal.stats.contents_invalid');
  }
  return { contents };
}

/** Writes the counters on the portal's own row only; answers the values before and after (null: no such site). */
export async function applyPortalStats(
  tx: Db,
  siteId: number,
  stats: PortalStats,
): Promise<{ name: string; before: PortalStats; after: PortalStats } | null> {
  // The row locked first, so the audit's 'before' is the value this update replaced.
  const [site] = await queryRows<{ name: string; contents: number }>(
    tx,
    sql`select name, count_contents as contents from sites where id = ${siteId} and not is_deleted for no key update`,
  );
  if (!site) return null;
  if (Number(site.contents) !== stats.contents) {
    await tx.execute(sql`update sites set count_contents = ${stats.contents} where id = ${siteId}`);
  }
  return { name: site.name, before: { contents: Number(site.contents) }, after: stats };
}
