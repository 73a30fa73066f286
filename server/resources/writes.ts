/**
 * What every generated write shares, whatever the route's shape (CRUD, singleton, collection update): the
 * route context of one declaration, body validation, the duplicate check, the locked-record refusal and the
 * translation of database refusals into the API's answers, and the three record writes (insert, update, delete)
 * with their checks, relations and audit line: every shape writes through them, so a rule added there holds for all.
 */
import type { FastifyInstance } from 'fastify';
import { resourceSchema } from '../../resources/fieldKinds';
import type { ResourceDeclaration } from '../../resources/types';
import type { Db } from '../db/connection';
import { uniqueIndexName } from '../db/resourceTable';
import { ApiError, badArgument } from '../http/errors';
import { FOREIGN_KEY_VIOLATION, UNIQUE_VIOLATION, postgresConstraint, postgresErrorCode } from './dbErrors';
import type { FastifyRequest } from 'fastify';
import { declaredName, writeAudit } from '../audit/audit';
import { valuesToStore, withoutWireKeys } from './fields';
import { checkReferences } from './references';
import type { RecordId, ResourceShape } from './shape';
import type { ResourceRecord, ResourceStore, StoreScope } from './store';

/** One declaration's routes share this: built once by `registerResource`. */
import type { Relations } from './relations';
import { queueAfterCommit, resourceService, type ResourceService } from './services';
import type { Access } from '../http/route';

export interface ResourceRouteContext {
  app: FastifyInstance;
  declaration: ResourceDeclaration;
  shape: ResourceShape;
  store: ResourceStore;
  /** The resource's title in Spanish, for the summaries. */
  title: string;
  tags: string[];
  /** `listSitetypes`, `getSitetypes`…: operationIds named after the declaration. */
  operationName: string;
  read: Access;
  write: Access;
  /** The resource's service: its beforeWrite / afterWrite hooks run in every write's transaction (server/resources/services). */
  service: ResourceService;
  database: () => Db;
  /** manyToMany links and file references, written in each record's transaction (server/resources/relations.ts). */
  relations: Relations;
}

const commitQueue = (request: FastifyRequest) => (task: () => Promise<void>) => queueAfterCommit(request, task);

/** 409 Locked: the declaration's rules refuse changing this record. */
export function lockedError(declaration: ResourceDeclaration): ApiError {
  return badArgument(declaration.idField, declaration.messages?.locked ?? 'errors.locked', 'Locked', 409);
}

