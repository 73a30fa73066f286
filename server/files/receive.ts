/**
 * Receiving one multipart upload (the one `file` part) for an element type: streamed to a temporary file with the element
 * type's size cap, then checked, cleaned, stored and recorded by `acceptUpload`. The one upload path of the server:
 * POST /uploadfiles/{param} (server/routes/files.ts) and POST /newsite/uploadfiles/ (server/newSite) both use it.
 * The caller's scope must have registered @fastify/multipart (`registerMultipart`).
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../http/errors';
import { t } from '../i18n';
import type { ElementType } from './elementTypes';
import { acceptUpload, fileTooBig, type FileServices, type UploadedFileResponse } from './upload';

const badUpload = (key: string) => {
  const message = t(key);
  return new ApiError(400, 'BadArgument', message, [{ code: 'BadArgument', target: 'file', message }]);
};

/** The multipart parser, only in `scope`: every other route keeps refusing multipart bodies. */
export async function registerMultipart(scope: FastifyInstance): Promise<void> {
  await scope.register(multipart, {
    throwFileSizeLimit: true,
    limits: { files: 1, fields: 10, fieldSize: 1024, parts: 12, headerPairs: 100 },
  });
}

/**
 * Why reading the multipart body failed, as the answer: a file over the cap is 413; a second file part is 400 (limit
 * `files: 1`); anything the parser throws (no boundary, a body cut short, a malformed part header) is the client's
 * malformed request, 400. An error of the server's own (writing the temporary file: it carries a `syscall`) stays a 500.
 */
function parsingRefusal(error: unknown, elementType: ElementType): unknown {
  if (error instanceof ApiError) return error;
  const { code, syscall } = error as { code?: string; syscall?: string };
  if (code === 'FST_REQ_FILE_TOO_LARGE') return fileTooBig(elementType);
  if (code === 'FST_FILES_LIMIT') return badUpload('files.errors.one_file');
  if (syscall !== undefined) return error;
  return badUpload('files.errors.malformed');
}

/**
 * Receives the request's one file part, named `file`, as a file of `elementType`; refusals are ApiErrors with the
 * spec's messages. The whole body is read: a file under another name or a second file part is refused, never half-read.
 */
export async function receiveUpload(
  request: FastifyRequest,
  services: FileServices,
  elementType: ElementType,
  createdBy: number | null,
): Promise<UploadedFileResponse> {
  if (!request.isMultipart()) throw badUpload('files.errors.not_multipart');
  const temporary = path.join(os.tmpdir(), `portales-upload-${randomUUID()}`);
  try {
    let clientName: string | null = null;
    try {
      for await (const part of request.parts({ limits: { fileSize: elementType.maxBytes } })) {
        if (part.type !== 'file') continue;
        if (part.fieldname !== 'file' || clientName !== null) throw badUpload('files.errors.one_file');
        await pipeline(part.file, createWriteStream(temporary));
        if (part.file.truncated) throw fileTooBig(elementType);
        clientName = part.filename;
      }
    } catch (error) {
      throw parsingRefusal(error, elementType);
    }
    if (clientName === null) throw badUpload('files.errors.missing');
    return await acceptUpload(services, elementType, { path: temporary, clientName }, createdBy);
  } finally {
    await fs.rm(temporary, { force: true });
  }
}
