/**
 * The generic resource service (the Directus way: one generic service, specialised ones extend it). The engine calls a
 * resource's service around every write and for its `custom` actions; the generic one adds nothing. A resource with
 * domain rules gets `server/resources/services/<resource>.ts`: a class extending `ResourceService` that overrides
 * `beforeWrite` / `afterWrite` and lists its named actions, registered in `services/index.ts`. Declarations stay pure
 * data (the browser reads them); everything that runs code lives here, on the server only.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AnySchema } from 'yup';
import type { ResourceAction, ResourceDeclaration, ResourceView } from '../../../resources/types';
import type { Db } from '../../db/connection';
import type { ApiError } from '../../http/errors';
import type { RecordId } from '../shape';
import type { ErrorStatus } from '../../http/openapiDocument';
import type { ResourceRecord } from '../store';

type JsonSchema = Record<string, unknown>;

export type WriteOperation = 'create' | 'update' | 'delete';

/** What a hook sees: it runs inside the write's transaction; a throw (an ApiError for a Spanish 4xx) rolls it all back. */
export interface WriteContext {
  /** The write's transaction: anything the hook writes with it commits or rolls back with the record. */
  tx: Db;
  request: FastifyRequest;
  declaration: ResourceDeclaration;
  operation: WriteOperation;
  /** The declared action that writes (`enable`, `disable`), when the write is one rather than a CRUD route. */
  action?: string;
  /** The stored record before the write (locked); null on create. */
  before: ResourceRecord | null;
  /**
   * The values about to be stored (empty on delete), `manyToMany` ids included (a field the body leaves out is absent).
   * `beforeWrite` may change them; `afterWrite` sees what was stored.
   */
  values: ResourceRecord;
  /** The record after the write: in `afterWrite` only, null on delete. */
  after: ResourceRecord | null;
  /** Leaves work for after the commit (a mail): dropped if the write rolls back (services/commitTasks.ts). */
  afterCommit(task: () => Promise<void>): void;
}

/** What `prepareWrite` sees: the write's transaction before the engine reads (and locks) the record. */
export interface PrepareContext {
  tx: Db;
  request: FastifyRequest;
  declaration: ResourceDeclaration;
  operation: WriteOperation;
  /** The record the path names (update, delete); null on create. */
  id: RecordId | null;
}

/** What a `custom` action's handler sees: its transaction, the record (record scope: found, locked, `when` checked). */
export interface ActionContext {
  tx: Db;
  request: FastifyRequest;
  reply: FastifyReply;
  declaration: ResourceDeclaration;
  action: ResourceAction;
  /** Record scope: the record the path names; collection scope: null. */
  record: ResourceRecord | null;
  /** The path parameters other than `{id}` (as text). */
  params: Record<string, string>;
  /** The body, through `schema` when the handler declares one. */
  body: unknown;
}

/** What a declared view's handler sees (resources/types.ts `ResourceView`): the database, no transaction. */
export interface ViewContext {
  app: FastifyInstance;
  db: Db;
  request: FastifyRequest;
  declaration: ResourceDeclaration;
  view: ResourceView;
  /** Record scope: the id the path names (a positive integer; whether the record exists is the handler's to say); else null. */
  id: number | null;
}

/** The server side of a declared view: its answer and what the API reference says of it. */
export interface ViewHandler {
  run(context: ViewContext): Promise<unknown>;
  /** One line for the API reference. */
  summary: string;
  /** OpenAPI: the 200 answer; documented only (the handler's answer is sent as it is) unless `serialize`. */
  responseSchema: JsonSchema;
  /** The answer is serialised by `responseSchema` (Fastify's `schema.response`): a property it does not name is dropped. */
  serialize?: boolean;
  /** The query string it reads (validated by Fastify), e.g. `listQuerySchema(spec)`. */
  querySchema?: JsonSchema;
  /** OpenAPI: the named parameters of a view on a path of its own (`{year}`); default: each a string. */
  paramsSchema?: JsonSchema;
  /** Error answers beyond access and the path's 404 (e.g. 400 for a refused query). */
  errorResponses?: readonly ErrorStatus[];
}

/** The server side of a declared `custom` action: its handler, and the body and answer it documents. */
export interface CustomActionHandler {
  /** Runs inside the action's transaction; its result is the answer (and the audit line's `after` when an object). */
  run(context: ActionContext): Promise<unknown>;
  /** Validates the body (messages are i18n keys); its refusals answer 400 with each field as target. */
  schema?: AnySchema;
  /** OpenAPI: the body (when the action takes one) and the 2xx answer; default answer: the record (record scope). */
  bodySchema?: JsonSchema;
  responseSchema?: JsonSchema;
  /** One line for the API reference. */
  summary?: string;
  /** Error answers the handler adds, for the API reference (e.g. 409 when the record's state refuses the action). */
  errorResponses?: readonly ErrorStatus[];
}

export class ResourceService {
  /** The handlers of the declaration's `custom` actions, by action name. */
  readonly actions: Readonly<Record<string, CustomActionHandler>> = {};

  /** The handlers of the declaration's views (`views`), by view name. */
  readonly views: Readonly<Record<string, ViewHandler>> = {};

  /**
   * First thing in a create, update or delete transaction, before the engine locks the record: take other locks in
   * a fixed order (superadmins lock the caller's row and the target's in id order, so two writes never wait on each other).
   */
  async prepareWrite(_context: PrepareContext): Promise<void> {}

  /** What the audit line keeps of a record (`before`, `after`): by default the record itself. */
  auditRecord(record: ResourceRecord, _operation: WriteOperation): unknown {
    return record;
  }

  /**
   * A database refusal this resource answers itself (a partial unique index, say, hit by a simultaneous write that
   * passed the hook's check); undefined leaves it to the engine's usual translation.
   */
  translateError(_error: unknown): ApiError | undefined {
    return undefined;
  }

  /** Error answers the hooks add to a write route, for the API reference (e.g. `update: [502]` for an upstream failure). */
  readonly errorResponses: Readonly<Partial<Record<WriteOperation, readonly ErrorStatus[]>>> = {};

  /** Before a create, update or delete is stored: refuse it (throw) or complete `context.values`. */
  async beforeWrite(_context: WriteContext): Promise<void> {}

  /** After it is stored, in the same transaction: write what follows from it, or refuse it (throw: all rolls back). */
  async afterWrite(_context: WriteContext): Promise<void> {}
}
