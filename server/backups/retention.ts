/**
 * Backup retention (BACKUP_RETENTION_DAYS, docs/decisions.md 'Backups' → 'Retention'): a ready backup whose
 * `expires_at` passed loses its zip and becomes `expired` — audited, announced on its site's channel. server/main.ts
 * runs the sweep at start and hourly. Safe with several instances sweeping at once: rows are claimed with FOR UPDATE
 * SKIP LOCKED and turned `expired` in the transaction that deletes their zip, so each zip is deleted by one sweep; a
 * sweep that fails before committing leaves its rows `ready` (already refused a token: past `expires_at`) for the next.
 */
import { sql } from 'drizzle-orm';
import { writeAuditAs } from '../audit/audit';
import type { Database } from '../db/connection';
import { queryRows } from '../db/rows';
import type { FileStorage } from '../files';
import { publishBackupStatus } from './events';
import { backupStorageKey } from './zip';

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
