/**
 * Declaring a route: every route of the server states who may call it. `public` needs no
 * token, `authenticated` any signed-in superadmin, `portal` an installed site calling with its portal key
 * (server/portal/keys.ts; superadmin tokens are refused there), `monitoring` a scraper (monitoringAccess.ts),
 * otherwise holding any one listed permission.
 * Access is decided from the route the router matched (its declaration), never from the text of
 * the URL: the router ignores case, doubled slashes, a trailing slash and percent-encoding, so
 * `/API//v1/%75sers` reaches the same route, and the same declaration, as `/api/v1/users/`.
 * A matched route without a valid declaration is refused as if it did not exist (fail closed).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, HTTPMethods } from 'fastify';
import { hasAnyPermission } from '../../resources/permissions';
import { loadSessionUser } from '../auth/sessionUser';
import { refreshToken, verifyToken } from '../auth/tokens';
import { portalKeyFromHeader, portalKeyRefused, resolvePortalKey } from '../portal/keys';
import { forbidden, notFound, unauthorized } from './errors';
import { answerNotModified } from './etag';
import { clientAddress, normalizeAddress } from './clientAddress';
import { monitoringAllowed, relayedByUntrustedProxy } from './monitoringAccess';
import type { Access } from './access';
import { operationIdFor, type ErrorStatus, type RouteDocumentation } from './openapiDocument';

export type { Access };

export const API_PREFIX = '/api/v1';

export interface RouteDeclaration {
  method: HTTPMethods | HTTPMethods[];
  /** Path under /api/v1, as the spec writes it. */
  url: string;
  access: Access;
  /** One line for the API reference. */
  summary: string;
  tags: string[];
  /** Validation and serialisation (Fastify). `schema.response` SERIALISES: unknown properties are dropped. */
  schema?: Omit<FastifySchema, 'summary' | 'tags' | 'security' | 'operationId'>;
  /** Unique name of the operation for client generators; derived from method and path when absent (`operationIdFor`). */
  operationId?: string;
  /**
   * Answers documented in the API reference only, never used to serialise: for handlers without a
   * `schema.response` (see server/http/openapiDocument.ts). A status in `schema.response` wins.
   */
  documentedResponses?: Record<number, Record<string, unknown>>;
  /** Error answers beyond those derived from access (401/403), path parameters (404), body or query (400) and rateLimit (429). */
  errorResponses?: readonly ErrorStatus[];
  /** Per-address request cap for public routes that cost work or send mail (answered 429 in Spanish). */
  rateLimit?: { max: number; timeWindow: string };
  /**
   * The schema's refusal is left in `request.validationError` for the handler to throw when its turn comes (e.g. after
   * the path's parent record is found: a missing parent answers 404 whatever the body).
   */
  attachValidation?: boolean;
  /**
   * A GET whose answer depends only on the data, the URL and the caller (the lists): answered with a weak ETag made
   * of the request's data version (server/db/schema/dataVersion.ts), URL and user, and 304 without running the handler
   * when the client sends it back unchanged (server/http/etag.ts). Never on answers that change
   * without a write. A function decides per request (a source that may be read over the network: server/routes/scores.ts).
   */
  etag?: boolean | (() => boolean);
  handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
}

export function describeAccess(access: Access): string {
  if (access === 'public') return 'public';
  if (access === 'authenticated') return 'authenticated';
  if (access === 'portal') return 'portal';
  if (access === 'monitoring') return 'monitoring';
  return access.permissions.join(' | ');
}

