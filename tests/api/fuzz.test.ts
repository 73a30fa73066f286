/**
 * Bad input never answers 500 (issue 5): every /api/v1 route, called with a superadmin holding all
 * permissions and without a token, with prototype keys, NUL bytes, huge pages and ids, deep nesting,
 * over-long path parameters and headers, malformed URLs, and a fast-check property of arbitrary
 * bodies, query strings and parameters. Every answer is < 500, and every 4xx is the Spanish envelope
 * `{ error: { code, message, details } }` without a stack trace or the raw URL echoed back.
 * Routes and their parameters come from the running server and its OpenAPI document, so a route
 * added later is fuzzed too.
 */
import net from 'node:net';
import fc from 'fast-check';
import Fastify, { type LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { errors } from '../../i18n/es/errors';
import { PERMISSION_NAMES } from '../../resources/permissions';
import { registerErrorHandling } from '../../server/http/errors';
import { registeredRoutes, type RegisteredRoute } from '../../server/http/route';
import { createShapeTables, SHAPE_RESOURCES } from '../helpers/shapeResources';
import { bearer, createTestApp } from '../helpers/testApp';

// The engine's shapes (text id, singleton, collection update, nested path) through throwaway declarations.
const t = await createTestApp({ seed: 'reference', extraResources: SHAPE_RESOURCES });
await createShapeTables(t.database);
afterAll(async () => {
  await t.close();
});

const allPermissions = await t.tokenFor(PERMISSION_NAMES, 'fuzz-todos@portales.test');

const routes = registeredRoutes(t.app).filter(
  (route) => route.url.startsWith('/api/v1') && route.method !== 'HEAD' && route.method !== 'OPTIONS',
);
const withBody = routes.filter((route) => route.method === 'POST' || route.method === 'PUT');
const withParams = routes.filter((route) => route.url.includes(':'));

/** Body properties and query parameters of each route, from the OpenAPI document. */
interface OpenApiOperation {
  parameters?: Array<{ in: string; name: string }>;
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
}
const openapi = t.app.swagger() as unknown as { paths: Record<string, Record<string, OpenApiOperation>> };
function operation(route: RegisteredRoute): OpenApiOperation {
  const path = route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
  return openapi.paths[path]?.[route.method.toLowerCase()] ?? {};
}
const queryParams = (route: RegisteredRoute) => (operation(route).parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
const bodyFields = (route: RegisteredRoute) => Object.keys(operation(route).requestBody?.content?.['application/json']?.schema?.properties ?? {});

/** A concrete URL: every path parameter gets `value` (already encoded). */
const urlOf = (route: RegisteredRoute, value = '1') => route.url.replace(/:([A-Za-z0-9_]+)/g, value);
const label = (route: RegisteredRoute) => `${route.method} ${route.url}`;

/** Each call from its own address: the sign-in throttle and the per-address caps never mix cases. */
let calls = 0;
function nextAddress(): string {
  calls += 1;
  return `10.${(calls >> 16) & 255}.${(calls >> 8) & 255}.${calls & 255}`;
}

/** Logging out ends the session: that route gets a token of its own each time. */
async function tokenFor(route: RegisteredRoute): Promise<string> {
  return route.url.includes('logout') ? t.tokenFor(PERMISSION_NAMES) : allPermissions;
}

type Caller = 'superadmin' | 'anonymous';
const CALLERS: Caller[] = ['superadmin', 'anonymous'];

async function call(
  route: RegisteredRoute,
  caller: Caller,
  request: { url?: string; query?: string; payload?: string },
): Promise<LightMyRequestResponse> {
  const hasBody = route.method === 'POST' || route.method === 'PUT';
  const headers: Record<string, string> = caller === 'superadmin' ? bearer(await tokenFor(route)) : {};
  if (hasBody) headers['content-type'] = 'application/json';
  const url = request.url ?? urlOf(route);
  return t.app.inject({
    method: route.method as 'GET',
    url: request.query === undefined ? url : `${url}?${request.query}`,
    headers,
    ...(hasBody ? { payload: request.payload ?? '{}' } : {}),
    remoteAddress: nextAddress(),
  });
}

/** What is wrong with an answer (empty when it is fine): a 5xx, a 4xx outside the envelope, a stack trace, an echoed URL. */
function problemsOf(response: LightMyRequestResponse, options: { mustNotEcho?: string; expectStatus?: number; expectMessage?: string } = {}): string[] {
  const problems: string[] = [];
  const { statusCode, body } = response;
  if (statusCode >= 500) problems.push(`status ${statusCode}`);
  if (options.expectStatus !== undefined && statusCode !== options.expectStatus) problems.push(`status ${statusCode}, expected ${options.expectStatus}`);
  if (/\n\s+at |node_modules|\.ts:\d+|FST_ERR/.test(body)) problems.push('stack trace or internal code in the body');
  if (options.mustNotEcho && body.includes(options.mustNotEcho)) problems.push('echoes the raw URL');
  if (statusCode >= 400) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      problems.push(`4xx body is not JSON: ${body.slice(0, 80)}`);
      return problems;
    }
    const error = (parsed as { error?: { code?: unknown; message?: unknown; details?: unknown } }).error;
    const envelopeOk =
      Object.keys(parsed as object).length === 1 &&
      error !== undefined &&
      typeof error.code === 'string' &&
      error.code !== '' &&
      typeof error.message === 'string' &&
      error.message.trim() !== '' &&
      Array.isArray(error.details);
    if (!envelopeOk) problems.push(`not the envelope: ${body.slice(0, 120)}`);
    // A raw i18n key or an English framework text means the answer missed the translator.
    else if (/^[\w]+(\.[\w]+)+$/.test(String(error.message)) || /\b(must|should|is not|Bad Request|Internal|exceed)/i.test(String(error.message))) {
      problems.push(`message is not Spanish: ${String(error.message)}`);
    }
    if (options.expectMessage && error?.message !== options.expectMessage) problems.push(`message ${String(error?.message)}, expected ${options.expectMessage}`);
  }
  return problems;
}

