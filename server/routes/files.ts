/**
 * Uploaded files: POST /uploadfiles/{param} (multipart, the `file` part; param `elementType=banner` or
 * `banner`) and serving GET /files/{id}, /files/{id}/thumbnail, /files/{id}/big.
 * Serving is declared public because images of public element types are shown on the portals (an <img> sends
 * no token); every other file needs a signed-in superadmin, checked here per file (docs/decisions.md 'Files').
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { files } from '../db/schema';
import { ApiError, notFound, unauthorized } from '../http/errors';
import { apiRoute, currentUser } from '../http/route';
import { t } from '../i18n';
import { acceptUpload, elementTypeNamed, fileStorageOf, isFileId } from '../files';
import { contentDisposition } from '../files/names';
import { fileTooBig } from '../files/upload';

/** The element type named by the path parameter: `elementType=banner` (as the spec's client sends it) or `banner`. */
export function elementTypeParam(param: string) {
  const match = /^(?:elementType=)?([A-Za-z][A-Za-z0-9_-]{0,49})$/i.exec(param);
  return match ? elementTypeNamed(match[1]!) : undefined;
}

const badUpload = (key: string) => {
  const message = t(key);
  return new ApiError(400, 'BadArgument', message, [{ code: 'BadArgument', target: 'file', message }]);
};

/** Files are immutable under their id: no other page may frame or script them, whatever their content. */
const FILE_CSP = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox";

const fileParams = { type: 'object', properties: { id: { type: 'string', description: 'Id del archivo (fileID)' } } } as const;

/** The upload's answer (spec 02 'Uploaded file response'). */
const uploadedFileSchema = {
  type: 'object',
  properties: {
    fileID: { type: 'string' },
    filePath: { type: 'string', description: 'Dirección del archivo (GET /api/v1/files/{id})' },
    isImage: { type: 'boolean' },
    name: { type: 'string', description: 'Nombre limpio del archivo' },
    thumbnail: { type: 'string', nullable: true, description: 'Miniatura (solo imágenes)' },
    fileBigImage: { type: 'string', nullable: true, description: 'Imagen grande (solo imágenes)' },
  },
};

/** A stored file's bytes, with its own type. */
const fileContentResponse = {
  description: 'El contenido del archivo con su tipo',
  content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
};

export function registerFileRoutes(app: FastifyInstance): void {
  const { database } = app.ctx;
  const storage = fileStorageOf(app.ctx);

  // The multipart parser only in this scope: every other route keeps refusing multipart bodies.
  void app.register(async (scope) => {
    await scope.register(multipart, {
      throwFileSizeLimit: true,
      limits: { files: 1, fields: 10, fieldSize: 1024, parts: 12, headerPairs: 100 },
    });
    apiRoute(scope, {
      method: 'POST',
      url: '/uploadfiles/:param',
      access: 'authenticated',
      summary:
        'Sube un archivo (multipart, parte "file") para un tipo de elemento (elementType=banner): revisa tipo por contenido y tamaño, limpia imágenes y SVG; responde fileID, filePath, isImage, name, thumbnail, fileBigImage',
      tags: ['Archivos'],
      schema: { params: { type: 'object', properties: { param: { type: 'string', description: 'elementType=<tipo> o <tipo>' } } } },
      documentedResponses: { 201: uploadedFileSchema },
      handler: async (request, reply) => {
        const user = currentUser(request);
        const elementType = elementTypeParam((request.params as { param: string }).param);
        // An element type this server does not know is a path that names nothing: 404, as any unknown id.
        if (!elementType) throw new ApiError(404, 'NotFound', t('files.errors.unknown_element_type'));
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
          const answer = await acceptUpload({ db: database.db, storage }, elementType, { path: temporary, clientName: part.filename }, user.id);
          return reply.status(201).send(answer);
        } finally {
          await fs.rm(temporary, { force: true });
        }
      },
    });
  });

  const serve = (variant: 'original' | 'thumbnail' | 'big') => async (request: FastifyRequest, reply: FastifyReply) => {
    const { id } = request.params as { id: string };
    if (!isFileId(id)) throw notFound();
    const [row] = await database.db.select().from(files).where(eq(files.id, id));
    if (!row) throw notFound();
    const publicRead = elementTypeNamed(row.elementType)?.publicRead ?? false;
    if (!publicRead && !request.user) throw unauthorized();
    const key = variant === 'original' ? row.storageKey : variant === 'thumbnail' ? row.thumbnailKey : row.bigImageKey;
    if (!key) throw notFound();
    const content = await storage.get(key);
    if (!content) throw notFound();
    const extension = path.extname(key).slice(1);
    const name = variant === 'original' ? row.name : `${path.parse(row.name).name}-${variant === 'thumbnail' ? 'miniatura' : 'grande'}.${extension}`;
    const mime = variant === 'original' ? row.mime : extension === 'jpg' ? 'image/jpeg' : 'image/png';
    const stat = await storage.stat(key);
    reply
      .header('content-type', mime)
      .header('content-disposition', contentDisposition(row.isImage ? 'inline' : 'attachment', name))
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', FILE_CSP)
      .header('cache-control', publicRead ? 'public, max-age=31536000, immutable' : 'private, max-age=3600');
    if (publicRead) reply.header('cross-origin-resource-policy', 'cross-origin');
    if (stat) reply.header('content-length', stat.size);
    if (variant === 'original') reply.header('etag', `"${row.sha256}"`);
    return reply.send(content);
  };

  const variants = [
    { suffix: '', variant: 'original', summary: 'El archivo subido, con su tipo y nombre (imágenes en línea, el resto como descarga)' },
    { suffix: '/thumbnail', variant: 'thumbnail', summary: 'Miniatura de una imagen subida (200 px)' },
    { suffix: '/big', variant: 'big', summary: 'Imagen grande derivada de una imagen subida (1600 px)' },
  ] as const;
  for (const { suffix, variant, summary } of variants) {
    apiRoute(app, {
      method: 'GET',
      url: `/files/:id${suffix}`,
      access: 'public',
      summary: `${summary}. Público para tipos de elemento publicados (imágenes, banners, logos); el resto exige sesión`,
      tags: ['Archivos'],
      schema: { params: fileParams },
      documentedResponses: { 200: fileContentResponse },
      handler: serve(variant),
    });
  }
}
