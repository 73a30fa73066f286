/**
 * The resource engine: from one declaration (resources/types.ts) the API gets its routes, their validation (the
 * declaration's yup schema), their access (the declaration's permissions), their rules (locked records), their audit
 * lines and their OpenAPI entries. The declaration's shape (server/resources/shape.ts) chooses the routes: the
 * CRUD operations it lists (list, read, create, update, delete), or a singleton's `GET`/`PUT` on the collection path,
 * plus a collection update (`PUT` of the whole list), under a parent's path when nested; its declared actions
 * (actions.ts), views (views.ts: reads beyond the list and the record) and exports (exports.ts). Catalogues need no
 * hand-written route.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/connection';
import { resources } from '../../resources';
import { recordId } from '../../resources/limits';
import { isGeneratedResource, writePath, type ResourceDeclaration, type ResourceOperation } from '../../resources/types';
import { badArgument, notFound } from '../http/errors';
import { apiRoute } from '../http/route';
import { t } from '../i18n';
import { listQuerySchema, readListQuery } from '../lists/listQuery';
import { registerCollectionUpdate } from './collectionUpdate';
import { resourceAccess } from './access';
import { registerResourceActions } from './actions';
import { registerBackgroundExports } from './backgroundExports';
import { registerResourceExports } from './exports';
import { resourceListSpec } from './listSpec';
import { resourceService, writeTransaction } from './services';
import { bodySchema, collectionParamsSchema, itemParamsSchema, listResponseSchema, recordSchema } from './openapi';
import { resourcePaths } from './paths';
import { registeredResource, rememberResource } from './references';
import { createRelations } from './relations';
import { keyedParentScope, parentScope, recordIdParam } from './scope';
import { idFieldOf } from './fields';
import { parseRecordId, resourceShape, type RecordId } from './shape';
import { registerSingleton } from './singleton';
import { registerResourceViews } from './views';
import { createResourceStore, type StoreScope } from './store';
import {
  bodyObject,
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
    etag: true,
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
    url: resourcePaths({ apiPath: writePath(declaration, 'create') }).collection,
    access: context.write,
    summary: `${context.title}: crear`,
    ...(context.service.errorResponses.create ? { errorResponses: context.service.errorResponses.create } : {}),
    operationId: `create${context.operationName}`,
    tags: context.tags,
    schema: {
      ...(declaration.parent ? { params: collectionParamsSchema(declaration) } : {}),
      body: bodySchema(declaration, 'create'),
      response: { 201: recordSchema(declaration) },
    },
    handler: async (request, reply) => {
      const created = await writeTransaction(request, context.database(), async (tx) => {
        // The path first: under a missing parent the answer is 404, whatever the body.
        const scope = await parentScope(app, tx, declaration, request, { lock: true });
        await context.service.prepareWrite({ tx, request, declaration, operation: 'create', id: null });
        return (await insertRecord(context, tx, request, await validateBody(declaration, request.body, 'create'), { scope }))!;
      }).catch((error: unknown) => translateDatabaseError(declaration, error));
      void reply.status(201);
      return created;
    },
  });
}

/** `PUT {apiPath}/{id}`: modifies a record; a field the body leaves out keeps its value. */
function registerUpdate(context: ResourceRouteContext): void {
  const { app, declaration } = context;
  // `updateInBody`: `PUT {apiPath}` with the id in the body (spec `PUT /sites/comments`); otherwise `PUT {apiPath}/{id}`.
  const inBody = declaration.updateInBody === true;
  apiRoute(app, {
    method: 'PUT',
    url: inBody ? resourcePaths({ apiPath: writePath(declaration, 'update') }).collection : resourcePaths(declaration.writePaths?.update ? { apiPath: writePath(declaration, 'update') } : declaration).item,
    access: context.write,
    summary: inBody ? `${context.title}: modificar (el registro se indica con ${declaration.idField} en el cuerpo)` : `${context.title}: modificar`,
    operationId: `update${context.operationName}`,
    // 409: the declaration's rules lock the record; plus what the service's hooks may answer.
    errorResponses: [409, ...(context.service.errorResponses.update ?? [])],
    tags: context.tags,
    schema: {
      ...(inBody ? collectionParamsSchemaEntry(declaration) : { params: itemParamsSchema(declaration) }),
      body: inBody ? bodyWithIdSchema(declaration) : bodySchema(declaration),
      response: { 200: recordSchema(declaration) },
    },
    handler: async (request) => {
      const id = inBody ? bodyRecordId(declaration, request.body) : recordIdParam(declaration, request);
      return updateWrite(context, request, id, (tx) => parentScope(app, tx, declaration, request, { lock: true }));
    },
  });
  if (declaration.updateUnderParent) registerUpdateUnderParent(context, declaration.updateUnderParent);
}

/** The update's write: the scope first (its 404), the service's locks, the record locked, its rules, the body, the write. */
function updateWrite(
  context: ResourceRouteContext,
  request: FastifyRequest,
  id: RecordId,
  scopeOf: (tx: Db) => Promise<StoreScope | undefined>,
): Promise<unknown> {
  const { declaration, store } = context;
  return writeTransaction(request, context.database(), async (tx) => {
    const scope = await scopeOf(tx);
    await context.service.prepareWrite({ tx, request, declaration, operation: 'update', id });
    const before = await store.find(tx, id, { lock: true, scope });
    if (!before) throw notFound();
    if (declaration.rules?.canEdit && !declaration.rules.canEdit(before)) throw lockedError(declaration);
    return updateRecord(context, tx, request, before, await validateBody(declaration, request.body, 'update'));
  }).catch((error: unknown) => translateDatabaseError(declaration, error));
}

