import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getOutboundJson, guardedLookup, isPublicAddress, openOutboundStream, outboundUrl } from './outboundFetch';

describe('isPublicAddress', () => {
  it.each([
    ['8.8.8.8', true],
    ['190.24.12.1', true],
    ['127.0.0.1', false],
    ['10.1.2.3', false],
    ['172.20.0.1', false],
    ['192.168.1.10', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['224.0.0.1', false],
    ['255.255.255.255', false],
    ['2800:e2:1::1', true],
    ['::1', false],
    ['::', false],
    ['fe80::1', false],
    ['fd00::1', false],
    ['ff02::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:7f00:1', false],
    ['::ffff:808:808', true],
    // IPv4 inside IPv6: IPv4-compatible, IPv4-translated, NAT64, 6to4 and Teredo are refused whole.
    ['::7f00:1', false],
    ['::127.0.0.1', false],
    ['::808:808', false],
    ['::ffff:0:7f00:1', false],
    ['64:ff9b::7f00:1', false],
    ['64:ff9b:1::a00:1', false],
    ['2002:7f00:1::', false],
    ['2002:a00:1::1', false],
    ['2002:808:808::1', false],
    ['2001::7f00:1', false],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', false],
    ['2001:db8::1', false],
    ['2001:4860:4860::8888', true],
    ['2a00:1450:4001:80b::200e', true],
    ['not-an-ip', false],
  ])('%s → %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});

describe('outboundUrl', () => {
  it('refuses other protocols, credentials and literal non-public hosts', () => {
    expect(() => outboundUrl('ftp://portal.gov.co/x')).toThrow(/protocol/);
    expect(() => outboundUrl('https://user:clave@portal.gov.co/x')).toThrow(/credentials/);
    expect(() => outboundUrl('http://127.0.0.1:8080/x')).toThrow(/refused/);
    expect(() => outboundUrl('http://[::1]/x')).toThrow(/refused/);
    expect(() => outboundUrl('http://[::ffff:127.0.0.1]/x')).toThrow(/refused/);
    expect(() => outboundUrl('http://[::7f00:1]/x')).toThrow(/refused/);
    expect(() => outboundUrl('http://[2002:7f00:1::]/x')).toThrow(/refused/);
    expect(() => outboundUrl('http://[2001::7f00:1]/x')).toThrow(/refused/);
    expect(() => outboundUrl('http://localhost/x')).toThrow(/refused/);
    expect(outboundUrl('https://bello.gov.co/sitescores/history').hostname).toBe('bello.gov.co');
    expect(outboundUrl('http://127.0.0.1:8080/x', true).port).toBe('8080');
  });
});

describe('guardedLookup', () => {
  it.each(['::7f00:1', '2002:7f00:1::', '2001::7f00:1', '::ffff:7f00:1', '64:ff9b::a00:1'])('refuses a name that resolves to %s', async (address) => {
    const fakeDns = (_host: string, _options: { all: true }, callback: (error: NodeJS.ErrnoException | null, addresses: { address: string; family: number }[]) => void) =>
      callback(null, [{ address: '2800:e2:1::1', family: 6 }, { address, family: 6 }]);
    const error = await new Promise<NodeJS.ErrnoException | null>((resolve) => guardedLookup(false, fakeDns)('portal.gov.co', {}, (failure) => resolve(failure)));
    expect(error?.code).toBe('EREFUSEDADDRESS');
  });

  it('lets a name that resolves only to public addresses through', async () => {
    const fakeDns = (_host: string, _options: { all: true }, callback: (error: NodeJS.ErrnoException | null, addresses: { address: string; family: number }[]) => void) =>
      callback(null, [{ address: '2800:e2:1::1', family: 6 }]);
    const answer = await new Promise<unknown>((resolve) => guardedLookup(false, fakeDns)('portal.gov.co', {}, (failure, address) => resolve(failure ?? address)));
    expect(answer).toBe('2800:e2:1::1');
  });
});

describe('getOutboundJson', () => {
  let base = '';
  const server = http.createServer((request, response) => {
    if (request.url === '/ok') return response.end(JSON.stringify({ ok: true }));
    if (request.url === '/redirect') {
      response.writeHead(302, { location: '/ok' });
      return response.end();
    }
    if (request.url === '/big') return response.end(JSON.stringify({ text: 'x'.repeat(5000) }));
    if (request.url === '/text') return response.end('<html>');
    response.writeHead(500);
    response.end();
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('refuses a loopback host unless the test-only option allows it', async () => {
    await expect(getOutboundJson(`${base}/ok`)).rejects.toMatchObject({ reason: 'refused_address' });
    // A name that resolves to loopback is refused at the socket's own lookup (the address connected to is the one checked).
    const lookedUp = (allow: boolean) =>
      new Promise<{ error: NodeJS.ErrnoException | null; address: unknown }>((resolve) =>
        guardedLookup(allow)('localhost', {}, (error, address) => resolve({ error, address })),
      );
    expect((await lookedUp(false)).error?.code).toBe('EREFUSEDADDRESS');
    expect((await lookedUp(true)).error).toBeNull();
    await expect(getOutboundJson(`${base}/ok`, { allowPrivateAddresses: true })).resolves.toEqual({ ok: true });
  });

  it('fails on redirects, errors, oversized and non-JSON answers', async () => {
    const allow = { allowPrivateAddresses: true };
    await expect(getOutboundJson(`${base}/redirect`, allow)).rejects.toMatchObject({ reason: 'status' });
    await expect(getOutboundJson(`${base}/missing`, allow)).rejects.toMatchObject({ reason: 'status' });
    await expect(getOutboundJson(`${base}/big`, { ...allow, maxBytes: 1000 })).rejects.toMatchObject({ reason: 'too_large' });
    await expect(getOutboundJson(`${base}/text`, allow)).rejects.toMatchObject({ reason: 'not_json' });
  });
});

describe('openOutboundStream', () => {
  let base = '';
  const server = http.createServer((request, response) => {
    if (request.url === '/stream') {
      response.writeHead(200, { 'content-type': 'application/x-tar; charset=binary' });
      return response.end(Buffer.alloc(50_000, 7));
    }
    if (request.url === '/slow') {
      response.writeHead(200, { 'content-type': 'application/zip' });
      return response.write(Buffer.alloc(1024));
    }
    response.writeHead(404);
    response.end();
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });
  const read = async (body: NodeJS.ReadableStream) => {
    let size = 0;
    for await (const chunk of body) size += (chunk as Buffer).length;
    return size;
  };
  const options = { timeoutMs: 2000, maxBytes: 100_000, allowPrivateAddresses: true };

  it('answers the status, the type and the body as a stream; refuses a loopback host without the option', async () => {
    await expect(openOutboundStream(`${base}/stream`, { timeoutMs: 2000, maxBytes: 100_000 })).rejects.toMatchObject({ reason: 'refused_address' });
    const answer = await openOutboundStream(`${base}/stream`, options);
    expect([answer.status, answer.contentType]).toEqual([200, 'application/x-tar']);
    expect(await read(answer.body)).toBe(50_000);
    const missing = await openOutboundStream(`${base}/nada`, options);
    expect(missing.status).toBe(404);
    missing.discard();
  });

  it('fails the body past maxBytes, and past the deadline', async () => {
    const big = await openOutboundStream(`${base}/stream`, { ...options, maxBytes: 10_000 });
    await expect(read(big.body)).rejects.toMatchObject({ reason: 'too_large' });
    const slow = await openOutboundStream(`${base}/slow`, { ...options, timeoutMs: 300 });
    await expect(read(slow.body)).rejects.toMatchObject({ reason: 'network' });
  });
});
