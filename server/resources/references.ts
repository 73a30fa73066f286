/**
 * `reference` fields: the referenced record must exist (and not be soft-deleted). The check locks the
 * referenced row (`for key share`) until the transaction ends, so a simultaneous delete waits or fails:
 * the rule holds in the database, not only in this check.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { findGeneratedResource, findResource } from '../../resources';
import { fieldColumn, type ResourceDeclaration } from '../../resources/types';
import type { Db } from '../db/connection';
import { badArgument } from '../http/errors';
import { queryRows } from '../db/rows';

const registered = new WeakMap<FastifyInstance, Map<string, ResourceDeclaration>>();

/**
 * A resource rows can be linked to (`manyToMany`): a registered or generated one, or a hand-written one that declares
 * its table and fields (sites: group_sites links them).
 */
export function linkableResource(app: FastifyInstance, name: string): ResourceDeclaration {
  const custom = findResource(name);
  if (custom && custom.routes === 'custom' && custom.table && custom.fields && !registered.get(app)?.has(name)) {
    return { ...custom, routes: 'generated', table: custom.table, fields: custom.fields } as unknown as ResourceDeclaration;
  }
  return registeredResource(app, name);
}

/** Remembers a declaration registered on `app`, so references to it (throwaway ones included) resolve. */
export function rememberResource(app: FastifyInstance, declaration: ResourceDeclaration): void {
  const map = registered.get(app) ?? new Map<string, ResourceDeclaration>();
  map.set(declaration.name, declaration);
  registered.set(app, map);
}

/** The declaration registered on `app` under `name` (throwaway ones included), else the generated one. */
export function registeredResource(app: FastifyInstance, name: string): ResourceDeclaration {
  const found = registered.get(app)?.get(name) ?? findGeneratedResource(name);
  if (!found) throw new Error(`reference to an unknown resource: ${name}`);
  return found;
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Whether `referenced` has a visible (not soft-deleted) record with this id. `lock`: the row is held `for key share`
 * until the transaction ends, so it cannot be deleted (or its id changed) before the transaction that relies on it commits.
 */
export async function recordExists(db: Db, referenced: ResourceDeclaration, id: number | string, options: { lock: boolean }): Promise<boolean> {
  const idField = referenced.fields.find((candidate) => candidate.source === referenced.idField);
  if (!idField) throw new Error(`resource ${referenced.name}: idField is not declared`);
  const softDelete = referenced.softDelete ? referenced.fields.find((candidate) => candidate.source === referenced.softDelete?.field) : undefined;
  const visible = softDelete ? sql.raw(` and not ${quoted(fieldColumn(softDelete))}`) : sql.raw('');
  const lock = sql.raw(options.lock ? ' for key share' : '');
  const statement = sql`select 1 as found from ${sql.raw(quoted(referenced.table))} where ${sql.raw(quoted(fieldColumn(idField)))} = ${id}${visible}${lock}`;
  return (await queryRows(db, statement)).length > 0;
}

/** Refuses (400, the field as target) a reference to a record that does not exist. */
export async function checkReferences(app: FastifyInstance, db: Db, declaration: ResourceDeclaration, values: Record<string, unknown>): Promise<void> {
  for (const field of declaration.fields) {
    const value = values[field.source];
    if (field.type !== 'reference' || !field.reference || value === null || value === undefined) continue;
    const referenced = registeredResource(app, field.reference.resource);
    if (!(await recordExists(db, referenced, Number(value), { lock: true }))) throw badArgument(field.source, 'validation.field.reference');
  }
}
