/**
 * The SQL every read of a generated resource shares (list, one record, declared exports, actions): the row
 * aliased `t` with its computed fields, and the conditions a row must hold to exist for the API (the
 * declaration's `listWhere`; soft-deleted rows hidden unless the list filters by that field).
 */
import type { ListQuery } from '../../resources/listQuery';
import { fieldColumn, type ResourceDeclaration } from '../../resources/types';
import { columnSql } from './listSpec';

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** `t.*, (computed sql) as "column"…`: the select list of a read, computed fields under their column names. */
export function readSelectSql(declaration: ResourceDeclaration): string {
  const computed = declaration.fields.filter((field) => field.computed).map((field) => `(${field.computed!.sql}) as ${quoted(fieldColumn(field))}`);
  return ['t.*', ...computed].join(', ');
}

/** `from "table" t`. */
export function readFromSql(declaration: ResourceDeclaration): string {
  return `from ${quoted(declaration.table)} t`;
}

/**
 * The conditions of every read: the declaration's `listWhere`, and `not <soft delete>` unless the list query
 * itself filters by the soft-delete field (then it chooses).
 */
export function readConditions(declaration: ResourceDeclaration, query?: ListQuery): string[] {
  const conditions = declaration.listWhere ? [`(${declaration.listWhere})`] : [];
  const softDelete = declaration.softDelete ? declaration.fields.find((field) => field.source === declaration.softDelete?.field) : undefined;
  if (softDelete && !query?.conditions.some((condition) => condition.name === softDelete.source)) conditions.push(`not ${columnSql(softDelete)}`);
  return conditions;
}
