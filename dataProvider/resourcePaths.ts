/**
 * Pure mapping between react-admin and the API: which path and id field a resource uses,
 * how a list request becomes query parameters, and how an API record becomes a react-admin record.
 */
import { isGeneratedReference, isGeneratedResource, type AnyResourceDeclaration, type ResourceDeclaration, type ResourceReference } from '../resources/types';
import type { QueryValue } from './httpClient';

export interface ResourceTarget {
  apiPath: string;
  idField: string;
  /** Where one record lives when the spec names it apart (`/siteuser/` for `/siteusers/`). */
  itemPath?: string;
}

export type FindDeclaration = (resource: string) => AnyResourceDeclaration | undefined;
/** Where references come from: resources/references.ts, or declarations (which hold their reference). */
export type FindReference = (resource: string) => ResourceReference | undefined;

/** The reference's path and id; an undeclared name falls back to `/{name}/` with `id`. */
export function resourceTarget(resource: string, find: FindReference): ResourceTarget {
  const reference = find(resource);
  if (!reference) return { apiPath: `/${resource}/`, idField: 'id' };
  return { apiPath: reference.apiPath, idField: reference.idField, ...(reference.itemPath ? { itemPath: reference.itemPath } : {}) };
}

/** Whether a call on `resource` may need its generated declaration (singleton, actions): not for custom or undeclared ones. */
export function mayHaveDeclaration(resource: string, find: FindReference): boolean {
  const reference = find(resource);
  return reference !== undefined && isGeneratedReference(reference);
}

/** The generated declaration (operations, singleton, parent, actions) of `resource`, when it has one. */
export function generatedDeclaration(resource: string, find: FindDeclaration): ResourceDeclaration | undefined {
  const declaration = find(resource);
  return declaration && isGeneratedResource(declaration) ? declaration : undefined;
}

const PATH_PARAM = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** The `{params}` a path template names: `/chats/{chatId}/messages/` → `['chatId']`. */
export function pathParams(template: string): string[] {
  return [...template.matchAll(PATH_PARAM)].map((match) => match[1]!);
}

/** A path template does not name a value the call gave: a programming error, not a user one. */
export class MissingPathParamError extends Error {
  constructor(readonly param: string, readonly template: string) {
    super(`Falta el valor de {${param}} para ${template}`);
  }
}

/** Fills a path template's `{params}` from `values` (each URL-encoded): `/chats/{chatId}/messages/` + `{ chatId: 7 }`. */
export function fillPath(template: string, values: Record<string, unknown>): string {
  return template.replace(PATH_PARAM, (_whole, name: string) => {
    const value = values[name];
    if (value === undefined || value === null || value === '') throw new MissingPathParamError(name, template);
    return encodeURIComponent(String(value));
  });
}

/**
 * The collection path of a call: the declaration's `apiPath` with its parent's `{param}` taken from `meta`
 * (`meta.chatId`) or from the list filter named like the param (`filter.chatId`, which then leaves the query).
 */
export function collectionPath(
  apiPath: string,
  sources: { meta?: Record<string, unknown>; filter?: Record<string, unknown> } = {},
): { path: string; filter: Record<string, unknown> | undefined } {
  const names = pathParams(apiPath);
  if (names.length === 0) return { path: apiPath, filter: sources.filter };
  const values: Record<string, unknown> = {};
  const filter = sources.filter ? { ...sources.filter } : undefined;
  for (const name of names) {
    values[name] = sources.meta?.[name] ?? sources.filter?.[name];
    if (filter) delete filter[name];
  }
  return { path: fillPath(apiPath, values), filter };
}


/** The path as ra-data-simple-rest's `resource` argument: `/sites/groups/` → `sites/groups`, `/documentType` → `documentType`. */
export function apiSegment(apiPath: string): string {
  return apiPath.replace(/^\/+|\/+$/g, '');
}

export interface ListRequest {
  pagination?: { page: number; perPage: number };
  sort?: { field: string; order: string };
  filter?: Record<string, unknown>;
}

function filterValue(value: unknown): QueryValue {
  if (Array.isArray(value)) return value.map((v) => (typeof v === 'number' ? v : String(v)));
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'object') return JSON.stringify(value);
  return value as QueryValue;
}

/**
 * page (1-based), pageSize, orderBy (`field` / `-field`), filters by their spec names, `q` →
 * `search`, react-admin's `id` → the declared id field; an array filter becomes repeated keys.
 */
export function listQuery(params: ListRequest, idField: string): Record<string, QueryValue> {
  const query: Record<string, QueryValue> = {};
  if (params.pagination) {
    query.page = params.pagination.page;
    query.pageSize = params.pagination.perPage;
  }
  if (params.sort?.field) {
    const field = params.sort.field === 'id' ? idField : params.sort.field;
    query.orderBy = params.sort.order === 'DESC' ? `-${field}` : field;
  }
  for (const [key, value] of Object.entries(params.filter ?? {})) {
    const name = key === 'q' ? 'search' : key === 'id' ? idField : key;
    query[name] = filterValue(value);
  }
  return query;
}

/** Adds react-admin's `id` from the declared id field, keeping the original property. */
export type ApiRecord = Record<string, unknown> & { id: string | number };

export function toRecord(raw: unknown, idField: string): ApiRecord {
  const record = (raw !== null && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  return { ...record, id: (record[idField] ?? record.id) as string | number };
}

/** Removes the synthetic `id` before sending a record whose id field is another property. */
export function toPayload(data: Record<string, unknown>, idField: string): Record<string, unknown> {
  if (idField === 'id') return data;
  const { id: _omit, ...rest } = data;
  void _omit;
  return rest;
}

export interface ListEnvelope {
  results?: Array<Record<string, unknown>>;
  meta?: { hasNextPage?: boolean; nextCursor?: string; total?: number };
}

export function toListResult(body: ListEnvelope | null, page: number, idField: string) {
  const results = body?.results ?? [];
  const data = results.map((r) => toRecord(r, idField));
  const hasNextPage = Boolean(body?.meta?.hasNextPage);
  return {
    data,
    total: typeof body?.meta?.total === 'number' ? body.meta.total : undefined,
    pageInfo: { hasNextPage, hasPreviousPage: page > 1 },
  };
}
