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
import { Transform, type Readable } from 'node:stream';

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
  // IPv4-compatible (deprecated: `::a.b.c.d`, `::7f00:1`), with the unspecified and loopback addresses.
  ['::', 96],
  // IPv4-translated (`::ffff:0:a.b.c.d`, RFC 2765).
  ['::ffff:0:0:0', 96],
  // NAT64, well-known and local-use prefixes (RFC 6052, 8215): the IPv4 address they embed may be private.
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  // Teredo (2001::/32) embeds its server's and, obfuscated, its client's IPv4 address; ORCHID and documentation.
  ['2001::', 32],
  ['2001:10::', 28],
  ['2001:20::', 28],
  ['2001:db8::', 32],
  // 6to4 (2002::/16, deprecated by RFC 7526) embeds an IPv4 address, e.g. 2002:7f00:1:: is 127.0.0.1's.
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  NON_PUBLIC.addSubnet(network, prefix, 'ipv6');
}

/**
 * Whether an IP address is publicly routable (IPv4-mapped IPv6 addresses are judged as their IPv4 address). IPv6 ranges
 * that carry an IPv4 address inside (IPv4-compatible, IPv4-translated, NAT64, 6to4, Teredo) are refused whole: a
 * portal is never served from them, and the address they lead to may be private.
 */
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

/** How names are resolved (node:dns's lookup; a test gives a fake one). */
type Resolver = (hostname: string, options: { all: true }, callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => void;

/** The socket's DNS lookup, refusing a host with any non-public address. */
export function guardedLookup(allowPrivate: boolean, resolve: Resolver = dnsLookup) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback) => {
    resolve(hostname, { all: true }, (error, addresses) => {
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

export interface OutboundStreamOptions {
  /** Whole request, headers and body: past it the body fails with a 'network' OutboundError. */
  timeoutMs: number;
  /** Largest body, in bytes: past it the body fails with a 'too_large' OutboundError. */
  maxBytes: number;
  headers?: Record<string, string>;
  /** The host is the operator's own (INSTALLER_URL) or a test's: private addresses are allowed. */
  allowPrivateAddresses?: boolean;
}

export interface OutboundStream {
  status: number;
  contentType: string;
  /** A redirect's Location header, as sent (the caller resolves it and checks the new address again), else null. */
  location: string | null;
  /** The answer's body, read as it is consumed (back-pressure reaches the host); capped in time and size. */
  body: Readable;
  /** Drops the answer (a status the caller does not want). */
  discard(): void;
}

/**
 * GET `url` and answer its status and body as a stream once the headers arrive (any status: the caller decides), with
 * the rules above — the socket's guarded lookup, no redirects followed — and two caps on the whole exchange: a
 * deadline (`timeoutMs`, headers and body) and a size (`maxBytes`). Memory stays constant: the body is never buffered.
 */
export async function openOutboundStream(raw: string, options: OutboundStreamOptions): Promise<OutboundStream> {
  const allowPrivate = options.allowPrivateAddresses === true;
  const url = outboundUrl(raw, allowPrivate);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<OutboundStream>((resolve, reject) => {
    let settled = false;
    const request = client.request(url, { method: 'GET', headers: options.headers ?? {}, lookup: guardedLookup(allowPrivate) as never });
    const deadline = setTimeout(() => request.destroy(new OutboundError('network', `no complete answer in ${options.timeoutMs} ms`)), options.timeoutMs);
    deadline.unref?.();
    request.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(deadline);
      if (settled) return;
      settled = true;
      reject(error instanceof OutboundError ? error : new OutboundError(error.code === 'EREFUSEDADDRESS' ? 'refused_address' : 'network', error.message));
    });
    request.on('response', (response) => {
      settled = true;
      let size = 0;
      const body = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          if (size > options.maxBytes) return done(new OutboundError('too_large', `answer over ${options.maxBytes} bytes`));
          done(null, chunk);
        },
      });
      const fail = (error: Error) => {
        clearTimeout(deadline);
        body.destroy(error instanceof OutboundError ? error : new OutboundError('network', error.message));
        response.destroy();
      };
      response.on('error', fail);
      request.on('error', fail);
      response.on('aborted', () => fail(new OutboundError('network', 'answer cut short')));
      body.on('error', () => {
        clearTimeout(deadline);
        request.destroy();
      });
      body.on('end', () => clearTimeout(deadline));
      response.pipe(body);
      resolve({
        status: response.statusCode ?? 0,
        contentType: String(response.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase(),
        location: typeof response.headers.location === 'string' ? response.headers.location : null,
        body,
        discard: () => {
          clearTimeout(deadline);
          response.resume();
          body.destroy();
        },
      });
    });
    request.end();
  });
}
