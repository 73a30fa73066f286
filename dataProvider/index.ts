/**
 * react-admin DataProvider over /api/v1, built on ra-data-simple-rest: its getOne, create, update,
 * delete, updateMany and deleteMany build `{path}{id}` / `{path}` calls that the API serves as they
 * are (through `toFetchJson`, so token, refresh, clock and the error envelope stay ours); only the
 * results are mapped to react-admin records (`id` from the declaration's id field). Overridden:
 * getList and getManyReference (the API pages with `page`, `pageSize`, `orderBy` and answers
 * `{ results, meta: { hasNextPage, total } }`, not `range`/`Content-Range`), getMany (one list call
 * with repeated id keys, not `filter={"id":[…]}`), and the custom verbs (enable, disable, sort,
 * upload with progress, request). See docs/decisions.md 'Data provider'.
 */
import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider, GetListResult, GetManyResult, Identifier, RaRecord } from 'ra-core';
import { API_BASE, httpClient, toFetchJson, type Client, type HttpResponse, type RequestOptions } from './httpClient';
import {
  apiSegment,
  joinPath,
  listQuery,
  resourceTarget,
  toListResult,
  toPayload,
  toRecord,
  type ListEnvelope,
} from './resourcePaths';
import { uploadFile, type UploadProgress } from './upload';

export type { Client } from './httpClient';

export interface SortParams {
  /** POST {path}{id}/sort/{targetId} (contents). */
  id?: Identifier;
  targetId?: Identifier;
  /** PUT {path}sort with the whole order (banners, launchpad): e.g. [{ bannerID, order }]. */
  items?: ReadonlyArray<Record<string, unknown>>;
}

export interface PortalesDataProvider extends DataProvider {
  enable: (resource: string, id: Identifier) => Promise<{ data: RaRecord }>;
  disable: (resource: string, id: Identifier) => Promise<{ data: RaRecord }>;
  sort: (resource: string, params: SortParams) => Promise<{ data: unknown }>;
  upload: <T = unknown>(param: string, file: Blob, onProgress?: UploadProgress) => Promise<T>;
  /** Any other call of the spec's catalogue, through the same session handling and error mapping. */
  request: <T = unknown>(path: string, options?: RequestOptions) => Promise<HttpResponse<T>>;
}

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object';

export function createDataProvider(client: Client = httpClient): PortalesDataProvider {
  // ra-data-simple-rest builds `${API_BASE}/${segment}` and `${API_BASE}/${segment}/${id}`; the
  // segment is the declaration's path without its slashes (`/sites/groups/` → `sites/groups`).
  const base = simpleRestProvider(API_BASE, toFetchJson(client));

  const getList = async (resource: string, params: Parameters<DataProvider['getList']>[1]): Promise<GetListResult> => {
    const { apiPath, idField } = resourceTarget(resource);
    const { json } = await client<ListEnvelope>(apiPath, { query: listQuery(params, idField), signal: params.signal });
    return toListResult(json, params.pagination?.page ?? 1, idField) as GetListResult;
  };

  const toggle = async (resource: string, id: Identifier, verb: 'enable' | 'disable') => {
    const { apiPath, idField } = resourceTarget(resource);
    const { json } = await client(joinPath(apiPath, id, verb), { method: 'POST' });
    return { data: isObject(json) ? toRecord(json, idField) : { id } };
  };

  return {
    getList,

    getOne: async (resource, params) => {
      const { apiPath, idField } = resourceTarget(resource);
      const { data } = await base.getOne(apiSegment(apiPath), params);
      return { data: toRecord(data, idField) as never };
    },

    /** One list call: `GET {path}?{idField}=1&{idField}=2&pageSize=2` (repeated keys, the engine's `in` filter). */
    getMany: async (resource, params): Promise<GetManyResult> => {
      if (params.ids.length === 0) return { data: [] };
      const { apiPath, idField } = resourceTarget(resource);
      const { json } = await client<ListEnvelope>(apiPath, {
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
      const { apiPath, idField } = resourceTarget(resource);
      const { data } = await base.create(apiSegment(apiPath), { ...params, data: toPayload(params.data, idField) });
      return { data: toRecord(data, idField) as never };
    },

    update: async (resource, params) => {
      const { apiPath, idField } = resourceTarget(resource);
      const { data } = await base.update(apiSegment(apiPath), { ...params, data: toPayload(params.data, idField) });
      return { data: toRecord(data, idField) as never };
    },

    // ra-data-simple-rest answers each record's `id` property; the ids asked for are the same ones
    // and stay right when the declaration's id field has another name (documentTypeID).
    updateMany: async (resource, params) => {
      const { apiPath, idField } = resourceTarget(resource);
      await base.updateMany(apiSegment(apiPath), { ...params, data: toPayload(params.data, idField) });
      return { data: params.ids };
    },

    delete: async (resource, params) => {
      const { apiPath, idField } = resourceTarget(resource);
      const { data } = await base.delete(apiSegment(apiPath), params);
      return { data: (isObject(data) ? toRecord(data, idField) : (params.previousData ?? { id: params.id })) as never };
    },

    deleteMany: async (resource, params) => {
      const { apiPath } = resourceTarget(resource);
      await base.deleteMany(apiSegment(apiPath), params);
      return { data: params.ids };
    },

    enable: (resource, id) => toggle(resource, id, 'enable'),
    disable: (resource, id) => toggle(resource, id, 'disable'),
    sort: async (resource, params) => {
      const { apiPath } = resourceTarget(resource);
      if (params.items) {
        const { json } = await client(joinPath(apiPath, 'sort'), { method: 'PUT', body: params.items });
        return { data: json };
      }
      if (params.id === undefined || params.targetId === undefined) throw new Error('sort needs id and targetId, or items');
      const { json } = await client(joinPath(apiPath, params.id, 'sort', params.targetId), { method: 'POST' });
      return { data: json };
    },
    upload: (param, file, onProgress) => uploadFile(param, file, onProgress),
    request: (path, options) => client(path, options),
  };
}

export const dataProvider = createDataProvider();
export { httpClient, fetchJson, toFetchJson, EXPORT_TIMEOUT_MS, DEFAULT_TIMEOUT_MS, API_BASE } from './httpClient';
export type { RequestOptions, HttpResponse } from './httpClient';
export { errorCode, type HttpErrorBody } from './errors';
