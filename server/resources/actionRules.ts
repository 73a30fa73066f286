/**
 * Pure rules of the declared actions (server/resources/actions.ts): their URL and path parameters, what a declaration
 * must hold for each kind (checked at startup), the new order positions of a record sort, and the reading of a
 * collection sort's body.
 */
import { databaseInteger } from '../../resources/limits';
import type { ResourceAction, ResourceDeclaration } from '../../resources/types';

/** Most records one collection sort takes. */
export const MAX_SORT_ITEMS = 1000;

const PARAM = /^\{([A-Za-z][A-Za-z0-9]*)\}$/;
const SEGMENT = /^[A-Za-z0-9_-]+$/;
const ACTION_NAME = /^[a-z][A-Za-z0-9]*$/;

/** The `{params}` of an action path, in order: `{id}/sort/{targetId}` → `['id', 'targetId']`. */
export function actionPathParams(path: string): string[] {
  return path
    .split('/')
    .map((segment) => PARAM.exec(segment)?.[1])
    .filter((name): name is string => name !== undefined);
}

/** The route of an action under the collection path, `{param}` as Fastify's `:param`: `/contents/` + `{id}/enable` → `/contents/:id/enable`. */
export function actionUrl(collectionPath: string, actionPath: string): string {
  const base = collectionPath.replace(/\/+$/, '');
  const rest = actionPath
    .replace(/^\/+|\/+$/g, '')
    .split('/')
    .map((segment) => segment.replace(PARAM, ':$1'))
    .join('/');
  return `${base}/${rest}`;
}

/** `enable` → `contentsEnable`: the operationId of an action (the declaration's name, then the action's). */
export function actionOperationId(resourceName: string, actionName: string): string {
  return `${resourceName}${actionName.charAt(0).toUpperCase()}${actionName.slice(1)}`;
}

/**
 * What is wrong with a declared action (empty when nothing): checked when the routes are registered, so that a
 * declaration the engine cannot serve stops the server at startup instead of failing on the first call.
 */
export function actionDeclarationProblems(declaration: ResourceDeclaration, action: ResourceAction, hasHandler: boolean): string[] {
  const problems: string[] = [];
  const field = action.field === undefined ? undefined : declaration.fields.find((candidate) => candidate.source === action.field);
  const params = actionPathParams(action.path);
  const trimmed = action.path.replace(/^\/+|\/+$/g, '');
  const segments = trimmed.split('/');
  if (!ACTION_NAME.test(action.name)) problems.push('the name must be camelCase letters and digits');
  if ((declaration.actions ?? []).filter((other) => other.name === action.name).length > 1) problems.push('the name is declared twice');
  if (trimmed === '') {
    // The collection path itself (`POST /sites/groupsites/`): free only when no generated route takes its method.
    const operations = declaration.operations ?? ['list', 'read', 'create', 'update', 'delete'];
    if (action.scope !== 'collection') problems.push('an action on the collection path itself must have scope collection');
    if (action.method === 'POST' && operations.includes('create')) problems.push('POST on the collection path is the create route');
    if (action.method === 'PUT' && (declaration.collectionUpdate || declaration.updateInBody || declaration.singleton)) {
      problems.push('PUT on the collection path is taken by the collection update, updateInBody or the singleton');
    }
  } else if (segments.some((segment) => !PARAM.test(segment) && !SEGMENT.test(segment))) problems.push(`the path ${action.path} is not segments and {params}`);
  if (new Set(params).size !== params.length) problems.push('a path parameter is repeated');
  // Actions read and lock records by serial id and without a parent's scope: a nested or text-id resource would act
  // on records outside the path's parent, so such a declaration stops the server until the engine scopes actions.
  if (declaration.parent) problems.push('actions on a nested resource are not supported (no parent scope)');
  if (declaration.fields.find((candidate) => candidate.source === declaration.idField)?.type !== 'id') problems.push('actions need a serial id field');
  if (action.scope === 'record' && !params.includes('id')) problems.push('a record action needs {id} in its path');
  if (action.scope === 'collection' && params.includes('id')) problems.push('a collection action cannot have {id} in its path');
  if (action.kind === 'enable' || action.kind === 'disable') {
    if (action.scope !== 'record') problems.push(`${action.kind} acts on one record (scope record)`);
    if (!field || field.type !== 'boolean' || field.computed) problems.push(`${action.kind} needs a stored boolean field`);
  }
  if (action.kind === 'sort') {
    if (!field || field.type !== 'integer' || field.computed) problems.push('sort needs a stored integer field');
    if (action.scope === 'record' && params.length !== 2) problems.push('a record sort path names {id} and the target, e.g. {id}/sort/{targetId}');
    if (action.scope === 'collection' && params.length > 0) problems.push('a collection sort takes its list in the body, not in the path');
  }
  if (action.kind === 'custom' && !hasHandler) {
    problems.push(`no handler is registered for ${declaration.name}.${action.name} (server/resources/services/${declaration.name}.ts)`);
  }
  return problems;
}