/** Routes whose credential is something else than the bearer token: a portal key, or the event stream's ticket. */
const OWN_CREDENTIAL = new Set(['GET /api/v1/events/stream']);
const takesBearer = (route: RegisteredRoute) => route.access !== 'portal' && !OWN_CREDENTIAL.has(label(route));

/** Runs `cases`, returns every problem as `route caller case: problem` so that one failure lists them all. */
async function sweep(
  cases: Array<{ route: RegisteredRoute; name: string; request: Parameters<typeof call>[2]; superadmin?: { status?: number; message?: string }; mustNotEcho?: string }>,
): Promise<string[]> {
  const found: string[] = [];
  for (const testCase of cases) {
    for (const caller of CALLERS) {
      const response = await call(testCase.route, caller, testCase.request);
      // Exact answers only where a superadmin's token is the credential (not portal routes, nor the event stream's ticket).
      const expected = caller === 'superadmin' && takesBearer(testCase.route) ? testCase.superadmin : undefined;
      for (const problem of problemsOf(response, { mustNotEcho: testCase.mustNotEcho, expectStatus: expected?.status, expectMessage: expected?.message })) {
        found.push(`${label(testCase.route)} [${caller}] ${testCase.name}: ${problem}`);
      }
    }
  }
  return found;
}

describe('fuzz: the routes under test', () => {
  it('finds every route, their body fields and query parameters', () => {
    expect(routes.length).toBeGreaterThan(30);
    expect(withBody.map(label)).toEqual(expect.arrayContaining(['POST /api/v1/auth/', 'POST /api/v1/users/passwordreset/', 'PUT /api/v1/users/:id']));
    expect(bodyFields(withBody.find((route) => label(route) === 'POST /api/v1/users/')!)).toEqual(expect.arrayContaining(['name', 'email', 'permissions']));
    expect(queryParams(routes.find((route) => label(route) === 'GET /api/v1/sites/')!)).toEqual(expect.arrayContaining(['page', 'parentLocationId', 'name']));
  });
});

