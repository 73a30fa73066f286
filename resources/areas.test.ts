/** The area table and what is derived from it: menu, settings index, landing order, parents, paths, declarations' screens. */
import { describe, expect, it } from 'vitest';
import { spanishMessages } from '../i18n/es';
import { CATALOGUE_AREAS } from './generated/catalogueScreens';
import {
  AREA_LIST,
  AREAS,
  areaAt,
  GROUP_READERS,
  LANDING_ORDER,
  landingRoute,
  matchesAreaPath,
  menuAreas,
  WRITTEN_AREAS,
  parentPathOf,
  permissionUnion,
  screenOfArea,
  settingsAreas,
  type KeyedArea,
} from './areas';
import { resources } from './index';
import { hasAnyPermission, PERMISSION_NAMES, type PermissionName } from './permissions';

const messageAt = (key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], spanishMessages);

describe('the area table', () => {
  it("gives a catalogue's generated row a key of its own: none replaces a written row", () => {
    expect(Object.keys(CATALOGUE_AREAS).length).toBeGreaterThan(0);
    expect(Object.keys(CATALOGUE_AREAS).filter((key) => key in WRITTEN_AREAS)).toEqual([]);
  });

  it('has unique paths, positions and a Spanish text for every key it names', () => {
    const paths = AREA_LIST.map((area) => area.path.toLowerCase());
    expect(new Set(paths).size).toBe(paths.length);
    const menuPositions = menuAreas().map((area) => area.menu!.position);
    expect(new Set(menuPositions).size).toBe(menuPositions.length);
    const settingsPositions = settingsAreas().map((area) => area.settings!.position);
    expect(new Set(settingsPositions).size).toBe(settingsPositions.length);
    const positions = LANDING_ORDER.length;
    expect(new Set(AREA_LIST.flatMap((area) => (area.landing ?? []).map((place) => place.position))).size).toBe(positions);

    const keys = AREA_LIST.flatMap((area) => [
      area.title,
      ...(area.menu ? [area.menu.label] : []),
      ...(area.settings ? [area.settings.title, area.settings.description] : []),
    ]);
    const missing = keys.filter((key) => typeof messageAt(key) !== 'string');
    expect(missing).toEqual([]);
  });

  it("names only known parents, and a landing place's permissions open the area it leads to (no redirect loop)", () => {
    for (const area of AREA_LIST) {
      if (area.parent) expect(Object.keys(AREAS), area.key).toContain(area.parent);
      for (const place of area.landing ?? []) {
        for (const permission of place.permissions) expect(area.permissions, `${area.key} ${permission}`).toContain(permission);
      }
    }
  });
});

describe('menuAreas', () => {
  it('follows the spec order of the top menu (spec 01 §2), each entry with its permissions', () => {
    expect(menuAreas().map((area) => [area.path, area.menu!.label, area.permissions])).toEqual([
      ['/portales', 'menu.sites', ['Sites', 'Impersonate', 'Reports']],
      ['/contenidos', 'menu.contents', ['GlobalContents']],
      ['/banners', 'menu.banners', ['GlobalBanners']],
      ['/administradores', 'menu.users', ['Users', 'Reports']],
      ['/estadisticas', 'menu.ranking', ['Reports']],
      ['/mensajes', 'menu.messages', ['Messages', 'Tickets', 'Reports']],
      ['/configuracion', 'menu.settings', ['Settings']],
      ['/metricas', 'menu.metrics', ['Reports']],
    ]);
  });

  it('orders by position, not by the place in the table', () => {
    const areas: KeyedArea[] = [
      { key: 'b' as never, path: '/b', title: 't', permissions: ['Sites'], menu: { label: 'b', position: 2 } },
      { key: 'x' as never, path: '/x', title: 't', permissions: ['Sites'] },
      { key: 'a' as never, path: '/a', title: 't', permissions: ['Sites'], menu: { label: 'a', position: 1 } },
    ];
    expect(menuAreas(areas).map((area) => area.path)).toEqual(['/a', '/b']);
  });
});

describe('settingsAreas', () => {
  it("lists the index's rows in the spec's order (spec 03 §2), the rows living elsewhere included", () => {
    const rows = settingsAreas().map((area) => area.path);
    expect(rows.slice(0, 3)).toEqual(['/configuracion/fuentes-temas', '/configuracion/tipos', '/configuracion/tramites-tipos']);
    expect(rows[12]).toBe('/administradores/eliminar');
    expect(rows[16]).toBe('/terminos-condiciones');
    expect(rows).not.toContain('/configuracion');
    expect(rows).not.toContain('/configuracion/galery-manager');
  });
});

