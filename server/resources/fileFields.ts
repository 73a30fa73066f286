/**
 * `file` / `image` fields (resources/fieldKinds.ts): the column holds the stored file's id (server/files). On write the
 * file must exist and fit the field's element type (format, image, size), and the record references exactly the files
 * its fields hold (file_refs, same transaction: referenced on write, released on replace and on delete), so a file no
 * record uses is purged as an orphan. On read the id becomes the upload's answer (`{ fileID, filePath, name, … }`),
 * one query for a whole page.
 */
import { inArray } from 'drizzle-orm';
import { fileIdOf, fileIdsOf as listedFileIds } from '../../resources/fieldKinds';
import type { FieldDeclaration, ResourceDeclaration } from '../../resources/types';
import type { Db } from '../db/connection';
import { files } from '../db/schema';
import { detachFiles, elementTypeNamed, fileResponse, setFiles, type ElementType, type FileOwner } from '../files';
import { tooBigMessage } from '../files/elementTypes';
import { ApiError, badArgument } from '../http/errors';
import { t } from '../i18n';

type ResourceRecord = Record<string, unknown>;

export const fileFields = (declaration: ResourceDeclaration): FieldDeclaration[] =>
  declaration.fields.filter((field) => field.type === 'file' || field.type === 'image' || field.type === 'files');

/** The file ids one field holds: one (`file`, `image`) or a list (`files`). */
const idsOfField = (field: FieldDeclaration, value: unknown): unknown[] => (field.type === 'files' ? listedFileIds(value) : [fileIdOf(value)]);

/** The element type a file field names; a declaration naming none or an unknown one is a programming error. */
export function fieldElementType(field: FieldDeclaration): ElementType {
  const elementType = field.elementType ? elementTypeNamed(field.elementType) : undefined;
  if (!elementType) throw new Error(`field ${field.source}: unknown element type ${field.elementType ?? '(none)'}`);
  return elementType;
}

/** The records' files as the engine keeps them in file_refs: the resource's name and the record's id. */
const ownerOf = (declaration: ResourceDeclaration, record: ResourceRecord): FileOwner => ({
  resource: declaration.name,
  recordId: record[declaration.idField] as string | number,
});

const fileIdsOf = (declaration: ResourceDeclaration, record: ResourceRecord): string[] =>
  fileFields(declaration)
    .flatMap((field) => idsOfField(field, record[field.source]))
    .filter((value): value is string => typeof value === 'string');

function tooBig(field: FieldDeclaration, elementType: ElementType): ApiError {
  const { key, values } = tooBigMessage(elementType);
  const message = t(key, values);
  return new ApiError(400, 'BadArgument', message, [{ code: 'BadArgument', target: field.source, message }]);
}

/**
 * Refuses (400, the field as target) a file that does not exist ('El archivo no existe.') or that the field's element
 * type does not accept ('No puedes subir este tipo de archivo.', or its size message). The files are locked
 * (`for key share`) until the transaction ends, so the orphan purge cannot remove them meanwhile.
 */
export async function checkFileFields(db: Db, declaration: ResourceDeclaration, values: ResourceRecord): Promise<void> {
  const written = fileFields(declaration)
    .filter((field) => values[field.source] !== undefined)
    .flatMap((field) => idsOfField(field, values[field.source]).filter((id): id is string => typeof id === 'string').map((id) => ({ field, id })));
  if (written.length === 0) return;
  const ids = [...new Set(written.map(({ id }) => id))];
  const rows = await db
    .select({ id: files.id, extension: files.extension, isImage: files.isImage, size: files.size })
    .from(files)
    .where(inArray(files.id, ids))
    .for('key share');
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const { field, id } of written) {
    const row = byId.get(id);
    if (!row) throw badArgument(field.source, 'files.errors.file_not_found');
    const elementType = fieldElementType(field);
    if (!elementType.extensions.includes(row.extension) || (field.type === 'image' && !row.isImage)) throw badArgument(field.source, 'files.errors.wrong_type');
    if (row.size > elementType.maxBytes) throw tooBig(field, elementType);
  }
}

/** After a write: the record references exactly the files its fields hold (a replaced file is released). */
export async function saveFileRefs(db: Db, declaration: ResourceDeclaration, record: ResourceRecord): Promise<void> {
  if (fileFields(declaration).length === 0) return;
  await setFiles(db, ownerOf(declaration, record), fileIdsOf(declaration, record));
}

/** On delete: a removed row releases its files; a soft-deleted one keeps them (the row, and its file ids, remain). */
export async function releaseFileRefs(db: Db, declaration: ResourceDeclaration, record: ResourceRecord): Promise<void> {
  if (fileFields(declaration).length === 0 || declaration.softDelete) return;
  await detachFiles(db, ownerOf(declaration, record));
}

/** Each file id of the records becomes the upload's answer (null if the file is gone); one query for all. */
export async function readFileFields(db: Db, declaration: ResourceDeclaration, records: ResourceRecord[]): Promise<ResourceRecord[]> {
  const fields = fileFields(declaration);
  if (fields.length === 0 || records.length === 0) return records;
  const ids = [...new Set(records.flatMap((record) => fileIdsOf(declaration, record)))];
  const rows = ids.length ? await db.select().from(files).where(inArray(files.id, ids)) : [];
  const answers = new Map(rows.map((row) => [row.id, fileResponse(row)]));
  return records.map((record) => {
    const read = { ...record };
    for (const field of fields) {
      if (field.type === 'files') {
        // A purged file drops out of the list.
        read[field.source] = listedFileIds(record[field.source]).flatMap((id) => (typeof id === 'string' && answers.has(id) ? [answers.get(id)] : []));
        continue;
      }
      const id = fileIdOf(record[field.source]);
      read[field.source] = typeof id === 'string' ? (answers.get(id) ?? null) : null;
    }
    return read;
  });
}
