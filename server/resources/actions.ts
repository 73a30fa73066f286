/**
 * The declared actions of a resource (`declaration.actions`, resources/types.ts `ResourceAction`), each a route under
 * the collection path with its permission, its transaction, its audit line (the action's name) and its OpenAPI entry:
 * - `enable` / `disable` (`POST /contents/{id}/enable`): set the boolean `field` of the record, through the write hooks;
 * - `sort`, record scope (`POST /contents/{id}/sort/{targetId}`): move the record to the target's place, shifting the
 *   rows between, with every row of the collection locked (`for update`) so that two sorts never interleave;
 * - `sort`, collection scope (`PUT /banners/sort`): a body list of `{ <idField>, <field> }`, applied at once;
 * - `custom`: the handler the resource's service registers (server/resources/services), or the server refuses to start.
 * A record action answers 404 for a missing record and 409 (`messages.locked`) when `when(record)` is false.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ResourceAction, ResourceDeclaration } from '../../resources/types';
import { fieldColumn } from '../../resources/types';
import { declaredName, writeAudit } from '../audit/audit';
import { withoutWireKeys } from './fields';
import type { Db } from '../db/connection';
import { queryRows } from '../db/rows';
import { ApiError, badArgument, notFound } from '../http/errors';
import { apiRoute, type RouteDeclaration } from '../http/route';
import { t } from '../i18n';
import { resourceAccess } from './access';
import { actionDeclarationProblems, actionOperationId, actionPathParams, actionUrl, movedPositions, readSortList, type SortRow } from './actionRules';
import { recordSchema } from './openapi';
import { resourcePaths } from './paths';
import { readConditions, readFromSql } from './readSql';
import { queueAfterCommit, resourceService, writeTransaction, type ResourceService } from './services';
import type { ResourceRecord, ResourceStore } from './store';

type JsonSchema = Record<string, unknown>;

/** What the engine lends the actions of one declaration (its store and its id, lock and database-error rules). */
export interface ActionEngineParts {
  store: ResourceStore;
  /** The record id of a path parameter; 404 when no row can have it. */
  recordId(raw: unknown): number;
  /** 409 Locked with the declaration's message. */
  locked(): ApiError;
  /** Database refusals (in use, duplicate) as the API's answers. */
  translateError(error: unknown): never;
}

