/**
 * Hand routes of global content that are no record of a declaration:
 * - `POST /crawler` and `GET /pagepreviews/?url=` read a public page's metadata (server/crawler) for the content form
 *   and the link preview, with the contents declaration's write access; the crawler also stores the page's image
 *   through the files service (checked by content, cleaned, capped), so the form gets a `fileID` to publish with;
 * - `GET /delivery/{siteAlias}`: what applies to the calling portal now (server/delivery), with its portal key.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createWriteStream } from 'node:fs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { URL_PATTERN } from '../../resources/fieldKinds';
import { contentsResource, CONTENT_LIMITS } from '../../resources/contents';
import { CRAWLER_LIMITS, fetchFollowing, readPageMetadata, type PageMetadata } from '../crawler/pageMetadata';
import { assertDeliveries, deliveryEtag, deliveryFor, deliveryResponseSchema, findDeliverySite } from '../delivery/delivery';
import { fileStorageOf } from '../files';
import { imageElement } from '../files/elementTypes';
import { acceptUpload, type UploadedFileResponse } from '../files/upload';
import { ApiError, forbidden, notFound } from '../http/errors';
import { matchesIfNoneMatch } from '../http/etag';
import { OutboundError } from '../http/outboundFetch';
import { apiRoute, currentPortal, currentUser } from '../http/route';
import { t } from '../i18n';

const CONTENTS_WRITE = { permissions: contentsResource.permissions.write };

const metadataSchema = {
  type: 'object',
  properties: {
    url: { type: 'string', description: 'La dirección leída (tras las redirecciones)' },
    title: { type: 'string', nullable: true },
    description: { type: 'string', nullable: true },
    image: { type: 'string', nullable: true, description: 'Dirección de la imagen de la página (og:image)' },
  },
};

/** The link to read: http(s), ≤ 250 characters (the content's externalLink rule), or 400 in Spanish. */
function linkToRead(value: unknown): string {
  const url = typeof value === 'string' ? value.trim() : '';
  if (!url || url.length > CONTENT_LIMITS.linkMax || !URL_PATTERN.test(url)) {
    const message = t('contents.server.crawler_url');
    throw new ApiError(400, 'BadArgument', message, [{ code: 'BadArgument', target: 'url', message }]);
  }
  return url;
}

/** A failed read as a clear Spanish 4xx: a private address is refused (400), anything else is the page's fault (502). */
function crawlFailure(error: unknown): ApiError {
  if (error instanceof OutboundError && (error.reason === 'refused_address' || error.reason === 'bad_url')) {
    const message = t(error.reason === 'bad_url' ? 'contents.server.crawler_url' : 'contents.server.crawler_refused');
    return new ApiError(400, 'BadArgument', message, [{ code: 'BadArgument', target: 'url', message }]);
  }
  const message = t('contents.server.crawler_failed');
  return new ApiError(502, 'PageUnreadable', message, [{ code: 'PageUnreadable', target: 'url', message }]);
}

const IMAGE_EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/gif': 'gif' };

/** Downloads the page's image into the files service; null when it cannot (the text is still worth filling). */
async function storeImage(app: FastifyInstance, request: FastifyRequest, imageUrl: string, privateOrigins: readonly string[]): Promise<UploadedFileResponse | null> {
  const temporary = path.join(os.tmpdir(), `crawler-${randomUUID()}`);
  try {
    const { answer } = await fetchFollowing(imageUrl, { privateOrigins, maxBytes: CRAWLER_LIMITS.imageBytes, accept: 'image/png,image/jpeg,image/gif' });
    const extension = IMAGE_EXTENSIONS[answer.contentType];
    if (!extension) {
      answer.discard();
      return null;
    }
    await pipeline(answer.body, createWriteStream(temporary));
    return await acceptUpload({ db: app.ctx.database.db, storage: fileStorageOf(app.ctx) }, imageElement, { path: temporary, clientName: `imagen-enlace.${extension}` }, currentUser(request).id);
  } catch {
    return null;
  } finally {
    await fs.rm(temporary, { force: true });
  }
}

