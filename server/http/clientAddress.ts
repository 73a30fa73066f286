/**
 * The caller's address as the server may record and count it. `request.ip` is the socket's address,
 * or the one a trusted proxy (TRUST_PROXY) put in X-Forwarded-For; a proxy can still pass on garbage
 * (`999.1.1.1`), so anything that is not an IP address falls back to the socket's. Never throws.
 */
import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';

/** An IP address without an IPv6 zone (`fe80::1%eth0`), which PostgreSQL's inet refuses; null when not one. */
export function normalizeAddress(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const address = value.trim().replace(/%.*$/, '');
  return isIP(address) ? address : null;
}

export function clientAddress(request: FastifyRequest): string | null {
  return normalizeAddress(request.ip) ?? normalizeAddress(request.socket?.remoteAddress);
}
