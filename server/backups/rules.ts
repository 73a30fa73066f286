/** The backup rules as small functions (spec 01 §4, issue 9), tested in rules.test.ts. */
import { DOWNLOAD_HASH_PATTERN, type BackupStatus } from '../../resources/backups';

/** Requested or being built: it holds the platform's one pending slot (index backups_one_pending). */
export function isPending(status: string): boolean {
  return status === 'requested' || status === 'inProgress';
}

/**
 * A backup superseded by its site's next one (server/backups/replace.ts): its zip and row are about to be removed; the
 * API does not read it (not one of resources/backups.ts BACKUP_STATUS).
 */
export const REPLACED_STATUS = 'replaced';

/**
 * A request for a site that holds a ready backup replaces it (its zip is deleted when the new one is ready): the
 * request must say so (`replace: true`), else it is refused with BackupReplaceConfirmation for the screen to ask.
 */
export function needsReplaceConfirmation(held: { status: string } | undefined, replace: unknown): boolean {
  return held?.status === 'ready' && replace !== true;
}

/** A backup can be deleted unless it is being built (its job would write a zip after the row is gone). */
export function canDelete(status: BackupStatus): boolean {
  return status !== 'inProgress';
}

/** When a ready backup's zip is deleted: `days` after it was ready. */
export function retentionEnd(readyAt: Date, days: number): Date {
  return new Date(readyAt.getTime() + days * 24 * 60 * 60 * 1000);
}

export interface DownloadCheck {
  status: string;
  expiresAt: Date | null;
  tokenExpiresAt: Date;
  tokenUsedAt: Date | null;
}

/** A download token opens the file only once, before it expires, for a ready backup that has not expired. */
export function downloadAllowed(check: DownloadCheck, now: Date): boolean {
  if (check.status !== 'ready' || check.tokenUsedAt) return false;
  if (check.tokenExpiresAt.getTime() <= now.getTime()) return false;
  return !check.expiresAt || check.expiresAt.getTime() > now.getTime();
}

/** The zip's file name: the site's alias or name made safe, and the date (`backup-<site>-<yyyy-mm-dd>.zip`). */
export function backupFileName(site: string, createdAt: Date): string {
  const slug = site
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `backup-${slug || 'entidad'}-${createdAt.toISOString().slice(0, 10)}.zip`;
}

/** Every `fileID` (a file of the files service) found anywhere in a JSON value: attachments of requests and annotations. */
export function fileIdsIn(value: unknown, found: Set<string> = new Set()): Set<string> {
  if (Array.isArray(value)) for (const item of value) fileIdsIn(item, found);
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if ((key === 'fileID' || key === 'fileId') && typeof inner === 'string' && /^[0-9a-f-]{36}$/i.test(inner)) found.add(inner.toLowerCase());
      else fileIdsIn(inner, found);
    }
  }
  return found;
}

/**
 * What `GET /download/{x}/token` was given: a backup id (digits, within PostgreSQL's integer) or a download hash (the
 * 48 hex characters the service draws); anything else finds no backup (null).
 */
export function backupKey(raw: string): { by: 'id'; value: number } | { by: 'hash'; value: string } | null {
  if (/^[0-9]{1,10}$/.test(raw)) {
    const id = Number(raw);
    return id >= 1 && id <= 2_147_483_647 ? { by: 'id', value: id } : null;
  }
  return DOWNLOAD_HASH_PATTERN.test(raw) ? { by: 'hash', value: raw } : null;
}

/** A browser navigating (its Accept names text/html before any JSON), not a script reading the envelope. */
export function wantsPage(accept: string | undefined): boolean {
  if (!accept) return false;
  const types = accept.split(',').map((part) => part.split(';')[0]!.trim().toLowerCase());
  const html = types.indexOf('text/html');
  const json = types.indexOf('application/json');
  return html !== -1 && (json === -1 || html < json);
}
