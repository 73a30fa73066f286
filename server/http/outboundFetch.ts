/**
 * Outbound requests to addresses the platform does not control (a portal's own host, from its stored URL): a GET that
 * answers JSON, refused unless every address the host name resolves to is public — never loopback, private networks,
 * link-local (cloud metadata), carrier-grade NAT, multicast or reserved ranges — so that a site URL cannot turn the
 * server against its own network (SSRF). The check runs in the socket's own DNS lookup, so the address connected to is
 * the one checked (no second resolution to rebind). No redirects are followed; time and size are capped.
 * `allowPrivateAddresses` exists for tests against a fake host on 127.0.0.1 only.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';

export interface OutboundOptions {
  timeoutMs?: number;
  /** Largest answer body read, in bytes. */
  maxBytes?: number;
  /** Tests only: lets a fake host on a loopback or private address answer. */
  allowPrivateAddresses?: boolean;
}

export const OUTBOUND_DEFAULTS = { timeoutMs: 10_000, maxBytes: 1_048_576 } as const;

/** Why an outbound request failed: the address is refused, the host did not answer well, or the answer is not JSON. */
export class OutboundError extends Error {
  constructor(
    public readonly reason: 'refused_address' | 'bad_url' | 'network' | 'status' | 'too_large' | 'not_json',
    message: string,
  ) {
    super(message);
  }
}

const NON_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  NON_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  NON_PUBLIC.addSubnet(network, prefix, 'ipv6');
}

/** Whether an IP address is publicly routable (IPv4-mapped IPv6 addresses are judged as their IPv4 address). */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !NON_PUBLIC.check(address, 'ipv4');
  if (family !== 6) return false;
  const mapped = /^(?:0{1,4}:){0,5}:?ffff:(.+)$/i.exec(address);
  if (mapped) {
    const tail = mapped[1]!;
    if (isIP(tail) === 4) return isPublicAddress(tail);
    const hex = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(tail);
    if (hex) {
      const high = parseInt(hex[1]!, 16);
      const low = parseInt(hex[2]!, 16);
      return isPublicAddress(`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`);
    }
  }
  return !NON_PUBLIC.check(address, 'ipv6');
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** The socket's DNS lookup, refusing a host with any non-public address. */
export function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback) => {
    dnsLookup(hostname, { all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const list = addresses as LookupAddress[];
      if (list.length === 0 || (!allowPrivate && list.some((entry) => !isPublicAddress(entry.address)))) {
        const refused = Object.assign(new Error(`refused address for ${hostname}`), { code: 'EREFUSEDADDRESS' }) as NodeJS.ErrnoException;
        return callback(refused, []);
      }
      if (options.all) return callback(null, list);
      return callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

/** Checks the URL itself: http(s), no credentials, and a literal IP host must be public. */
export function outboundUrl(raw: string, allowPrivate = false): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundError('bad_url', `not a URL: ${raw}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new OutboundError('bad_url', `protocol ${url.protocol}`);
  if (url.username || url.password) throw new OutboundError('bad_url', 'credentials in URL');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!host) throw new OutboundError('bad_url', 'no host');
  if (!allowPrivate && (isIP(host) ? !isPublicAddress(host) : host === 'localhost' || host.endsWith('.localhost'))) {
    throw new OutboundError('refused_address', `refused address ${host}`);
  }
  return url;
}

/** GET `url` and parse its JSON answer (2xx only; redirects are failures). */
export async function getOutboundJson(raw: string, options: OutboundOptions = {}): Promise<unknown> {
  const allowPrivate = options.allowPrivateAddresses === true;
  const url = outboundUrl(raw, allowPrivate);
  const timeoutMs = options.timeoutMs ?? OUTBOUND_DEFAULTS.timeoutMs;
  const maxBytes = options.maxBytes ?? OUTBOUND_DEFAULTS.maxBytes;
  const client = url.protocol === 'https:' ? https : http;
  const body = await new Promise<Buffer>((resolve, reject) => {
    const request = client.request(
      url,
      { method: 'GET', headers: { accept: 'application/json' }, lookup: guardedLookup(allowPrivate) as never, timeout: timeoutMs },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status < 200 || status >= 300) {
          response.resume();
          reject(new OutboundError('status', `status ${status}`));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            request.destroy();
            reject(new OutboundError('too_large', `answer over ${maxBytes} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => resolve(Buffer.concat(chunks)));
        response.on('error', (error) => reject(new OutboundError('network', error.message)));
      },
    );
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', (error: NodeJS.ErrnoException) =>
      reject(error instanceof OutboundError ? error : new OutboundError(error.code === 'EREFUSEDADDRESS' ? 'refused_address' : 'network', error.message)),
    );
    request.end();
  });
  try {
    return JSON.parse(body.toString('utf8')) as unknown;
  } catch {
    throw new OutboundError('not_json', 'answer is not JSON');
  }
}
