/** Which screen a path opens and who may open it: the return after sign-in and the site rows' link. */
import { describe, expect, it } from 'vitest';
import { afterSignInRoute, mayOpen, nextPathFrom, routeOf } from './routeAccess';

describe('routeOf', () => {
  it('finds the best match of the table, case-insensitively, ignoring query and hash', () => {
    const cases: Array<[string, string | undefined]> = [
      ['/portales', '/portales'],
      ['/portales?estado=inactivos', '/portales'],
      ['/portales/grupos', '/portales/grupos'],
      ['/portales/17', '/portales/:id'],
      ['/PORTALES/17#historico', '/portales/:id'],
      ['/banners/crud', '/banners/crud/:id?'],
      ['/configuracion/auditoria', '/configuracion/auditoria'],
      ['/configuracion/tipos', '/configuracion/tipos'],
      ['/login', undefined],
      ['/no-existe', undefined],
    ];
    for (const [address, path] of cases) expect(routeOf(address)?.path, address).toBe(path);
  });
});

describe('mayOpen', () => {
  it('follows the permissions of the route that opens the address', () => {
    const cases: Array<[string[], string, boolean]> = [
      [['Reports'], '/portales', true],
      [['Reports'], '/portales/7', false],
      [['Impersonate'], '/portales/7', true],
      [['Sites'], '/portales/7', true],
      [['Impersonate'], '/portales/grupos', false],
      [['Settings'], '/configuracion/auditoria', true],
      [['Sites', 'Reports'], '/configuracion/auditoria', false],
      [['Sites'], '/pagina-no-encontrada', false],
    ];
    for (const [held, address, allowed] of cases) expect(mayOpen(held, address), `${held} ${address}`).toBe(allowed);
  });
});

describe('afterSignInRoute', () => {
  it('returns to the deep link when the user may open it, otherwise to the landing route', () => {
    const cases: Array<[string[], string | undefined, string]> = [
      [['Settings'], '/configuracion/auditoria', '/configuracion/auditoria'],
      [['Sites'], '/portales?estado=inactivos&departamento=5', '/portales?estado=inactivos&departamento=5'],
      [['Reports'], '/configuracion/auditoria', '/metricas'],
      [['Reports'], '/portales/3', '/metricas'],
      [['Sites', 'Settings'], undefined, '/portales'],
      [['Settings'], '/login', '/configuracion'],
      [['Settings'], '//otro-sitio.example/configuracion', '/configuracion'],
      [['Settings'], 'https://otro-sitio.example/configuracion', '/configuracion'],
      [[], '/configuracion', '/login'],
    ];
    for (const [held, next, expected] of cases) expect(afterSignInRoute(held, next), `${held} ${next}`).toBe(expected);
  });
});

describe('nextPathFrom', () => {
  it("reads react-admin's location state after a refused visit", () => {
    const cases: Array<[unknown, string | undefined]> = [
      [{ nextPathname: '/configuracion/auditoria', nextSearch: '' }, '/configuracion/auditoria'],
      [{ nextPathname: '/portales', nextSearch: '?estado=activos' }, '/portales?estado=activos'],
      [{ nextPathname: '/portales' }, '/portales'],
      [{ passwordSaved: true }, undefined],
      [{ nextPathname: 42 }, undefined],
      [null, undefined],
      [undefined, undefined],
    ];
    for (const [state, expected] of cases) expect(nextPathFrom(state), JSON.stringify(state)).toBe(expected);
  });
});