interface ActionRoute {
  app: FastifyInstance;
  declaration: ResourceDeclaration;
  action: ResourceAction;
  service: ResourceService;
  parts: ActionEngineParts;
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

function params(request: FastifyRequest): Record<string, string> {
  return Object.fromEntries(Object.entries((request.params ?? {}) as Record<string, unknown>).map(([key, value]) => [key, String(value)]));
}

/** The record of a record action, found and locked in `tx`: 404 when missing, 409 when the action does not apply to it. */
async function lockedRecord(route: ActionRoute, tx: Db, request: FastifyRequest): Promise<ResourceRecord> {
  const id = route.parts.recordId(params(request).id);
  const record = await route.parts.store.find(tx, id, { lock: true });
  if (!record) throw notFound();
  if (route.action.when && !route.action.when(record)) throw route.parts.locked();
  return record;
}

function audit(tx: Db, request: FastifyRequest, route: ActionRoute, entry: { recordId?: number | null; before?: unknown; after?: unknown }) {
  const plain = (record: unknown) => (record && typeof record === 'object' ? withoutWireKeys(route.declaration, record as Record<string, unknown>) : record);
  return writeAudit(tx, request, {
    action: declaredName(route.action.name),
    resource: declaredName(route.declaration.name),
    ...entry,
    ...(entry.before !== undefined ? { before: plain(entry.before) } : {}),
    ...(entry.after !== undefined ? { after: plain(entry.after) } : {}),
  });
}

/** `enable` / `disable`: the record's boolean `field` set, as an update through the write hooks. */
async function toggle(route: ActionRoute, tx: Db, request: FastifyRequest): Promise<ResourceRecord> {
  const { declaration, action, service, parts } = route;
  const before = await lockedRecord(route, tx, request);
  const id = before[declaration.idField] as number;
  const values: ResourceRecord = { [action.field!]: action.kind === 'enable' };
  const context = {
    tx,
    request,
    declaration,
    operation: 'update' as const,
    action: action.name,
    before,
    values,
    after: null,
    afterCommit: (task: () => Promise<void>) => queueAfterCommit(request, task),
  };
  await service.beforeWrite(context);
  const after = await parts.store.update(tx, id, context.values);
  await service.afterWrite({ ...context, after });
  await audit(tx, request, route, { recordId: id, before, after });
  return after;
}

/** Every row of the collection in its order, each locked until the transaction ends. */
async function sortRows(route: ActionRoute, tx: Db): Promise<SortRow[]> {
  const { declaration, action } = route;
  const idField = declaration.fields.find((field) => field.source === declaration.idField)!;
  const orderField = declaration.fields.find((field) => field.source === action.field)!;
  const id = `t.${quoted(fieldColumn(idField))}`;
  const position = `t.${quoted(fieldColumn(orderField))}`;
  const conditions = readConditions(declaration);
  const statement = `select ${id} as id, ${position} as position ${readFromSql(declaration)}
    ${conditions.length > 0 ? `where ${conditions.join(' and ')}` : ''} order by ${position} asc nulls last, ${id} asc for update of t`;
  const rows = await queryRows<{ id: unknown; position: unknown }>(tx, sql.raw(statement));
  return rows.map((row) => ({ id: Number(row.id), position: row.position === null ? null : Number(row.position) }));
}

/** Record sort: the record takes the target's place; the rows between shift by one. One audit line (the moved record). */
async function sortRecord(route: ActionRoute, tx: Db, request: FastifyRequest): Promise<ResourceRecord> {
  const { declaration, action, parts } = route;
  const rows = await sortRows(route, tx);
  const before = await lockedRecord(route, tx, request);
  const id = before[declaration.idField] as number;
  const targetParam = actionPathParams(action.path).find((name) => name !== 'id')!;
  const targetId = parts.recordId(params(request)[targetParam]);
  if (!rows.some((row) => row.id === targetId)) throw notFound();
  for (const change of movedPositions(rows, id, targetId)) await parts.store.update(tx, change.id, { [action.field!]: change.position });
  const after = (await parts.store.find(tx, id))!;
  await audit(tx, request, route, { recordId: id, before, after });
  return after;
}

/** Collection sort: each listed record gets its position; one audit line per record that moved. Answers them in body order. */
async function sortCollection(route: ActionRoute, tx: Db, request: FastifyRequest): Promise<ResourceRecord[]> {
  const { declaration, action, parts } = route;
  const read = readSortList(request.body, declaration.idField, action.field!);
  if ('refusals' in read) {
    const details = read.refusals.map((refusal) => ({ code: 'BadArgument', target: refusal.target, message: t(refusal.messageKey) }));
    throw new ApiError(400, 'BadArgument', details[0]!.message, details);
  }
  const locked = new Set((await sortRows(route, tx)).map((row) => row.id));
  const missing = read.items.findIndex((item) => !locked.has(item.id));
  if (missing >= 0) throw badArgument(`items[${missing}].${declaration.idField}`, 'validation.field.reference');
  const answer: ResourceRecord[] = [];
  for (const item of read.items) {
    const before = (await parts.store.find(tx, item.id))!;
    if (action.when && !action.when(before)) throw parts.locked();
    if (before[action.field!] === item.position) {
      answer.push(before);
      continue;
    }
    const after = await parts.store.update(tx, item.id, { [action.field!]: item.position });
    await audit(tx, request, route, { recordId: item.id, before, after });
    answer.push(after);
  }
  return answer;
}

/**
 * The schema of a collection sort's body: a list, documented without `type` on purpose so that the validator lets any
 * body through and `readSortList` answers the refusals in Spanish, each item named.
 */
function sortListSchema(declaration: ResourceDeclaration, field: string): JsonSchema {
  return {
    description: `Registros con su nuevo orden (${declaration.idField} y ${field}, enteros; cada registro una vez).`,
    items: {
      type: 'object',
      properties: {
        [declaration.idField]: { description: 'Identificador del registro (entero)' },
        [field]: { description: 'Nueva posición (entero)' },
      },
    },
  };
}

function paramsSchema(path: string): JsonSchema | undefined {
  const names = actionPathParams(path);
  if (names.length === 0) return undefined;
  return {
    type: 'object',
    properties: Object.fromEntries(names.map((name) => [name, { type: 'string', description: name === 'id' ? 'Identificador del registro.' : 'Identificador del registro de destino.' }])),
  };
}

function registerAction(route: ActionRoute): void {
  const { app, declaration, action, service, parts } = route;
  const handler = service.actions[action.name];
  const record = recordSchema(declaration);
  const title = t(declaration.title);
  const label = t(action.label ?? `resources.${declaration.name}.actions.${action.name}`);
  const database = () => app.ctx.database.db;
  const run = <T>(request: FastifyRequest, work: (tx: Db) => Promise<T>): Promise<T> =>
    writeTransaction(request, database(), work).catch((error: unknown) => parts.translateError(error));

  const base: Pick<RouteDeclaration, 'method' | 'url' | 'access' | 'operationId' | 'tags' | 'errorResponses'> = {
    method: action.method,
    url: actionUrl(resourcePaths(declaration).collection, action.path),
    access: resourceAccess(action.permissions ?? declaration.permissions.write),
    operationId: actionOperationId(declaration.name, action.name),
    tags: [declaration.name],
  };
  // 409: `when(record)` refuses it; a custom handler may add its own answers.
  const errorResponses = [...new Set([...(action.when ? [409 as const] : []), ...(action.kind === 'custom' ? (handler?.errorResponses ?? []) : [])])];
  if (errorResponses.length > 0) base.errorResponses = errorResponses;
  const paramSchema = paramsSchema(action.path);

  switch (action.kind) {
    case 'enable':
    case 'disable':
      apiRoute(app, {
        ...base,
        summary: `${title}: ${label} (${action.field} = ${action.kind === 'enable' ? 'true' : 'false'})`,
        schema: { params: paramSchema, response: { 200: record } },
        handler: async (request) => run(request, (tx) => toggle(route, tx, request)),
      });
      return;
    case 'sort':
      if (action.scope === 'record') {
        apiRoute(app, {
          ...base,
          summary: `${title}: ${label} (lleva el registro al lugar del de destino y corre los de en medio)`,
          schema: { params: paramSchema, response: { 200: record } },
          handler: async (request) => run(request, (tx) => sortRecord(route, tx, request)),
        });
      } else {
        apiRoute(app, {
          ...base,
          summary: `${title}: ${label} (nuevo orden de los registros listados)`,
          schema: { body: sortListSchema(declaration, action.field!), response: { 200: { type: 'array', items: record } } },
          handler: async (request) => run(request, (tx) => sortCollection(route, tx, request)),
        });
      }
      return;
    case 'custom': {
      const custom = handler!;
      apiRoute(app, {
        ...base,
        summary: `${title}: ${custom.summary ?? label}`,
        schema: { ...(paramSchema ? { params: paramSchema } : {}), ...(custom.bodySchema ? { body: custom.bodySchema } : {}) },
        documentedResponses: { 200: custom.responseSchema ?? (action.scope === 'record' ? record : { type: 'object', description: label }) },
        handler: async (request, reply) =>
          run(request, async (tx) => {
            const found = action.scope === 'record' ? await lockedRecord(route, tx, request) : null;
            const body = custom.schema ? await custom.schema.validate(request.body ?? {}, { abortEarly: false, stripUnknown: true }) : request.body;
            const { id: _id, ...otherParams } = params(request);
            const result = await custom.run({ tx, request, reply, declaration, action, record: found, params: otherParams, body });
            const after = result !== null && typeof result === 'object' && !Array.isArray(result) ? result : undefined;
            await audit(tx, request, route, { recordId: found ? (found[declaration.idField] as number) : null, before: found ?? undefined, after });
            return result;
          }),
      });
      return;
    }
  }
}

/** Registers the routes of a declaration's actions; throws (the server does not start) when one cannot be served. */
export function registerResourceActions(app: FastifyInstance, declaration: ResourceDeclaration, parts: ActionEngineParts): void {
  const service = resourceService(declaration.name);
  for (const action of declaration.actions ?? []) {
    const problems = actionDeclarationProblems(declaration, action, service.actions[action.name] !== undefined);
    if (problems.length > 0) throw new Error(`resource ${declaration.name}, action ${action.name}: ${problems.join('; ')}`);
    registerAction({ app, declaration, action, service, parts });
  }
}