/** Registers a route under /api/v1 with its access declaration and OpenAPI metadata. */
export function apiRoute(app: FastifyInstance, route: RouteDeclaration): void {
  const url = `${API_PREFIX}${route.url}`;
  const openapi: RouteDocumentation = { documentedResponses: route.documentedResponses, errorResponses: route.errorResponses };
  app.route({
    method: route.method,
    url,
    config: { access: route.access, openapi, ...(route.etag ? { etag: route.etag } : {}), ...(route.rateLimit ? { rateLimit: route.rateLimit } : {}) },
    ...(route.attachValidation ? { attachValidation: true } : {}),
    schema: {
      ...route.schema,
      summary: route.summary,
      tags: route.tags,
      description: `Acceso: ${describeAccess(route.access)}`,
      operationId: route.operationId ?? operationIdFor([route.method].flat()[0] ?? 'GET', url),
      security: route.access === 'public' ? [] : [route.access === 'portal' ? { portalKey: [] } : { bearerAuth: [] }],
    },
    ...(route.etag ? { preHandler: answerNotModified } : {}),
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

/** The route options as the onRoute hooks see them: hooks of inner scopes may still declare access after ours ran. */
interface RouteOptionsSeen {
  method: string | string[];
  url: string;
  config?: { access?: Access };
}

const routeRegistry = new WeakMap<FastifyInstance, RouteOptionsSeen[]>();

/**
 * Every route registered on `app` (and its child contexts) after registerAccessControl, with its access
 * declaration: lets tests prove that each route declares who may call it.
 */
export function registeredRoutes(app: FastifyInstance): readonly RegisteredRoute[] {
  return (routeRegistry.get(app) ?? []).flatMap((route) =>
    [route.method].flat().map((method) => ({ method: String(method), url: route.url, access: route.config?.access })),
  );
}

/** A well-formed declaration; anything else (missing, misspelt) refuses the route. */
export function isAccess(value: unknown): value is Access {
  if (value === 'public' || value === 'authenticated' || value === 'portal' || value === 'monitoring') return true;
  if (typeof value !== 'object' || value === null) return false;
  const { permissions } = value as { permissions?: unknown };
  return Array.isArray(permissions) && permissions.length > 0 && permissions.every((name) => typeof name === 'string');
}

/**
 * Declares `access` for every route registered in `scope` (and its children) that does not declare its own:
 * for plugins whose routes cannot carry a declaration one by one (the API reference, the built admin's files).
 * Register those plugins inside an encapsulated scope so the declaration reaches no other route.
 */
export function declareScopeAccess(scope: FastifyInstance, access: Access): void {
  scope.addHook('onRoute', (route) => {
    if (route.config?.access === undefined) route.config = { ...route.config, access };
  });
}

/** Resolves the caller from the bearer token, refreshes tokens near expiry, then enforces the matched route's access. */
export function registerAccessControl(app: FastifyInstance): void {
  const registry: RouteOptionsSeen[] = [];
  routeRegistry.set(app, registry);
  app.addHook('onRoute', (route) => {
    // Kept by reference and read later: a scope's declareScopeAccess hook runs after this one.
    registry.push(route as RouteOptionsSeen);
  });
  app.decorateRequest('user', null);
  app.decorateRequest('portal', null);
  app.decorateRequest('dataVersion', null);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-currentdate', new Date().toISOString());
    // No route matched: the not-found handler answers 404 (in the envelope for anything under /api).
    if (request.is404) return;
    const access: unknown = request.routeOptions.config.access;
    if (!isAccess(access)) {
      request.log.error({ route: request.routeOptions.url }, 'route without a valid access declaration: refused');
      throw notFound();
    }

    // A scraper of GET /metrics: by the socket's (or a trusted proxy's) address or METRICS_TOKEN, never a superadmin's token.
    if (access === 'monitoring') {
      const address = clientAddress(request);
      const relayed = relayedByUntrustedProxy(request.headers, address, normalizeAddress(request.socket?.remoteAddress));
      if (!monitoringAllowed(address, bearerToken(request), app.ctx.config.metricsToken, relayed)) throw unauthorized();
      return;
    }

    // A portal route's caller is a site, by its portal key, never a superadmin's token.
    if (access === 'portal') {
      request.portal = await resolvePortalKey(app.ctx.database, portalKeyFromHeader(request.headers.authorization) ?? '');
      if (!request.portal) throw portalKeyRefused();
      return;
    }

    const token = bearerToken(request);
    if (token) {
      const claims = await verifyToken(app.ctx.signingKey, token);
      if (claims) {
        const session = await loadSessionUser(app.ctx.database, claims.userId, claims.sessionId, app.ctx.config.sessionMaxHours);
        if (session === 'revoked') reply.header('x-invalid-token', 'true');
        else if (session) {
          request.user = session.user;
          request.dataVersion = session.dataVersion;
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

/** The site calling a portal route (access 'portal'). */
export function currentPortal(request: FastifyRequest) {
  if (!request.portal) throw portalKeyRefused();
  return request.portal;
}
