/**
 * Who may read GET /metrics (access `monitoring`): a caller on loopback, decided from the socket's address or the one
 * a trusted proxy (TRUST_PROXY) forwarded, never from a header anyone can send; from elsewhere, a bearer of
 * METRICS_TOKEN, compared in constant time. Without METRICS_TOKEN nobody off this machine reads the figures: a request
 * relayed by a proxy on this machine that TRUST_PROXY does not name (it carries forwarding headers, yet its address is
 * the socket's) is not taken for a local caller.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { BlockList, isIP } from 'node:net';

/** 127.0.0.0/8 and ::1; BlockList also reads IPv4 written as IPv6 (`::ffff:127.0.0.1`). */
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

export function isLoopback(address: string | null): boolean {
  const family = isIP(address ?? '');
  return family !== 0 && LOOPBACK.check(address!, family === 4 ? 'ipv4' : 'ipv6');
}

/** Digests of equal length, so neither the token's length nor its first differing byte shows in the time taken. */
function sameToken(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'];

/** Whether a proxy the server does not trust relayed the request: forwarding headers, and the address is the socket's. */
export function relayedByUntrustedProxy(headers: Record<string, unknown>, address: string | null, socketAddress: string | null): boolean {
  return FORWARDING_HEADERS.some((name) => headers[name] !== undefined) && address === socketAddress;
}

export function monitoringAllowed(address: string | null, bearer: string | null, metricsToken: string | undefined, relayed = false): boolean {
  if (isLoopback(address) && !relayed) return true;
  return metricsToken !== undefined && bearer !== null && sameToken(bearer, metricsToken);
}
