/**
 * Whole answers of the lists kept serialised (issue 7, 'response cache … per normalised query and per permission set'):
 * a route declared `etag` promises that its 200 answer depends only on the data version read with the caller's
 * session, the URL and the caller (server/http/etag.ts). The list cache (server/lists/listCache.ts) already spares the
 * database; this spares the rest of the handler — mapping the rows, reading their relations, serialising the page — by
 * keeping the JSON text it sent, per caller and URL, together with the data version it was made under. A request is
 * answered from here only under that same version: any write since (on any instance) moved it in its transaction, so
 * the entry is made again, never served stale. Per caller rather than per permission set: a caller's permissions are a
 * row of the users table, so a change of them moves the version too, and the entries stay as narrow as the ETag.
 * Entries are capped in number and in bytes; the least recently used goes first.
 * A browser asks for its answers compressed (Accept-Encoding: br, gzip): each encoding's bytes are kept beside the text
 * the first time a client asks for it, so a kept answer is not compressed again at every request (docs/decisions/README.md
 * 'Kept answers kept compressed').
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { COMPRESSION_THRESHOLD_BYTES, compressAnswer, isCompressibleType, negotiatedEncoding, type CompressionEncoding } from './compression';

export interface CachedAnswer {
  version: string;
  contentType: string;
  payload: string;
  /** The payload compressed, per encoding asked for so far (AnswerCache.encoded). */
  encoded?: Partial<Record<CompressionEncoding, Buffer>>;
}

/** An entry's bytes: its text (about its length once flattened, for Latin text) and its compressed copies. */
function sizeOf(answer: CachedAnswer): number {
  return Object.values(answer.encoded ?? {}).reduce((total, bytes) => total + bytes.length, answer.payload.length);
}

export class AnswerCache {
  private readonly entries = new Map<string, CachedAnswer>();
  private bytes = 0;

  constructor(
    private readonly maxEntries = 2000,
    private readonly maxBytes = 32 * 1024 * 1024,
  ) {}

  /** The answer kept for this key, when it was made under `version`. */
  get(key: string, version: string): CachedAnswer | undefined {
    const hit = this.entries.get(key);
    if (!hit || hit.version !== version) return undefined;
    // Most recently used last: the first key is the one to drop.
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit;
  }

  set(key: string, answer: CachedAnswer): void {
    const size = sizeOf(answer);
    if (size > this.maxBytes / 4) return;
    this.delete(key);
    this.entries.set(key, answer);
    this.bytes += size;
    while (this.entries.size > this.maxEntries || this.bytes > this.maxBytes) this.delete(this.entries.keys().next().value!);
  }

  /** The answer kept for `key` compressed in `encoding`: compressed once, then kept with it (counted in its bytes). */
  encoded(key: string, answer: CachedAnswer, encoding: CompressionEncoding): Buffer {
    const kept = answer.encoded?.[encoding];
    if (kept) return kept;
    const bytes = compressAnswer(answer.payload, encoding);
    // Still kept (not dropped since it was read): its compressed bytes count with it.
    if (this.entries.get(key) === answer) {
      answer.encoded = { ...answer.encoded, [encoding]: bytes };
      this.bytes += bytes.length;
      while (this.bytes > this.maxBytes && this.entries.size > 0) this.delete(this.entries.keys().next().value!);
    }
    return bytes;
  }

  private delete(key: string): void {
    const old = this.entries.get(key);
    if (!old) return;
    this.entries.delete(key);
    this.bytes -= sizeOf(old);
  }

  get size(): number {
    return this.entries.size;
  }

  get totalBytes(): number {
    return this.bytes;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The kept answers of the `etag` routes (registerAnswerCache). */
    answerCache: AnswerCache | null;
  }
  interface FastifyRequest {
    /** Answered from the answer cache: nothing to keep again. */
    answeredFromCache: boolean;
  }
}

/** The key of a request's answer: the caller and the URL as sent (the version is checked beside it). */
function answerKey(request: FastifyRequest): string | null {
  const userId = request.user?.id;
  if (!request.dataVersion || userId === null || userId === undefined || request.method !== 'GET') return null;
  return `${userId}\u0000${request.url}`;
}

/** Whether the matched route is declared `etag` (apiRoute puts the flag, or its function, in its config) for this request. */
export function isCachedRoute(request: FastifyRequest): boolean {
  const etag = (request.routeOptions.config as { etag?: boolean | (() => boolean) }).etag;
  return etag === true || (typeof etag === 'function' && etag());
}

/**
 * Whether the compression would compress this answer for this request (server/http/compression.ts): its type, its size
 * (a text of n characters has at least n UTF-8 bytes; a shorter one left to the compression's own hook, which then
 * decides as ever) and no `x-no-compression` from the client.
 */
function compressible(request: FastifyRequest, answer: CachedAnswer): boolean {
  return request.headers['x-no-compression'] === undefined && isCompressibleType(answer.contentType) && answer.payload.length >= COMPRESSION_THRESHOLD_BYTES;
}

/** Sends the kept answer of an `etag` route when there is one under the request's version; true when it did. */
export async function sendCachedAnswer(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
  const key = answerKey(request);
  const cache = request.server.answerCache;
  if (!key || !cache) return false;
  const hit = cache.get(key, request.dataVersion!);
  if (!hit) return false;
  request.answeredFromCache = true;
  reply.code(200).type(hit.contentType);
  const encoding = compressible(request, hit) ? negotiatedEncoding(request.headers['accept-encoding']) : null;
  if (!encoding) await reply.send(hit.payload);
  // Content-Encoding set: the compression's hook leaves the answer as it is.
  else await reply.header('vary', 'accept-encoding').header('content-encoding', encoding).send(cache.encoded(key, hit, encoding));
  return true;
}

/**
 * Keeps the serialised 200 answers of `etag` routes. Its onSend hook must run before the compression's (register this
 * first): it keeps the JSON text, and each answer, kept or fresh, is compressed for its own client afterwards.
 */
export function registerAnswerCache(app: FastifyInstance, cache = new AnswerCache()): AnswerCache {
  app.decorate('answerCache', cache);
  app.decorateRequest('answeredFromCache', false);
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' || reply.statusCode !== 200 || !isCachedRoute(request)) return payload;
    if (request.answeredFromCache) return payload;
    const key = answerKey(request);
    if (key) cache.set(key, { version: request.dataVersion!, contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'), payload });
    return payload;
  });
  return cache;
}
