/**
 * The one place the browser talks to the API: bearer token from local storage, token refresh
 * (`x-refresh-token`), revoked token (`x-invalid-token`), server clock (`x-currentdate`),
 * timeout (300000 ms by default, spec 03 §7) and the error catalogue.
 */
import type { fetchUtils } from 'ra-core';
import { getToken, removeToken, setToken } from '../authProvider/storage';
import { networkError, toHttpError, type ApiErrorBody } from './errors';
import { recordServerDate } from './serverClock';

export const API_BASE = '/api/v1';
export const DEFAULT_TIMEOUT_MS = 300_000;
/** Exports and the points report (spec 03 §7). */
export const EXPORT_TIMEOUT_MS = 2_000_000;

export type QueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number>;

export interface RequestOptions {
  method?: string;
  query?: Record<string, QueryValue>;
  /** JSON-serialised unless it is FormData, Blob or a string. */
  body?: unknown;
  headers?: Record<string, string>;
  timeout?: number;
  signal?: AbortSignal;
  /** Paths outside /api/v1 (e.g. /download/{hash}). */
  withoutPrefix?: boolean;
  /** Answer the body as a Blob (downloads) instead of JSON. */
  responseType?: 'json' | 'blob';
}

export interface HttpResponse<T = unknown> {
  status: number;
  headers: Headers;
  json: T;
  /** The answer's text as received ('' for downloads answered as a Blob). */
  body: string;
}

/**
 * Query string from a parameter object: empty values are left out, arrays become REPEATED keys
 * (`id=1&id=2`), which is what the API's list parsers read as a list of values.
 */
export function toQueryString(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      for (const item of value) params.append(key, String(item));
    } else {
      params.set(key, String(value));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function apiUrl(path: string, options: Pick<RequestOptions, 'query' | 'withoutPrefix'> = {}): string {
  const base = options.withoutPrefix || /^https?:\/\//.test(path) ? '' : API_BASE;
  return `${base}${path}${toQueryString(options.query)}`;
}

/** Reads the session headers of any answer (also used by the XMLHttpRequest upload). */
export function applySessionHeaders(get: (name: string) => string | null, ok: boolean): void {
  recordServerDate(get('x-currentdate'));
  const refreshed = get('x-refresh-token');
  if (refreshed) setToken(refreshed);
  // A revoked token on a successful (public) call is simply dropped; on a 401 the logout flow handles it.
  if (ok && get('x-invalid-token')) removeToken();
}

export function authorizationHeader(): Record<string, string> {
  const token = getToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

function encodeBody(body: unknown, headers: Record<string, string>): BodyInit | undefined {
  if (body === undefined) return undefined;
  if (body instanceof FormData || body instanceof Blob || typeof body === 'string') return body as BodyInit;
  headers['Content-Type'] = 'application/json';
  return JSON.stringify(body);
}

async function readBody(response: Response, responseType: 'json' | 'blob'): Promise<{ json: unknown; text: string }> {
  if (responseType === 'blob' && response.ok) return { json: await response.blob(), text: '' };
  const text = await response.text();
  if (!text) return { json: null, text };
  try {
    return { json: JSON.parse(text), text };
  } catch {
    return { json: text, text };
  }
}

export async function httpClient<T = unknown>(path: string, options: RequestOptions = {}): Promise<HttpResponse<T>> {
  const headers: Record<string, string> = { Accept: 'application/json', ...authorizationHeader(), ...options.headers };
  const body = encodeBody(options.body, headers);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeout ?? DEFAULT_TIMEOUT_MS);
  const abortFromCaller = () => controller.abort();
  options.signal?.addEventListener('abort', abortFromCaller);
  let response: Response;
  try {
    response = await globalThis.fetch(apiUrl(path, options), {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: controller.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw networkError();
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', abortFromCaller);
  }
  applySessionHeaders((name) => response.headers.get(name), response.ok);
  const { json, text } = await readBody(response, options.responseType ?? 'json');
  if (!response.ok) throw toHttpError(response.status, json as ApiErrorBody);
  return { status: response.status, headers: response.headers, json: json as T, body: text };
}

export type Client = <T = unknown>(path: string, options?: RequestOptions) => Promise<HttpResponse<T>>;

/** The signature ra-data-simple-rest (and react-admin's `fetchUtils.fetchJson`) calls. */
export type FetchJson = (
  url: string,
  options?: fetchUtils.Options,
) => Promise<{ status: number; headers: Headers; body: string; json: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * `client` in the shape of react-admin's `fetchJson`, for ra-data-simple-rest: the URL already
 * holds the API prefix; a string body is JSON unless the caller says otherwise (as `fetchJson`
 * does). Session headers, timeout and the error envelope → HttpError stay the client's.
 */
export function toFetchJson(client: Client = httpClient): FetchJson {
  return async (url, options = {}) => {
    const headers: Record<string, string> = {};
    new Headers(options.headers).forEach((value, name) => {
      headers[name] = value;
    });
    if (typeof options.body === 'string' && !('content-type' in headers)) headers['content-type'] = 'application/json';
    const response = await client(String(url), {
      method: options.method,
      headers,
      body: options.body ?? undefined,
      signal: options.signal ?? undefined,
      withoutPrefix: true,
    });
    return { status: response.status, headers: response.headers, body: response.body, json: response.json };
  };
}

export const fetchJson: FetchJson = toFetchJson();
