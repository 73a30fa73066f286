/**
 * A backup's changes of state on the realtime channel of its site (`backups:<siteId>`, server/realtime/channels.ts):
 * requested → inProgress → ready | failed, ready → expired (server/backups/retention.ts), deleted, and replaced (by the
 * site's next backup: server/backups/replace.ts). Published in the transaction of the change (seen only if it
 * commits); the detail's backup summary refreshes on them.
 */
import type { Db } from '../db/connection';
import { publish } from '../realtime/events';

export type BackupEventStatus = 'requested' | 'inProgress' | 'ready' | 'failed' | 'expired' | 'deleted' | 'replaced';

export const backupChannelOf = (siteId: number) => `backups:${siteId}`;

export async function publishBackupStatus(tx: Db, backup: { id: number; siteId: number | null }, status: BackupEventStatus): Promise<void> {
  // A backup whose site was deleted has no channel left to tell.
  if (backup.siteId === null || backup.siteId === undefined) return;
  await publish(tx, backupChannelOf(Number(backup.siteId)), { backupId: Number(backup.id), siteId: Number(backup.siteId), status });
}
