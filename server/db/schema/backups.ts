/**
 * Site backups (spec 01 §3 'Backup', §4, issue 9): one row per request, the zip in the files storage under
 * `backups/<id>.zip`, and the single-use download tokens. Part of the schema re-exported by server/db/schema.ts.
 */
import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sites } from './sites';
import { users } from './users';

// Hand-written: the backup job's table (server/backups); requested_by, sha256, error and expires_at are the job's, undeclared.
export const backups = pgTable(
  'backups',
  {
    id: serial('id').primaryKey(),
    /** The site; null once the site is deleted (its backup is what is left of it). */
    siteId: integer('site_id').references(() => sites.id, { onDelete: 'set null' }),
    /** The site's name when the backup was requested. */
    siteName: varchar('site_name', { length: 200 }).notNull(),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * requested → inProgress → ready → expired (zip deleted), or failed (resources/backups.ts BACKUP_STATUS); `replaced`:
     * superseded by the site's next backup, its zip and row about to be removed (server/backups/replace.ts), not read by the API.
     */
    status: varchar('status', { length: 20 }).notNull().default('requested'),
    creationDate: timestamp('creation_date', { withTimezone: true }).notNull().defaultNow(),
    /** When the zip was ready (spec: 'ready' = processDate present). */
    processDate: timestamp('process_date', { withTimezone: true }),
    size: bigint('size', { mode: 'number' }),
    /** Public name of the download (`/download/{hash}`): random, not the id. */
    downloadHash: varchar('download_hash', { length: 64 }).notNull(),
    sha256: varchar('sha256', { length: 64 }),
    jobId: integer('job_id'),
    error: text('error'),
    /** After this the zip is deleted (BACKUP_RETENTION_DAYS). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('backups_download_hash_unique').on(t.downloadHash),
    // One pending backup on the whole platform at a time (spec 01 §4: a pending one blocks a new request).
    uniqueIndex('backups_one_pending').on(sql`(true)`).where(sql`${t.status} in ('requested', 'inProgress')`),
    // A site holds one backup (spec 01 §4): one ready or expired (its zip gone) at most — a new one replaces it when
    // ready — and one attempt at most (requested, in progress, or the last that failed; a new request replaces it).
    uniqueIndex('backups_one_held_per_site').on(t.siteId).where(sql`${t.status} in ('ready', 'expired')`),
    uniqueIndex('backups_one_attempt_per_site').on(t.siteId).where(sql`${t.status} in ('requested', 'inProgress', 'failed')`),
    index('backups_replaced_idx').on(t.id).where(sql`${t.status} = 'replaced'`),
    index('backups_site_idx').on(t.siteId, t.creationDate),
    index('backups_created_idx').on(t.creationDate, t.id),
  ],
);

export const backupDownloadTokens = pgTable(
  'backup_download_tokens',
  {
    /** sha256 of the token (the token itself is only in the link). */
    tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
    backupId: integer('backup_id')
      .notNull()
      .references(() => backups.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('backup_download_tokens_backup_idx').on(t.backupId)],
);