export function registerContentRoutes(app: FastifyInstance): void {
  const privateOrigins = () => app.ctx.config.crawlerPrivateOrigins ?? [];

  apiRoute(app, {
    method: 'POST',
    url: '/crawler',
    access: CONTENTS_WRITE,
    summary: 'Lee un enlace externo público (Open Graph, título, descripción) y guarda su imagen: llena nombre, cuerpo e imagen del contenido',
    tags: [contentsResource.name],
    schema: { body: { type: 'object', properties: { url: { type: 'string', description: 'Enlace http(s), máximo 250 caracteres' } } } },
    documentedResponses: {
      200: {
        type: 'object',
        properties: {
          url: { type: 'string' },
          name: { type: 'string', nullable: true },
          body: { type: 'string', nullable: true },
          image: { type: 'object', nullable: true, description: 'La imagen guardada, como la respuesta de /uploadfiles' },
          imageUrl: { type: 'string', nullable: true },
        },
        example: { url: 'https://www.gov.co/', name: 'GOV.CO', body: 'Portal único del Estado colombiano', image: null, imageUrl: null },
      },
    },
    errorResponses: [502],
    handler: async (request) => {
      const url = linkToRead((request.body as { url?: unknown } | undefined)?.url);
      let metadata: PageMetadata;
      try {
        metadata = await readPageMetadata(url, { privateOrigins: privateOrigins() });
      } catch (error) {
        throw crawlFailure(error);
      }
      if (!metadata.title && !metadata.description && !metadata.image) throw crawlFailure(null);
      const image = metadata.image ? await storeImage(app, request, metadata.image, privateOrigins()) : null;
      return {
        url: metadata.url,
        name: metadata.title?.slice(0, CONTENT_LIMITS.nameMax) ?? null,
        body: metadata.description?.slice(0, CONTENT_LIMITS.bodyMax) ?? null,
        image,
        imageUrl: metadata.image,
      };
    },
  });

  apiRoute(app, {
    method: 'GET',
    url: '/pagepreviews/',
    access: CONTENTS_WRITE,
    summary: 'Vista previa de un enlace público: título, descripción e imagen (mismos límites que /crawler)',
    tags: [contentsResource.name],
    schema: { querystring: { type: 'object', properties: { url: { type: 'string' } } } },
    documentedResponses: { 200: metadataSchema },
    errorResponses: [502],
    handler: async (request) => {
      const url = linkToRead((request.query as { url?: unknown }).url);
      try {
        return await readPageMetadata(url, { privateOrigins: privateOrigins() });
      } catch (error) {
        throw crawlFailure(error);
      }
    },
  });

  assertDeliveries();
  apiRoute(app, {
    method: 'GET',
    url: '/delivery/:siteAlias',
    access: 'portal',
    summary:
      "Lo que aplica hoy al portal que llama con su clave: ventanas emergentes y noticias publicadas y vigentes de su segmentación (userType 1 administradores, 2 ciudadanos), banners en orden con su rotación y posición, logos globales y de contenido, pie de página (enlaces y sello), menú destacado de su tipo de entidad y accesos directos. ETag: If-None-Match responde 304 si no cambió",
    tags: ['API de portales'],
    schema: {
      params: { type: 'object', properties: { siteAlias: { type: 'string', description: 'Alias del portal que llama' } } },
      querystring: { type: 'object', properties: { userType: { type: 'string', enum: ['1', '2'], description: '1 administradores, 2 ciudadanos' } } },
    },
    documentedResponses: { 200: deliveryResponseSchema(), 304: { description: 'Sin cambios desde la ETag enviada' } },
    handler: async (request, reply) => {
      const { siteId } = currentPortal(request);
      const alias = String((request.params as { siteAlias?: string }).siteAlias ?? '');
      const site = await findDeliverySite(app.ctx.database, alias);
      if (!site) throw notFound();
      // A portal reads its own delivery only.
      if (site.id !== siteId) throw forbidden();
      const userType = (request.query as { userType?: string }).userType ?? null;
      const body = JSON.stringify(await deliveryFor(app.ctx.database, site, userType, undefined, app.ctx.clock?.()));
      const tag = deliveryEtag(body);
      reply.header('etag', tag).header('cache-control', 'private, no-cache');
      if (matchesIfNoneMatch(request.headers['if-none-match'], tag)) return reply.code(304).send();
      return reply.type('application/json; charset=utf-8').send(body);
    },
  });
}
