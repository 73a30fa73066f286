/**
 * The job that builds a requested backup (kind `backups.build`, issue 9): marks it in progress, streams the zip into
 * the storage (server/backups/zip.ts), then in one transaction marks it ready with its size, checksum and expiry,
 * writes the audit line and queues the e-mail to the requester (the mail log's outbox: sent only if it commits). A job
 * resumed after its instance died builds the zip again (the storage replaces it whole). A build that fails marks the
 * backup failed — freeing the platform's one pending slot — and tells the requester; so does the jobs service giving
 * the build up (its `onGiveUp`: the last attempt died with its instance), once (`failBackup` only settles a pending one).
 * A site holds one backup: the transaction that marks the new one ready marks the one the site held `replaced`, and its
 * zip and row go right after the commit (server/backups/replace.ts). A build that ends without its zip leaves no
 * partial zip behind (the storage removes its own on failure; a given-up build's is swept here).
 */
import { sql } from 'drizzle-orm';
import { t } from '../i18n';
import { fileStorageOf, sweepPartial, type FileStorage } from '../files';
import { permanentFailure, registerJobKind, temporaryFailure } from '../jobs';
import { queueMail } from '../mail/mailLog';
import { queryRows } from '../db/rows';
import type { Db } from '../db/connection';
import { publishBackupStatus } from './events';
import { ANY_AGE, markReplaced, removeReplacedBackups, type ReplacedBackup } from './replace';
import { retentionEnd } from './rules';
import { openPortalBackup, portalBackupConfig, portalFailureIsTemporary, PortalBackupError } from '../sites/installation/installer';
import { OutboundError } from '../http/outboundFetch';
import { backupStorageKey, buildBackupZip } from './zip';

export const BACKUP_JOB = 'backups.build';
/** Attempts of a build: a temporary failure of the installer's backup endpoint waits and tries again until the last. */
export const BACKUP_MAX_ATTEMPTS = 3;
export const BACKUP_MAIL = { ready: 'backups.ready', failed: 'backups.failed' } as const;

interface BackupRow {
  id: number;
  site_id: number | null;
  site_name: string;
  site_alias: string | null;
  status: string;
  creation_date: string | Date;
  requester_name: string | null;
  requester_email: string | null;
}

/**
 * Marks a requested or in-progress backup failed in `tx` — freeing the platform's one pending slot — announces it on
 * its site's channel and queues the e-mail telling the requester. Answers false (and does nothing) when the backup is
 * gone or already settled, so the build's own failure and the jobs service giving up never tell twice.
 */
export async function failBackup(tx: Db, failure: { backupId: number; error: unknown; createdBy: number | null }): Promise<boolean> {
  const reason = failure.error instanceof Error ? failure.error.message : String(failure.error);
  const [row] = await queryRows<Omit<BackupRow, 'status' | 'creation_date' | 'site_alias'>>(
    tx,
    sql`update backups b set status = 'failed', error = ${reason.slice(0, 500)}
         where b.id = ${failure.backupId} and b.status in ('requested', 'inProgress')
        returning b.id, b.site_id, b.site_name,
                  (select name from users where id = b.requested_by) as requester_name,
                  (select email from users where id = b.requested_by) as requester_email`,
  );
  if (!row) return false;
  await publishBackupStatus(tx, { id: failure.backupId, siteId: row.site_id }, 'failed');
  if (row.requester_email) {
    const values = { site: row.site_name, name: row.requester_name ?? '' };
    await queueMail(tx, {
      template: BACKUP_MAIL.failed,
      to: row.requester_email,
      subject: t('backups.mail.failed_subject', values),
      text: t('backups.mail.failed_text', values),
      related: { resource: 'backups', id: failure.backupId },
      createdBy: failure.createdBy,
    });
  }
  return true;
}

/** The zip of a backup that failed, and any partial write of it. */
async function discardZip(storage: FileStorage, backupId: number): Promise<void> {
  await sweepPartial(storage, { olderThan: ANY_AGE(), prefix: backupStorageKey(backupId) });
  await storage.delete(backupStorageKey(backupId));
}

