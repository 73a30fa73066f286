/**
 * Hand routes: protocol work (password recovery tokens and mail).
 *
 * Password recovery under /users/passwordreset/ (spec 01 §7). The superadmins themselves (/users/, /users/{id}) are an
 * engine declaration (resources/superadmins.ts) with their rules in server/resources/services/superadmins.ts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { checkRecoveryToken, completeRecovery, requestRecovery } from '../auth/recovery';
import { textParam } from '../http/params';
import { apiRoute } from '../http/route';

const RECOVERY_TAGS = ['Recuperación de contraseña'];

const tokenParam = (request: FastifyRequest) => textParam(request, 'token');

const messageSchema = { type: 'object', properties: { message: { type: 'string' } } } as const;

export function registerUserRoutes(app: FastifyInstance): void {
  apiRoute(app, {
    method: 'POST',
    url: '/users/passwordreset/',
    access: 'public',
    rateLimit: { max: 30, timeWindow: '1 minute' },
    summary: 'Solicitar el enlace de recuperación de contraseña (la respuesta es la misma exista o no el correo)',
    tags: RECOVERY_TAGS,
    schema: { body: { type: 'object', properties: { email: { type: 'string' } } }, response: { 200: messageSchema } },
    handler: async (request, reply) => requestRecovery(app, request, reply),
  });

  apiRoute(app, {
    method: 'GET',
    url: '/users/passwordreset/:token',
    access: 'public',
    summary: 'Validar el enlace de recuperación o de invitación',
    tags: RECOVERY_TAGS,
    schema: {
      params: { type: 'object', properties: { token: { type: 'string' } } },
      response: {
        200: {
          type: 'object',
          properties: {
            valid: { type: 'boolean' },
            email: { type: 'string' },
            invitation: { type: 'boolean', description: 'La cuenta aún no tiene contraseña: el enlace es su invitación y la activa.' },
          },
        },
      },
    },
    handler: async (request) => checkRecoveryToken(app, tokenParam(request)),
  });

  apiRoute(app, {
    method: 'PUT',
    url: '/users/passwordreset/:token',
    access: 'public',
    summary: 'Guardar la nueva contraseña con el enlace de recuperación',
    tags: RECOVERY_TAGS,
    schema: {
      params: { type: 'object', properties: { token: { type: 'string' } } },
      body: { type: 'object', properties: { password: { type: 'string' }, confirmPassword: { type: 'string' } } },
      response: { 200: messageSchema },
    },
    handler: async (request) => completeRecovery(app, request, tokenParam(request)),
  });
}
