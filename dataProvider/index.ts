/**
 * react-admin DataProvider over /api/v1. Resource name → declaration (apiPath, idField) from
 * resources/index.ts; partial pagination (`pageInfo`) plus `total` when the server gives it.
 * Custom verbs for the hand-written screens: enable, disable, sort, upload and request.
 */
import type { DataProvider, GetListResult, Identifier, RaRecord } from 'ra-core';
import { httpClient, type HttpResponse, type RequestOptions } from './httpClient';
import { joinPath, listQuery, resourceTarget, toListResult, toPayload, toRecord, type ListEnvelope } from './resourcePaths';
import { uploadFile, type UploadProgress } from './upload';

export type Client = <T = unknown>(path: string, options?: RequestOptions) => Promise<HttpResponse<T>>;

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

export function createDataProvider(client: Client = httpClient): PortalesDataProvider {
  const getList = async (resource: string, params: Parameters<DataProvider['getList']>[1]): Promise<GetListResult> => {
    const { apiPath, idField } = resourceTarget(resource);
    const { json } = await client<ListEnvelope>(apiPath, { query: listQuery(params, idField), signal: params.signal });
    return toListResult(json, params.pagination?.page ?? 1, idField) as GetListResult;
  };

  const getOne = async (resource: string, id: Identifier, signal?: AbortSignal) => {
    const { apiPath, idField } = resourceTarget(resource);
    const { json } = await client(joinPath(apiPath, id), { signal });
    return toRecord(json, idField);
  };

  const update = async (resource: string, id: Identifier, data: Record<string, unknown>) => {
    const { apiPath, idField } = resourceTarget(resource);
    const { json } = await client(joinPath(apiPath, id), { method: 'PUT', body: toPayload(data, idField) });
    return toRecord(json, idField);
  };

  const remove = async (resource: string, id: Identifier, previousData?: RaRecord) => {
    const { apiPath, idField } = resourceTarget(resource);
    const { json } = await client(joinPath(apiPath, id), { method: 'DELETE' });
    return json && typeof json === 'object' ? toRecord(json, idField) : (previousData ?? { id });
  };

  const toggle = async (resource: string, id: Identifier, verb: 'enable' | 'disable') => {
    const { apiPath, idField } = resourceTarget(resource);
    const { json } = await client(joinPath(apiPath, id, verb), { method: 'POST' });
    return { data: json && typeof json === 'object' ? toRecord(json, idField) : { id } };
  };

  return {
    getList,
    getOne: async (resource, params) => ({ data: (await getOne(resource, params.id, params.signal)) as never }),
    getMany: async (resource, params) => ({
      data: (await Promise.all(params.ids.map((id) => getOne(resource, id, params.signal)))) as never[],
    }),
    getManyReference: (resource, params) =>
      getList(resource, { ...params, filter: { ...params.filter, [params.target]: params.id } }),
    create: async (resource, params) => {
      const { apiPath, idField } = resourceTarget(resource);
      const { json } = await client(apiPath, { method: 'POST', body: toPayload(params.data, idField) });
      return { data: toRecord(json, idField) as never };
    },
    update: async (resource, params) => ({ data: (await update(resource, params.id, params.data)) as never }),
    updateMany: async (resource, params) => {
      await Promise.all(params.ids.map((id) => update(resource, id, params.data)));
      return { data: params.ids };
    },
    delete: async (resource, params) => ({ data: (await remove(resource, params.id, params.previousData)) as never }),
    deleteMany: async (resource, params) => {
      await Promise.all(params.ids.map((id) => remove(resource, id)));
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
export { httpClient, EXPORT_TIMEOUT_MS, DEFAULT_TIMEOUT_MS, API_BASE } from './httpClient';
export type { RequestOptions, HttpResponse } from './httpClient';
export { errorCode, type HttpErrorBody } from './errors';
