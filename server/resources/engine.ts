/**
 * The resource engine: from one declaration (resources/types.ts) the API gets its CRUD routes
 * (list, one, create, update, delete), their validation (the declaration's yup schema), their
 * access (the declaration's permissions), their rules (locked records), their audit lines and
 * their OpenAPI entries. Catalogues need no hand-written route. Around each write the resource's service runs its
 * hooks (server/resources/services); its declared actions and exports get their routes from actions.ts and exports.ts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { resources } from '../../resources';
import { recordId } from '../../resources/limits';
import { resourceSchema } from '../../resources/fieldKinds';
import { ALL_OPERATIONS, isGeneratedResource, type ResourceDeclaration, type ResourceOperation } from '../../resources/types';
import { writeAudit } from '../audit/audit';
import type { Db } from '../db/connection';
import { ApiError, badArgument, notFound } from '../http/errors';
import { apiRoute } from '../http/route';
import { t } from '../i18n';
import { uniqueIndexName } from '../db/resourceTable';
import { FOREIGN_KEY_VIOLATION, UNIQUE_VIOLATION, postgresConstraint, postgresErrorCode } from './dbErrors';
import { valuesToStore } from './fields';
import { listQuerySchema, readListQuery } from '../lists/listQuery';
import { resourceListSpec } from './listSpec';
import { bodySchema, idParamsSchema, listResponseSchema, recordSchema } from './openapi';
import { resourceAccess } from './access';
import { registerResourceActions } from './actions';
import { registerResourceExports } from './exports';
import { resourceService } from './services';
import { resourcePaths } from './paths';
import { checkReferences, rememberResource } from './references';
import { registerStateDocumentRoute } from './stateDocument';
import { createResourceStore, type ResourceRecord, type ResourceStore } from './store';

/** Declarations whose routes the engine generates (not the hand-written `custom` ones). */
export const generatedResources = (): ResourceDeclaration[] => resources.filter(isGeneratedResource);

/** 409 Locked: the declaration's rules refuse changing this record. */
export function lockedError(declaration: ResourceDeclaration): ApiError {
  return badArgument(declaration.idField, declaration.messages?.locked ?? 'errors.locked', 'Locked', 409);
}

/** The `:id` of the path; one that no row can have (not a positive int4) is simply not found. */
function recordIdParam(request: FastifyRequest): number {
  const id = recordId((request.params as { id?: string }).id);
  if (id === undefined) throw notFound();
  return id;
}