describe('fuzz: prototype keys in JSON bodies', () => {
  const BODIES = [
    '{"__proto__":{"isAdmin":true}}',
    '{"constructor":{"prototype":{"isAdmin":true}}}',
    '{"constructor":1}',
    '{"name":"Nombre de prueba","constructor":"x"}',
    '{"toString":"x","valueOf":1}',
    '{"permissions":[{"__proto__":{"permissionID":1}}]}',
    '{"permissions":[{"constructor":{"prototype":{}}}]}',
    '{"name":{"constructor":"x"}}',
  ];

  it('answers 400 in Spanish on every POST/PUT route, the public recovery and sign-in included', async () => {
    const cases = withBody.flatMap((route) => [
      ...BODIES.map((payload) => ({ route, name: payload, request: { payload }, superadmin: { status: 400 } })),
      // The route's own fields with a prototype key beside them.
      ...bodyFields(route).map((field) => ({
        route,
        name: `${field} + constructor`,
        request: { payload: `{"${field}":"valor","constructor":{"name":"x"}}` },
        superadmin: { status: 400 },
      })),
    ]);
    expect(await sweep(cases)).toEqual([]);
  });

  it('in the query string too', async () => {
    const cases = routes.flatMap((route) =>
      ['constructor=1', '__proto__=1', 'toString=x', 'hasOwnProperty=1'].map((query) => ({ route, name: query, request: { query }, superadmin: { status: 400 } })),
    );
    expect(await sweep(cases)).toEqual([]);
  });
});

describe('fuzz: NUL bytes', () => {
  it('in every body field, query parameter and path parameter: 400 with its own message', async () => {
    const nul = { status: 400, message: errors.input_nul };
    const cases = [
      ...withBody.flatMap((route) =>
        [...bodyFields(route), 'name'].map((field) => ({ route, name: `body ${field}`, request: { payload: JSON.stringify({ [field]: 'a\u0000b' }) }, superadmin: nul })),
      ),
      ...withBody.map((route) => ({ route, name: 'body nested', request: { payload: JSON.stringify({ permissions: [{ name: '\u0000' }] }) }, superadmin: nul })),
      ...routes.flatMap((route) =>
        [...queryParams(route), 'search', 'name'].map((param) => ({ route, name: `query ${param}`, request: { query: `${param}=a%00b` }, superadmin: nul })),
      ),
      ...withParams.map((route) => ({ route, name: 'path', request: { url: urlOf(route, 'a%00b') }, superadmin: nul })),
    ];
    expect(await sweep(cases)).toEqual([]);
  });
});

describe('fuzz: numbers out of range', () => {
  const HUGE = ['1000000000000000000', '99999999999999999999', '1e18', '9007199254740993', '-1'];

  it('a page of 1e18 or beyond is refused with 400 on every list; a huge pageSize never fails', async () => {
    const lists = routes.filter((route) => queryParams(route).includes('page'));
    expect(lists.length).toBeGreaterThan(8);
    const cases = lists.flatMap((route) => [
      ...HUGE.map((value) => ({ route, name: `page=${value}`, request: { query: `page=${value}` }, superadmin: { status: 400 } })),
      ...HUGE.map((value) => ({ route, name: `pageSize=${value}`, request: { query: `pageSize=${value}` } })),
    ]);
    expect(await sweep(cases)).toEqual([]);
  });

  it('ids beyond PostgreSQL integer in the path: not found', async () => {
    const cases = withParams
      .filter((route) => !route.url.includes(':token'))
      .flatMap((route) => ['2147483648', '99999999999999999999', '-1', '1e3'].map((value) => ({ route, name: `id ${value}`, request: { url: urlOf(route, value), payload: '{"name":"Nombre válido"}' }, superadmin: { status: 404 } })));
    expect(await sweep(cases)).toEqual([]);
  });

  it('id and integer filters beyond PostgreSQL integer: 400', async () => {
    // A text id (an alias, tests/helpers/shapeResources.ts) takes any short text as its `id` filter: '2147483648' is one.
    const textIdLists = new Set(['GET /api/v1/shapealiases/']);
    const cases = routes.filter((route) => !textIdLists.has(label(route))).flatMap((route) =>
      queryParams(route)
        .filter((name) => /id$/i.test(name))
        .flatMap((name) => ['2147483648', '99999999999999999999'].map((value) => ({ route, name: `${name}=${value}`, request: { query: `${name}=${value}` }, superadmin: { status: 400 } }))),
    );
    expect(cases.length).toBeGreaterThan(10);
    expect(await sweep(cases)).toEqual([]);
  });

  it('any query parameter with a huge number never fails', async () => {
    const cases = routes.flatMap((route) =>
      queryParams(route).flatMap((name) => ['2147483648', '99999999999999999999', '-2147483649', '1e400'].map((value) => ({ route, name: `${name}=${value}`, request: { query: `${name}=${value}` } }))),
    );
    expect(await sweep(cases)).toEqual([]);
  });

  it('body numbers beyond PostgreSQL integer never fail', async () => {
    const cases = withBody.flatMap((route) =>
      bodyFields(route).flatMap((field) =>
        ['2147483648', '99999999999999999999', '1e308', '-1e308'].map((number) => ({
          route,
          name: `${field}: ${number}`,
          request: { payload: `{"name":"Nombre de prueba ${number}","${field}":${number}}` },
        })),
      ),
    );
    expect(await sweep(cases)).toEqual([]);
  });
});

