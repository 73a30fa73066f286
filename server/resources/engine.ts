/**
 * The resource engine: from one declaration (resources/types.ts) the API gets its routes, their validation (the
 * declaration's yup schema), their access (the declaration's permissions), their rules (locked records), their audit
 * lines and their OpenAPI entries. The declaration's shape (server/resources/shape.ts) chooses the routes: the
 * CRUD operations it lists (list, read, create, update, delete), or a singleton's `GET`/`PUT` on the collection path,
 * plus a collection update (`PUT` of the whole list), under a parent's path when nested. Catalogues need no
 * hand-written route.
 */
import type { FastifyInstance } from 'fastify';
import { resources } from '../../resources';
import { recordId } from '../../resources/limits';
import { isGeneratedResource, type ResourceDeclaration, type ResourceOperation } from '../../resources/types';
import { notFound } from '../http/errors';
import { apiRoute } from '../http/route';
import { t } from '../i18n';
import { listQuerySchema, readListQuery } from '../lists/listQuery';
import { registerCollectionUpdate } from './collectionUpdate';
import { resourceAccess } from './access';
import { registerResourceActions } from './actions';
import { registerResourceExports } from './exports';
import { resourceListSpec } from './listSpec';
import { resourceService } from './services';
import { bodySchema, collectionParamsSchema, itemParamsSchema, listResponseSchema, recordSchema } from './openapi';
import { resourcePaths } from './paths';
import { rememberResource } from './references';
import { createRelations } from './relations';
import { parentScope, recordIdParam } from './scope';
import { resourceShape } from './shape';
import { registerSingleton } from './singleton';
import { registerStateDocumentRoute } from './stateDocument';
import { createResourceStore } from './store';
import {
  lockedError,
  deleteRecord,
  insertRecord,
  updateRecord,
  translateDatabaseError,
  validateBody,
  type ResourceRouteContext,
} from './writes';

export { duplicateField, lockedError } from './writes';

/** Declarations whose routes the engine generates (not the hand-written `custom` ones). */
export const generatedResources = (): ResourceDeclaration[] => resources.filter(isGeneratedResource);

/** `GET {apiPath}`: one page of the list (of the parent's records, when nested). */
function registerList(context: ResourceRouteContext): void {
  const { app, declaration, store } = context;
  const listSpec = resourceListSpec(declaration);
  apiRoute(app, {
    method: 'GET',
    url: resourcePaths(declaration).collection,
    access: context.read,
    summary: `${context.title}: lista paginada (búsqueda, filtros por campo y orden)`,
    operationId: `list${context.operationName}`,
    tags: context.tags,
    schema: {
      ...(declaration.parent ? { params: collectionParamsSchema(declaration) } : {}),
      querystring: listQuerySchema(listSpec),
      response: { 200: listResponseSchema(declaration) },
    },
    handler: async (request) => {
      const query = readListQuery(listSpec, request.query);
      const scope = await parentScope(app, context.database(), declaration, request, { lock: false });
      return store.list(app.ctx.database, query, scope);
    },
  });
}

/** `GET {apiPath}/{id}`: one record. */
function registerRead(context: ResourceRouteContext): void {
  const { app, declaration, store } = context;
  apiRoute(app, {
    method: 'GET',
    url: resourcePaths(declaration).item,
    access: context.read,
    summary: `${context.title}: un registro`,
    operationId: `get${context.operationName}`,
    tags: context.tags,
    schema: { params: itemParamsSchema(declaration), response: { 200: recordSchema(declaration) } },
    handler: async (request) => {
      const id = recordIdParam(declaration, request);
      const scope = await parentScope(app, context.database(), declaration, request, { lock: false });
      return (await store.find(context.database(), id, { scope })) ?? Promise.reject(notFound());
    },
  });
}

/** `POST {apiPath}`: creates a record (a nested one under the parent of the path, never the body's). */
function registerCreate(context: ResourceRouteContext): void {
  const { app, declaration } = context;
  apiRoute(app, {
    method: 'POST',
    url: resourcePaths(declaration).collection,
    access: context.write,
    summary: `${context.title}: crear`,
    operationId: `create${context.operationName}`,
    tags: context.tags,
    schema: {
      ...(declaration.parent ? { params: collectionParamsSchema(declaration) } : {}),
      body: bodySchema(declaration, 'create'),
      response: { 201: recordSchema(declaration) },
    },
    handler: async (request, reply) => {
      const created = await context
        .database()
        .transaction(async (tx) => {
          // The path first: under a missing parent the answer is 404, whatever the body.
          const scope = await parentScope(app, tx, declaration, request, { lock: true });
          return (await insertRecord(context, tx, request, await validateBody(declaration, request.body, 'create'), { scope }))!;
        })
        .catch((error: unknown) => translateDatabaseError(declaration, error));
      void reply.status(201);
      return created;
    },
  });
}

