/**
 * Hand routes: protocol work (sign-in, captcha, session tokens).
 *
 * Sign-in and session (spec 01 §7: /captcha/, /auth/, /auth/logout/); the permission catalogue `GET /permissions` is the engine's (resources/permissionCatalogue.ts).
 */
import type { FastifyInstance } from 'fastify';
import { PERMISSIONS } from '../../resources/permissions';
import { writeAudit } from '../audit/audit';
import { captchaRequestValue, createCaptcha } from '../auth/captcha';
import { signIn } from '../auth/login';
import { revokeSession } from '../auth/sessions';
import type { UserView } from '../auth/superadminStore';
import type { AuthUser } from '../context';
import { apiRoute, currentUser } from '../http/route';

const TAGS = ['Sesión'];

export const userViewSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    email: { type: 'string' },
    permissions: {
      type: 'array',
      items: { type: 'object', properties: { permissionID: { type: 'integer' }, name: { type: 'string' } } },
    },
  },
} as const;

/** The signed-in user with permission ids, from the session already loaded by the access hook. */
function viewOf(user: AuthUser): UserView {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    permissions: PERMISSIONS.filter((p) => user.permissions.includes(p.name)).map((p) => ({
      permissionID: p.permissionID,
      name: p.name,
    })),
  };
}

export function registerAuthRoutes(app: FastifyInstance): void {
  apiRoute(app, {
    method: 'GET',
    url: '/captcha/',
    access: 'public',
    rateLimit: { max: 120, timeWindow: '1 minute' },
    summary: 'Nuevo captcha (imagen PNG en data URL) y el valor de la configuración que decide si el cliente lo muestra',
    tags: TAGS,
    schema: {
      response: {
        200: {
          type: 'object',
          properties: { captchaId: { type: 'string' }, image: { type: 'string' }, requestValue: { type: 'number' } },
        },
      },
    },
    handler: async () => {
      const captcha = await createCaptcha(app.ctx.database);
      return { ...captcha, requestValue: await captchaRequestValue(app.ctx.database, app.ctx.config) };
    },
  });

  apiRoute(app, {
    method: 'POST',
    url: '/auth/',
    access: 'public',
    summary: 'Iniciar sesión: correo, contraseña y captcha (obligatorio tras 3 intentos fallidos)',
    tags: TAGS,
    schema: {
      body: {
        type: 'object',
        properties: {
          email: { type: 'string' },
          password: { type: 'string' },
          captcha: { type: 'string' },
          captchaId: { type: 'string' },
        },
      },
      response: { 200: { type: 'object', properties: { token: { type: 'string' }, user: userViewSchema } } },
    },
    // 401: wrong e-mail or password (with a CaptchaRequired detail once the next attempt needs the captcha);
    // 429: sign-in delayed after failed attempts (its own throttle).
    errorResponses: [401, 429],
    handler: async (request, reply) => signIn(app, request, reply),
  });

  apiRoute(app, {
    method: 'GET',
    url: '/auth/',
    access: 'authenticated',
    summary: 'Usuario de la sesión y sus permisos',
    tags: TAGS,
    schema: { response: { 200: userViewSchema } },
    handler: async (request) => viewOf(currentUser(request)),
  });

  apiRoute(app, {
    method: 'GET',
    url: '/auth/logout/',
    access: 'authenticated',
    summary: 'Cerrar sesión: el token deja de valer en todas las instancias',
    tags: TAGS,
    documentedResponses: { 200: { type: 'object', description: 'Objeto vacío.', properties: {} } },
    handler: async (request) => {
      const user = currentUser(request);
      await app.ctx.database.db.transaction(async (tx) => {
        await revokeSession(tx, user.sessionId);
        await writeAudit(tx, request, { action: 'logout', resource: 'auth', recordId: user.id });
      });
      return {};
    },
  });
}
