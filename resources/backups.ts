/**
 * Site backups (spec 01 §3 'Backup': id, siteId, site, creationDate, processDate, size, downloadHash, zip; §4:
 * requested → in progress → ready; one pending backup at a time). `POST /backuprequests` with `siteId` requests one
 * (a job builds the zip: server/backups/), `DELETE /backuprequests/{id}` deletes it and its zip; the download goes
 * through a single-use token (server/routes/backups.ts). A site holds one backup: a request for a site whose backup is
 * ready carries `replace: true` (the ready one is replaced when the new one is ready). Rules:
 * server/resources/services/backups.ts.
 */
import { backupsReference } from './references';
import { defineResource } from './types';

/** A backup's download hash as the service draws it (24 random bytes in lower-case hex): the page's and the token route's check. */
export const DOWNLOAD_HASH_PATTERN = /^[0-9a-f]{48}$/;

/** `expired`: ready once, its zip deleted after BACKUP_RETENTION_DAYS (server/backups/retention.ts); the row stays. */
export const BACKUP_STATUS = ['requested', 'inProgress', 'ready', 'failed', 'expired'] as const;
export type BackupStatus = (typeof BACKUP_STATUS)[number];

export interface BackupRecord {
  id: number;
  siteId: number | null;
  site: string;
  status: BackupStatus;
  creationDate: string;
  processDate: string | null;
  size: number | null;
  downloadHash: string;
  jobId: number | null;
}

export const backupsResource = defineResource<BackupRecord>({
  ...backupsReference,
  table: 'backups',
  fields: [
    { source: 'id', type: 'id', list: false },
    // The site must exist and not be deleted (checked by the service, which also reads its name); kept as a plain
    // integer so that a backup outlives its site (the column is set to null when the site is deleted).
    { source: 'siteId', type: 'integer', required: true, nullable: true },
    { source: 'site', type: 'text', column: 'site_name', maxLength: 200, readOnly: true },
    // Who asked for it (null once that user is deleted).
    { source: 'requestedBy', type: 'integer', hidden: true },
    // The column also holds `replaced` (server/backups/replace.ts), which the API never shows (`listWhere`).
    {
      source: 'status',
      type: 'enum',
      readOnly: true,
      choices: BACKUP_STATUS.map((id) => ({ id })),
      columnLength: 20,
      nullable: false,
      defaultValue: 'requested',
    },
    { source: 'creationDate', type: 'datetime', readOnly: true, nullable: false },
    { source: 'processDate', type: 'datetime', readOnly: true, nullable: true },
    { source: 'size', type: 'integer', columnType: 'bigint', readOnly: true, nullable: true },
    { source: 'downloadHash', type: 'text', maxLength: 64, readOnly: true, list: false, filter: false },
    // The job's: the zip's checksum, its failure, and when its zip is deleted (BACKUP_RETENTION_DAYS).
    { source: 'sha256', type: 'text', maxLength: 64, nullable: true, hidden: true },
    { source: 'jobId', type: 'integer', readOnly: true, nullable: true, list: false, filter: false },
    { source: 'error', type: 'text', columnType: 'text', nullable: true, hidden: true },
    { source: 'expiresAt', type: 'datetime', hidden: true },
  ],
  operations: ['list', 'read', 'create', 'delete'],
  // A backup replaced by its site's next one ('replaced', server/backups/replace.ts) is only waiting for its zip to go.
  listWhere: "t.status <> 'replaced'",
  sort: { field: 'creationDate', order: 'DESC' },
  pageSize: 10,
  editMode: 'dialog',
  messages: { created: 'backups.messages.created', deleted: 'backups.messages.deleted', confirmDelete: 'backups.messages.confirm_delete', empty: 'backups.messages.empty' },
});
