/**
 * A site holds one backup (spec 01 §4; indexes `backups_one_held_per_site` and `backups_one_attempt_per_site`): a new
 * request replaces the site's last failed attempt at once, and a new backup that becomes ready replaces the one the site
 * held (ready or expired). A replaced row is marked `replaced` in the transaction of the change — the API no longer reads
 * it (resources/backups.ts `listWhere`), its download tokens are refused — and announced on its site's channel; its zip
 * and then its row are removed right after the commit, or by the backups sweep (server/backups/retention.ts, at start
 * and hourly) when the process died in between: the mark is the durable record of the zip still to delete.
 */
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../db/connection';
import { queryRows } from '../db/rows';
import type { FileStorage } from '../files/storage';
import { sweepPartial } from '../files/storage';
import { publishBackupStatus } from './events';
import { REPLACED_STATUS } from './rules';
import { backupStorageKey } from './zip';

export interface ReplacedBackup {
  id: number;
  siteId: number;
  siteName: string;
  status: string;
}

/**
 * Marks `replaced` the site's backups in `statuses` other than `keepId`, in `tx`, and announces each on the site's
 * channel; answers them (with the status they had) for the caller's audit and for `removeReplacedBackups`.
 */
export async function markReplaced(tx: Db, site: { siteId: number; keepId?: number; statuses: readonly string[] }): Promise<ReplacedBackup[]> {
  const rows = await queryRows<{ id: number; site_id: number; site_name: string; status: string }>(
    tx,
    sql`update backups b set status = ${REPLACED_STATUS}
          from (select id, status from backups where site_id = ${site.siteId} and status in (${sql.join(site.statuses.map((status) => sql`${status}`), sql`, `)})
                  and id <> ${site.keepId ?? 0} for update) old
         where b.id = old.id
        returning b.id, b.site_id, b.site_name, old.status`,
  );
  const replaced = rows.map((row) => ({ id: Number(row.id), siteId: Number(row.site_id), siteName: row.site_name, status: row.status }));
  for (const backup of replaced) await publishBackupStatus(tx, backup, 'replaced');
  return replaced;
}

/** A cut-off that every partial write is older than (a file's time may read a little ahead of this clock). */
export const ANY_AGE = () => new Date(Date.now() + 24 * 60 * 60_000);

/** Backups removed per transaction by the sweep. */
const REMOVE_BATCH = 100;

/**
 * Deletes the zip (and any partial write of it) of `replaced` backups, then their rows: those of `ids` when given,
 * else every one (the sweep). Safe with several instances at once (rows claimed FOR UPDATE SKIP LOCKED); a zip is
 * deleted before its row, so a failure leaves the row for the next sweep. Answers the ids removed.
 */
export async function removeReplacedBackups(database: Database, storage: FileStorage, options: { ids?: readonly number[] } = {}): Promise<number[]> {
  if (options.ids && options.ids.length === 0) return [];
  const removed: number[] = [];
  for (;;) {
    const only = options.ids ? sql`and id = any(${`{${options.ids.join(',')}}`}::int[])` : sql``;
    const claimed = await database.db.transaction(async (tx) => {
      const rows = await queryRows<{ id: number }>(
        tx,
        sql`select id from backups where status = ${REPLACED_STATUS} ${only} order by id limit ${REMOVE_BATCH} for update skip locked`,
      );
      for (const row of rows) {
        const key = backupStorageKey(Number(row.id));
        await storage.delete(key);
        await sweepPartial(storage, { olderThan: ANY_AGE(), prefix: key });
      }
      if (rows.length) await tx.execute(sql`delete from backups where id = any(${`{${rows.map((row) => Number(row.id)).join(',')}}`}::int[])`);
      return rows.map((row) => Number(row.id));
    });
    removed.push(...claimed);
    if (claimed.length < REMOVE_BATCH) return removed;
  }
}
