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

/**
 * The key a per-address cap counts under: an IPv4 address as it is (an IPv4-mapped IPv6 address as its IPv4), an IPv6
 * address by its /64 network (`2800:e2:1:2::/64`). One IPv6 client usually holds a whole /64 and can draw a fresh
 * address for every request, so counting each address apart would cap nothing.
 */
export function rateLimitKey(address: string | null): string {
  if (!address) return 'unknown';
  if (isIP(address) === 4) return address;
  const hextets = ipv6Hextets(address);
  if (!hextets) return address;
  if (hextets.slice(0, 5).every((value) => value === 0) && hextets[5] === 0xffff) {
    return `${hextets[6]! >> 8}.${hextets[6]! & 255}.${hextets[7]! >> 8}.${hextets[7]! & 255}`;
  }
  return `${hextets
    .slice(0, 4)
    .map((value) => value.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address (a dotted IPv4 tail included), or null when it is not one. */
function ipv6Hextets(address: string): number[] | null {
  if (isIP(address) !== 6) return null;
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const parse = (part: string) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  const missing = 8 - left.length - right.length;
  const groups = tail === undefined ? left : [...left, ...new Array<number>(missing).fill(0), ...right];
  return groups.length === 8 && groups.every((value) => Number.isInteger(value) && value >= 0 && value <= 0xffff) ? groups : null;
}