describe('fuzz: deep nesting', () => {
  it('arrays and objects nested 10,000 deep: 400 on every POST/PUT route', async () => {
    const depth = 10_000;
    const cases = withBody.flatMap((route) => [
      { route, name: 'array', request: { payload: '['.repeat(depth) + ']'.repeat(depth) }, superadmin: { status: 400 } },
      { route, name: 'object', request: { payload: '{"a":'.repeat(depth) + '1' + '}'.repeat(depth) }, superadmin: { status: 400 } },
      { route, name: 'field', request: { payload: `{"permissions":${'['.repeat(depth)}${']'.repeat(depth)}}` }, superadmin: { status: 400, message: errors.input_depth } },
    ]);
    expect(await sweep(cases)).toEqual([]);
  });
});

describe('fuzz: URLs', () => {
  it('a path parameter of 5,000 characters: 414 in the envelope', async () => {
    const long = 'x'.repeat(5000);
    const cases = withParams.map((route) => ({
      route,
      name: '5000 chars',
      request: { url: urlOf(route, long) },
      superadmin: { status: 414, message: errors.url_too_long },
      mustNotEcho: long,
    }));
    expect(await sweep(cases)).toEqual([]);
  });

  it('malformed percent-encodings: 400 in the envelope, the URL never echoed', async () => {
    const BAD = ['%E0%A4%A', '%', '%zz', '%C0%AF', 'a%E0%A4b'];
    const cases = routes.flatMap((route) => [
      ...BAD.map((bad) => ({ route, name: `tail ${bad}`, request: { url: `${urlOf(route)}${route.url.endsWith('/') ? '' : '/'}${bad}` }, mustNotEcho: bad })),
      ...BAD.map((bad) => ({ route, name: `query ${bad}`, request: { query: `name=${bad}&search=${bad}&${bad}=1` } })),
    ]);
    const paramCases = withParams.flatMap((route) =>
      BAD.map((bad) => ({ route, name: `param ${bad}`, request: { url: urlOf(route, bad) }, superadmin: { status: 400, message: errors.url_invalid }, mustNotEcho: urlOf(route, bad) })),
    );
    expect(await sweep([...cases, ...paramCases])).toEqual([]);
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/sites/%E0%A4%A' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { code: 'BadArgument', message: errors.url_invalid, details: [] } });
  });
});

/** Sends raw bytes to the listening server and returns everything it answers until it closes. */
function rawHttp(port: number, text: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString('utf8');
    });
    socket.on('error', () => {});
    socket.on('close', () => resolve(received));
    socket.write(text);
  });
}

function parseRawAnswer(text: string): { status: number; body: unknown } {
  const [head = '', body = ''] = text.split('\r\n\r\n');
  return { status: Number(head.split(' ')[1]), body: body ? JSON.parse(body) : null };
}

