/**
 * Builds the HTTP server: the API under /api/v1 (every route with an access declaration),
 * its OpenAPI document and reference, /healthz, /metrics, and the built admin with SPA fallback.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { AppContext } from './context';
import { registerBackgroundTasks } from './http/background';
import { registerAdminFiles } from './http/adminFiles';
import { clientAddress, rateLimitKey } from './http/clientAddress';
import { registerCompression } from './http/compression';
import { API_PREFIX, declareScopeAccess, registerAccessControl } from './http/route';
import { registerSecurityHeaders } from './http/securityHeaders';
import { clientErrorHandler, envelope, frameworkErrorHandler, notFound, registerErrorHandling } from './http/errors';
import { registerInputGuard } from './http/safeInput';
import { registerMetrics } from './http/metrics';
import { swaggerOptions } from './http/openapiDocument';
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
    // A path parameter longer than maxParamLength is answered 414 (frameworkErrorHandler).
    routerOptions: { ignoreTrailingSlash: true, caseSensitive: false, ignoreDuplicateSlashes: true, maxParamLength: 100 },
    bodyLimit: 12 * 1024 * 1024,
    // X-Forwarded-For is believed only from the proxies named in TRUST_PROXY (docs/decisions/0006-sign-in-abuse-and-captcha.md).
    trustProxy: options.context.config.trustProxy.length > 0 ? options.context.config.trustProxy : false,
    // A JSON body with `__proto__` or `constructor.prototype` is refused while parsing (400); other
    // prototype keys, NUL bytes and deep nesting by the input guard (http/safeInput.ts).
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
  });
  app.decorate('ctx', options.context);
  // First, so every route registered below (plugins' too) is in the registry and passes the access hook.
  // Headers before the access hook, so its refusals carry them too.
  registerErrorHandling(app);
  const { config } = options.context;
  await registerSecurityHeaders(app, config);
  // Before the routes: it hooks each route as it is declared.
  await registerCompression(app);
  registerAccessControl(app);
  // Before the other routes: its hook times every request (GET /metrics, access `monitoring`).
  registerMetrics(app);

  // The document is derived from the route declarations (server/http/openapiDocument.ts, docs/decisions/0021-security-headers-and-api-reference.md).
  await app.register(swagger, swaggerOptions(config));
  // The API reference only with API_DOCS=1 (otherwise /api/docs answers 404); its page runs under the same CSP.
  // Its pages are public (the document itself lists no data): declared for the plugin's routes.
  if (config.apiDocs) {
    await app.register(async (scope) => {
      declareScopeAccess(scope, 'public');
      await scope.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { validatorUrl: null } });
    });
  }

  // Only routes that declare `rateLimit` are capped (see apiRoute); sign-in has its own database-backed throttle.
  await app.register(rateLimit, { global: false, keyGenerator: (request) => rateLimitKey(clientAddress(request)) });
  registerBackgroundTasks(app);
  registerInputGuard(app);

  app.get('/healthz', { schema: { hide: true }, config: { access: 'public' } }, async (_request, reply) => {
    await options.context.database.ping();
    return reply.send({ status: 'ok' });
  });
  // Without API_DOCS=1 the API's description is for signed-in superadmins only.
  const openApiAccess = config.apiDocs ? 'public' : 'authenticated';
  app.get(`${API_PREFIX}/openapi.json`, { schema: { hide: true }, config: { access: openApiAccess } }, async () => app.swagger());

  await registerApiRoutes(app, { extraResources: options.extraResources });

  if (!(await registerAdminFiles(app, options.staticDir))) {
    app.setNotFoundHandler((_request, reply) => reply.status(404).send(envelope(notFound())));
  }
  return app;
}
