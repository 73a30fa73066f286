/**
 * Builds the HTTP server: the API under /api/v1 (every route with an access declaration),
 * its OpenAPI document and reference, /healthz, and the built admin with SPA fallback.
 */
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { AppContext } from './context';
import { envelope, notFound, registerErrorHandling } from './http/errors';
import { isApiPath } from './http/apiPath';
import { API_PREFIX, declareScopeAccess, registerAccessControl } from './http/route';
import { registerApiRoutes } from './routes';
import type { ResourceDeclaration } from '../resources/types';

export interface BuildOptions {
  context: AppContext;
  /** Folder of the built admin (vite build); served with SPA fallback when present. */
  staticDir?: string;
  logger?: boolean | object;
  /** Declarations registered by the resource engine beside the declared ones (tests' throwaway resources). */
  extraResources?: readonly ResourceDeclaration[];
}

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    routerOptions: { ignoreTrailingSlash: true, caseSensitive: false, ignoreDuplicateSlashes: true },
    bodyLimit: 12 * 1024 * 1024,
    trustProxy: true,
  });
  app.decorate('ctx', options.context);
  // First, so every route registered below (plugins' too) is in the registry and passes the access hook.
  registerErrorHandling(app);
  registerAccessControl(app);

  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Portales: API del back office de superadministración',
        description: 'API /api/v1 del back office. Cada operación indica en "Acceso" los permisos que la permiten (basta uno).',
        version: '1.0.0',
      },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    hideUntagged: false,
  });
  // The API reference's pages are public (the document itself lists no data): declared for the plugin's routes.
  await app.register(async (scope) => {
    declareScopeAccess(scope, 'public');
    await scope.register(swaggerUi, { routePrefix: '/api/docs' });
  });

  // Only routes that declare `rateLimit` are capped (see apiRoute); sign-in has its own database-backed throttle.
  await app.register(rateLimit, { global: false });

  app.get('/healthz', { schema: { hide: true }, config: { access: 'public' } }, async (_request, reply) => {
    await options.context.database.query('select 1');
    return reply.send({ status: 'ok' });
  });
  app.get(`${API_PREFIX}/openapi.json`, { schema: { hide: true }, config: { access: 'public' } }, async () => app.swagger());

  await registerApiRoutes(app, { extraResources: options.extraResources });

  const staticDir = options.staticDir;
  if (staticDir && fs.existsSync(path.join(staticDir, 'index.html'))) {
    const indexHtml = fs.readFileSync(path.join(staticDir, 'index.html'));
    const spaFallback = (request: FastifyRequest, reply: FastifyReply) => {
      if (isApiPath(request.url) || request.method !== 'GET') {
        return reply.status(404).send(envelope(notFound()));
      }
      const file = decodeURIComponent(request.url.split('?')[0]!);
      const candidate = path.join(staticDir, path.normalize(file));
      if (candidate.startsWith(staticDir) && fs.existsSync(candidate) && fs.statSync(candidate).isFile()) {
        return reply.sendFile(path.relative(staticDir, candidate));
      }
      return reply.type('text/html; charset=utf-8').send(indexHtml);
    };
    // The built admin's files are public. The fallback shares the plugin's scope: it needs the plugin's sendFile.
    await app.register(async (scope) => {
      declareScopeAccess(scope, 'public');
      await scope.register(fastifyStatic, { root: staticDir, wildcard: false, index: false });
      scope.setNotFoundHandler(spaFallback);
    });
  } else {
    app.setNotFoundHandler((_request, reply) => reply.status(404).send(envelope(notFound())));
  }
  return app;
}
