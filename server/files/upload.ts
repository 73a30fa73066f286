/**
 * Accepting one uploaded file: the rules of spec 02/03 'Uploads' (empty, too big, wrong type), checked on the
 * content, then cleaned (images re-encoded, SVG sanitised), stored and recorded. The route streams the
 * request to a temporary file and hands it here; nothing here knows HTTP.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { API_PREFIX } from '../http/route';
import { ApiError } from '../http/errors';
import { t } from '../i18n';
import type { Db } from '../db/connection';
import { files } from '../db/schema';
import { imageDimensionFailure } from '../../resources/imageRules';
import { tooBigMessage, type ElementType } from './elementTypes';
import { contentMatches, FILE_FORMATS } from './formats';
import { cleanImage, type CleanImage } from './images';
import { fileExtension, sanitizeFileName } from './names';
import type { FileStorage } from './storage';
import { sanitizeSvg } from './svg';

/** The answer of POST /uploadfiles/{param} (spec 02 and 03 'Uploaded file response'). */
export interface UploadedFileResponse {
  fileID: string;
  filePath: string;
  isImage: boolean;
  name: string;
  thumbnail: string | null;
  fileBigImage: string | null;
}

export type FileRow = typeof files.$inferSelect;

/** The URLs a file is served at (GET /api/v1/files/{id}, …/thumbnail, …/big): relative to the server. */
export function fileResponse(row: Pick<FileRow, 'id' | 'name' | 'isImage' | 'thumbnailKey' | 'bigImageKey'>): UploadedFileResponse {
  const base = `${API_PREFIX}/files/${row.id}`;
  return {
    fileID: row.id,
    filePath: base,
    isImage: row.isImage,
    name: row.name,
    thumbnail: row.thumbnailKey ? `${base}/thumbnail` : null,
    fileBigImage: row.bigImageKey ? `${base}/big` : null,
  };
}

const refusal = (status: number, code: string, key: string, values?: Record<string, unknown>) => {
  const message = t(key, values);
  return new ApiError(status, code, message, [{ code, target: 'file', message }]);
};
export const emptyFile = () => refusal(400, 'BadArgument', 'files.errors.empty');
export const wrongType = () => refusal(400, 'BadArgument', 'files.errors.wrong_type');
export function fileTooBig(elementType: ElementType): ApiError {
  const { key, values } = tooBigMessage(elementType);
  return refusal(413, 'PayloadTooLarge', key, values);
}

async function sha256(content: Buffer | string): Promise<string> {
  const hash = createHash('sha256');
  if (Buffer.isBuffer(content)) hash.update(content);
  else await pipeline(createReadStream(content), hash);
  return hash.digest('hex');
}

export interface ReceivedFile {
  /** Temporary file holding the bytes as received; the caller removes it. */
  path: string;
  /** The name the client sent. */
  clientName: string;
}

export interface FileServices {
  db: Db;
  storage: FileStorage;
}

/** Checks, cleans, stores and records a received file; throws the spec's refusals as ApiErrors. */
export async function acceptUpload(
  services: FileServices,
  elementType: ElementType,
  received: ReceivedFile,
  createdBy: number | null,
): Promise<UploadedFileResponse> {
  const { size } = await fs.stat(received.path);
  if (size === 0) throw emptyFile();
  if (size > elementType.maxBytes) throw fileTooBig(elementType);
  const name = sanitizeFileName(received.clientName);
  const extension = fileExtension(name);
  const format = elementType.extensions.includes(extension) ? FILE_FORMATS[extension] : undefined;
  if (!format || !(await contentMatches(received.path, format))) throw wrongType();

  let image: CleanImage | null = null;
  if (format.image === 'svg') {
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(await fs.readFile(received.path));
    } catch {
      throw wrongType();
    }
    const clean = sanitizeSvg(text);
    if (!clean) throw wrongType();
    image = await decodeOrRefuse(Buffer.from(clean), 'svg');
  } else if (format.image) {
    image = await decodeOrRefuse(received.path, format.image);
  }
  // The declared dimensions (resources/imageRules.ts), on the decoded pixels: the file's real content, not its header's claim.
  const failure = image && elementType.imageRules ? imageDimensionFailure(elementType.imageRules, image.width, image.height) : null;
  if (failure) throw refusal(400, 'BadArgument', failure.key, failure.values);
  return storeFile(services, elementType, { name, extension, size, path: received.path }, image, createdBy);
}

/** Stores an accepted file (and an image's derived copies) and records it. */
export async function storeFile(
  services: FileServices,
  elementType: ElementType,
  file: { name: string; extension: string; size: number; path: string | null; mime?: string },
  image: CleanImage | null,
  createdBy: number | null,
): Promise<UploadedFileResponse> {
  const { name, extension, size } = file;

  const id = randomUUID();
  const now = new Date();
  const folder = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
  const storedExtension = image ? image.original.extension : extension;
  const keys = {
    original: `${folder}/${id}.${storedExtension}`,
    thumbnail: image ? `${folder}/${id}-thumbnail.${image.thumbnail.extension}` : null,
    big: image ? `${folder}/${id}-big.${image.big.extension}` : null,
  };
  const written: string[] = [];
  try {
    await services.storage.put(keys.original, image ? image.original.data : createReadStream(file.path!));
    written.push(keys.original);
    if (image) {
      await services.storage.put(keys.thumbnail!, image.thumbnail.data);
      written.push(keys.thumbnail!);
      await services.storage.put(keys.big!, image.big.data);
      written.push(keys.big!);
    }
    const [row] = await services.db
      .insert(files)
      .values({
        id,
        storageKey: keys.original,
        name: image && storedExtension !== extension ? replaceExtension(name, storedExtension) : name,
        mime: image ? image.original.mime : (file.mime ?? FILE_FORMATS[extension]!.mime),
        extension: storedExtension,
        size: image ? image.original.data.length : size,
        sha256: await sha256(image ? image.original.data : file.path!),
        isImage: image !== null,
        thumbnailKey: keys.thumbnail,
        bigImageKey: keys.big,
        elementType: elementType.name,
        createdBy,
      })
      .returning();
    return fileResponse(row!);
  } catch (error) {
    await Promise.all(written.map((key) => services.storage.delete(key).catch(() => undefined)));
    throw error;
  }
}

/** jpeg stays jpg/jpeg as the user named it; only a real change of format renames the file. */
function replaceExtension(name: string, extension: string): string {
  const current = fileExtension(name);
  if (FILE_FORMATS[current]?.mime === FILE_FORMATS[extension]?.mime) return name;
  return `${name.slice(0, name.length - current.length)}${extension}`;
}

async function decodeOrRefuse(source: string | Buffer, format: Parameters<typeof cleanImage>[1]): Promise<CleanImage> {
  try {
    return await cleanImage(source, format);
  } catch {
    throw refusal(400, 'BadArgument', 'files.errors.unreadable_image');
  }
}
