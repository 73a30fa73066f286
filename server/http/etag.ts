/**
 * ETag and 304 for the lists (issue 7, 'response cache … with ETag/304 for clients'). A list answer is a function of
 * the data version read with the caller's session (every write to a listed table moves it, in its transaction:
 * server/db/schema/dataVersion.ts), of the URL and of the caller; the tag is made of those three, so an unchanged tag
 * proves an unchanged answer and a write anywhere changes every tag. The browser sends the tag back by itself
 * (`Cache-Control: private, no-cache` lets it keep the answer but never use it without asking).
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The weak tag of an answer: data version, caller and URL; null without a data version (no session). */
export function listEtag(dataVersion: string | null | undefined, userId: number | null | undefined, url: string): string | null {
  if (!dataVersion || userId === null || userId === undefined) return null;
  const digest = createHash('sha256').update(`${userId}\u0000${url}`).digest('base64url').slice(0, 16);
  return `W/"${dataVersion}-${digest}"`;
}

/** Whether an If-None-Match header names `tag` (a list of tags, weak comparison, or `*`). */
export function matchesIfNoneMatch(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  const bare = (value: string) => value.trim().replace(/^W\//, '');
  return header.split(',').some((candidate) => candidate.trim() === '*' || bare(candidate) === bare(tag));
}

/** Whether the matched route is declared `etag` (apiRoute puts the flag, or its function, in its config) for this request. */
function hasEtag(request: FastifyRequest): boolean {
  const etag = (request.routeOptions.config as { etag?: boolean | (() => boolean) }).etag;
  return etag === true || (typeof etag === 'function' && etag());
}

/** preHandler of a route declared `etag`: 304 when the client holds the current answer, else the tag on the answer. */
export async function answerNotModified(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if ((request.method !== 'GET' && request.method !== 'HEAD') || !hasEtag(request)) return;
  const tag = listEtag(request.dataVersion, request.user?.id, request.url);
  if (!tag) return;
  reply.header('etag', tag).header('cache-control', 'private, no-cache');
  if (matchesIfNoneMatch(request.headers['if-none-match'], tag)) await reply.code(304).send();
}
