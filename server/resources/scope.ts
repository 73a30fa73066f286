/**
 * What a request's path names: the record (`:id`, a serial or a text id) and, for a nested resource
 * (`parent`), the parent record (`:chatId`). A path naming a record that cannot exist, or a parent that does not, is
 * answered 404 like a missing record, before any read or write.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fieldColumn, type ResourceDeclaration } from '../../resources/types';
import { queryRows } from '../db/rows';
import type { Db } from '../db/connection';
import { notFound } from '../http/errors';
import { textParam } from '../http/params';
import { readConditions, readFromSql } from './readSql';
import { recordExists, registeredResource } from './references';
import { parseRecordId, type RecordId } from './shape';
import type { StoreScope } from './store';

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The `:id` of the path; one that no row can have (not a positive int4, not a valid text id) is simply not found. */
export function recordIdParam(declaration: ResourceDeclaration, request: FastifyRequest): RecordId {
  const id = parseRecordId(declaration, textParam(request, 'id'));
  if (id === undefined) throw notFound();
  return id;
}

/**
 * The scope of an `updateUnderParent` request: the holder named by its unique `key` in the path parameter `param`
 * (held `for key share` when `lock`), as the record's `field`. A holder that does not exist for the API (its
 * `listWhere`, its soft delete), or a key longer than its field allows, is not found.
 */
export async function keyedParentScope(
  app: FastifyInstance,
  db: Db,
  link: NonNullable<ResourceDeclaration['updateUnderParent']>,
  request: FastifyRequest,
  options: { lock: boolean },
): Promise<StoreScope> {
  const parent = registeredResource(app, link.resource);
  const keyField = parent.fields.find((field) => field.source === link.key)!;
  const idField = parent.fields.find((field) => field.source === parent.idField)!;
  const value = textParam(request, link.param);
  if (value === '' || (keyField.maxLength !== undefined && value.length > keyField.maxLength)) throw notFound();
  const others = readConditions(parent).map((condition) => ` and ${condition}`).join('');
  const [row] = await queryRows<{ id: RecordId }>(
    db,
    sql`select t.${sql.raw(quoted(fieldColumn(idField)))} as id ${sql.raw(readFromSql(parent))}
      where t.${sql.raw(quoted(fieldColumn(keyField)))} = ${value}${sql.raw(others)}${sql.raw(options.lock ? ' for key share' : '')}`,
  );
  if (!row) throw notFound();
  return { field: link.field, value: idField.type === 'id' ? Number(row.id) : row.id };
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
