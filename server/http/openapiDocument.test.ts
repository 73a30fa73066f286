import Fastify from 'fastify';
import swagger from '@fastify/swagger';
import { describe, expect, it } from 'vitest';
import { lintOpenApi } from '../../tests/helpers/openapiLint';
import { errorStatusesFor, operationIdFor, swaggerOptions, type ErrorStatus } from './openapiDocument';
import { apiRoute, type Access } from './route';

describe('operationIdFor', () => {
  it.each([
    ['GET', '/api/v1/users/', 'getUsers'],
    ['GET', '/api/v1/users/:id', 'getUsersById'],
    ['PUT', '/api/v1/users/passwordreset/:token', 'putUsersPasswordresetByToken'],
    ['POST', '/api/v1/jobs/:id/cancel', 'postJobsByIdCancel'],
    ['GET', '/api/v1/documentType', 'getDocumentType'],
    ['GET', '/api/v1/chats/categories/{id}', 'getChatsCategoriesById'],
    ['DELETE', '/api/v1/portal-keys/:key_id', 'deletePortalKeysByKeyId'],
    ['GET', '/api/v1', 'get'],
  ])('%s %s → %s', (method, url, expected) => {
    expect(operationIdFor(method, url)).toBe(expected);
  });
});

describe('errorStatusesFor', () => {
  const users: Access = { permissions: ['Users'] };
  it.each<[string, Parameters<typeof errorStatusesFor>[0], ErrorStatus[]]>([
    ['public, no input', { access: 'public', hasBody: false, hasQuery: false, hasPathParams: false, rateLimited: false }, []],
    ['public, rate-limited body', { access: 'public', hasBody: true, hasQuery: false, hasPathParams: false, rateLimited: true }, [400, 429]],
    ['public with a token in the path', { access: 'public', hasBody: false, hasQuery: false, hasPathParams: true, rateLimited: false }, [404]],
    ['signed in', { access: 'authenticated', hasBody: false, hasQuery: false, hasPathParams: false, rateLimited: false }, [401]],
    ['permission, query', { access: users, hasBody: false, hasQuery: true, hasPathParams: false, rateLimited: false }, [400, 401, 403]],
    [
      'permission, id and body, declared conflict',
      { access: users, hasBody: true, hasQuery: false, hasPathParams: true, rateLimited: false, extra: [409] },
      [400, 401, 403, 404, 409],
    ],
    ['declared 401 on a public route', { access: 'public', hasBody: true, hasQuery: false, hasPathParams: false, rateLimited: false, extra: [401] }, [400, 401]],
  ])('%s', (_label, route, expected) => {
    expect(errorStatusesFor(route)).toEqual(expected);
  });
});

describe('document of routes declared with apiRoute', () => {
  it('is lint-clean for routes that declare nothing but access, summary and tags (routes added later)', async () => {
    const app = Fastify();
    await app.register(swagger, swaggerOptions({ publicUrl: 'http://127.0.0.1:3000' }));
    const handler = async () => ({});
    apiRoute(app, { method: 'GET', url: '/widgets', access: { permissions: ['Settings'] }, summary: 'Lista', tags: ['widgets'], handler });
    apiRoute(app, {
      method: 'PUT',
      url: '/widgets/:id',
      access: 'authenticated',
      summary: 'Modificar',
      tags: ['widgets'],
      schema: { body: { type: 'object', properties: { name: { type: 'string' } } } },
      documentedResponses: { 200: { type: 'object', properties: { id: { type: 'integer' } } } },
      errorResponses: [409],
      handler,
    });
    apiRoute(app, {
      method: ['POST', 'PATCH'],
      url: '/widgets/ping',
      access: 'public',
      rateLimit: { max: 1, timeWindow: '1 minute' },
      summary: 'Ping',
      tags: ['widgets'],
      handler,
    });
    await app.ready();
    const document = app.swagger() as unknown as {
      paths: Record<string, Record<string, { operationId: string; security: unknown; responses: Record<string, unknown> }>>;
      tags: Array<{ name: string; description: string }>;
      components: { responses: Record<string, unknown> };
    };
    await app.close();

    expect(await lintOpenApi(document)).toEqual([]);
    const list = document.paths['/api/v1/widgets']!.get!;
    expect(list.operationId).toBe('getWidgets');
    expect(list.security).toEqual([{ bearerAuth: [] }]);
    expect(Object.keys(list.responses)).toEqual(['200', '401', '403']);
    const update = document.paths['/api/v1/widgets/{id}']!.put!;
    expect(update.responses).toMatchObject({
      200: { content: { 'application/json': { schema: { properties: { id: { type: 'integer' } } } } } },
      400: { $ref: '#/components/responses/BadRequest' },
      401: { $ref: '#/components/responses/Unauthorized' },
      404: { $ref: '#/components/responses/NotFound' },
      409: { $ref: '#/components/responses/Conflict' },
    });
    expect(update.responses).not.toHaveProperty('403');
    const ping = document.paths['/api/v1/widgets/ping']!;
    expect(ping.post!.security).toEqual([]);
    expect(Object.keys(ping.post!.responses)).toEqual(['200', '429']);
    // One route with two methods: one operationId each.
    expect([ping.post!.operationId, ping.patch!.operationId]).toEqual(['postWidgetsPing', 'postWidgetsPingPatch']);
    expect(document.tags).toEqual([{ name: 'widgets', description: 'Operaciones de widgets.' }]);
    // Only the shared responses some operation uses (Redocly warns about unused components).
    expect(Object.keys(document.components.responses).sort()).toEqual(
      ['BadRequest', 'Conflict', 'Forbidden', 'NotFound', 'TooManyRequests', 'Unauthorized'].sort(),
    );
  });
});