/** The body as an object (anything else validates as an empty body, whose required fields are then refused). */
export function bodyObject(body: unknown): Record<string, unknown> {
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

/** The body through the declaration's schema (resources/fieldKinds.ts `resourceSchema`): every refused field at once. */
export async function validateBody(declaration: ResourceDeclaration, body: unknown, mode: 'create' | 'update'): Promise<Record<string, unknown>> {
  const schema = resourceSchema(declaration, declaration.idField, mode);
  return (await schema.validate(bodyObject(body), { abortEarly: false, stripUnknown: true, context: { operation: mode } })) as Record<string, unknown>;
}

export async function refuseDuplicates(
  declaration: ResourceDeclaration,
  store: ResourceStore,
  db: Db,
  values: ResourceRecord,
  exceptId?: RecordId,
): Promise<void> {
  for (const source of declaration.unique ?? []) {
    if (await store.isDuplicate(db, source, values[source], exceptId)) throw badArgument(source, 'errors.duplicate');
  }
}

/** The declared field whose index a unique violation names: the id for the primary key (a text id taken), else a `unique` field. */
export function duplicateField(declaration: ResourceDeclaration, error: unknown): string {
  const unique = declaration.unique ?? [];
  const constraint = postgresConstraint(error);
  if (constraint === `${declaration.table}_pkey`) return declaration.idField;
  return unique.find((source) => uniqueIndexName(declaration, source) === constraint) ?? unique[0] ?? declaration.idField;
}

/**
 * Turns database refusals into the API's answers: a row still referenced → 409, a duplicate → 400,
 * the same answer as the code check gives (a simultaneous create passes the check; the unique index refuses it).
 */
export function translateDatabaseError(declaration: ResourceDeclaration, error: unknown): never {
  const own = resourceService(declaration.name).translateError(error);
  if (own) throw own;
  const code = postgresErrorCode(error);
  if (code === FOREIGN_KEY_VIOLATION) throw badArgument(declaration.idField, 'errors.in_use', 'InUse', 409);
  if (code === UNIQUE_VIOLATION) throw badArgument(duplicateField(declaration, error), 'errors.duplicate');
  throw error;
}

/**
 * Creates one record inside the caller's transaction: duplicates, references, files and links checked, the row
 * written (by `insert` when the shape needs its own, e.g. a singleton's fixed id; `null` = not written), its
 * links and file references saved, one audit line.
 */
export async function insertRecord(
  context: ResourceRouteContext,
  tx: Db,
  request: FastifyRequest,
  validated: Record<string, unknown>,
  options: { scope?: StoreScope; insert?: (tx: Db, values: ResourceRecord) => Promise<ResourceRecord | null> } = {},
): Promise<ResourceRecord | null> {
  const { app, declaration, store, relations } = context;
  const full = valuesToStore(declaration, validated, 'create');
  if (options.scope) full[options.scope.field] = options.scope.value;
  await refuseDuplicates(declaration, store, tx, full);
  await checkReferences(app, tx, declaration, full);
  // The hook sees (and may change) the links too; they are split off after it.
  const hook = { tx, request, declaration, operation: 'create' as const, before: null, values: full, after: null, afterCommit: commitQueue(request) };
  await context.service.beforeWrite(hook);
  const { values, links } = relations.split(hook.values);
  await relations.check(tx, values, links);
  const inserted = options.insert ? await options.insert(tx, values) : await store.insert(tx, values);
  if (!inserted) return null;
  const after = await readAfterLinks(context, tx, await relations.save(tx, inserted, links), links);
  await context.service.afterWrite({ ...hook, after });
  const recordId = after[declaration.idField] as RecordId;
  await writeAudit(tx, request, { action: 'create', resource: declaredName(declaration.name), recordId, after: context.service.auditRecord(withoutWireKeys(declaration, after), 'create') });
  return after;
}

/** Computed fields may count the links just saved (a group's `countEntities`): read the record again when links changed. */
async function readAfterLinks(context: ResourceRouteContext, tx: Db, record: ResourceRecord, links: Map<string, number[]>): Promise<ResourceRecord> {
  const { declaration, store } = context;
  if (links.size === 0 || !declaration.fields.some((field) => field.computed)) return record;
  return (await store.find(tx, record[declaration.idField] as RecordId)) ?? record;
}

/**
 * Updates the (locked) record `before` inside the caller's transaction, with the same checks as a create. With
 * `onlyIfChanged` (a collection update's items), a record left as it was is no change: no rule, no audit line;
 * otherwise the caller has already applied the declaration's `canEdit` rule.
 */
export async function updateRecord(
  context: ResourceRouteContext,
  tx: Db,
  request: FastifyRequest,
  before: ResourceRecord,
  validated: Record<string, unknown>,
  options: { onlyIfChanged?: boolean } = {},
): Promise<ResourceRecord> {
  const { app, declaration, store, relations } = context;
  const id = before[declaration.idField] as RecordId;
  const full = valuesToStore(declaration, validated, 'update');
  await refuseDuplicates(declaration, store, tx, full, id);
  await checkReferences(app, tx, declaration, full);
  const hook = { tx, request, declaration, operation: 'update' as const, before, values: full, after: null, afterCommit: commitQueue(request) };
  await context.service.beforeWrite(hook);
  const { values, links } = relations.split(hook.values);
  await relations.check(tx, values, links);
  const after = await readAfterLinks(context, tx, await relations.save(tx, await store.update(tx, id, values), links), links);
  await context.service.afterWrite({ ...hook, after });
  if (options.onlyIfChanged) {
    if (JSON.stringify(after) === JSON.stringify(before)) return after;
    if (declaration.rules?.canEdit && !declaration.rules.canEdit(before)) throw lockedError(declaration);
  }
  const audited = (record: ResourceRecord) => context.service.auditRecord(withoutWireKeys(declaration, record), 'update');
  await writeAudit(tx, request, { action: 'update', resource: declaredName(declaration.name), recordId: id, before: audited(before), after: audited(after) });
  return after;
}

/** Deletes (or, with `softDelete`, marks) the (locked) record `before`: its files released, one audit line. */
export async function deleteRecord(context: ResourceRouteContext, tx: Db, request: FastifyRequest, before: ResourceRecord): Promise<void> {
  const { declaration, store, relations } = context;
  const id = before[declaration.idField] as RecordId;
  const hook = { tx, request, declaration, operation: 'delete' as const, before, values: {}, after: null, afterCommit: commitQueue(request) };
  await context.service.beforeWrite(hook);
  await relations.release(tx, before);
  await store.remove(tx, id);
  await context.service.afterWrite(hook);
  // A soft delete only marks the record: the trail says so ('Eliminación lógica').
  const action = declaration.softDelete ? 'soft_delete' : 'delete';
  await writeAudit(tx, request, { action, resource: declaredName(declaration.name), recordId: id, before: context.service.auditRecord(withoutWireKeys(declaration, before), 'delete') });
}