function bodyOf(request: FastifyRequest): Record<string, unknown> {
  const body = request.body;
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

async function validateBody(declaration: ResourceDeclaration, request: FastifyRequest): Promise<Record<string, unknown>> {
  const schema = resourceSchema(declaration, declaration.idField);
  return (await schema.validate(bodyOf(request), { abortEarly: false, stripUnknown: true })) as Record<string, unknown>;
}

async function refuseDuplicates(
  declaration: ResourceDeclaration,
  store: ResourceStore,
  db: Db,
  values: ResourceRecord,
  exceptId?: number,
): Promise<void> {
  for (const source of declaration.unique ?? []) {
    if (await store.isDuplicate(db, source, values[source], exceptId)) throw badArgument(source, 'errors.duplicate');
  }
}

/** The declared unique field whose index a unique violation names (the first one when the index is not ours). */
export function duplicateField(declaration: ResourceDeclaration, error: unknown): string {
  const unique = declaration.unique ?? [];
  const constraint = postgresConstraint(error);
  return unique.find((source) => uniqueIndexName(declaration, source) === constraint) ?? unique[0] ?? declaration.idField;
}

/**
 * Turns database refusals into the API's answers: a row still referenced → 409, a duplicate → 400,
 * the same answer as the code check gives (a simultaneous create passes the check; the unique index refuses it).
 */
function translateDatabaseError(declaration: ResourceDeclaration, error: unknown): never {
  const code = postgresErrorCode(error);
  if (code === FOREIGN_KEY_VIOLATION) throw badArgument(declaration.idField, 'errors.in_use', 'InUse', 409);
  if (code === UNIQUE_VIOLATION) throw badArgument(duplicateField(declaration, error), 'errors.duplicate');
  throw error;
}

/** Registers the five CRUD routes of one declaration. Call before `app.ready()`. */
export function registerResource(app: FastifyInstance, declaration: ResourceDeclaration): void {
  rememberResource(app, declaration);
  const store = createResourceStore(declaration);
  const paths = resourcePaths(declaration);
  const title = t(declaration.title);
  const tags = [declaration.name];
  const read = resourceAccess(declaration.permissions.read);
  const write = resourceAccess(declaration.permissions.write);
  const record = recordSchema(declaration);
  const listSpec = resourceListSpec(declaration);
  const database = () => app.ctx.database.db;
  // operationIds named after the declaration (listSitetypes, getSitetypes…): clearer method names in generated clients.
  const resourceName = declaration.name.charAt(0).toUpperCase() + declaration.name.slice(1);
  // Minimal operations choice (engine-shapes owns the full one: take theirs at merge).
  const offers = (operation: ResourceOperation) => (declaration.operations ?? ALL_OPERATIONS).includes(operation);
  // beforeWrite / afterWrite hooks of the resource's service, in each write's transaction (server/resources/services).
  const service = resourceService(declaration.name);

  if (offers('list')) apiRoute(app, {
    method: 'GET',
    url: paths.collection,
    access: read,
    summary: `${title}: lista paginada (búsqueda, filtros por campo y orden)`,
    operationId: `list${resourceName}`,
    tags,
    schema: { querystring: listQuerySchema(listSpec), response: { 200: listResponseSchema(declaration) } },
    handler: async (request) => store.list(app.ctx.database, readListQuery(listSpec, request.query)),
  });

  if (offers('read')) apiRoute(app, {
    method: 'GET',
    url: paths.item,
    access: read,
    summary: `${title}: un registro`,
    operationId: `get${resourceName}`,
    tags,
    schema: { params: idParamsSchema, response: { 200: record } },
    handler: async (request) => (await store.find(database(), recordIdParam(request))) ?? Promise.reject(notFound()),
  });

  if (offers('create')) apiRoute(app, {
    method: 'POST',
    url: paths.collection,
    access: write,
    summary: `${title}: crear`,
    operationId: `create${resourceName}`,
    tags,
    schema: { body: bodySchema(declaration), response: { 201: record } },
    handler: async (request, reply) => {
      const validated = await validateBody(declaration, request);
      const values = valuesToStore(declaration, validated, 'create');
      const created = await database()
        .transaction(async (tx) => {
          await refuseDuplicates(declaration, store, tx, values);
          await checkReferences(app, tx, declaration, values);
          const hook = { tx, request, declaration, operation: 'create' as const, before: null, values, after: null };
          await service.beforeWrite(hook);
          const after = await store.insert(tx, hook.values);
          await service.afterWrite({ ...hook, after });
          const recordId = after[declaration.idField] as number;
          await writeAudit(tx, request, { action: 'create', resource: declaration.name, recordId, after });
          return after;
        })
        .catch((error: unknown) => translateDatabaseError(declaration, error));
      void reply.status(201);
      return created;
    },
  });

  if (offers('update')) apiRoute(app, {
    method: 'PUT',
    url: paths.item,
    access: write,
    summary: `${title}: modificar`,
    operationId: `update${resourceName}`,
    // 409: the declaration's rules lock the record.
    errorResponses: [409],
    tags,
    schema: { params: idParamsSchema, body: bodySchema(declaration), response: { 200: record } },
    handler: async (request) => {
      const id = recordIdParam(request);
      return database()
        .transaction(async (tx) => {
          const before = await store.find(tx, id, { lock: true });
          if (!before) throw notFound();
          if (declaration.rules?.canEdit && !declaration.rules.canEdit(before)) throw lockedError(declaration);
          const values = valuesToStore(declaration, await validateBody(declaration, request), 'update');
          await refuseDuplicates(declaration, store, tx, values, id);
          await checkReferences(app, tx, declaration, values);
          const hook = { tx, request, declaration, operation: 'update' as const, before, values, after: null };
          await service.beforeWrite(hook);
          const after = await store.update(tx, id, hook.values);
          await service.afterWrite({ ...hook, after });
          await writeAudit(tx, request, { action: 'update', resource: declaration.name, recordId: id, before, after });
          return after;
        })
        .catch((error: unknown) => translateDatabaseError(declaration, error));
    },
  });

  if (offers('delete')) apiRoute(app, {
    method: 'DELETE',
    url: paths.item,
    access: write,
    summary: declaration.softDelete ? `${title}: eliminar (se marca como eliminado y deja de listarse)` : `${title}: eliminar`,
    operationId: `delete${resourceName}`,
    // 409: locked by the declaration's rules, or still in use (foreign key).
    errorResponses: [409],
    tags,
    schema: { params: idParamsSchema, response: { 200: record } },
    handler: async (request) => {
      const id = recordIdParam(request);
      return database()
        .transaction(async (tx) => {
          const before = await store.find(tx, id, { lock: true });
          if (!before) throw notFound();
          if (declaration.rules?.canDelete && !declaration.rules.canDelete(before)) throw lockedError(declaration);
          const hook = { tx, request, declaration, operation: 'delete' as const, before, values: {}, after: null };
          await service.beforeWrite(hook);
          await store.remove(tx, id);
          await service.afterWrite(hook);
          // A soft delete only marks the record: the trail says so ('Eliminación lógica').
          const action = declaration.softDelete ? 'soft_delete' : 'delete';
          await writeAudit(tx, request, { action, resource: declaration.name, recordId: id, before });
          return before;
        })
        .catch((error: unknown) => translateDatabaseError(declaration, error));
    },
  });

  registerResourceActions(app, declaration, {
    store,
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
