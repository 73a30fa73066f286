/**
 * react-admin DataProvider over /api/v1, built on ra-data-simple-rest: its getOne, create, update,
 * delete, updateMany and deleteMany build `{path}{id}` / `{path}` calls that the API serves as they
 * are (through `toFetchJson`, so token, refresh, clock and the error envelope stay ours); only the
 * results are mapped to react-admin records (`id` from the declaration's id field). Overridden:
 * getList and getManyReference (the API pages with `page`, `pageSize`, `orderBy` and answers
 * `{ results, meta: { hasNextPage, total } }`, not `range`/`Content-Range`), getMany (one list call
 * with repeated id keys, not `filter={"id":[…]}`), and the custom verbs (runAction for the declared actions,
 * updateCollection, upload with progress, request). See docs/decisions/0026-client-conventions.md.
 *
 * The declaration's shapes: a nested `apiPath` (`/chats/{chatId}/messages/`) takes its `{param}` from
 * `meta` or from the list filter of the same name; a singleton reads and writes `apiPath` without id;
 * `updateCollection` replaces a collection (`PUT apiPath`); `runAction` calls a declared action.
 */
import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider, GetListResult, GetManyResult, Identifier, RaRecord } from 'ra-core';
import { findReference } from '../resources/references';
import { writePath } from '../resources/types';
import { pageCursors } from './pageCursors';
import { API_BASE, httpClient, toFetchJson, type Client, type HttpResponse, type RequestOptions } from './httpClient';
import {
  apiSegment,
  collectionPath,
  fillPath,
  generatedDeclaration,
  listQuery,
  mayHaveDeclaration,
  resourceTarget,
  toListResult,
  toPayload,
  toRecord,
  type FindDeclaration,
  type FindReference,
  type ListEnvelope,
} from './resourcePaths';
import { uploadFile, type UploadProgress } from './upload';

export type { Client } from './httpClient';

/** A declared action's call (resources/types.ts `ResourceAction`). */
export interface RunActionParams {
  /** The action's name in the declaration. */
  action: string;
  /** Record actions: the record's id (`{id}` of the action's path). */
  id?: Identifier;
  /** The action path's other `{params}` (e.g. `targetId`) and a nested path's parent param. */
  params?: Record<string, unknown>;
  /** The body (collection sort: the whole order). */
  data?: unknown;
  meta?: Record<string, unknown>;
}

export interface UpdateCollectionParams {
  data: ReadonlyArray<Record<string, unknown>>;
  meta?: Record<string, unknown>;
}

export interface PortalesDataProvider extends DataProvider {
  /** `PUT apiPath` with the whole list (declarations with `collectionUpdate`). */
  updateCollection: (resource: string, params: UpdateCollectionParams) => Promise<{ data: RaRecord[] }>;
  /** `{method} {apiPath}{action.path}` of a declared action, `{id}` and other params filled. */
  runAction: (resource: string, params: RunActionParams) => Promise<{ data: unknown }>;
  upload: <T = unknown>(param: string, file: Blob, onProgress?: UploadProgress) => Promise<T>;
  /** Any other call of the spec's catalogue, through the same session handling and error mapping. */
  request: <T = unknown>(path: string, options?: RequestOptions) => Promise<HttpResponse<T>>;
}

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object';

/** `meta` of a call, as an object (react-admin types it `any`). */
const metaOf = (params: { meta?: unknown }): Record<string, unknown> | undefined => (isObject(params.meta) ? params.meta : undefined);

/**
 * The declarations, loaded by the first call that needs one (a singleton's read and update, a declared action): their
 * models (fields, yup schemas) are not in the first chunk; paths and ids come from resources/references.ts
 * (docs/decisions/0022-first-load-budget.md).
 */
const loadDeclarations = (): Promise<FindDeclaration> => import('../resources/index').then((module) => module.findResource);

/**
 * @param find where declarations come from (tests pass a throwaway one); default: resources/references.ts for paths
 * and ids, resources/index.ts (loaded when first needed) for the rest.
 */