describe('fuzz: what Node refuses before Fastify (real HTTP)', () => {
  it('a header of 100 KB: 431 in the Spanish envelope, on every route; a malformed request: 400', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as net.AddressInfo;
    const padding = 'a'.repeat(100 * 1024);
    for (const route of routes) {
      const answer = parseRawAnswer(await rawHttp(port, `${route.method} ${urlOf(route)} HTTP/1.1\r\nHost: portales\r\nX-Relleno: ${padding}\r\n\r\n`));
      expect(answer, label(route)).toEqual({
        status: 431,
        body: { error: { code: 'RequestHeaderFieldsTooLarge', message: errors.headers_too_large, details: [] } },
      });
    }
    const garbage = parseRawAnswer(await rawHttp(port, 'NO ES HTTP\r\n\r\n'));
    expect(garbage).toEqual({ status: 400, body: { error: { code: 'BadArgument', message: errors.invalid_request, details: [] } } });

    const badUrl = await rawHttp(port, 'GET /api/v1/sites/%E0%A4%A HTTP/1.1\r\nHost: portales\r\nConnection: close\r\n\r\n');
    expect(parseRawAnswer(badUrl)).toEqual({ status: 400, body: { error: { code: 'BadArgument', message: errors.url_invalid, details: [] } } });
    expect(badUrl).not.toContain('%E0%A4%A');
  });
});

describe('fuzz: property over random routes and inputs', () => {
  /** Text of every kind, the NUL character and prototype words made likely. */
  const text = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 30 }),
    fc.constantFrom('\u0000', 'a\u0000', '__proto__', 'constructor', 'toString', '', ' ', '%', '-name', 'true'),
  );
  /** Numbers the database cannot hold, as text. */
  const bigNumber = fc.oneof(
    fc.bigInt({ min: -(10n ** 25n), max: 10n ** 25n }).map(String),
    fc.constantFrom('2147483648', '-2147483649', '1e18', '1e400', 'NaN', 'Infinity', '0', '-0'),
  );
  const scalar = fc.oneof(text, bigNumber);

  it('never answers 5xx nor outside the envelope', async () => {
    const property = fc.asyncProperty(
      fc.record({
        route: fc.constantFrom(...routes),
        caller: fc.constantFrom<Caller>(...CALLERS),
        param: fc.oneof(bigNumber, fc.string({ unit: 'binary', maxLength: 20 }).map((value) => encodeURIComponent(value.replace(/[\uD800-\uDFFF]/g, '')))),
        query: fc.array(fc.tuple(fc.oneof(text, fc.constantFrom('page', 'pageSize', 'search', 'name', 'orderBy', 'id', 'userId', 'from', 'to')), scalar), { maxLength: 5 }),
        body: fc.oneof(
          fc.jsonValue(),
          fc.dictionary(fc.oneof(text, fc.constantFrom('name', 'email', 'password', 'permissions', 'description', 'captcha', 'captchaId')), fc.oneof(fc.jsonValue(), scalar)),
        ),
      }),
      async ({ route, caller, param, query, body }) => {
        // Fill the route's query parameters from its own list half the time, so that real filters are reached.
        const named = queryParams(route);
        const pairs = query.map(([key, value], index) => [index % 2 === 0 && named.length > 0 ? named[index % named.length]! : key, value]);
        const response = await call(route, caller, {
          url: urlOf(route, param === '' ? '1' : param),
          query: new URLSearchParams(pairs).toString(),
          payload: JSON.stringify(body) ?? '{}',
        });
        const problems = problemsOf(response);
        if (problems.length > 0) throw new Error(`${label(route)} [${caller}] → ${response.statusCode} ${response.body.slice(0, 200)}: ${problems.join('; ')}`);
      },
    );
    await fc.assert(property, { numRuns: 200 });
  });
});


describe('fuzz: a bad value that still reaches the database', () => {
  it('PostgreSQL data exceptions (class 22: out of range, invalid text) answer 400 in the envelope, not 500', async () => {
    const probe = Fastify();
    registerErrorHandling(probe);
    probe.get('/int', async () => t.database.query('select $1::int as value', ['2147483648']));
    probe.get('/text', async () => t.database.query('select $1::int as value', ['uno']));
    probe.get('/date', async () => t.database.query('select $1::timestamptz as value', ['300000-01-01']));
    await probe.ready();
    for (const url of ['/int', '/text', '/date']) {
      const response = await probe.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({ error: { code: 'BadArgument', message: errors.invalid_value, details: [] } });
    }
    await probe.close();
  });
});