registerJobKind<{ backupId: number }>(BACKUP_JOB, {
  permissions: ['Sites'],
  retry: { maxAttempts: BACKUP_MAX_ATTEMPTS, baseDelayMs: 30_000 },
  async run(ctx) {
    const { backupId } = ctx.job.payload;
    const { database, config } = ctx.app;
    // In progress, announced on the site's backups channel in the same transaction.
    const backup = await database.db.transaction(async (tx) => {
      const [row] = await queryRows<BackupRow>(
        tx,
        sql`update backups b set status = 'inProgress' from (select id from backups where id = ${backupId} for update) x
             where b.id = x.id and b.status in ('requested', 'inProgress')
            returning b.id, b.site_id, b.site_name, b.status, b.creation_date, (select alias from sites where id = b.site_id) as site_alias,
                      (select name from users where id = b.requested_by) as requester_name,
                      (select email from users where id = b.requested_by) as requester_email`,
      );
      if (row) await publishBackupStatus(tx, { id: backupId, siteId: row.site_id }, 'inProgress');
      return row;
    });
    // Deleted, or finished by an earlier attempt: nothing left to do.
    if (!backup) return { skipped: true };
    const mailTo = backup.requester_email;
    const values = { site: backup.site_name, name: backup.requester_name ?? '' };
    try {
      // This attempt holds the job's claim: a partial zip of this backup is what an earlier attempt left when its
      // process died (a live one would hold the claim), so it goes before the zip is written again.
      await sweepPartial(fileStorageOf(ctx.app), { olderThan: new Date(), prefix: backupStorageKey(backupId) });
      if (backup.site_id === null) throw new Error('the site was deleted before its backup was built');
      // The portal's own content, when the installer keeps it (404: none, recorded in the manifest).
      const portal = await openPortalBackup(portalBackupConfig(config), { id: backup.site_id, alias: backup.site_alias ?? String(backup.site_id) });
      const built = await buildBackupZip(database, fileStorageOf(ctx.app), backupId, backup.site_id, new Date(backup.creation_date), portal);
      const readyAt = new Date();
      const until = retentionEnd(readyAt, config.backupRetentionDays);
      let replaced: ReplacedBackup[] = [];
      const siteId = backup.site_id;
      await ctx.runItem('zip', async (tx) => {
        // The backup the site held (ready or expired) gives way to this one, in the same transaction.
        replaced = await markReplaced(tx, { siteId, keepId: backupId, statuses: ['ready', 'expired'] });
        for (const old of replaced) {
          await ctx.audit(tx, {
            action: 'update',
            resource: 'backups',
            recordId: old.id,
            recordLabel: old.siteName,
            before: { status: old.status },
            after: { status: 'replaced', replacedBy: backupId },
          });
        }
        await tx.execute(sql`update backups set status = 'ready', process_date = ${readyAt.toISOString()}, size = ${built.size},
          sha256 = ${built.sha256}, expires_at = ${until.toISOString()}, error = null where id = ${backupId}`);
        await publishBackupStatus(tx, { id: backupId, siteId: backup.site_id }, 'ready');
        await ctx.audit(tx, {
          action: 'update',
          resource: 'backups',
          recordId: backupId,
          recordLabel: backup.site_name,
          after: { status: 'ready', size: built.size, sha256: built.sha256, entries: built.entries.length },
        });
        if (mailTo) {
          await queueMail(tx, {
            template: BACKUP_MAIL.ready,
            to: mailTo,
            subject: t('backups.mail.ready_subject', values),
            text: t('backups.mail.ready_text', {
              ...values,
              url: `${config.publicUrl}/portales/${backup.site_id}`,
              until: until.toLocaleDateString('es-CO', { timeZone: 'America/Bogota', dateStyle: 'long' }),
            }),
            related: { resource: 'backups', id: backupId },
            createdBy: ctx.job.createdBy,
          });
        }
      });
      // Their zips and rows now; if this fails (or the process dies first) the backups sweep finishes it.
      await removeReplacedBackups(database, fileStorageOf(ctx.app), { ids: replaced.map((old) => old.id) }).catch(() => undefined);
      return { size: built.size, entries: built.entries.length, ...(replaced.length ? { replaced: replaced.map((old) => old.id) } : {}) };
    } catch (error) {
      // The installer did not give the portal's content (down, late, cut short): the backup stays in progress and the
      // attempt is retried, unless it was the last one.
      const installerFailed = error instanceof PortalBackupError || error instanceof OutboundError;
      if (installerFailed && portalFailureIsTemporary(error) && ctx.job.attempt < BACKUP_MAX_ATTEMPTS) {
        await database.query('update backups set error = $2 where id = $1', [backupId, String((error as Error).message).slice(0, 500)]);
        throw temporaryFailure('backups.errors.portal_content');
      }
      const failed = await database.db.transaction((tx) => failBackup(tx, { backupId, error, createdBy: ctx.job.createdBy }));
      // A zip written before the failure (the ready transaction failed) is not kept.
      if (failed) await discardZip(fileStorageOf(ctx.app), backupId).catch(() => undefined);
      throw permanentFailure('backups.errors.generating');
    }
  },
  // The jobs service gave the build up (its last attempt died with its instance, or failed in a way the build could
  // not catch): the backup fails now, with its event and e-mail, instead of waiting for the next request to free it.
  async onGiveUp(ctx) {
    if (!(await failBackup(ctx.tx, { backupId: ctx.job.payload.backupId, error: ctx.error, createdBy: ctx.job.createdBy }))) return;
    // The dead attempt's partial zip (nothing will resume it), and a whole zip if it died after writing one.
    await discardZip(fileStorageOf(ctx.app), ctx.job.payload.backupId);
  },
});