/**
 * `updateUnderParent` (`PUT /siteusers/{alias}/{id}`): the update again, on the path that names the record under its
 * holder by the holder's unique key; the holder is found (and held `for key share`) before anything else, and a record
 * of another holder is not found.
 */
function registerUpdateUnderParent(context: ResourceRouteContext, link: NonNullable<ResourceDeclaration['updateUnderParent']>): void {
  const { app, declaration } = context;
  const holder = registeredResource(app, link.resource);
  const problems = [
    ...(holder.fields.some((field) => field.source === link.key && !field.computed) ? [] : [`${link.resource}.${link.key} is not a stored field`]),
    ...(declaration.fields.some((field) => field.source === link.field) ? [] : [`${link.field} is not a field`]),
    ...(/\{id\}/.test(link.path) && link.path.includes(`{${link.param}}`) ? [] : [`the path names {${link.param}} and {id}`]),
  ];
  if (problems.length > 0) throw new Error(`resource ${declaration.name}, updateUnderParent: ${problems.join('; ')}`);
  apiRoute(app, {
    method: 'PUT',
    url: resourcePaths({ apiPath: link.path }).collection,
    access: context.write,
    summary: `${context.title}: modificar el registro {id} de ${t(holder.title)} {${link.param}} (lo mismo que PUT ${declaration.itemPath ?? declaration.apiPath}{id})`,
    operationId: `update${context.operationName}Of${holder.name.charAt(0).toUpperCase()}${holder.name.slice(1)}`,
    errorResponses: [409, ...(context.service.errorResponses.update ?? [])],
    tags: context.tags,
    schema: {
      params: {
        type: 'object',
        properties: {
          [link.param]: { type: 'string', description: `${t(holder.fields.find((field) => field.source === link.key)!.label)} de ${t(holder.title)}` },
          ...(itemParamsSchema(declaration).properties as Record<string, unknown>),
        },
      },
      body: bodySchema(declaration),
      response: { 200: recordSchema(declaration) },
    },
    handler: async (request) =>
      updateWrite(context, request, recordIdParam(declaration, request), (tx) => keyedParentScope(app, tx, link, request, { lock: true })),
  });
}

/** The record an `updateInBody` body names: required (400 with the id field as target); one no row can have → 404. */
function bodyRecordId(declaration: ResourceDeclaration, body: unknown): RecordId {
  const raw = bodyObject(body)[declaration.idField];
  if (raw === undefined || raw === null || raw === '') throw badArgument(declaration.idField, 'validation.field.required');
  const id = parseRecordId(declaration, typeof raw === 'string' && idFieldOf(declaration).type === 'id' ? Number(raw) : raw);
  if (id === undefined) throw notFound();
  return id;
}

/** The update body of `updateInBody`: the writable fields plus the record's id. */
function bodyWithIdSchema(declaration: ResourceDeclaration) {
  const base = bodySchema(declaration);
  const properties = base.properties as Record<string, unknown>;
  return { ...base, properties: { [declaration.idField]: { description: 'Identificador del registro que se modifica (obligatorio)' }, ...properties } };
}

/** The path parameters of the collection path (a nested resource's parent), if any. */
function collectionParamsSchemaEntry(declaration: ResourceDeclaration) {
  const params = collectionParamsSchema(declaration);
  return params ? { params } : {};
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
      return writeTransaction(request, context.database(), async (tx) => {
        const scope = await parentScope(app, tx, declaration, request, { lock: true });
        await context.service.prepareWrite({ tx, request, declaration, operation: 'delete', id });
        const before = await store.find(tx, id, { lock: true, scope });
        if (!before) throw notFound();
        if (declaration.rules?.canDelete && !declaration.rules.canDelete(before)) throw lockedError(declaration);
        await deleteRecord(context, tx, request, before);
        return before;
      }).catch((error: unknown) => translateDatabaseError(declaration, error));
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
  const context = resourceRouteContext(app, declaration);
  const { shape } = context;
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
  registerResourceViews(app, declaration);
  registerResourceExports(app, declaration);
  registerBackgroundExports(app, declaration);
}

/**
 * What one declaration's routes share (its store, service, access, relations). `registerResource` builds it; a
 * hand-written route that writes a declared resource builds the same one and writes through `updateRecord`, so hooks,
 * checks and audit are the engine's.
 */
export function resourceRouteContext(app: FastifyInstance, declaration: ResourceDeclaration): ResourceRouteContext {
  const shape = resourceShape(declaration);
  rememberResource(app, declaration);
  return {
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
}

/** Registers the generated routes of every declaration (default: all but the `custom` ones). */
export function registerResourceRoutes(app: FastifyInstance, declarations: readonly ResourceDeclaration[] = generatedResources()): void {
  for (const declaration of declarations) registerResource(app, declaration);
}
