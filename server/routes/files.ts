/**
 * Hand routes: protocol work (multipart uploads and file downloads).
 *
 * Uploaded files: POST /uploadfiles/{param} (multipart, the `file` part; param `elementType=banner` or
 * `banner`) and serving GET /files/{id}, /files/{id}/thumbnail, /files/{id}/big.
 * Each element type names the area whose permission uploads its files and reads them back (server/files/elementTypes.ts):
 * the upload is declared for any signed-in superadmin and checks the named type's permissions here; serving is declared
 * public because images of public element types are shown on the portals (an <img> sends no token), and every other
 * file needs a superadmin holding its type's permission, checked here per file (docs/decisions/0020-files.md).
 */
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { files } from '../db/schema';
import { ApiError, badArgument, forbidden, notFound, unauthorized } from '../http/errors';
import { textParam } from '../http/params';
import { apiRoute, currentUser } from '../http/route';
import { t } from '../i18n';
import { elementTypeNamed, fileStorageOf, isFileId, mayHandleFiles } from '../files';
import { contentDisposition } from '../files/names';
import { receiveUpload, registerMultipart } from '../files/receive';
import { cropImage } from '../files/crop';

/** The element type named by the path parameter: `elementType=banner` (as the spec's client sends it) or `banner`. */
export function elementTypeParam(param: string) {
  const match = /^(?:elementType=)?([A-Za-z][A-Za-z0-9_-]{0,49})$/i.exec(param);
  return match ? elementTypeNamed(match[1]!) : undefined;
}

/** Files are immutable under their id: no other page may frame or script them, whatever their content. */
const FILE_CSP = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox";

const fileParams = { type: 'object', properties: { id: { type: 'string', description: 'Id del archivo (fileID)' } } } as const;

/** The upload's answer (spec 02 'Uploaded file response'). */
export const uploadedFileSchema = {
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
    await registerMultipart(scope);
    apiRoute(scope, {
      method: 'POST',
      url: '/uploadfiles/:param',
      access: 'authenticated',
      summary:
        'Sube un archivo (multipart, parte "file") para un tipo de elemento (elementType=banner), con el permiso del área dueña de ese tipo (403 sin él): revisa tipo por contenido y tamaño, limpia imágenes y SVG; responde fileID, filePath, isImage, name, thumbnail, fileBigImage',
      tags: ['Archivos'],
      schema: { params: { type: 'object', properties: { param: { type: 'string', description: 'elementType=<tipo> o <tipo>', examples: ['elementType=document'] } } } },
      documentedResponses: { 201: uploadedFileSchema },
      errorResponses: [403],
      handler: async (request, reply) => {
        const user = currentUser(request);
        const elementType = elementTypeParam(textParam(request, 'param'));
        // An element type this server does not know is a path that names nothing: 404, as any unknown id.
        if (!elementType) throw new ApiError(404, 'NotFound', t('files.errors.unknown_element_type'));
        // The area that owns files of this type uploads them (before a byte of the body is read).
        if (!mayHandleFiles(user.permissions, elementType)) throw forbidden();
        const answer = await receiveUpload(request, { db: database.db, storage }, elementType, user.id);
        return reply.status(201).send(answer);
      },
    });
  });

  apiRoute(app, {
    method: 'POST',
    url: '/uploadfiles/:id/crop',
    access: 'authenticated',
    summary:
      'Recorta una imagen subida a la proporción de su tipo de elemento (banner: 4:1), el mayor recorte posible en la posición de portada elegida (positionX, positionY: 0 a 100 %); guarda el recorte como un archivo nuevo y responde como la subida. Exige el permiso del área dueña del tipo',
    tags: ['Archivos'],
    schema: {
      params: fileParams,
      body: {
        // Both are required, checked after the file is found: an unknown file answers 404 whatever the body.
        type: 'object',
        additionalProperties: false,
        properties: {
          positionX: { type: 'integer', minimum: 0, maximum: 100, description: 'Posición horizontal del recorte (0 izquierda, 100 derecha)' },
          positionY: { type: 'integer', minimum: 0, maximum: 100, description: 'Posición vertical del recorte (0 arriba, 100 abajo)' },
        },
      },
    },
    documentedResponses: { 201: uploadedFileSchema },
    errorResponses: [403, 404],
    handler: async (request, reply) => {
      const user = currentUser(request);
      const id = textParam(request, 'id');
      if (!isFileId(id)) throw notFound();
      const [row] = await database.db.select().from(files).where(eq(files.id, id));
      if (!row) throw notFound();
      const elementType = elementTypeNamed(row.elementType);
      if (!elementType || !mayHandleFiles(user.permissions, elementType)) throw forbidden();
      const body = (request.body ?? {}) as { positionX?: number; positionY?: number };
      for (const field of ['positionX', 'positionY'] as const) if (body[field] === undefined) throw badArgument(field, 'validation.required');
      return reply.status(201).send(await cropImage({ db: database.db, storage }, elementType, row, body as { positionX: number; positionY: number }, user.id));
    },
  });

  const serve = (variant: 'original' | 'thumbnail' | 'big') => async (request: FastifyRequest, reply: FastifyReply) => {
    const id = textParam(request, 'id');
    if (!isFileId(id)) throw notFound();
    const [row] = await database.db.select().from(files).where(eq(files.id, id));
    if (!row) throw notFound();
    // A type no longer declared is nobody's: closed to everyone.
    const elementType = elementTypeNamed(row.elementType);
    const publicRead = elementType?.publicRead ?? false;
    if (!publicRead) {
      if (!request.user) throw unauthorized();
      if (!elementType || !mayHandleFiles(request.user.permissions, elementType)) throw forbidden();
    }
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
      summary: `${summary}. Público para tipos de elemento publicados (imágenes, banners, logos); el resto exige el permiso del área dueña de su tipo`,
      tags: ['Archivos'],
      schema: { params: fileParams },
      documentedResponses: { 200: fileContentResponse },
      errorResponses: [401, 403],
      handler: serve(variant),
    });
  }
}
