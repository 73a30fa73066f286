/**
 * Uploaded files (server/files): stored objects and the records that use them.
 * Part of the schema re-exported by server/db/schema.ts.
 */
import { bigint, boolean, index, integer, pgTable, primaryKey, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';

/** One uploaded file: its stored object (and derived images), as checked and cleaned on upload. */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Key of the object in the file storage (server/files/storage.ts). */
    storageKey: varchar('storage_key', { length: 300 }).notNull().unique(),
    /** The original name, sanitised (no path, no control characters). */
    name: varchar('name', { length: 255 }).notNull(),
    mime: varchar('mime', { length: 100 }).notNull(),
    extension: varchar('extension', { length: 10 }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    isImage: boolean('is_image').notNull().default(false),
    thumbnailKey: varchar('thumbnail_key', { length: 300 }),
    bigImageKey: varchar('big_image_key', { length: 300 }),
    elementType: varchar('element_type', { length: 50 }).notNull(),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('files_created_idx').on(t.createdAt)],
);

/**
 * Who uses a file: one row per (resource, record). A referenced file is never purged, and the foreign key
 * (no cascade) makes the database refuse to delete it while a reference exists, even under a race.
 */
export const fileRefs = pgTable(
  'file_refs',
  {
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'restrict' }),
    resource: varchar('resource', { length: 100 }).notNull(),
    recordId: varchar('record_id', { length: 100 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.resource, t.recordId] }), index('file_refs_record_idx').on(t.resource, t.recordId)],
);
