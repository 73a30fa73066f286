/**
 * The backups' domain rules (spec 01 §4, §8; issue 9), around the engine's create and delete of `/backuprequests`:
 * one pending backup on the whole platform (checked under a transaction lock here, held by the unique index
 * `backups_one_pending` in the database), answered `BackupRequestAlreadyPeding` naming the site that holds it; a new
 * backup takes the site's name and a random download hash, and queues its job in the same transaction; a backup being
 * built cannot be deleted; a deleted backup's zip leaves the storage. A site holds one backup (indexes
 * `backups_one_held_per_site`, `backups_one_attempt_per_site`): a request for a site holding a ready backup must say
 * `replace: true` (else 409 BackupReplaceConfirmation, the screen asks), the ready one is replaced when the new one is
 * ready (server/backups/job.ts); the site's last failed attempt is replaced by the request at once.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { fileStorageOf, sweepPartial } from '../../files';
import { ApiError, badArgument } from '../../http/errors';
import { t } from '../../i18n';
import { enqueueJob, jobOrigin } from '../../jobs';
import { BACKUP_JOB } from '../../backups/job';
import { canDelete, needsReplaceConfirmation } from '../../backups/rules';
import { ANY_AGE, markReplaced, removeReplacedBackups } from '../../backups/replace';
import { backupStorageKey } from '../../backups/zip';
import { publishBackupStatus } from '../../backups/events';
import { ResourceService, type WriteContext } from './base';
import { queryRows as rows } from '../../db/rows';

/**
 * 409 'No se puede generar backup' naming the site whose backup is pending. The detail carries the same message (the
 * screens show a 409's first detail, spec 01 §8) and the site's id as its `value` (the screen links to its detail).
 */
export function alreadyPending(pending: { site_id: number | null; site_name: string }): ApiError {
  const message = t('backups.errors.already_pending', { site: pending.site_name });
  return new ApiError(409, 'BackupRequestAlreadyPeding', message, [
    { code: 'BackupRequestAlreadyPeding', target: 'siteId', message, ...(pending.site_id === null ? {} : { value: String(pending.site_id) }) },
  ]);
}

/** 409 BackupReplaceConfirmation: the site holds a ready backup, which the request would replace; `replace: true` confirms. */
export function replaceNeeded(site: { site_id: number; site_name: string }): ApiError {
  const message = t('backups.errors.replace_needed', { site: site.site_name });
  return new ApiError(409, 'BackupReplaceConfirmation', message, [
    { code: 'BackupReplaceConfirmation', target: 'replace', message, value: String(site.site_id) },
  ]);
}

export class BackupsService extends ResourceService {
  // BackupRequestAlreadyPeding and BackupReplaceConfirmation.
  override readonly errorResponses = { create: [409] as const };

  override async beforeWrite(context: WriteContext): Promise<void> {
    const { tx, request } = context;
    if (context.operation === 'create') {
      // `replace` (not a stored field, so not among the values): true confirms replacing the site's ready backup.
      const replace = (request.body as { replace?: unknown } | null | undefined)?.replace;
      if (replace !== undefined && typeof replace !== 'boolean') throw badArgument('replace', 'validation.field.boolean');
      // Requests wait for each other here; the unique index would refuse the second anyway.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('portales.backups.pending'))`);
      // A pending backup whose job ended (cancelled, or failed before it could say so) no longer holds the slot.
      const freed = await rows<{ id: number; site_id: number | null }>(
        tx,
        sql`update backups b set status = 'failed', error = 'job ' || j.status from jobs j
             where b.job_id = j.id and b.status in ('requested', 'inProgress') and j.status in ('failed', 'cancelled')
            returning b.id, b.site_id`,
      );
      for (const backup of freed) await publishBackupStatus(tx, { id: backup.id, siteId: backup.site_id }, 'failed');
      const [pending] = await rows<{ site_id: number | null; site_name: string }>(
        tx,
        sql`select site_id, site_name from backups where status in ('requested', 'inProgress') limit 1`,
      );
      if (pending) throw alreadyPending(pending);
      const siteId = context.values.siteId as number;
      const [site] = await rows<{ name: string }>(tx, sql`select name from sites where id = ${siteId} and not is_deleted for key share`);
      if (!site) throw badArgument('siteId', 'validation.field.reference');
      // A site holds one backup: replacing its ready one is asked for explicitly.
      const [held] = await rows<{ status: string }>(tx, sql`select status from backups where site_id = ${siteId} and status in ('ready', 'expired')`);
      if (needsReplaceConfirmation(held, replace)) throw replaceNeeded({ site_id: siteId, site_name: site.name });
      // The site's last failed attempt gives way to this one (its row and any zip go after the commit).
      const failed = await markReplaced(tx, { siteId, statuses: ['failed'] });
      if (failed.length) context.afterCommit(() => removeReplacedBackups(request.server.ctx.database, fileStorageOf(request.server.ctx), { ids: failed.map((old) => old.id) }).then(() => undefined));
      context.values.site = site.name;
      context.values.status = 'requested';
      context.values.downloadHash = randomBytes(24).toString('hex'); // DOWNLOAD_HASH_PATTERN
    }
    if (context.operation === 'delete' && context.before && !canDelete(context.before.status as never)) {
      throw new ApiError(409, 'Conflict', t('backups.errors.in_progress'));
    }
  }

  override async afterWrite(context: WriteContext): Promise<void> {
    const { tx, request } = context;
    if (context.operation === 'create' && context.after) {
      const backupId = Number(context.after.id);
      const jobId = await enqueueJob(tx, { kind: BACKUP_JOB, payload: { backupId }, ...jobOrigin(request) });
      await tx.execute(sql`update backups set job_id = ${jobId}, requested_by = ${request.user?.id ?? null} where id = ${backupId}`);
      context.after.jobId = jobId;
      await publishBackupStatus(tx, { id: backupId, siteId: Number(context.after.siteId) }, 'requested');
    }
    if (context.operation === 'delete' && context.before) {
      const siteId = context.before.siteId as number | null | undefined;
      await publishBackupStatus(tx, { id: Number(context.before.id), siteId: siteId ?? null }, 'deleted');
      const storage = fileStorageOf(request.server.ctx);
      await storage.delete(backupStorageKey(Number(context.before.id)));
      // A partial zip a killed build left (a backup being built cannot be deleted, so none is live).
      await sweepPartial(storage, { olderThan: ANY_AGE(), prefix: backupStorageKey(Number(context.before.id)) });
    }
  }
}
