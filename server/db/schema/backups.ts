/**
 * Site backups (spec 01 §3 'Backup', §4, issue 9): one row per request, the zip in the files storage under
 * `backups/<id>.zip`, and the single-use download tokens. Part of the schema re-exported by server/db/schema.ts.
 */
import { sql } from 'drizzle-orm';
import { foreignKey, index, integer, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { backupsResource } from '../../../resources/backups';
import { resourceTable } from '../resourceTable';
import { sites } from './sites';
import { users } from './users';

/** Site backups, derived from their declaration (resources/backups.ts); the job (server/backups) writes its hidden columns. */
export const backups = resourceTable(backupsResource, (t) => [
  foreignKey({ columns: [t.siteId], foreignColumns: [sites.id] }).onDelete('set null'),
  foreignKey({ columns: [t.requestedBy], foreignColumns: [users.id] }).onDelete('set null'),
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
]);

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