export function createDataProvider(client: Client = httpClient, find?: FindDeclaration): PortalesDataProvider {
  const references: FindReference = find ?? findReference;
  const lookup = (resource: string) => resourceTarget(resource, references);
  const declarationOf = async (resource: string) =>
    mayHaveDeclaration(resource, references) ? generatedDeclaration(resource, find ?? (await loadDeclarations())) : undefined;
  // ra-data-simple-rest builds `${API_BASE}/${segment}` and `${API_BASE}/${segment}/${id}`; the
  // segment is the declaration's path without its slashes (`/sites/groups/` → `sites/groups`).
  const base = simpleRestProvider(API_BASE, toFetchJson(client));

  // The next page of a list goes with the cursor its previous page answered (server/lists/pageCursor.ts).
  const cursors = pageCursors();
  const getList = async (resource: string, params: Parameters<DataProvider['getList']>[1]): Promise<GetListResult> => {
    const { apiPath, idField } = lookup(resource);
    const { path, filter } = collectionPath(apiPath, { meta: metaOf(params), filter: params.filter });
    const query = listQuery({ ...params, filter }, idField);
    const { json } = await client<ListEnvelope>(path, { query: cursors.withCursor(path, query), signal: params.signal });
    cursors.remember(path, query, json?.meta);
    return toListResult(json, params.pagination?.page ?? 1, idField) as GetListResult;
  };

  /** The collection path (parent param filled) and id field of a call. */
  const target = (resource: string, params: { meta?: unknown; filter?: Record<string, unknown> } = {}) => {
    const { apiPath, idField, itemPath } = lookup(resource);
    const { path } = collectionPath(apiPath, { meta: metaOf(params), filter: params.filter });
    // One record's calls (getOne, update, delete) go to the declared item path when there is one.
    return { path, segment: apiSegment(path), itemSegment: apiSegment(itemPath ?? path), idField };
  };

  /**
   * A singleton's record is keyed by the resource name, as react-admin asks for it, even when its row answers an id of
   * its own (`GET /banners/settings` answers `id: 1`; react-admin's Edit refuses a record whose id is not the asked one).
   */
  const singletonRecord = (json: unknown, idField: string, resource: string) => ({ ...toRecord(json, idField), id: resource });

  return {
    getList,

    getOne: async (resource, params) => {
      const { path, itemSegment: segment, idField } = target(resource, params);
      if ((await declarationOf(resource))?.singleton) {
        const { json } = await client(path, { signal: params.signal });
        return { data: singletonRecord(json, idField, resource) as never };
      }
      const { data } = await base.getOne(segment, params);
      return { data: toRecord(data, idField) as never };
    },

    /** One list call: `GET {path}?{idField}=1&{idField}=2&pageSize=2` (repeated keys, the engine's `in` filter). */
    getMany: async (resource, params): Promise<GetManyResult> => {
      if (params.ids.length === 0) return { data: [] };
      const { path, idField } = target(resource, params);
      const { json } = await client<ListEnvelope>(path, {
        query: { [idField]: params.ids.map((id) => (typeof id === 'number' ? id : String(id))), page: 1, pageSize: params.ids.length },
        signal: params.signal,
      });
      // Only the records asked for, even from a list route that does not filter by id.
      const wanted = new Set(params.ids.map(String));
      return { data: toListResult(json, 1, idField).data.filter((record) => wanted.has(String(record.id))) as never[] };
    },

    getManyReference: (resource, params) =>
      getList(resource, { ...params, filter: { ...params.filter, [params.target]: params.id } }),

    create: async (resource, params) => {
      const { path, segment, idField } = target(resource, params);
      const declaration = await declarationOf(resource);
      // `writePaths.create` (POST /settingupdateadministrators/post): the declared sub-path of the collection.
      if (declaration && 'writePaths' in declaration && declaration.writePaths?.create) {
        const { json } = await client(writePath({ apiPath: path, writePaths: declaration.writePaths }, 'create'), { method: 'POST', body: toPayload(params.data, idField) });
        return { data: toRecord(json, idField) as never };
      }
      const { data } = await base.create(segment, { ...params, data: toPayload(params.data, idField) });
      return { data: toRecord(data, idField) as never };
    },

    update: async (resource, params) => {
      const { path, itemSegment: segment, idField } = target(resource, params);
      const declaration = await declarationOf(resource);
      if (declaration?.singleton) {
        const method = 'singletonWrite' in declaration && declaration.singletonWrite === 'POST' ? 'POST' : 'PUT';
        const { json } = await client(path, { method, body: toPayload(params.data, idField) });
        return { data: singletonRecord(isObject(json) ? json : params.data, idField, resource) as never };
      }
      // `updateInBody` (PUT /sites/comments): the collection path, the record named by its id field in the body.
      if (declaration && 'updateInBody' in declaration && declaration.updateInBody) {
        const url = 'writePaths' in declaration && declaration.writePaths?.update ? writePath({ apiPath: path, writePaths: declaration.writePaths }, 'update') : path;
        const { json } = await client(url, { method: 'PUT', body: { ...toPayload(params.data, idField), [idField]: params.id } });
        return { data: toRecord(json, idField) as never };
      }
      const { data } = await base.update(segment, { ...params, data: toPayload(params.data, idField) });
      return { data: toRecord(data, idField) as never };
    },

    // ra-data-simple-rest answers each record's `id` property; the ids asked for are the same ones
    // and stay right when the declaration's id field has another name (documentTypeID).
    updateMany: async (resource, params) => {
      const { segment, idField } = target(resource, params);
      await base.updateMany(segment, { ...params, data: toPayload(params.data, idField) });
      return { data: params.ids };
    },

    delete: async (resource, params) => {
      const { itemSegment: segment, idField } = target(resource, params);
      const { data } = await base.delete(segment, params);
      return { data: (isObject(data) ? toRecord(data, idField) : (params.previousData ?? { id: params.id })) as never };
    },

    deleteMany: async (resource, params) => {
      const { segment } = target(resource, params);
      await base.deleteMany(segment, params);
      return { data: params.ids };
    },

    updateCollection: async (resource, params) => {
      const { path, idField } = target(resource, params);
      const { json } = await client(path, { method: 'PUT', body: params.data.map((record) => toPayload(record, idField)) });
      const records = Array.isArray(json) ? json : params.data;
      return { data: records.map((record) => toRecord(record, idField)) };
    },

    runAction: async (resource, params) => {
      const { path, idField } = target(resource, { meta: { ...params.params, ...params.meta } });
      const action = (await declarationOf(resource))?.actions?.find((candidate) => candidate.name === params.action);
      if (!action) throw new Error(`${resource} no declara la acción ${params.action}`);
      const actionPath = fillPath(action.path, { ...params.params, id: params.id });
      const { json } = await client(`${path.replace(/\/+$/, '')}/${actionPath.replace(/^\/+/, '')}`, {
        method: action.method,
        body: params.data,
      });
      return { data: isObject(json) && !Array.isArray(json) ? toRecord(json, idField) : json };
    },

    upload: (param, file, onProgress) => uploadFile(param, file, onProgress),
    request: (path, options) => client(path, options),
  };
}

export const dataProvider = createDataProvider();
export { httpClient, fetchJson, toFetchJson, EXPORT_TIMEOUT_MS, DEFAULT_TIMEOUT_MS, API_BASE } from './httpClient';
export type { RequestOptions, HttpResponse } from './httpClient';
export { errorCode, type HttpErrorBody } from './errors';
