/**
 * `reference` fields: the referenced record must exist (and not be soft-deleted). The check locks the
 * referenced row (`for key share`) until the transaction ends, so a simultaneous delete waits or fails:
 * the rule holds in the database, not only in this check.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { findGeneratedResource } from '../../resources';
import { fieldColumn, type ResourceDeclaration } from '../../resources/types';
import type { Db } from '../db/connection';
import { badArgument } from '../http/errors';

const registered = new WeakMap<FastifyInstance, Map<string, ResourceDeclaration>>();

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

/** Refuses (400, the field as target) a reference to a record that does not exist. */
export async function checkReferences(app: FastifyInstance, db: Db, declaration: ResourceDeclaration, values: Record<string, unknown>): Promise<void> {
  for (const field of declaration.fields) {
    const value = values[field.source];
    if (field.type !== 'reference' || !field.reference || value === null || value === undefined) continue;
    const referenced = registeredResource(app, field.reference.resource);
    const idField = referenced.fields.find((candidate) => candidate.source === referenced.idField);
    if (!idField) throw new Error(`resource ${referenced.name}: idField is not declared`);
    const softDelete = referenced.softDelete ? referenced.fields.find((candidate) => candidate.source === referenced.softDelete?.field) : undefined;
    const visible = softDelete ? sql.raw(` and not ${quoted(fieldColumn(softDelete))}`) : sql.raw('');
    const statement = sql`select 1 as found from ${sql.raw(quoted(referenced.table))} where ${sql.raw(quoted(fieldColumn(idField)))} = ${Number(value)}${visible} for key share`;
    const result = await db.execute(statement);
    const rows = Array.isArray(result) ? result : (result as { rows?: unknown[] }).rows;
    if (!rows || rows.length === 0) throw badArgument(field.source, 'validation.field.reference');
  }
}
