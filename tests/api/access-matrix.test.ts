/**
 * The authorisation matrix of the whole server (spec 01 §6, brief 'Every route checks permissions
 * server-side'): every route declares who may call it, and for every route the server enforces that
 * declaration: no token → 401 (except public routes), a token holding one of the listed permissions →
 * never 401/403, any other token → exactly 403. Covers every route any module registers, present or
 * future, because the list comes from the running server.
 *
 * Each route a declaration owns (its list and record paths, actions, exports and the hand-written routes named in
 * CUSTOM_ROUTE_OWNERS) has exactly its declaration's access, so a route whose access drifts from it fails.
 *
 * The router ignores case, doubled slashes, the trailing slash and percent-encoded letters, so access
 * must follow the matched route, never the URL's text: every route is also called under many spellings
 * of its path, with no token and with each single-permission token, and must answer exactly as under
 * its canonical path. Each route is called once per caller under its canonical path (canonicalAnswers): those answers
 * serve both its access tests and the comparison with its other spellings.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import Fastify, { type LightMyRequestResponse } from 'fastify';
import { PERMISSION_NAMES, PERMISSIONS, type PermissionName } from '../../resources/permissions';
import { buildApp } from '../../server/app';
import { issueToken, verifyToken } from '../../server/auth/tokens';
import { auditLog, sites, siteTypes, users } from '../../server/db/schema';
import { registerErrorHandling } from '../../server/http/errors';
import { apiRoute, registerAccessControl, registeredRoutes, type Access, type RegisteredRoute } from '../../server/http/route';
import { issuePortalKey } from '../../server/portal/keys';
import { createShapeTables, SHAPE_RESOURCES } from '../helpers/shapeResources';
import { resources } from '../../resources/index';
import { accessDrift, type CustomRouteOwners } from '../helpers/declaredAccess';
import { bearer, createTestApp } from '../helpers/testApp';

// API_DOCS=1 so the API reference's routes are registered and covered too; the engine's shapes (read-only list, text
// id, singleton, collection update, nested path) through throwaway declarations, since no real resource uses them all yet.
const METRICS_TOKEN = 'token-de-metricas-de-la-matriz';
const t = await createTestApp({ seed: 'reference', env: { API_DOCS: '1', METRICS_TOKEN }, extraResources: SHAPE_RESOURCES });
await createShapeTables(t.database);
afterAll(async () => {
  await t.close();
});

const allRoutes = registeredRoutes(t.app).filter((route) => route.method !== 'OPTIONS');
const apiRoutes = allRoutes.filter((route) => route.url.startsWith('/api/v1') && route.method !== 'HEAD');
const declared = apiRoutes.filter((route): route is RegisteredRoute & { access: Access } => route.access !== undefined);

/** One token per permission, each holding only that permission. */
const tokens = new Map<PermissionName, string>();
for (const name of PERMISSION_NAMES) tokens.set(name, await t.tokenFor([name], `matriz-${name.toLowerCase()}@portales.test`));

/** Portal routes ('portal'): a live key, and a key revoked by rotating it (the site's next key is the live one). */
const [portalSite] = await t.database.db.select({ id: sites.id }).from(sites).limit(1);
const revokedPortalKey = (await t.database.db.transaction((tx) => issuePortalKey(tx, portalSite!.id)))!.key;
const livePortalKey = (await t.database.db.transaction((tx) => issuePortalKey(tx, portalSite!.id)))!.key;
const portalHeader = (key: string) => ({ authorization: `Portal ${key}` });

/**
 * Declared public because their caller cannot send a header (EventSource), but they take a credential of their own
 * in the URL (a single-use ticket): without it they answer 401 like a protected route. Covered in their own tests.
 */
const PUBLIC_WITH_OWN_CREDENTIAL = new Set(['GET /api/v1/events/stream']);

/** A concrete URL for a route pattern: every parameter gets a dummy value (only the status class matters). */
function concreteUrl(pattern: string): string {
  return pattern.replace(/:([A-Za-z0-9_]+)(\([^)]*\))?/g, '999999').replace(/\*/g, '999999');
}

