/**
 * Uploaded files, the shared service (docs/services.md 'Files'): element types, the upload rules, storage,
 * references from records and the orphan purge.
 */
import path from 'node:path';
import type { AppContext } from '../context';
import { LocalFileStorage, type FileStorage } from './storage';

export { defineElementType, elementTypeNamed, elementTypes, mayHandleFiles, FILE_KINDS, DEFAULT_MAX_BYTES, type ElementType, type ElementTypeOptions, type FileKind } from './elementTypes';
export { FILE_FORMATS } from './formats';
export { sanitizeFileName } from './names';
export { sanitizeSvg } from './svg';
export { LocalFileStorage, PARTIAL_MAX_IDLE_MINUTES, sweepPartial, type FileStorage, type PartialObject, type StoredObject } from './storage';
export { acceptUpload, fileResponse, type UploadedFileResponse } from './upload';
export { attachFiles, detachFiles, setFiles, filesOf, purgeOrphanFiles, isFileId, holdForSession, claimSessionFiles, UPLOAD_SESSION_HOLDER, FILE_PURGE_INTERVAL_MINUTES, type FileOwner } from './refs';

const defaultStorages = new WeakMap<AppContext, FileStorage>();

/** The context's file storage: the one it was given, else DATA_DIR/uploads on the local disk. */
export function fileStorageOf(context: AppContext): FileStorage {
  if (context.fileStorage) return context.fileStorage;
  let storage = defaultStorages.get(context);
  if (!storage) {
    storage = new LocalFileStorage(path.join(context.config.dataDir, 'uploads'));
    defaultStorages.set(context, storage);
  }
  return storage;
}
