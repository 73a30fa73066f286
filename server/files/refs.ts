/**
 * Which records use which files. An area attaches the files a record points to when it saves the record
 * (in the same transaction) and detaches them when it drops them; a file nobody references is an orphan,
 * purged once it is older than FILE_ORPHAN_HOURS (time enough to finish the form it was uploaded from).
 * The foreign key from file_refs (no cascade) makes the database refuse to delete a referenced file, so a
 * purge racing an attach never removes a file that ends up referenced.
 */
import { createHash } from 'node:crypto';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Database, Db } from '../db/connection';
import { fileRefs } from '../db/schema';
import { badArgument } from '../http/errors';
import { FOREIGN_KEY_VIOLATION, postgresErrorCode } from '../resources/dbErrors';
import type { FileStorage } from './storage';

/** A record that uses files: the resource's name and the record's id. */
export interface FileOwner {
  resource: string;
  recordId: string | number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isFileId = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

const fileNotFound = () => badArgument('fileID', 'files.errors.file_not_found');

/** Adds references from `owner` to these files (already there: kept). An unknown file id is refused (400). */
export async function attachFiles(db: Db, owner: FileOwner, fileIds: readonly string[]): Promise<void> {
  if (fileIds.length === 0) return;
  if (!fileIds.every(isFileId)) throw fileNotFound();
  try {
    await db
      .insert(fileRefs)
      .values([...new Set(fileIds)].map((fileId) => ({ fileId, resource: owner.resource, recordId: String(owner.recordId) })))
      .onConflictDoNothing();
  } catch (error) {
    // 23503: the file does not exist (never uploaded, or purged as an orphan).
    if (postgresErrorCode(error) === FOREIGN_KEY_VIOLATION) throw fileNotFound();
    throw error;
  }
}

/** Removes references from `owner`: to these files, or to all of its files when `fileIds` is omitted. */
export async function detachFiles(db: Db, owner: FileOwner, fileIds?: readonly string[]): Promise<void> {
  const ofOwner = and(eq(fileRefs.resource, owner.resource), eq(fileRefs.recordId, String(owner.recordId)));
  if (fileIds && fileIds.length === 0) return;
  await db.delete(fileRefs).where(fileIds ? and(ofOwner, inArray(fileRefs.fileId, fileIds.filter(isFileId))) : ofOwner);
}

/** Makes `owner` reference exactly these files (a record saved with its current attachments). */
export async function setFiles(db: Db, owner: FileOwner, fileIds: readonly string[]): Promise<void> {
  const ofOwner = and(eq(fileRefs.resource, owner.resource), eq(fileRefs.recordId, String(owner.recordId)));
  const keep = fileIds.filter(isFileId);
  await db.delete(fileRefs).where(keep.length ? and(ofOwner, notInArray(fileRefs.fileId, keep)) : ofOwner);
  await attachFiles(db, owner, fileIds);
}

/** The files `owner` references. */
export async function filesOf(db: Db, owner: FileOwner): Promise<string[]> {
  const rows = await db
    .select({ fileId: fileRefs.fileId })
    .from(fileRefs)
    .where(and(eq(fileRefs.resource, owner.resource), eq(fileRefs.recordId, String(owner.recordId))))
    .orderBy(sql`${fileRefs.createdAt}`);
  return rows.map((row) => row.fileId);
}

/**
 * An upload session's hold: a file uploaded without a session of the admin (the public wizard) is held by the session
 * that uploaded it (a secret token the uploader keeps; only its SHA-256 is stored) until a record claims it or the
 * orphan age passes. It is a reference like any other (the purge keeps the file meanwhile), under this resource name.
 */
export const UPLOAD_SESSION_HOLDER = 'uploadsession';

const sessionOwner = (token: string): FileOwner => ({ resource: UPLOAD_SESSION_HOLDER, recordId: createHash('sha256').update(token).digest('hex') });

/** The session `token` holds this file (just uploaded under it). */
export async function holdForSession(db: Db, token: string, fileId: string): Promise<void> {
  await attachFiles(db, sessionOwner(token), [fileId]);
}

/**
 * Takes these files out of session `token`'s hold for a record, each once: answers the ids it held (a file the session
 * does not hold, already claimed, or held by another session is missing from the answer). The hold is deleted, so two
 * claims racing for one file get it once: the second waits for the first's row lock and then finds nothing. The caller
 * attaches what it got in the same transaction (a rollback gives the files back to the session).
 */
export async function claimSessionFiles(db: Db, token: string, fileIds: readonly string[]): Promise<string[]> {
  const ids = [...new Set(fileIds.filter(isFileId).map((id) => id.toLowerCase()))];
  if (ids.length === 0) return [];
  const owner = sessionOwner(token);
  const claimed = await db
    .delete(fileRefs)
    .where(and(eq(fileRefs.resource, owner.resource), eq(fileRefs.recordId, String(owner.recordId)), inArray(fileRefs.fileId, ids)))
    .returning({ fileId: fileRefs.fileId });
  if (claimed.length === 0) return [];
  // A file some record already uses is not the session's to give (it never is, unless attached by other means).
  const used = await db.select({ fileId: fileRefs.fileId }).from(fileRefs).where(inArray(fileRefs.fileId, claimed.map((row) => row.fileId)));
  const taken = new Set(used.map((row) => row.fileId));
  return claimed.map((row) => row.fileId).filter((id) => !taken.has(id));
}

export const FILE_PURGE_INTERVAL_MINUTES = 60;

/**
 * Deletes files that no record references and that are older than `olderThanHours`, rows first, then their
 * stored objects. Each row goes in its own statement: one attached meanwhile is refused by the foreign key
 * and simply kept. Several instances may run it at once. Answers how many files went.
 */
export async function purgeOrphanFiles(
  database: Database,
  storage: FileStorage,
  options: { olderThanHours: number; limit?: number },
): Promise<number> {
  // An upload session's hold lasts as long as an unreferenced file may live: past it the file is an orphan.
  await database.query(`delete from file_refs where resource = $1 and created_at < now() - $2::float8 * interval '1 hour'`, [
    UPLOAD_SESSION_HOLDER,
    options.olderThanHours,
  ]);
  const candidates = await database.query<{ id: string }>(
    `select f.id from files f
      where f.created_at < now() - $1::float8 * interval '1 hour'
        and not exists (select 1 from file_refs r where r.file_id = f.id)
      order by f.created_at limit $2`,
    [options.olderThanHours, options.limit ?? 500],
  );
  let purged = 0;
  for (const { id } of candidates) {
    let gone: { storage_key: string; thumbnail_key: string | null; big_image_key: string | null }[];
    try {
      gone = await database.query(
        `delete from files f where f.id = $1 and not exists (select 1 from file_refs r where r.file_id = f.id)
         returning storage_key, thumbnail_key, big_image_key`,
        [id],
      );
    } catch (error) {
      if (postgresErrorCode(error) === FOREIGN_KEY_VIOLATION) continue;
      throw error;
    }
    for (const row of gone) {
      purged += 1;
      for (const key of [row.storage_key, row.thumbnail_key, row.big_image_key]) if (key) await storage.delete(key);
    }
  }
  return purged;
}
