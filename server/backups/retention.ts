/**
 * Backup retention (BACKUP_RETENTION_DAYS, docs/decisions/0016-backups.md → 'Retention'): a ready backup whose
 * `expires_at` passed loses its zip and becomes `expired` — audited, announced on its site's channel. The backups sweep
 * (`sweepBackups`, run by server/main.ts at start and hourly) does that, removes replaced backups and deletes the
 * partial zips of builds that died. Safe with several instances sweeping at once: rows are claimed with FOR UPDATE
 * SKIP LOCKED and turned `expired` in the transaction that deletes their zip, so each zip is deleted by one sweep; a
 * sweep that fails before committing leaves its rows `ready` (already refused a token: past `expires_at`) for the next.
 */
import { sql } from 'drizzle-orm';
import { writeAuditAs } from '../audit/audit';
import type { Database } from '../db/connection';
import { queryRows } from '../db/rows';
import type { FileStorage } from '../files';
import { publishBackupStatus } from './events';
import { ANY_AGE, removeReplacedBackups } from './replace';
import { backupStorageKey } from './zip';

/**
 * The backups sweep, run by server/main.ts at start and hourly: expired backups lose their zip, replaced ones their zip
 * and row (server/backups/replace.ts), and partial zips no live build is writing are deleted (`sweepBackupPartials`).
 * `leaseMs`: the jobs' lease (JOB_LEASE_MS).
 */
export async function sweepBackups(
  database: Database,
  storage: FileStorage,
  options: { leaseMs: number; batch?: number },
): Promise<{ expired: number[]; replaced: number[]; partials: string[] }> {
  const partials = await sweepBackupPartials(database, storage, options);
  const expired = await sweepExpiredBackups(database, storage, options);
  const replaced = await removeReplacedBackups(database, storage);
  return { expired, replaced, partials };
}

/**
 * Deletes the partial zips (`backups/<id>.zip` writes that never finished: their process was killed mid-build) of
 * every backup that no live build is writing — whatever their age, so that a restart leaves none behind. A build is
 * live while its backup is in progress and its job running under a lease renewed within `leaseMs` (the jobs runner's
 * heartbeat); a build taken over later sweeps its own partial zip first anyway (server/backups/job.ts). Answers the
 * keys whose partial writes were deleted.
 */
export async function sweepBackupPartials(database: Database, storage: FileStorage, options: { leaseMs: number }): Promise<string[]> {
  // Any age: which ones are live is the database's answer.
  const found = await storage.listPartial({ olderThan: ANY_AGE(), prefix: 'backups/' });
  if (found.length === 0) return [];
  const idOf = (key: string) => /^backups\/([0-9]{1,10})\.zip$/.exec(key)?.[1];
  const ids = [...new Set(found.map((partial) => idOf(partial.key)).filter((id): id is string => id !== undefined))];
  const live = new Set(
    (
      await database.query<{ id: number }>(
        `select b.id from backups b join jobs j on j.id = b.job_id
          where b.id = any($1::int[]) and b.status = 'inProgress' and j.status = 'running'
            and j.locked_at >= now() - $2::int * interval '1 millisecond'`,
        [ids.filter((id) => Number(id) <= 2_147_483_647), Math.max(1, Math.round(options.leaseMs))],
      )
    ).map((row) => String(row.id)),
  );
  const swept: string[] = [];
  for (const partial of found) {
    const id = idOf(partial.key);
    if (id !== undefined && live.has(id)) continue;
    await storage.deletePartial(partial.id);
    swept.push(partial.key);
  }
  return swept;
}

/** Backups expired per transaction (a long backlog is worked through in several). */
export const RETENTION_BATCH = 100;

/** Deletes the zip of every ready backup past `expires_at` and marks it expired; answers the ids it expired. */
export async function sweepExpiredBackups(database: Database, storage: FileStorage, options: { batch?: number } = {}): Promise<number[]> {
  const batch = Math.max(1, options.batch ?? RETENTION_BATCH);
  const expired: number[] = [];
  for (;;) {
    const claimed = await database.db.transaction(async (tx) => {
      const rows = await queryRows<{ id: number; site_id: number | null; site_name: string; expires_at: string | Date }>(
        tx,
        sql`update backups b set status = 'expired'
              from (select id from backups where status = 'ready' and expires_at <= now() order by id limit ${batch} for update skip locked) x
             where b.id = x.id
            returning b.id, b.site_id, b.site_name, b.expires_at`,
      );
      for (const row of rows) {
        const id = Number(row.id);
        // Deleted before the rows commit `expired`: if the transaction fails they stay `ready` and the next sweep retries.
        await storage.delete(backupStorageKey(id));
        await writeAuditAs(
          tx,
          { actor: { id: null, email: null }, address: null },
          {
            action: 'update',
            resource: 'backups',
            recordId: id,
            recordLabel: row.site_name,
            before: { status: 'ready' },
            after: { status: 'expired', expiresAt: new Date(row.expires_at).toISOString(), fileDeleted: true },
          },
        );
        await publishBackupStatus(tx, { id, siteId: row.site_id === null ? null : Number(row.site_id) }, 'expired');
      }
      return rows.map((row) => Number(row.id));
    });
    expired.push(...claimed);
    if (claimed.length < batch) return expired;
  }
}