/** `PUT {apiPath}/{id}`: modifies a record; a field the body leaves out keeps its value. */
function registerUpdate(context: ResourceRouteContext): void {
  const { app, declaration, store } = context;
  apiRoute(app, {
    method: 'PUT',
    url: resourcePaths(declaration).item,
    access: context.write,
    summary: `${context.title}: modificar`,
    operationId: `update${context.operationName}`,
    // 409: the declaration's rules lock the record.
    errorResponses: [409],
    tags: context.tags,
    schema: { params: itemParamsSchema(declaration), body: bodySchema(declaration), response: { 200: recordSchema(declaration) } },
    handler: async (request) => {
      const id = recordIdParam(declaration, request);
      return context
        .database()
        .transaction(async (tx) => {
          const scope = await parentScope(app, tx, declaration, request, { lock: true });
          const before = await store.find(tx, id, { lock: true, scope });
          if (!before) throw notFound();
          if (declaration.rules?.canEdit && !declaration.rules.canEdit(before)) throw lockedError(declaration);
          return updateRecord(context, tx, request, before, await validateBody(declaration, request.body, 'update'));
        })
        .catch((error: unknown) => translateDatabaseError(declaration, error));
    },
  });
}

/** `DELETE {apiPath}/{id}`: removes a record, or marks it with `softDelete`. */
function registerDelete(context: ResourceRouteContext): void {
  const { app, declaration, store } = context;
  apiRoute(app, {
    method: 'DELETE',
    url: resourcePaths(declaration).item,
    access: context.write,
    summary: declaration.softDelete ? `${context.title}: eliminar (se marca como eliminado y deja de listarse)` : `${context.title}: eliminar`,
    operationId: `delete${context.operationName}`,
    // 409: locked by the declaration's rules, or still in use (foreign key).
    errorResponses: [409],
    tags: context.tags,
    schema: { params: itemParamsSchema(declaration), response: { 200: recordSchema(declaration) } },
    handler: async (request) => {
      const id = recordIdParam(declaration, request);
      return context
        .database()
        .transaction(async (tx) => {
          const scope = await parentScope(app, tx, declaration, request, { lock: true });
          const before = await store.find(tx, id, { lock: true, scope });
          if (!before) throw notFound();
          if (declaration.rules?.canDelete && !declaration.rules.canDelete(before)) throw lockedError(declaration);
          await deleteRecord(context, tx, request, before);
          return before;
        })
        .catch((error: unknown) => translateDatabaseError(declaration, error));
    },
  });
}

const CRUD_ROUTES: Record<ResourceOperation, (context: ResourceRouteContext) => void> = {
  list: registerList,
  read: registerRead,
  create: registerCreate,
  update: registerUpdate,
  delete: registerDelete,
};

/**
 * Registers the routes of one declaration: its declared operations (default all five), or a singleton's read and
 * update, plus its collection update when declared. Call before `app.ready()`; a declaration whose shape cannot work
 * throws here (server/resources/shape.ts).
 */
export function registerResource(app: FastifyInstance, declaration: ResourceDeclaration): void {
  const shape = resourceShape(declaration);
  rememberResource(app, declaration);
  const context: ResourceRouteContext = {
    app,
    declaration,
    shape,
    store: createResourceStore(declaration),
    title: t(declaration.title),
    tags: [declaration.name],
    // operationIds named after the declaration (listSitetypes, getSitetypes…): clearer method names in generated clients.
    operationName: declaration.name.charAt(0).toUpperCase() + declaration.name.slice(1),
    read: resourceAccess(declaration.permissions.read),
    write: resourceAccess(declaration.permissions.write),
    service: resourceService(declaration.name),
    database: () => app.ctx.database.db,
    relations: createRelations(app, declaration),
  };
  if (shape.singleton) {
    registerSingleton(context);
  } else {
    for (const operation of shape.operations) CRUD_ROUTES[operation](context);
    if (shape.collectionUpdate) registerCollectionUpdate(context);
  }
  registerResourceActions(app, declaration, {
    store: context.store,
    recordId: (raw) => {
      const id = recordId(raw);
      if (id === undefined) throw notFound();
      return id;
    },
    locked: () => lockedError(declaration),
    translateError: (error) => translateDatabaseError(declaration, error),
  });
  registerResourceExports(app, declaration);
}

/** Registers the generated routes of every declaration (default: all but the `custom` ones) and /stateDocument. */
export function registerResourceRoutes(app: FastifyInstance, declarations: readonly ResourceDeclaration[] = generatedResources()): void {
  for (const declaration of declarations) registerResource(app, declaration);
  const documentTypes = declarations.find((declaration) => declaration.name === 'documenttypes');
  if (documentTypes) registerStateDocumentRoute(app, documentTypes);
}
