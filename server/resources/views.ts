/**
 * The declared views of a resource (`declaration.views`, resources/types.ts `ResourceView`): each a `GET` under the
 * collection path (`GET /siterequests/administrator/{id}`, `GET /audit/actors/`) or on a path of its own (the request
 * wizard's public `GET /newsite/locations/`, the digital-government index of a year `GET /govindex/{year}`, whose
 * parameters the handler reads), with the declaration's read access (or the view's own: permissions, or
 * `public` with a rate limit), its OpenAPI entry and, for a list, its ETag. The answer is the handler's that the resource's
 * service registers under the view's name (server/resources/services); a declared view without one stops the server
 * at startup. A record view's `{id}` that no row can have answers 404 before the handler runs; no transaction, no audit.
 */
import type { FastifyInstance } from 'fastify';
import type { ResourceDeclaration, ResourceView } from '../../resources/types';
import { idParam } from '../http/params';
import { apiRoute } from '../http/route';
import { resourceAccess } from './access';
import { actionOperationId, actionPathParams, actionUrl } from './actionRules';
import { resourcePaths } from './paths';
import { resourceService, type ViewHandler } from './services';

const VIEW_NAME = /^[a-z][A-Za-z0-9]*$/;
const SEGMENT = /^(\{[a-z][A-Za-z0-9]*\}|[A-Za-z0-9_-]+)$/;

/** What is wrong with a declared view (empty when nothing): checked at registration, so the server does not start with it. */
export function viewDeclarationProblems(declaration: ResourceDeclaration, view: ResourceView, hasHandler: boolean): string[] {
  const problems: string[] = [];
  const segments = view.path.replace(/^\/+|\/+$/g, '').split('/');
  const params = actionPathParams(view.path);
  if (!VIEW_NAME.test(view.name)) problems.push('the name must be camelCase letters and digits');
  if ((declaration.views ?? []).filter((other) => other.name === view.name).length > 1) problems.push('the name is declared twice');
  if (segments.some((segment) => !SEGMENT.test(segment))) problems.push(`the path ${view.path} is not segments and {parameters}`);
  if (!ownPath(view) && params.some((param) => param !== 'id')) problems.push('under the collection path the only parameter is {id}');
  if (ownPath(view) && view.scope !== 'collection') problems.push('a view on a path of its own (starting with /) is a collection view');
  if (view.access === 'public' && view.permissions) problems.push('a public view names no permissions');
  if (view.access === 'public' && !view.rateLimit) problems.push('a public view needs its rateLimit');
  // `{id}` alone is the record's read, '' the list: a view has a segment of its own.
  if (segments.every((segment) => segment === '{id}')) problems.push('a view needs a segment of its own besides {id}');
  if (view.scope === 'record' && !params.includes('id')) problems.push('a record view needs {id} in its path');
  if (view.scope === 'collection' && params.includes('id')) problems.push('a collection view takes no {id}');
  if (view.scope === 'collection' && params.length > 0 && !ownPath(view)) problems.push('a collection view under the collection path takes no path parameter');
  // A view on a path of its own names no parent (`GET /sitetypemenu/`, every parent's menu): no scope to take.
  if (declaration.parent && !ownPath(view)) problems.push('views on a nested resource are not supported (no parent scope) unless on a path of their own');
  if (!hasHandler) problems.push(`no handler is registered for the view ${declaration.name}.${view.name} (server/resources/services/${declaration.name}.ts)`);
  return problems;
}

/** Whether the view's path is an API path of its own (`/newsite/locations/`) rather than one under the collection. */
const ownPath = (view: Pick<ResourceView, 'path'>): boolean => view.path.startsWith('/');

/**
 * `/siterequests/` + `administrator/{id}` → `/siterequests/administrator/:id`; a path written with a trailing slash keeps
 * it (`actors/`); a path of its own (`/newsite/terms/`) is the URL as written.
 */
export function viewUrl(declaration: ResourceDeclaration, view: Pick<ResourceView, 'path'>): string {
  const base = ownPath(view) ? '' : resourcePaths(declaration).collection;
  return `${actionUrl(base, view.path)}${view.path.endsWith('/') ? '/' : ''}`;
}

function registerView(app: FastifyInstance, declaration: ResourceDeclaration, view: ResourceView, handler: ViewHandler): void {
  const record = view.scope === 'record';
  // A path of its own may name parameters (`/govindex/{year}`): the handler reads them (server/http/params.ts).
  const pathParams = actionPathParams(view.path).filter((param) => param !== 'id');
  apiRoute(app, {
    method: 'GET',
    url: viewUrl(declaration, view),
    access: view.access === 'public' ? 'public' : resourceAccess(view.permissions ?? declaration.permissions.read),
    ...(view.rateLimit ? { rateLimit: { ...view.rateLimit } } : {}),
    summary: handler.summary,
    operationId: actionOperationId(declaration.name, view.name),
    tags: [declaration.name],
    ...(view.etag ? { etag: true } : {}),
    schema: {
      ...(record ? { params: { type: 'object', properties: { id: { type: 'string', description: 'Identificador del registro.' } } } } : {}),
      ...(pathParams.length > 0 ? { params: handler.paramsSchema ?? { type: 'object', properties: Object.fromEntries(pathParams.map((param) => [param, { type: 'string' }])) } } : {}),
      ...(handler.querySchema ? { querystring: handler.querySchema } : {}),
      ...(handler.serialize ? { response: { 200: handler.responseSchema } } : {}),
    },
    ...(handler.serialize ? {} : { documentedResponses: { 200: handler.responseSchema } }),
    ...(handler.errorResponses ? { errorResponses: handler.errorResponses } : {}),
    handler: async (request) =>
      handler.run({ app, db: app.ctx.database.db, request, declaration, view, id: record ? idParam(request) : null }),
  });
}

/** Registers the routes of a declaration's views; throws (the server does not start) when one cannot be served. */
export function registerResourceViews(app: FastifyInstance, declaration: ResourceDeclaration): void {
  const service = resourceService(declaration.name);
  for (const view of declaration.views ?? []) {
    const handler = service.views[view.name];
    const problems = viewDeclarationProblems(declaration, view, handler !== undefined);
    if (problems.length > 0) throw new Error(`resource ${declaration.name}, view ${view.name}: ${problems.join('; ')}`);
    registerView(app, declaration, view, handler!);
  }
}
