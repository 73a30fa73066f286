/**
 * The authorisation matrix of the whole API (spec 01 §6, brief 'Every route checks permissions
 * server-side'): every /api/v1 route declares who may call it, and for every route the server
 * enforces that declaration: no token → 401 (except public routes), a token holding one of the
 * listed permissions → never 401/403, any other token → exactly 403. Covers every route any module
 * registers, present or future, because the list comes from the running server.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { PERMISSION_NAMES, type PermissionName } from '../../resources/permissions';
import Fastify from 'fastify';
import { registerErrorHandling } from '../../server/http/errors';
import { apiRoute, registerAccessControl, registeredRoutes, type Access, type RegisteredRoute } from '../../server/http/route';
import { bearer, createTestApp } from '../helpers/testApp';

const t = await createTestApp({ seed: 'reference' });
afterAll(async () => {
  await t.close();
});

const apiRoutes = registeredRoutes(t.app).filter(
  (route) => route.url.startsWith('/api/v1') && route.method !== 'HEAD' && route.method !== 'OPTIONS',
);
const declared = apiRoutes.filter((route): route is RegisteredRoute & { access: Access } => route.access !== undefined);

/** One token per permission, each holding only that permission. */
const tokens = new Map<PermissionName, string>();
for (const name of PERMISSION_NAMES) tokens.set(name, await t.tokenFor([name], `matriz-${name.toLowerCase()}@portales.test`));

/** A concrete URL for a route pattern: every parameter gets a dummy value (only the status class matters). */
function concreteUrl(pattern: string): string {
  return pattern
    .replace(/:([A-Za-z0-9_]+)(\([^)]*\))?/g, '999999')
    .replace(/\*/g, 'x');
}

function call(route: RegisteredRoute, token?: string) {
  const hasBody = !['GET', 'DELETE'].includes(route.method);
  return t.app.inject({
    method: route.method as 'GET',
    url: concreteUrl(route.url),
    headers: token ? bearer(token) : {},
    ...(hasBody ? { payload: {} } : {}),
    remoteAddress: '10.9.9.9',
  });
}

const label = (route: RegisteredRoute) => `${route.method} ${route.url}`;
const describeAccess = (access: Access) => (typeof access === 'string' ? access : access.permissions.join(' | '));

describe('route declarations', () => {
  it('finds the routes of the server (the registry works)', () => {
    const names = apiRoutes.map(label);
    for (const expected of ['POST /api/v1/auth/', 'GET /api/v1/auth/', 'GET /api/v1/users/:id', 'GET /api/v1/audit/', 'GET /api/v1/captcha/']) {
      expect(names).toContain(expected);
    }
  });

  it('every /api/v1 route declares its access', () => {
    const missing = apiRoutes.filter((route) => route.access === undefined).map(label);
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

  it('the registry sees a route registered without apiRoute, and the access hook refuses it (fail closed)', async () => {
    const probe = Fastify();
    registerErrorHandling(probe);
    registerAccessControl(probe);
    probe.get('/api/v1/sin-declaracion', async () => ({ ok: true }));
    apiRoute(probe, { method: 'GET', url: '/con-declaracion', access: 'public', summary: 'prueba', tags: [], handler: async () => ({ ok: true }) });
    await probe.ready();
    const seen = registeredRoutes(probe).filter((route) => route.method === 'GET');
    expect(seen).toEqual([
      { method: 'GET', url: '/api/v1/sin-declaracion', access: undefined },
      { method: 'GET', url: '/api/v1/con-declaracion', access: 'public' },
    ]);
    expect((await probe.inject({ method: 'GET', url: '/api/v1/sin-declaracion' })).statusCode).toBe(500);
    expect((await probe.inject({ method: 'GET', url: '/api/v1/con-declaracion' })).statusCode).toBe(200);
    await probe.close();
  });
});

describe.each(declared.map((route) => ({ name: `${label(route)} [${describeAccess(route.access)}]`, route })))(
  '$name',
  ({ route }) => {
    const { access } = route;

    if (access === 'public') {
      it('answers without a token (never 401/403)', async () => {
        const response = await call(route);
        expect([401, 403]).not.toContain(response.statusCode);
      });
      return;
    }

    it('refuses a call without a token with 401', async () => {
      const response = await call(route);
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('Unauthorized');
    });

    if (access === 'authenticated') {
      it('accepts any signed-in user, whatever the permission', async () => {
        for (const name of PERMISSION_NAMES) {
          // A fresh session per call: an authenticated route may end the session (logout).
          const response = await call(route, await t.tokenFor([name]));
          expect([401, 403], name).not.toContain(response.statusCode);
        }
      });
      return;
    }

    it('lets holders of a listed permission through and answers 403 to everyone else', async () => {
      const outcomes = await Promise.all(
        PERMISSION_NAMES.map(async (name) => ({ name, status: (await call(route, tokens.get(name))).statusCode })),
      );
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
