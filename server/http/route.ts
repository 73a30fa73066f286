/**
 * Declaring an API route: every route under /api/v1 states who may call it. `public` needs no
 * token, `authenticated` any signed-in superadmin, otherwise holding any one listed permission.
 * The access hook refuses a route registered without a declaration (fail closed).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, HTTPMethods } from 'fastify';
import type { PermissionName } from '../../resources/permissions';
import { hasAnyPermission } from '../../resources/permissions';
import { loadSessionUser } from '../auth/sessionUser';
import { refreshToken, verifyToken } from '../auth/tokens';
import { ApiError, forbidden, unauthorized } from './errors';

export type Access = 'public' | 'authenticated' | { permissions: readonly PermissionName[] };

export const API_PREFIX = '/api/v1';

export interface RouteDeclaration {
  method: HTTPMethods | HTTPMethods[];
  /** Path under /api/v1, as the spec writes it. */
  url: string;
  access: Access;
  /** One line for the API reference. */
  summary: string;
  tags: string[];
  schema?: Omit<FastifySchema, 'summary' | 'tags' | 'security'>;
  /** Per-address request cap for public routes that cost work or send mail (answered 429 in Spanish). */
  rateLimit?: { max: number; timeWindow: string };
  handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
}

export function describeAccess(access: Access): string {
  if (access === 'public') return 'public';
  if (access === 'authenticated') return 'authenticated';
  return access.permissions.join(' | ');
}

/** Registers a route under /api/v1 with its access declaration and OpenAPI metadata. */
export function apiRoute(app: FastifyInstance, route: RouteDeclaration): void {
  app.route({
    method: route.method,
    url: `${API_PREFIX}${route.url}`,
    config: { access: route.access, ...(route.rateLimit ? { rateLimit: route.rateLimit } : {}) },
    schema: {
      ...route.schema,
      summary: route.summary,
      tags: route.tags,
      description: `Acceso: ${describeAccess(route.access)}`,
      ...(route.access === 'public' ? {} : { security: [{ bearerAuth: [] }] }),
    },
    handler: route.handler,
  });
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/** A route as registered, with its access declaration (undefined when it has none). */
export interface RegisteredRoute {
  method: string;
  url: string;
  access: Access | undefined;
}

const routeRegistry = new WeakMap<FastifyInstance, RegisteredRoute[]>();

/**
 * Every route registered on `app` (and its child contexts) after registerAccessControl, with its access
 * declaration: lets tests prove that each /api/v1 route declares who may call it.
 */
export function registeredRoutes(app: FastifyInstance): readonly RegisteredRoute[] {
  return routeRegistry.get(app) ?? [];
}

/** Resolves the caller from the bearer token, refreshes tokens near expiry, then enforces the route's access. */
export function registerAccessControl(app: FastifyInstance): void {
  const registry: RegisteredRoute[] = [];
  routeRegistry.set(app, registry);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      registry.push({ method: String(method), url: route.url, access: route.config?.access });
    }
  });
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-currentdate', new Date().toISOString());
    if (!request.url.startsWith(API_PREFIX)) return;
    const access = request.routeOptions.config?.access;
    if (request.routeOptions.url === undefined) return; // not found: handled by the not-found handler
    if (access === undefined) throw new ApiError(500, 'InternalError', 'route without access declaration');

    const token = bearerToken(request);
    if (token) {
      const claims = await verifyToken(app.ctx.signingKey, token);
      if (claims) {
        const session = await loadSessionUser(app.ctx.database, claims.userId, claims.sessionId, app.ctx.config.sessionMaxHours);
        if (session === 'revoked') reply.header('x-invalid-token', 'true');
        else if (session) {
          request.user = session.user;
          const refreshed = await refreshToken(app.ctx.signingKey, claims, session.endsAt, app.ctx.config);
          if (refreshed) reply.header('x-refresh-token', refreshed);
        }
      } else {
        reply.header('x-invalid-token', 'true');
      }
    }

    if (access === 'public') return;
    if (!request.user) throw unauthorized();
    if (access === 'authenticated') return;
    if (!hasAnyPermission(request.user.permissions, access.permissions)) throw forbidden();
  });
}

export function currentUser(request: FastifyRequest) {
  if (!request.user) throw unauthorized();
  return request.user;
}
