/**
 * Pure rules of the backup screens (spec 01 §3 'Backup', §4, §8): what a backup's row offers, when the summary keeps
 * asking the server, how a size reads, and what a refused request or download token means for the screen.
 */
import { DOWNLOAD_HASH_PATTERN, type BackupStatus } from '../../../resources/backups';
import type { HttpErrorBody } from '../../../dataProvider/errors';

/** How many of the site's backups the summary asks for (a site holds one, plus the one being generated or the last failed). */
export const BACKUP_SUMMARY_SIZE = 10;

/**
 * The list query of a site's backups: the summary's, and the options menu's (the same query, read once), which asks to
 * replace the site's ready backup instead of just confirming the request.
 */
export function siteBackupsQuery(siteId: number) {
  return {
    filter: { siteId },
    sort: { field: 'creationDate', order: 'DESC' as const },
    pagination: { page: 1, perPage: BACKUP_SUMMARY_SIZE },
  };
}

/** A site holds one backup: a request while one is ready replaces it (the screen asks first, the request says `replace`). */
export function holdsReadyBackup(rows: ReadonlyArray<{ status: string }> | undefined): boolean {
  return rows?.some((row) => row.status === 'ready') ?? false;
}

/** The realtime channel of a site's backups (server/realtime/channels.ts `backups`). */
export const backupChannel = (siteId: number) => `backups:${siteId}`;

export type BackupAction = 'download' | 'delete';

/**
 * Spec 01 §4: a ready backup (processDate present) offers download and delete. A failed one, or an expired one (its
 * zip deleted after BACKUP_RETENTION_DAYS), offers delete only (to clear it); a requested or in-progress one offers
 * nothing (the server refuses deleting one being built).
 */
export function backupActionsFor(status: BackupStatus): BackupAction[] {
  if (status === 'ready') return ['download', 'delete'];
  if (status === 'failed' || status === 'expired') return ['delete'];
  return [];
}

/** Requested or being built: the summary says it follows its state. */
export function isPendingBackup(status: string): boolean {
  return status === 'requested' || status === 'inProgress';
}

/** Whether one of the rows is requested or in progress. */
export function hasPendingBackup(rows: ReadonlyArray<{ status: string }> | undefined): boolean {
  return rows?.some((row) => isPendingBackup(row.status)) ?? false;
}

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** A size in bytes as people read it: '512 B', '1,5 MB' (decimal comma, one decimal from KB up); '' when unknown. */
export function formatBackupSize(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return '';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const text = unit === 0 ? String(value) : value.toFixed(1).replace('.', ',').replace(/,0$/, '');
  return `${text} ${UNITS[unit]}`;
}

/** A refused backup request that names the site holding the pending one (BackupRequestAlreadyPeding). */
export interface PendingElsewhere {
  message: string;
  /** The holding site's detail, when it still exists. */
  siteId: number | null;
}

/** A refused request because the site holds a ready backup and the request did not say `replace` (BackupReplaceConfirmation). */
export function replaceAskedBy(error: unknown): boolean {
  return (error as { body?: HttpErrorBody } | null)?.body?.code === 'BackupReplaceConfirmation';
}

/** Reads a failed `POST /backuprequests`: the pending backup's message and site, or null for any other failure. */
export function pendingBackupOf(error: unknown): PendingElsewhere | null {
  const failure = error as { status?: number; message?: string; body?: HttpErrorBody } | null;
  if (failure?.body?.code !== 'BackupRequestAlreadyPeding') return null;
  const detail = failure.body.details.find((item) => item.code === 'BackupRequestAlreadyPeding') ?? failure.body.details[0];
  const siteId = Number(detail?.value);
  return {
    message: detail?.message ?? failure.message ?? '',
    siteId: Number.isSafeInteger(siteId) && siteId > 0 ? siteId : null,
  };
}

/**
 * A download token refused because the file is gone (deleted, expired, not ready any more: 404, 409, 410) shows
 * 'Este archivo ya no se encuentra para descarga' (spec 01 §8); any other failure 'Error generando token de descarga'.
 */
export function tokenFailureKey(error: unknown): 'backups.errors.gone' | 'backups.errors.token' {
  const status = (error as { status?: number } | null)?.status;
  return status === 404 || status === 409 || status === 410 ? 'backups.errors.gone' : 'backups.errors.token';
}

/** A download page's hash as the server draws it (48 lower-case hex characters); null for anything else. */
export function backupKeyOf(hash: string): string | null {
  return DOWNLOAD_HASH_PATTERN.test(hash) ? hash : null;
}
