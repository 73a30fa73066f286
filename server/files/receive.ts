/**
 * Receiving one multipart upload (the `file` part) for an element type: streamed to a temporary file with the element
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

/** Receives the request's `file` part as a file of `elementType`; refusals are ApiErrors with the spec's messages. */
export async function receiveUpload(
  request: FastifyRequest,
  services: FileServices,
  elementType: ElementType,
  createdBy: number | null,
): Promise<UploadedFileResponse> {
  if (!request.isMultipart()) throw badUpload('files.errors.not_multipart');
  const part = await request.file({ limits: { fileSize: elementType.maxBytes } });
  if (!part) throw badUpload('files.errors.missing');
  const temporary = path.join(os.tmpdir(), `portales-upload-${randomUUID()}`);
  try {
    try {
      await pipeline(part.file, createWriteStream(temporary));
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooBig(elementType);
      throw error;
    }
    if (part.file.truncated) throw fileTooBig(elementType);
    return await acceptUpload(services, elementType, { path: temporary, clientName: part.filename }, createdBy);
  } finally {
    await fs.rm(temporary, { force: true });
  }
}
