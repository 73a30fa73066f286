/**
 * What a request's path names: the record (`:id`, a serial or a text id) and, for a nested resource
 * (`parent`), the parent record (`:chatId`). A path naming a record that cannot exist, or a parent that does not, is
 * answered 404 like a missing record, before any read or write.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ResourceDeclaration } from '../../resources/types';
import type { Db } from '../db/connection';
import { notFound } from '../http/errors';
import { textParam } from '../http/params';
import { recordExists, registeredResource } from './references';
import { parseRecordId, type RecordId } from './shape';
import type { StoreScope } from './store';


/** The `:id` of the path; one that no row can have (not a positive int4, not a valid text id) is simply not found. */
export function recordIdParam(declaration: ResourceDeclaration, request: FastifyRequest): RecordId {
  const id = parseRecordId(declaration, textParam(request, 'id'));
  if (id === undefined) throw notFound();
  return id;
}

/**
 * The parent scope of a nested resource's request (undefined for a top-level one). `lock` (writes): the parent row is
 * held `for key share` until the transaction ends, so it cannot vanish under a child being written.
 */
export async function parentScope(
  app: FastifyInstance,
  db: Db,
  declaration: ResourceDeclaration,
  request: FastifyRequest,
  options: { lock: boolean },
): Promise<StoreScope | undefined> {
  if (!declaration.parent) return undefined;
  const parent = registeredResource(app, declaration.parent.resource);
  const value = parseRecordId(parent, textParam(request, declaration.parent.param));
  if (value === undefined || !(await recordExists(db, parent, value, options))) throw notFound();
  return { field: declaration.parent.field, value };
}
