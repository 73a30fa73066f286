/**
 * Hand routes: protocol work (public, rate-limited wizard: uploads under a session, captcha-checked submission); its four GET reads are engine views (server/newSite/views.ts).
 *
 * The public writes of the new-entity request wizard at '/' (spec 01 §7, issue 9; docs/decisions/README.md 'Request
 * wizard'): the upload of the request's documents and the request itself. Both `public` and capped per client address
 * (NEW_SITE_RATE_LIMITS, answered 429 in Spanish). GET /allowurl/ and GET /captcha/ are their own
 * routes (server/sites/allowUrl.ts, server/routes/auth.ts).
 */
import type { FastifyInstance } from 'fastify';
import { NEW_SITE_RATE_LIMITS, newSiteRequestSchema, newUploadSession, UPLOAD_SESSION_HEADER, UPLOAD_SESSION_PATTERN } from '../../resources/newSiteRequest';
import { fileStorageOf, holdForSession } from '../files';
import { siteRequestElement } from '../files/elementTypes';
import { receiveUpload, registerMultipart } from '../files/receive';
import { ApiError, badArgument } from '../http/errors';
import { yupBodySchema } from '../http/openapiDocument';
import { apiRoute } from '../http/route';
import { t } from '../i18n';
import { uploadedFileSchema } from '../routes/files';
import { submitNewSiteRequest } from './submit';
import { postgresErrorCode } from '../resources/dbErrors';

const TAGS = ['Solicitud de portal'];

export function registerNewSiteRoutes(app: FastifyInstance): void {
  const { database } = app.ctx;

  // The multipart parser only in this scope (server/files/receive.ts).
  void app.register(async (scope) => {
    await registerMultipart(scope);
    apiRoute(scope, {
      method: 'POST',
      url: '/newsite/uploadfiles/',
      access: 'public',
      rateLimit: NEW_SITE_RATE_LIMITS.upload,
      summary:
        'Sube un documento de soporte de la solicitud (multipart, parte "file") bajo la sesión de carga del asistente (cabecera x-upload-session; sin ella se crea una): documentos de Office, pdf o imágenes, 10 MB, revisado por contenido; responde también uploadSession, que la solicitud envía; solo se lee con el permiso Sites',
      tags: TAGS,
      documentedResponses: {
        201: { ...uploadedFileSchema, properties: { ...uploadedFileSchema.properties, uploadSession: { type: 'string', description: 'Sesión de carga que retiene el documento hasta la solicitud' } } },
      },
      handler: async (request, reply) => {
        // The session is checked before a byte of the body is read; a malformed one is refused, none draws one.
        const sent = request.headers[UPLOAD_SESSION_HEADER];
        if (sent !== undefined && (typeof sent !== 'string' || !UPLOAD_SESSION_PATTERN.test(sent))) throw badArgument('uploadSession', 'newSite.server.upload_session_invalid');
        const uploadSession = typeof sent === 'string' ? sent : newUploadSession();
        const answer = await receiveUpload(request, { db: database.db, storage: fileStorageOf(app.ctx) }, siteRequestElement, null);
        await holdForSession(database.db, uploadSession, answer.fileID);
        return reply.status(201).send({ ...answer, uploadSession });
      },
    });
  });

  // The spec's call is `POST /siterequests/` (spec 01 §7); `/newsite/` is the public screen's own. One submission, two paths.
  for (const url of ['/newsite/', '/siterequests/']) apiRoute(app, {
    method: 'POST',
    url,
    access: 'public',
    rateLimit: NEW_SITE_RATE_LIMITS.submit,
    summary:
      'Envía una solicitud de portal (primera vez o cambio de administrador; un sitio nuevo cuando se permite) con captcha, perfiles, documentos y aceptación de términos; queda PendingApproval',
    tags: url === '/newsite/' ? TAGS : ['siterequests'],
    schema: { body: yupBodySchema(newSiteRequestSchema) },
    errorResponses: [409],
    documentedResponses: {
      201: {
        type: 'object',
        properties: { id: { type: 'integer' }, siteId: { type: 'integer' }, kind: { type: 'string' }, status: { type: 'string' } },
      },
    },
    handler: async (request, reply) => {
      try {
        return reply.status(201).send(await submitNewSiteRequest(app.ctx, request, request.body));
      } catch (error) {
        if (error instanceof ApiError && error.statusCode < 500) throw error;
        if ((error as { name?: string }).name === 'ValidationError') throw error;
        // A value PostgreSQL refuses (class 22: out of range, invalid text) is the client's: 400 (server/http/errors.ts).
        if (postgresErrorCode(error)?.startsWith('22')) throw error;
        request.log.error(error);
        // Spec 01 §8: the request could not be received.
        throw new ApiError(500, 'RequestNotReceived', t('newSite.server.not_received'));
      }
    },
  });
}
