/**
 * What every generated write shares, whatever the route's shape (CRUD, singleton, collection update): the
 * route context of one declaration, body validation, the duplicate check, the locked-record refusal and the
 * translation of database refusals into the API's answers.
 */
import type { FastifyInstance } from 'fastify';
import { resourceSchema } from '../../resources/fieldKinds';
import type { PermissionRequirement, ResourceDeclaration } from '../../resources/types';
import type { Db } from '../db/connection';
import { uniqueIndexName } from '../db/resourceTable';
import { ApiError, badArgument } from '../http/errors';
import { FOREIGN_KEY_VIOLATION, UNIQUE_VIOLATION, postgresConstraint, postgresErrorCode } from './dbErrors';
import type { RecordId, ResourceShape } from './shape';
import type { ResourceRecord, ResourceStore } from './store';

/** One declaration's routes share this: built once by `registerResource`. */
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
  read: { permissions: PermissionRequirement };
  write: { permissions: PermissionRequirement };
  database: () => Db;
}

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
  return (await schema.validate(bodyObject(body), { abortEarly: false, stripUnknown: true })) as Record<string, unknown>;
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
  const code = postgresErrorCode(error);
  if (code === FOREIGN_KEY_VIOLATION) throw badArgument(declaration.idField, 'errors.in_use', 'InUse', 409);
  if (code === UNIQUE_VIOLATION) throw badArgument(duplicateField(declaration, error), 'errors.duplicate');
  throw error;
}
