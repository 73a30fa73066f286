/**
 * The one reader of a route's path parameters. `idParam` is a record id: a positive PostgreSQL `integer` (int4) written
 * in digits, else the record cannot exist and the answer is 404 `NotFound` in Spanish, before any read
 * (docs/decisions/0003-bad-input-is-4xx.md: "a path id outside it is 404"; tests/api/fuzz.test.ts sends
 * `2147483648`, `-1`, `1e3` and `abc` to every route). `textParam` is any other parameter (a token, a hash, a file id),
 * as the router decoded it; the route judges its form.
 */
import type { FastifyRequest } from 'fastify';
import { recordId } from '../../resources/limits';
import { notFound } from './errors';

/** The text of the path parameter `name` ('' when the route has none by that name). */
export function textParam(request: FastifyRequest, name: string): string {
  const value = (request.params as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
}

/** The record id of the path parameter `name` (default `id`): 404 when no row can have it. */
export function idParam(request: FastifyRequest, name = 'id'): number {
  const id = recordId(textParam(request, name));
  if (id === undefined) throw notFound();
  return id;
}