export interface SortRow {
  id: number;
  position: number | null;
}

/**
 * A record sort: the rows of the collection in their order (position, empty last, then id), the record moved to the
 * target's place and the rows between shifted by one. The positions are the rows' own when they are all set and
 * strictly increasing (so only the rows between change), else 1…n. Answers only the rows whose position changes.
 */
export function movedPositions(rows: readonly SortRow[], movedId: number, targetId: number): SortRow[] {
  const from = rows.findIndex((row) => row.id === movedId);
  const to = rows.findIndex((row) => row.id === targetId);
  if (from < 0 || to < 0 || from === to) return [];
  const order = rows.filter((row) => row.id !== movedId);
  order.splice(to, 0, rows[from]!);
  const own = rows.map((row) => row.position);
  const increasing = own.every((position, index) => position !== null && (index === 0 || position > own[index - 1]!));
  const positions = increasing ? (own as number[]) : rows.map((_row, index) => index + 1);
  return order.map((row, index) => ({ id: row.id, position: positions[index]! })).filter((row, index) => order[index]!.position !== row.position);
}

export interface SortItem {
  id: number;
  position: number;
}

export interface SortListRefusal {
  target: string;
  messageKey: string;
}

/**
 * The body of a collection sort: a list of `{ <idField>, <field> }` (integers; each record once; 1…MAX_SORT_ITEMS
 * items). Refusals name the item as `items[2].<field>`, like the collection update's.
 */
export function readSortList(body: unknown, idField: string, field: string): { items: SortItem[] } | { refusals: SortListRefusal[] } {
  if (!Array.isArray(body) || body.length === 0 || body.length > MAX_SORT_ITEMS) {
    return { refusals: [{ target: 'items', messageKey: 'validation.sort.list' }] };
  }
  const refusals: SortListRefusal[] = [];
  const items: SortItem[] = [];
  const seen = new Set<number>();
  body.forEach((item: unknown, index) => {
    const target = (name: string) => `items[${index}].${name}`;
    if (item === null || typeof item !== 'object' || Array.isArray(item)) {
      refusals.push({ target: `items[${index}]`, messageKey: 'validation.sort.item' });
      return;
    }
    const record = item as Record<string, unknown>;
    const id = integerOf(record[idField]);
    const position = integerOf(record[field]);
    if (id === undefined || id < 1) refusals.push({ target: target(idField), messageKey: 'validation.field.integer' });
    else if (seen.has(id)) refusals.push({ target: target(idField), messageKey: 'validation.sort.repeated' });
    if (position === undefined) refusals.push({ target: target(field), messageKey: 'validation.field.integer' });
    if (id !== undefined && position !== undefined && !seen.has(id)) items.push({ id, position });
    if (id !== undefined) seen.add(id);
  });
  return refusals.length > 0 ? { refusals } : { items };
}

/** An int4 from a number or its text; anything else (decimals, blanks, booleans) is undefined. */
function integerOf(value: unknown): number | undefined {
  if (typeof value === 'number' || typeof value === 'string') return databaseInteger(String(value).trim());
  return undefined;
}