/** A distinct client address per call, so the per-address caps (captcha, recovery) never tell two spellings apart. */
let addressCounter = 0;
function nextAddress(): string {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

function call(route: RegisteredRoute, token?: string, url = concreteUrl(route.url), headers: Record<string, string> = {}) {
  const hasBody = !['GET', 'HEAD', 'DELETE'].includes(route.method);
  return t.app.inject({
    method: route.method as 'GET',
    url,
    headers: token ? bearer(token) : headers,
    ...(hasBody ? { payload: {} } : {}),
    remoteAddress: nextAddress(),
  });
}

const label = (route: RegisteredRoute) => `${route.method} ${route.url}`;
const describeAccess = (access: Access) => (typeof access === 'string' ? access : access.permissions.join(' | '));

// ---------------------------------------------------------------------------------------------------------
// Spellings of a path that the router reads as the same route.

const encodeLetter = (letter: string, upperHex = false) => {
  const hex = letter.charCodeAt(0).toString(16);
  return `%${upperHex ? hex.toUpperCase() : hex}`;
};
const mapSegments = (url: string, change: (segment: string) => string) => url.split('/').map(change).join('/');
const toggleTrailingSlash = (url: string) => (url.endsWith('/') ? url.slice(0, -1) : `${url}/`);
const mixedCase = (url: string) => {
  let index = 0;
  return url.replace(/[a-z]/gi, (letter) => (index++ % 2 === 0 ? letter.toUpperCase() : letter.toLowerCase()));
};
const capitalised = (url: string) => mapSegments(url, (segment) => segment.charAt(0).toUpperCase() + segment.slice(1));
const firstLetterEncoded = (url: string, upperHex = false) =>
  mapSegments(url, (segment) => (/^[a-z]/i.test(segment) ? encodeLetter(segment[0]!, upperHex) + segment.slice(1) : segment));
const lastSegmentEncoded = (url: string) => url.replace(/\/([a-z])([^/]*\/?)$/i, (_all, letter: string, rest: string) => `/${encodeLetter(letter)}${rest}`);
const lettersEncoded = (url: string) => url.replace(/[a-z]/gi, (letter) => encodeLetter(letter, true));

/** Every other spelling of `url` (a concrete path starting with '/') that the router maps to the same route. */
function spellings(url: string): string[] {
  const all = [
    url.toUpperCase(),
    mixedCase(url),
    capitalised(url),
    `/${url}`,
    url.replace(/^\/([^/]+)\//, '/$1//'),
    url.replace(/\/(?=[^/]+\/?$)/, '//'),
    url.replace(/\//g, '//'),
    toggleTrailingSlash(url),
    lastSegmentEncoded(url),
    firstLetterEncoded(url),
    firstLetterEncoded(url.toUpperCase(), true),
    lettersEncoded(url),
    `/${toggleTrailingSlash(firstLetterEncoded(mixedCase(url)).replace(/\//g, '//'))}`,
  ];
  return [...new Set(all)].filter((spelt) => spelt !== url);
}

/** What must not change between spellings: the status, the error code and whether the token was refused. */
function outcome(response: LightMyRequestResponse): string {
  let code = '';
  if ((response.headers['content-type'] ?? '').toString().includes('json') && response.body) {
    try {
      code = (JSON.parse(response.body) as { error?: { code?: string } }).error?.code ?? '';
    } catch {
      code = 'unparsable';
    }
  }
  return `${response.statusCode} ${code} invalid-token=${response.headers['x-invalid-token'] ?? 'no'}`;
}

/** Runs `tasks` a batch at a time: thousands of injections, without flooding the embedded database. */
async function inBatches<T>(tasks: (() => Promise<T>)[], size = 40): Promise<T[]> {
  const results: T[] = [];
  for (let start = 0; start < tasks.length; start += size) {
    results.push(...(await Promise.all(tasks.slice(start, start + size).map((task) => task()))));
  }
  return results;
}

// ---------------------------------------------------------------------------------------------------------
// Callers and the answers under the canonical path, shared by the per-route tests and the spelling tests below.

/** A caller: no token (null) or a token holding exactly one permission. */
type Caller = PermissionName | null;

/** Does a call to this 'authenticated' route end its caller's session (logout)? Asked once per route, with a throwaway session. */
const endsSessionCache = new Map<string, Promise<boolean>>();
function endsSession(route: RegisteredRoute): Promise<boolean> {
  const key = label(route);
  let answer = endsSessionCache.get(key);
  if (!answer) {
    answer = (async () => {
      const token = await t.tokenFor([PERMISSION_NAMES[0]]);
      await call(route, token);
      const after = await t.app.inject({ method: 'GET', url: '/api/v1/auth/', headers: bearer(token), remoteAddress: nextAddress() });
      return after.statusCode === 401;
    })();
    endsSessionCache.set(key, answer);
  }
  return answer;
}

/**
 * The token of a caller: the shared single-permission token, or a fresh session per call where the route ends the
 * session it is called with (an 'authenticated' route such as logout), so that no call sees another's ended session.
 */
async function tokenOf(route: RegisteredRoute & { access: Access }, caller: Caller): Promise<string | undefined> {
  if (caller === null) return undefined;
  if (route.access === 'authenticated' && (await endsSession(route))) return t.tokenFor([caller]);
  return tokens.get(caller);
}

/** Every caller's answer under the canonical path, called once per route (in parallel batches) and reused. */
const canonicalCache = new Map<RegisteredRoute, Promise<Map<Caller, LightMyRequestResponse>>>();
function canonicalAnswers(route: RegisteredRoute & { access: Access }, callers: readonly Caller[]): Promise<Map<Caller, LightMyRequestResponse>> {
  let answers = canonicalCache.get(route);
  if (!answers) {
    answers = (async () => {
      const answered = new Map<Caller, LightMyRequestResponse>();
      await inBatches(callers.map((caller) => async () => answered.set(caller, await call(route, await tokenOf(route, caller)))));
      return answered;
    })();
    canonicalCache.set(route, answers);
  }
  return answers.then((answered) => {
    const missing = callers.filter((caller) => !answered.has(caller));
    if (missing.length) throw new Error(`${label(route)}: no canonical answer for ${missing.join(', ')}`);
    return answered;
  });
}

describe('spellings', () => {
  it('derives upper, mixed, capitalised, doubled-slash, trailing-slash and percent-encoded spellings', () => {
    const spelt = spellings('/api/v1/users/');
    for (const expected of [
      '/API/V1/USERS/',
      '/Api/V1/Users/',
      '//api/v1/users/',
      '/api//v1/users/',
      '/api/v1//users/',
      '/api/v1/users',
      '/api/v1/%75sers/',
      '/%61pi/%761/%75sers/',
      '/%41PI/%561/%55SERS/',
      '/%61%70%69/%761/%75%73%65%72%73/',
    ]) {
      expect(spelt).toContain(expected);
    }
    expect(spelt).not.toContain('/api/v1/users/');
  });
});

describe('route declarations', () => {
  it('finds the routes of the server (the registry works)', () => {
    const names = allRoutes.map(label);
    for (const expected of [
      'POST /api/v1/auth/',
      'GET /api/v1/auth/',
      'GET /api/v1/users/:id',
      'GET /api/v1/audit/',
      'GET /api/v1/captcha/',
      'GET /healthz',
      'GET /metrics',
      'GET /api/docs',
      // The engine's shapes: a read-only list, a text id, a singleton, a collection update and a nested path.
      'GET /api/v1/shapetopics/:id',
      'PUT /api/v1/shapealiases/:id',
      'GET /api/v1/shapesettings',
      'PUT /api/v1/shapesettings',
      'PUT /api/v1/shapelinks',
      'POST /api/v1/shapetopics/:topicId/messages/',
      'DELETE /api/v1/shapetopics/:topicId/messages/:id',
    ]) {
      expect(names).toContain(expected);
    }
    for (const absent of ['POST /api/v1/shapetopics/', 'DELETE /api/v1/shapetopics/:id', 'POST /api/v1/shapelinks', 'GET /api/v1/shapelinks/:id']) {
      expect(names).not.toContain(absent);
    }
  });

  it('every route of the server declares its access, the API reference and /healthz included', () => {
    const missing = allRoutes.filter((route) => route.access === undefined).map(label);
    expect(missing).toEqual([]);
  });

  it('every permission requirement names at least one known permission', () => {
    const wrong = declared
      .filter((route) => typeof route.access === 'object')
      .filter((route) => {
        const { permissions } = route.access as { permissions: readonly string[] };
        return permissions.length === 0 || permissions.some((name) => !PERMISSION_NAMES.includes(name as PermissionName));
      })
      .map(label);
    expect(wrong).toEqual([]);
  });

  it('the registry sees a route registered without apiRoute, and the access hook refuses it as not found under any spelling (fail closed)', async () => {
    const probe = Fastify({ routerOptions: { ignoreTrailingSlash: true, caseSensitive: false, ignoreDuplicateSlashes: true } });
    registerErrorHandling(probe);
    registerAccessControl(probe);
    probe.get('/api/v1/sin-declaracion', async () => ({ ok: true }));
    probe.get('/fuera-del-api', async () => ({ ok: true }));
    probe.get('/api/v1/mal-declarada', { config: { access: 'publico' as never } }, async () => ({ ok: true }));
    apiRoute(probe, { method: 'GET', url: '/con-declaracion', access: 'public', summary: 'prueba', tags: [], handler: async () => ({ ok: true }) });
    await probe.ready();
    const seen = registeredRoutes(probe).filter((route) => route.method === 'GET');
    expect(seen).toEqual([
      { method: 'GET', url: '/api/v1/sin-declaracion', access: undefined },
      { method: 'GET', url: '/fuera-del-api', access: undefined },
      { method: 'GET', url: '/api/v1/mal-declarada', access: 'publico' },
      { method: 'GET', url: '/api/v1/con-declaracion', access: 'public' },
    ]);
    for (const url of ['/api/v1/sin-declaracion', '/fuera-del-api', '/api/v1/mal-declarada']) {
      for (const spelt of [url, ...spellings(url)]) {
        const response = await probe.inject({ method: 'GET', url: spelt });
        expect(response.statusCode, spelt).toBe(404);
        expect(response.json().error.code, spelt).toBe('NotFound');
      }
    }
    for (const spelt of ['/api/v1/con-declaracion', ...spellings('/api/v1/con-declaracion')]) {
      expect((await probe.inject({ method: 'GET', url: spelt })).statusCode, spelt).toBe(200);
    }
    await probe.close();
  });
});

/**
 * Hand-written routes of a declared resource beyond its list and record paths, with the requirement of the declaration
 * they follow (its read or write permissions, or who opens its screen).
 */
const CUSTOM_ROUTE_OWNERS: CustomRouteOwners = {
  'POST /api/v1/sites/:id/portalkey': { resource: 'sites', requirement: 'write' },
  'GET /api/v1/sites/:id/portalkey': { resource: 'sites', requirement: 'write' },
  'DELETE /api/v1/sites/:id/portalkey': { resource: 'sites', requirement: 'write' },
  'GET /api/v1/sitesfile/': { resource: 'sites', requirement: 'write' },
  'POST /api/v1/sitesfile/': { resource: 'sites', requirement: 'write' },
  'POST /api/v1/locations/preview': { resource: 'sites', requirement: 'write' },
  'POST /api/v1/emails/preview': { resource: 'sites', requirement: 'write' },
  'POST /api/v1/govindex/preview': { resource: 'sites', requirement: 'write' },
  // The wizard's submission under the spec's path (server/newSite/routes.ts): public like POST /newsite/.
  'POST /api/v1/siterequests/': { resource: 'siterequests', requirement: 'public' },
};

describe('each route has the access its declaration states', () => {
  const { checked, drift } = accessDrift(declared, resources, CUSTOM_ROUTE_OWNERS);

  it('reads → permissions.read, writes → permissions.write, custom routes → what their declaration says', () => {
    expect(drift).toEqual([]);
  });

  it('covers the routes of every declaration, generated and hand-written', () => {
    const labels = checked.map((line) => line.split(' ← ')[0]);
    for (const expected of [
      'GET /api/v1/sites/',
      'GET /api/v1/sites/counts/',
      'GET /api/v1/sites/:id',
      'POST /api/v1/sites/',
      'PUT /api/v1/sites/:id',
      'DELETE /api/v1/sites/:id',
      'POST /api/v1/sites/:id/enable',
      'POST /api/v1/sites/:id/disable',
      'GET /api/v1/sites/groups/',
      'GET /api/v1/locations/',
      'GET /api/v1/users/',
      'POST /api/v1/users/',
      'PUT /api/v1/users/:id',
      'GET /api/v1/audit/',
      'GET /api/v1/sitetypes/',
      'GET /api/v1/sitetypes/:id',
      'POST /api/v1/sitetypes/',
      'PUT /api/v1/sitetypes/:id',
      'DELETE /api/v1/sitetypes/:id',
      'GET /api/v1/chats/categories/',
      'POST /api/v1/siterequests/',
      'GET /api/v1/siterequests/:id',
      'PUT /api/v1/siterequests/:id',
      'POST /api/v1/sites/groupsites/',
      // Engine operations of issue 22: the mail log, the loaded e-mail accounts and the wizard's public reads.
      'GET /api/v1/maillog/',
      'GET /api/v1/emails/',
      'GET /api/v1/newsite/locations/',
      'GET /api/v1/newsite/sitetypes/',
      'GET /api/v1/newsite/sites/',
      'GET /api/v1/newsite/terms/',
    ]) {
      expect(labels).toContain(expected);
    }
    for (const declaration of resources) {
      expect(checked.some((line) => line.endsWith(`← ${declaration.name} read`)), declaration.name).toBe(true);
    }
    // Not owned by a declaration: left to the matrix above.
    expect(labels).not.toContain('GET /api/v1/users/passwordreset/:token');
  });

  it('declares GET /allowurl/ public (the public request wizard asks it before sign-in)', () => {
    const allowUrl = declared.find((route) => route.method === 'GET' && route.url === '/api/v1/allowurl/');
    expect(allowUrl?.access).toBe('public');
  });

  it('declares the request wizard\'s routes public and capped per address (docs/decisions/0015-site-requests-and-installation.md)', () => {
    const wizard = [
      'GET /api/v1/newsite/locations/',
      'GET /api/v1/newsite/sitetypes/',
      'GET /api/v1/newsite/sites/',
      'GET /api/v1/newsite/terms/',
      'POST /api/v1/newsite/uploadfiles/',
      'POST /api/v1/newsite/',
      'POST /api/v1/siterequests/',
      'GET /api/v1/allowurl/',
      'GET /api/v1/captcha/',
    ];
    const found = declared.filter((route) => wizard.includes(label(route)));
    expect(found.map(label).sort()).toEqual([...wizard].sort());
    for (const route of found) expect(route.access, label(route)).toBe('public');
  });

  it('finds a route whose access drifts from its declaration, and an owner naming no route', () => {
    const drifted = declared.map((route) =>
      route.method === 'GET' && route.url === '/api/v1/sites/groups/' ? { ...route, access: { permissions: ['Sites'] as PermissionName[] } } : route,
    );
    expect(accessDrift(drifted, resources, CUSTOM_ROUTE_OWNERS).drift).toEqual([
      expect.stringMatching(/^GET \/api\/v1\/sites\/groups\/: Sites, declared .* \(groups read\)$/),
    ]);
    const writesOpened = declared.map((route) => (route.method === 'DELETE' && route.url === '/api/v1/sitetypes/:id' ? { ...route, access: 'authenticated' as const } : route));
    expect(accessDrift(writesOpened, resources, CUSTOM_ROUTE_OWNERS).drift).toEqual([expect.stringContaining('DELETE /api/v1/sitetypes/:id: authenticated')]);
    expect(accessDrift(declared, resources, { ...CUSTOM_ROUTE_OWNERS, 'GET /api/v1/sites/nada': { resource: 'sites', requirement: 'read' } }).drift).toEqual([
      'GET /api/v1/sites/nada: no such route',
    ]);
  });
});

/** Who calls each route under its canonical path: no token and every single-permission token. */
const ALL_CALLERS: readonly Caller[] = [null, ...PERMISSION_NAMES];

describe.each(declared.map((route) => ({ name: `${label(route)} [${describeAccess(route.access)}]`, route })))(
  '$name',
  ({ route }) => {
    const { access } = route;
    /** The canonical answers, reused by the spelling test of this route below. */
    const answers = () => canonicalAnswers(route, ALL_CALLERS);

    if (access === 'public' && PUBLIC_WITH_OWN_CREDENTIAL.has(label(route))) {
      it('answers 401 in the envelope without its own credential, whatever the bearer token', async () => {
        for (const response of (await answers()).values()) {
          expect(response.statusCode).toBe(401);
          expect(response.json().error.code).toBe('Unauthorized');
        }
      });
      return;
    }

    if (access === 'public') {
      it('answers without a token (never 401/403)', async () => {
        const response = (await answers()).get(null)!;
        expect([401, 403]).not.toContain(response.statusCode);
      });
      return;
    }

    it('refuses a call without a token with 401', async () => {
      const response = (await answers()).get(null)!;
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('Unauthorized');
    });

    if (access === 'portal') {
      it('answers 401 without a portal key, to every superadmin token and to a revoked or forged key', async () => {
        const forged = livePortalKey.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'));
        const attempts = [
          // No token, then every superadmin token.
          ...(await answers()).values(),
          await call(route, undefined, undefined, portalHeader(revokedPortalKey)),
          await call(route, undefined, undefined, portalHeader(forged)),
          await call(route, undefined, undefined, bearer(revokedPortalKey)),
        ];
        for (const response of attempts) {
          expect(response.statusCode).toBe(401);
          expect(response.json().error.code).toBe('Unauthorized');
        }
      });
      it('lets a live portal key through (Portal or Bearer scheme), under every spelling of the path', async () => {
        const canonical = concreteUrl(route.url);
        for (const url of [canonical, ...spellings(canonical)]) {
          for (const headers of [portalHeader(livePortalKey), bearer(livePortalKey)]) {
            expect([401, 403], url).not.toContain((await call(route, undefined, url, headers)).statusCode);
          }
        }
      });
      return;
    }

    if (access === 'monitoring') {
      it('is no API route: only GET /metrics (covered below under every spelling) is read by scrapers', () => {
        expect(label(route)).toBe('GET /metrics');
      });
      return;
    }

    if (access === 'authenticated') {
      it('accepts any signed-in user, whatever the permission', async () => {
        // A fresh session per call where the route ends the session it is called with (logout): tokenOf.
        const answered = await answers();
        for (const name of PERMISSION_NAMES) expect([401, 403], name).not.toContain(answered.get(name)!.statusCode);
      });
      return;
    }

    it('lets holders of a listed permission through and answers 403 to everyone else', async () => {
      const answered = await answers();
      const outcomes = PERMISSION_NAMES.map((name) => ({ name, status: answered.get(name)!.statusCode }));
      const failures = outcomes.filter((outcome) => outcome.status >= 500);
      // Not this test's subject (only the status class is), but a 5xx on dummy input deserves a look.
      if (failures.length) console.warn(`${label(route)}: ${failures.map((f) => `${f.name} → ${f.status}`).join(', ')}`);
      for (const { name, status } of outcomes) {
        if (access.permissions.includes(name)) expect([401, 403], `${name} holds a listed permission`).not.toContain(status);
        else expect(status, `${name} holds none of ${access.permissions.join(', ')}`).toBe(403);
      }
    });
  },
);

// Every route of the server (HEAD and the non-API routes included), every spelling, every caller.
const spelledRoutes = allRoutes.filter((route): route is RegisteredRoute & { access: Access } => route.access !== undefined);

/**
 * Who calls each spelling: no token and every single-permission token. A HEAD route is fastify's copy of its GET
 * (same declaration, covered in full there): no token, one holder and one non-holder of a listed permission.
 */
function callersFor(route: RegisteredRoute & { access: Access }): readonly Caller[] {
  if (route.method !== 'HEAD') return ALL_CALLERS;
  const { access } = route;
  if (typeof access === 'string') return [null, PERMISSION_NAMES[0]];
  const holder = access.permissions[0] as PermissionName;
  const other = PERMISSION_NAMES.find((name) => !access.permissions.includes(name));
  return other ? [null, holder, other] : [null, holder];
}

describe('the same answer under every spelling of the path', () => {
  it.each(spelledRoutes.map((route) => ({ name: label(route), route })))('$name', async ({ route }) => {
    const canonical = concreteUrl(route.url);
    // A wildcard's value is the raw rest of the path: a slash doubled just before it names another file
    // (`/api/docs/static//x`), not another spelling of this one.
    const sameRoute = (spelt: string) => !route.url.endsWith('*') || !/\/\/999999\/?$/.test(spelt);
    const callers = callersFor(route);
    // The canonical answers (those the route's own tests above checked, for an /api/v1 route other than HEAD).
    const canonicalAnswered = await canonicalAnswers(route, callers);
    const expected = new Map(callers.map((caller) => [caller, outcome(canonicalAnswered.get(caller)!)]));

    const mismatches: string[] = [];
    await inBatches(
      spellings(canonical).filter(sameRoute).flatMap((spelt) =>
        callers.map((caller) => async () => {
          const response = await call(route, await tokenOf(route, caller), spelt);
          const got = outcome(response);
          const who = caller ?? 'sin token';
          if (got !== expected.get(caller)) mismatches.push(`${spelt} [${who}]: ${got}, canónica ${expected.get(caller)}`);
          if (caller === null && route.access !== 'public' && response.statusCode < 300) mismatches.push(`${spelt} [sin token]: ${got}`);
        }),
      ),
    );
    expect(mismatches).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------------------
// The attacks reported in the issue, without a token: refused, and nothing changes in the database.

describe('the reported attacks under other spellings, without a token', () => {
  const allPermissions = PERMISSIONS.map(({ permissionID, name }) => ({ permissionID, name }));
  const auditCount = async () => (await t.database.db.select().from(auditLog)).length;

  it('GET /API/V1/users/ lists nobody', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/API/V1/users/' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('Unauthorized');
    expect(response.body).not.toContain('admin@portales.test');
  });

  it('POST /API/V1/users/ creates no superadmin (and the same body does create one for a holder of every permission)', async () => {
    const auditBefore = await auditCount();
    const body = { name: 'Intruso Total', email: 'intruso@portales.test', permissions: allPermissions };
    const response = await t.app.inject({ method: 'POST', url: '/API/V1/users/', payload: body });
    expect(response.statusCode).toBe(401);
    expect(await t.database.db.select().from(users).where(eq(users.email, 'intruso@portales.test'))).toEqual([]);
    expect(await auditCount()).toBe(auditBefore);

    // The body is valid: the refusal above is the access check, not validation.
    const allowed = await t.app.inject({ method: 'POST', url: '/API/V1/users/', payload: body, headers: bearer(await t.tokenFor(PERMISSION_NAMES)) });
    expect(allowed.statusCode).toBe(201);
  });

  it("PUT //api/v1/users/{id} does not set another superadmin's password", async () => {
    const [admin] = await t.database.db.select().from(users).where(eq(users.email, 'admin@portales.test'));
    const auditBefore = await auditCount();
    const response = await t.app.inject({
      method: 'PUT',
      url: `//api/v1/users/${admin!.id}`,
      payload: { name: admin!.name, email: admin!.email, permissions: allPermissions, password: 'tomada-por-intruso' },
    });
    expect(response.statusCode).toBe(401);
    const [after] = await t.database.db.select().from(users).where(eq(users.id, admin!.id));
    expect(after!.passwordHash).toBe(admin!.passwordHash);
    expect(after!.modifiedDate).toEqual(admin!.modifiedDate);
    expect(await auditCount()).toBe(auditBefore);
  });

  it('DELETE /Api/v1/sitetypes/{id} deletes nothing', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sitetypes/',
      payload: { name: 'Tipo que nadie borra' },
      headers: bearer(tokens.get('Settings')!),
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json() as { id: number };
    const auditBefore = await auditCount();
    const response = await t.app.inject({ method: 'DELETE', url: `/Api/v1/sitetypes/${id}` });
    expect(response.statusCode).toBe(401);
    expect(await t.database.db.select().from(siteTypes).where(eq(siteTypes.id, id))).toHaveLength(1);
    expect(await auditCount()).toBe(auditBefore);
  });
});

describe('GET /metrics (access monitoring) under every spelling', () => {
  it('opens to loopback and to a bearer of METRICS_TOKEN only: never to a superadmin token or a forged X-Forwarded-For', async () => {
    const superadmin = tokens.get(PERMISSION_NAMES[0])!;
    const mismatches: string[] = [];
    for (const url of ['/metrics', ...spellings('/metrics')]) {
      const cases: Array<[string, Record<string, string>, string, number]> = [
        ['sin token', {}, '203.0.113.5', 401],
        ['superadmin', bearer(superadmin), '203.0.113.5', 401],
        ['X-Forwarded-For', { 'x-forwarded-for': '127.0.0.1' }, '203.0.113.5', 401],
        ['METRICS_TOKEN', bearer(METRICS_TOKEN), '203.0.113.5', 200],
        ['loopback', {}, '127.0.0.1', 200],
        ['proxy local no confiable', { 'x-forwarded-for': '203.0.113.5' }, '127.0.0.1', 401],
      ];
      for (const [who, headers, remoteAddress, expected] of cases) {
        const response = await t.app.inject({ method: 'GET', url, headers, remoteAddress });
        if (response.statusCode !== expected) mismatches.push(`${url} [${who}]: ${response.statusCode}, esperado ${expected}`);
      }
    }
    expect(mismatches).toEqual([]);
  });
});

describe('the caller is resolved the same way under any spelling', () => {
  it('refreshes a token near expiry and flags a revoked one on a spelt path', async () => {
    const claims = (await verifyToken(t.context.signingKey, await t.tokenFor(['Sites'])))!;
    const nearExpiry = await issueToken(t.context.signingKey, claims, 60);
    const refreshed = await t.app.inject({ method: 'GET', url: '/API//V1/%61uth', headers: bearer(nearExpiry) });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.headers['x-refresh-token']).toEqual(expect.any(String));

    const loggedOut = await t.app.inject({ method: 'GET', url: '//Api/v1/auth/LOGOUT', headers: bearer(nearExpiry) });
    expect(loggedOut.statusCode).toBeLessThan(300);
    const revoked = await t.app.inject({ method: 'GET', url: '/api/V1//sites', headers: bearer(nearExpiry) });
    expect(revoked.statusCode).toBe(401);
    expect(revoked.headers['x-invalid-token']).toBe('true');
  });
});

describe('with the built admin served beside the API', () => {
  it('declares the admin files public, and answers a JSON 404 (never the page) to API paths under any spelling', async () => {
    const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portales-admin-'));
    fs.mkdirSync(path.join(staticDir, 'assets'));
    fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>admin</title>');
    fs.writeFileSync(path.join(staticDir, 'assets', 'app.js'), 'console.log(1)');
    const app = await buildApp({ context: t.context, staticDir });
    try {
      await app.ready();
      const undeclared = registeredRoutes(app).filter((route) => route.access === undefined).map(label);
      expect(undeclared).toEqual([]);
      expect(registeredRoutes(app).map(label)).toContain('GET /assets/app.js');

      for (const url of ['/assets/app.js', '/ASSETS/App.js']) {
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(200);
        expect(response.body, url).toBe('console.log(1)');
      }
      expect((await app.inject({ method: 'GET', url: '/configuracion/tipos' })).body).toContain('<title>admin</title>');

      for (const url of ['/api/v1/nada', '/API/V1/nada', '//api/v1/nada', '/api//v1/nada', '/%61pi/v1/nada', '/Api/V1/Nada/', '/api%2Fv1/nada', '/API']) {
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(404);
        expect(response.headers['content-type'], url).toContain('application/json');
        expect(response.json().error.code, url).toBe('NotFound');
      }
      expect((await app.inject({ method: 'GET', url: '/API/V1/users/' })).statusCode).toBe(401);
    } finally {
      await app.close();
      fs.rmSync(staticDir, { recursive: true, force: true });
    }
  });
});