describe('landingRoute', () => {
  it.each<[PermissionName[], string]>([
    [['Sites'], '/portales'],
    [['GlobalContents'], '/contenidos'],
    [['GlobalBanners'], '/banners'],
    [['Users'], '/administradores'],
    [['Messages'], '/mensajes'],
    [['Tickets'], '/mensajes'],
    [['Settings'], '/configuracion'],
    [['Reports'], '/metricas'],
    [['Impersonate'], '/portales'],
    [[], '/login'],
    [['Reports', 'GlobalBanners'], '/banners'],
    [['Impersonate', 'Reports'], '/metricas'],
    [['Settings', 'Tickets'], '/mensajes'],
    [['Users', 'GlobalContents'], '/contenidos'],
  ])('%j lands on %s', (held, expected) => {
    expect(landingRoute(held)).toBe(expected);
  });

  it('holds the eight places of the spec in order, ending with Impersonate', () => {
    expect(LANDING_ORDER.map((step) => `${step.permissions.join('|')}→${step.route}`)).toEqual([
      'Sites→/portales',
      'GlobalContents→/contenidos',
      'GlobalBanners→/banners',
      'Users→/administradores',
      'Messages|Tickets→/mensajes',
      'Settings→/configuracion',
      'Reports→/metricas',
      'Impersonate→/portales',
    ]);
  });

  it('lands every single permission on an area that permission opens', () => {
    for (const permission of PERMISSION_NAMES) {
      const landing = landingRoute([permission]);
      const area = AREA_LIST.find((candidate) => candidate.path === landing)!;
      expect(hasAnyPermission([permission], area.permissions), `${permission} → ${landing}`).toBe(true);
    }
  });
});

describe('paths and parents', () => {
  it.each<[string, string, boolean]>([
    ['/portales', '/Portales/', true],
    ['/portales/:id', '/portales/12', true],
    ['/portales/:id', '/portales', false],
    ['/portales/:id', '/portales/12/x', false],
    ['/banners/crud/:id?', '/banners/crud', true],
    ['/banners/crud/:id?', '/banners/crud/7', true],
    ['/configuracion', '/configuracion/tipos', false],
    ['/', '/', true],
  ])('%s matches %s: %s', (pattern, pathname, expected) => {
    expect(matchesAreaPath(pattern, pathname)).toBe(expected);
  });

  it('prefers a literal path to a parameter', () => {
    expect(areaAt('/portales/grupos')?.key).toBe('sites.groups');
    expect(areaAt('/portales/15')?.key).toBe('sites.detail');
    expect(areaAt('/nada')).toBeUndefined();
  });

  it.each<[string, string | undefined]>([
    ['/configuracion/tipos', '/configuracion'],
    ['/Configuracion/Pie-Pagina/', '/configuracion'],
    ['/administradores/eliminar', '/configuracion'],
    ['/configuracion/auditoria', '/configuracion'],
    ['/configuracion', undefined],
    ['/terminos-condiciones', undefined],
    ['/portales/12', undefined],
    ['/configuracion/desconocida', undefined],
  ])("%s: 'Atrás' leads to %s", (pathname, expected) => {
    expect(parentPathOf(pathname)).toBe(expected);
  });
});

describe("the declarations' screens", () => {
  it('take route, access and parent from their area', () => {
    expect(screenOfArea('settings.siteTypes')).toEqual({ route: '/configuracion/tipos', routeAccess: ['Settings'], parentRoute: '/configuracion' });
    expect(screenOfArea('sites')).toEqual({ route: '/portales', routeAccess: ['Sites', 'Impersonate', 'Reports'] });
    expect(screenOfArea(undefined)).toEqual({ route: '', routeAccess: [] });
  });

  it('every declaration with a screen names an area, and its screen facts are that area', () => {
    for (const declaration of resources) {
      if (!declaration.area) {
        expect(declaration.route, declaration.name).toBe('');
        continue;
      }
      expect({ route: declaration.route, routeAccess: declaration.routeAccess, parentRoute: declaration.parentRoute }, declaration.name).toEqual({
        parentRoute: undefined,
        ...screenOfArea(declaration.area),
      });
    }
    expect(resources.filter((declaration) => declaration.area).map((declaration) => declaration.area)).toEqual(
      expect.arrayContaining(['settings.siteTypes', 'settings.procedureTypes', 'settings.documentTypes', 'settings.chatCategories', 'sites', 'sites.groups', 'users', 'settings.audit']),
    );
  });
});

describe('permission sets', () => {
  it('unions in the order of the nine permissions, each once', () => {
    expect(permissionUnion(['Settings', 'Sites'], ['Sites', 'Reports'])).toEqual(['Sites', 'Reports', 'Settings']);
  });

  it('group readers: every area that targets portals by group, Tickets alone excluded', () => {
    expect(GROUP_READERS).toEqual(['Sites', 'Impersonate', 'Reports', 'GlobalContents', 'Users', 'GlobalBanners', 'Messages', 'Settings']);
  });
});
