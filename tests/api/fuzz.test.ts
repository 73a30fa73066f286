/**
 * Bad input never answers 500 (issue 5): every /api/v1 route, called with a superadmin holding all
 * permissions and without a token, with prototype keys, NUL bytes, huge pages and ids, deep nesting,
 * over-long path parameters and headers, malformed URLs, type confusion in every body field, query and path parameter
 * (arrays and objects where text or a number is expected, fractions, integers beyond the int4 columns, empty and giant
 * texts; body fields mutated one at a time from a valid body, so the bad value meets the handler and the database),
 * malformed multipart on every upload route, and fast-check properties of arbitrary bodies, query strings and parameters. Every answer is < 500, and every 4xx is the Spanish envelope
 * `{ error: { code, message, details } }` without a stack trace or the raw URL echoed back.
 * Routes and their parameters come from the running server and its OpenAPI document, so a route
 * added later is fuzzed too.
 */
import net from 'node:net';
import fc from 'fast-check';
import Fastify, { type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errors } from '../../i18n/es/errors';
import { INTEGER_MAX, INTEGER_MIN } from '../../resources/limits';
import { newUploadSession } from '../../resources/newSiteRequest';
import { hashCaptchaAnswer } from '../../server/auth/captcha';
import { readRequestTerms } from '../../server/newSite/terms';
import { holdForSession } from '../../server/files';
import { PERMISSION_NAMES } from '../../resources/permissions';
import { registerErrorHandling } from '../../server/http/errors';
import { registeredRoutes, type RegisteredRoute } from '../../server/http/route';
import { createShapeTables, SHAPE_RESOURCES } from '../helpers/shapeResources';
import { multipart } from '../helpers/multipart';
import { bearer, createTestApp } from '../helpers/testApp';
import { propertyRuns } from '../helpers/propertyRuns';

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
  parameters?: Array<{ in: string; name: string; example?: string; schema?: { example?: string } }>;
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
}
const openapi = t.app.swagger() as unknown as { paths: Record<string, Record<string, OpenApiOperation>> };
function operation(route: RegisteredRoute): OpenApiOperation {
  const path = route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
  return openapi.paths[path]?.[route.method.toLowerCase()] ?? {};
}
const queryParams = (route: RegisteredRoute) => (operation(route).parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
const bodyFields = (route: RegisteredRoute) => Object.keys(operation(route).requestBody?.content?.['application/json']?.schema?.properties ?? {});
/** Every field of a body as a path, nested ones included (`legalRepresentative.email`): the documented ones and those of `sample`. */
function bodyFieldPaths(route: RegisteredRoute, sample: Record<string, unknown> = {}): string[][] {
  const walk = (value: unknown, prefix: string[]): string[][] =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.entries(value).flatMap(([name, child]) => [[...prefix, name], ...walk(child, [...prefix, name])])
      : [];
  const paths = [...bodyFields(route).map((name) => [name]), ...walk(sample, [])];
  return [...new Map(paths.map((path) => [path.join('.'), path])).values()];
}
/** The documented example of a path parameter (`elementType=document`), else '1'. */
const paramExample = (route: RegisteredRoute, name: string) => {
  const parameter = operation(route).parameters?.find((p) => p.in === 'path' && p.name === name);
  return parameter?.example ?? parameter?.schema?.example ?? '1';
};

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
  request: { url?: string; query?: string; payload?: string | Buffer; contentType?: string },
): Promise<LightMyRequestResponse> {
  const hasBody = route.method === 'POST' || route.method === 'PUT';
  const headers: Record<string, string> = caller === 'superadmin' ? bearer(await tokenFor(route)) : {};
  if (hasBody) headers['content-type'] = request.contentType ?? 'application/json';
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
  cases: Array<{
    route: RegisteredRoute;
    name: string;
    /** The request, or a function building it per call (a fresh captcha, a fresh pending record). */
    request: Parameters<typeof call>[2] | (() => Promise<Parameters<typeof call>[2]>);
    superadmin?: { status?: number; message?: string };
    mustNotEcho?: string;
    /** Who calls; both unless told (a route that needs a token answers an anonymous caller 401 before reading anything). */
    callers?: readonly Caller[];
  }>,
): Promise<string[]> {
  const found: string[] = [];
  for (const testCase of cases) {
    for (const caller of testCase.callers ?? CALLERS) {
      const request = typeof testCase.request === 'function' ? await testCase.request() : testCase.request;
      const response = await call(testCase.route, caller, request);
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

describe('fuzz: type confusion', () => {
  /**
   * Wrong kinds of value, generated from the kinds of mistake (not listed per route): lists and objects where text or a
   * number is expected, fractions, integers just and far beyond the int4 columns (resources/limits.ts), true and null,
   * empty, blank and giant text. Every body field, query and path parameter of every route gets each of them.
   */
  const beyondInt4 = [1, 466].map((factor) => Math.round((INTEGER_MAX + 1) * factor));
  const CONFUSED: Array<[string, unknown]> = [
    ...[['texto'], [{ a: 1 }]].map((value): [string, unknown] => [`list ${JSON.stringify(value)}`, value]),
    ['object', { a: 'b' }],
    ['fraction', 1.5],
    ...[...beyondInt4, INTEGER_MIN - 1].map((value): [string, unknown] => [`integer ${value}`, value]),
    ['true', true],
    ['null', null],
    ...['', 'x'.repeat(20_000)].map((value): [string, unknown] => [`text of ${value.length}`, value]),
  ];

  /** One caller per route: anonymous on public routes (whoever calls, the same code runs), else the superadmin. */
  const callersOf = (route: RegisteredRoute): Caller[] => (route.access === 'public' ? ['anonymous'] : ['superadmin']);

  const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
  let place: { location_id: number; parent_location_id: number } | undefined;
  let seedCounter = 0;
  /**
   * A document held by a new wizard upload session for every seed (a document is taken once, by its session's request):
   * one real upload, then a copy of its row per seed (an upload per case would double the time of this file).
   */
  let uploadedId: string | undefined;
  async function requestDocument(): Promise<{ fileId: string; uploadSession: string }> {
    if (!uploadedId) {
      const document = multipart('acta.pdf', PDF);
      const uploaded = await t.app.inject({ method: 'POST', url: '/api/v1/newsite/uploadfiles/', payload: document.payload, headers: document.headers, remoteAddress: nextAddress() });
      uploadedId = (uploaded.json() as { fileID: string }).fileID;
    }
    const [copy] = await t.database.query<{ id: string }>(
      `insert into files (storage_key, name, mime, extension, size, sha256, is_image, element_type)
       select storage_key || '-' || $2, name, mime, extension, size, sha256, is_image, element_type from files where id = $1 returning id`,
      [uploadedId, String(seedCounter)],
    );
    const uploadSession = newUploadSession();
    await holdForSession(t.database.db, uploadSession, copy!.id);
    return { fileId: copy!.id, uploadSession };
  }

  /** A valid body (and URL) of a route for the mutations to start from, so that the bad value meets the handler and the database. */
  type Base = { url?: string; body: Record<string, unknown> };
  /** Bodies that need something made first: a captcha and an uploaded document, a pending request. */
  const SEEDS: Record<string, () => Promise<Base>> = {
    'POST /api/v1/newsite/': async () => {
      seedCounter += 1;
      // The captcha's row without its picture (drawing one per case would be most of this test's time).
      const captchaId = `fuzz-captcha-${seedCounter}`;
      const document = await requestDocument();
      await t.database.query(`insert into captchas (id, answer_hash, expires_at) values ($1, $2, now() + interval '10 minutes')`, [captchaId, hashCaptchaAnswer('KX7PA')]);
      // The versions in force: the settings routes fuzzed before may have saved a new text (and moved its version).
      const terms = await readRequestTerms(t.database);
      return {
        body: {
          requestType: 'FirstTime',
          parentLocationId: place!.parent_location_id,
          locationId: place!.location_id,
          // 'Otras entidades' always takes a new site: every seed is a request of its own, never a pending conflict.
          siteTypeId: 5,
          siteId: null,
          site: { name: `Entidad de prueba ${seedCounter}`, allowedUrl: `https://fuzz-${seedCounter}.gov.co`, address: 'Calle 10 # 5-20', latitude: 4.6, longitude: -74.1 },
          termsAccepted: true,
          termsVersion: terms.terms.version,
          dataTreatmentVersion: terms.dataTreatment.version,
          legalRepresentative: { name: 'Ana', lastName: 'Pérez', identificationNumber: '52123456', gender: 'F', position: 'Alcaldesa', email: `ana${seedCounter}@alcaldia.gov.co`, phone: '3001234567' },
          webMaster: { webMasterName: 'Luis', webMasterLastName: 'Gómez', webMasterIdentificationNumber: '80123456', webMasterGender: 'M', webMasterPosition: 'Ingeniero', webMasterEmail: 'luis@alcaldia.gov.co', webMasterPhone: '3007654321' },
          files: [document.fileId],
          uploadSession: document.uploadSession,
          captchaId,
          reCaptcha: 'kx7pa',
        },
      };
    },
    'PUT /api/v1/siterequests/changestatus/:id': async () => {
      seedCounter += 1;
      const [site] = await t.database.query<{ id: number }>(
        `insert into sites (name, alias, parent_location_id, site_type_id, order_type, pending_request) values ($1, $2, $3, 5, 0, true) returning id`,
        [`Entidad con solicitud ${seedCounter}`, `fuzz-solicitud-${seedCounter}`, place!.parent_location_id],
      );
      const [pending] = await t.database.query<{ id: number }>(
        `insert into site_requests (site_id, kind, status, legal_representative, web_master) values ($1, 'FirstTime', 'PendingApproval', '{}', '{}') returning id`,
        [site!.id],
      );
      return { url: `/api/v1/siterequests/changestatus/${pending!.id}`, body: { status: 'Rejected', responseMessage: 'x'.repeat(60) } };
    },
  };

  /** Elsewhere the record as read: PUT /x/{id} and POST /x/ start from GET /x/1 (read once, before any mutation). */
  const readBases = new Map<string, Base>();
  beforeAll(async () => {
    [place] = await t.database.query<{ location_id: number; parent_location_id: number }>(
      'select location_id, parent_location_id from sites where location_id is not null order by id limit 1',
    );
    for (const route of withBody) {
      if (SEEDS[label(route)]) continue;
      const readUrl = route.method === 'PUT' ? urlOf(route) : route.url.endsWith('/') && routes.some((other) => other.method === 'GET' && other.url === `${route.url}:id`) ? `${route.url}1` : null;
      if (readUrl === null || route.url.includes(':token')) continue;
      const read = await t.app.inject({ method: 'GET', url: readUrl, headers: bearer(allPermissions), remoteAddress: nextAddress() });
      const record = read.statusCode === 200 ? (read.json() as unknown) : null;
      if (record && typeof record === 'object' && !Array.isArray(record)) readBases.set(label(route), { body: record as Record<string, unknown> });
    }
  });
  const baseOf = async (route: RegisteredRoute): Promise<Base> => (await SEEDS[label(route)]?.()) ?? readBases.get(label(route)) ?? { body: {} };

  /** `body` with the value at `path` replaced (objects on the way made when missing). */
  function mutated(body: Record<string, unknown>, path: readonly string[], value: unknown): Record<string, unknown> {
    const copy = structuredClone(body);
    let node: Record<string, unknown> = copy;
    for (const key of path.slice(0, -1)) {
      if (!node[key] || typeof node[key] !== 'object' || Array.isArray(node[key])) node[key] = {};
      node = node[key] as Record<string, unknown>;
    }
    node[path.at(-1)!] = value;
    return copy;
  }

  it('the bases are valid where something had to be made for them (else the mutations would stop at a missing field)', async () => {
    for (const [name, seed] of Object.entries(SEEDS)) {
      const route = routes.find((candidate) => label(candidate) === name)!;
      const { url, body } = await seed();
      const response = await call(route, 'superadmin', { url, payload: JSON.stringify(body) });
      expect(response.statusCode, `${name}: ${response.body.slice(0, 200)}`).toBeLessThan(300);
    }
    expect(readBases.size).toBeGreaterThan(5);
  });

  it('in every body field, nested ones included, one at a time from a valid body', async () => {
    const samples = new Map<RegisteredRoute, Record<string, unknown>>();
    for (const route of withBody) samples.set(route, (await baseOf(route)).body);
    const cases = withBody.flatMap((route) =>
      bodyFieldPaths(route, samples.get(route)).flatMap((path) =>
        CONFUSED.map(([kind, value]) => ({
          route,
          name: `${path.join('.')}: ${kind}`,
          request: async () => {
            const base = await baseOf(route);
            return { url: base.url, payload: JSON.stringify(mutated(base.body, path, value)) };
          },
          callers: callersOf(route),
        })),
      ),
    );
    // The fields of POST /newsite/ come from its yup schema (server/http/openapiDocument.ts `yupBodySchema`) and its base.
    expect(cases.map((testCase) => `${label(testCase.route)} ${testCase.name}`)).toEqual(
      expect.arrayContaining(['POST /api/v1/newsite/ reCaptcha: list ["texto"]', 'POST /api/v1/newsite/ legalRepresentative.email: object']),
    );
    expect(await sweep(cases)).toEqual([]);
  });

  it('in every query parameter: a list (the name repeated), a fraction, empty, giant', async () => {
    const cases = routes.flatMap((route) =>
      queryParams(route).flatMap((name) =>
        [`${name}=1&${name}=`, `${name}=0.5`, `${name}=`, `${name}=${'9'.repeat(3000)}`].map((query) => ({
          route,
          name: query.slice(0, 40),
          request: { query },
          callers: callersOf(route),
        })),
      ),
    );
    expect(await sweep(cases)).toEqual([]);
  });

  it('in every path parameter: fractions, zero, negative, beyond int4, lists and objects, blank', async () => {
    const values = ['1.5', '0', '-1', ...beyondInt4.map(String), '3000000000', '%5B%5D', '%5B1%2C2%5D', '%7B%7D', 'a%2Cb', '%20', 'x'.repeat(500)];
    const cases = withParams.flatMap((route) =>
      values.map((value) => ({ route, name: value.slice(0, 20), request: { url: urlOf(route, value), payload: '{"name":"Nombre válido"}' }, callers: callersOf(route) })),
    );
    expect(await sweep(cases)).toEqual([]);
  });
});

describe('fuzz: malformed multipart', () => {
  const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
  /** The URL of an upload route, with its documented path parameter (elementType=document). */
  const uploadUrl = (route: RegisteredRoute) => route.url.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => paramExample(route, name));
  /** The routes that take a multipart body: the others answer it 415 (portal routes refuse the superadmin's token first). */
  const uploads: RegisteredRoute[] = [];
  beforeAll(async () => {
    for (const route of withBody.filter(takesBearer)) {
      const body = multipart('informe.pdf', PDF);
      const response = await call(route, 'superadmin', { url: uploadUrl(route), payload: body.payload, contentType: body.headers['content-type'] });
      if (response.statusCode !== 415) uploads.push(route);
    }
  });

  it('finds the upload routes', () => {
    expect(uploads.map(label).sort()).toEqual(['POST /api/v1/newsite/uploadfiles/', 'POST /api/v1/uploadfiles/:param']);
  });

  it('no boundary, a body cut anywhere, another field name, a second file part, garbage: 400 in the envelope', async () => {
    const good = multipart('informe.pdf', PDF);
    const contentType = good.headers['content-type'];
    const cuts = [0.05, 0.2, 0.4, 0.6, 0.8, 0.95, 0.99].map((share) => Math.floor(good.payload.length * share));
    const bodies: Array<[string, Buffer, string]> = [
      ['no boundary', good.payload, 'multipart/form-data'],
      ['another boundary', good.payload, 'multipart/form-data; boundary=otro'],
      ...cuts.map((cut): [string, Buffer, string] => [`cut at ${cut} of ${good.payload.length}`, good.payload.subarray(0, cut), contentType]),
      ...(['documento', 'files', 'file[]', ''] as const).map((fieldName): [string, Buffer, string] => {
        const other = multipart('informe.pdf', PDF, { fieldName });
        return [`field "${fieldName}"`, other.payload, other.headers['content-type']];
      }),
      (() => {
        const twice = multipart('informe.pdf', PDF, { secondFile: true });
        return ['a second file part', twice.payload, twice.headers['content-type']] as [string, Buffer, string];
      })(),
      ['garbage', Buffer.from('esto no es un formulario'), contentType],
    ];
    const cases = uploads.flatMap((route) =>
      bodies.map(([name, payload, type]) => ({ route, name, request: { url: uploadUrl(route), payload, contentType: type }, superadmin: { status: 400 } })),
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
  /** A value of the wrong kind: a list or an object where a scalar is expected, a fraction, an integer beyond int4, a giant text. */
  const confused = fc.oneof(
    fc.array(fc.oneof(scalar, fc.integer()), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 5 }), scalar, { maxKeys: 2 }),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.oneof(fc.integer({ min: INTEGER_MAX + 1, max: Number.MAX_SAFE_INTEGER }), fc.integer({ min: Number.MIN_SAFE_INTEGER, max: INTEGER_MIN - 1 })),
    fc.nat(30_000).map((length) => 'x'.repeat(length)),
  );

  it('never answers 5xx nor outside the envelope', async () => {
    const property = fc.asyncProperty(
      fc.record({
        route: fc.constantFrom(...routes),
        caller: fc.constantFrom<Caller>(...CALLERS),
        param: fc.oneof(bigNumber, fc.string({ unit: 'binary', maxLength: 20 }).map((value) => encodeURIComponent(value.replace(/[\uD800-\uDFFF]/g, '')))),
        query: fc.array(fc.tuple(fc.oneof(text, fc.constantFrom('page', 'pageSize', 'search', 'name', 'orderBy', 'id', 'userId', 'from', 'to')), scalar), { maxLength: 5 }),
        body: fc.oneof(
          fc.jsonValue(),
          fc.dictionary(fc.oneof(text, fc.constantFrom('name', 'email', 'password', 'permissions', 'description', 'captcha', 'captchaId')), fc.oneof(fc.jsonValue(), scalar, confused)),
        ),
        /** Values for the route's own body fields (its documented names), of any kind, the wrong ones likely. */
        fieldValues: fc.array(fc.oneof(confused, scalar, fc.jsonValue()), { maxLength: 4 }),
      }),
      async ({ route, caller, param, query, body, fieldValues }) => {
        // Fill the route's query parameters from its own list half the time, so that real filters are reached.
        const named = queryParams(route);
        const pairs = query.map(([key, value], index) => [index % 2 === 0 && named.length > 0 ? named[index % named.length]! : key, value]);
        // An object body (about half of them) also gets some of the route's own fields, with values of any kind.
        const fields = bodyFields(route);
        const payload =
          body && typeof body === 'object' && !Array.isArray(body) && fields.length > 0
            ? { ...body, ...Object.fromEntries(fieldValues.map((value, index) => [fields[(index * 7 + fieldValues.length) % fields.length]!, value])) }
            : body;
        const response = await call(route, caller, {
          url: urlOf(route, param === '' ? '1' : param),
          query: new URLSearchParams(pairs).toString(),
          payload: JSON.stringify(payload) ?? '{}',
        });
        const problems = problemsOf(response);
        if (problems.length > 0) throw new Error(`${label(route)} [${caller}] → ${response.statusCode} ${response.body.slice(0, 200)}: ${problems.join('; ')}`);
      },
    );
    await fc.assert(property, { numRuns: propertyRuns(100) });
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
