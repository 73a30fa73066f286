import { describe, expect, it } from 'vitest';
import { resources } from '../../resources/index';
import { AREA_LIST, isPublicArea, LANDING_ORDER, landingRoute } from '../../resources/areas';
import { PERMISSION_NAMES } from '../../resources/permissions';
import type { CustomResourceDeclaration } from '../../resources/types';
import { activeEntry, MENU_ENTRIES, visibleMenuEntries } from '../../src/layout/menuEntries';
import { appRoutes, AREA_SCREENS, buildAppRoutes, PUBLIC_PATHS, STATIC_ROUTES } from '../../src/routes/appRoutes';
import { AuditListPage, BannersPage, ContentsPage, GeneratedResourcePage, GroupsPage, SettingsIndexPage, SiteListPage } from '../../src/routes/lazyScreen';
import { ACCESS_ROUTES } from '../../src/routes/routeAccess';

const permissionsOf = (path: string) => appRoutes.find((route) => route.path === path)?.permissions;

describe('route table', () => {
  it('holds every route of the spec with its permissions', () => {
    const expected: Record<string, string[]> = {
      '/portales': ['Sites', 'Impersonate', 'Reports'],
      '/portales/grupos': ['Sites'],
      '/portales/:id': ['Sites', 'Impersonate'],
      '/administradores': ['Users', 'Reports'],
      '/administradores/eliminar': ['Settings'],
      '/descargar-backup/:hash': ['Sites'],
      '/download/:hash': ['Sites'],
      '/contenidos': ['GlobalContents'],
      '/banners': ['GlobalBanners'],
      '/banners/crud/:id?': ['GlobalBanners'],
      '/mensajes': ['Messages', 'Tickets', 'Reports'],
      '/metricas': ['Reports'],
      '/estadisticas': ['Reports'],
      '/configuracion': ['Settings'],
      '/configuracion/tipos': ['Settings'],
      '/configuracion/tramites-tipos': ['Settings'],
      '/configuracion/tipo-documentos': ['Settings'],
      '/configuracion/fuentes-temas': ['Settings'],
      '/configuracion/pie-pagina': ['Settings'],
      '/configuracion/textos-tramites': ['Settings'],
      '/configuracion/tooltips': ['Settings'],
      '/configuracion/galeria': ['Settings'],
      '/configuracion/galery-manager': ['Settings'],
      '/configuracion/politicas-datos': ['Settings'],
      '/configuracion/logos/globales': ['Settings'],
      '/configuracion/logos/contenidos': ['Settings'],
      '/configuracion/menu-sitios': ['Settings'],
      '/configuracion/actualizar-sitios': ['Settings'],
      '/configuracion/exportar-reporte-correos': ['Settings'],
      '/configuracion/actualizacion-administradores': ['Settings'],
    };
    for (const [path, permissions] of Object.entries(expected)) {
      expect(permissionsOf(path), path).toEqual(permissions);
    }
  });

  it('holds every protected area of the table, with its title and permissions; public pages are outside it', () => {
    for (const area of AREA_LIST) {
      const route = appRoutes.find((r) => r.path === area.path);
      if (isPublicArea(area)) expect(route, area.path).toBeUndefined();
      else expect(route, area.path).toMatchObject({ title: area.title, permissions: area.permissions });
    }
    expect(appRoutes.length).toBe(AREA_LIST.filter((area) => !isPublicArea(area)).length);
    expect(PUBLIC_PATHS).toEqual({
      home: '/',
      login: '/login',
      recovery: '/recordar-clave/:token',
      terms: '/terminos-condiciones',
      notFound: '/pagina-no-encontrada',
    });
  });

  it('gives the hand-written screens to their areas', () => {
    expect(appRoutes.find((r) => r.path === '/portales')?.screen).toBe(SiteListPage);
    expect(appRoutes.find((r) => r.path === '/configuracion')?.screen).toBe(SettingsIndexPage);
    expect(appRoutes.find((r) => r.path === '/configuracion/auditoria')?.screen).toBe(AuditListPage);
    expect(appRoutes.find((r) => r.path === '/portales/grupos')?.screen).toBe(GroupsPage);
    expect(appRoutes.find((r) => r.path === '/configuracion/tipos')?.screen).toBe(GeneratedResourcePage);
    expect(appRoutes.find((r) => r.path === '/contenidos')?.screen).toBe(ContentsPage);
    expect(appRoutes.find((r) => r.path === '/banners')?.screen).toBe(BannersPage);
    expect(appRoutes.find((r) => r.path === '/mensajes')?.screen).toBeUndefined();
  });

  it('route access (src/routes/routeAccess.ts) reads the same paths and permissions as the route table', () => {
    expect(ACCESS_ROUTES).toEqual(appRoutes.map(({ path, permissions }) => ({ path, permissions })));
  });

  it('has unique paths and a title key for each', () => {
    const paths = appRoutes.map((route) => route.path.toLowerCase());
    expect(new Set(paths).size).toBe(paths.length);
    for (const route of appRoutes) expect(route.title).toMatch(/^(pages\.sections|resources)\./);
  });

  it('generated declarations render the generated screen on their area; custom ones not in the table are added', () => {
    const generated = resources.filter((d) => d.routes !== 'custom' && d.route);
    expect(generated.length).toBeGreaterThanOrEqual(4);
    for (const declaration of generated) {
      const route = appRoutes.find((r) => r.path === declaration.route)!;
      // The area's hand-written screen (the site list, the groups), or the generated one.
      expect(route.screen).toBe((declaration.area ? AREA_SCREENS[declaration.area] : undefined) ?? GeneratedResourcePage);
      // Several declarations of one area (the two policy histories) share its generated screen, in declaration order.
      expect(route.resources ?? [route.resource]).toContain(declaration.name);
      expect(route.permissions).toEqual(declaration.routeAccess);
      expect(route.title).toBe(AREA_LIST.find((area) => area.key === declaration.area)?.title);
    }
    expect(appRoutes.find((r) => r.path === '/configuracion/politicas-datos')?.resources).toEqual(['dataProcessingHistories', 'termsConditionHistories']);
    const extra: CustomResourceDeclaration = { ...generated[0]!, name: 'x', route: '/configuracion/x', routes: 'custom' };
    const withExtra = buildAppRoutes([extra]);
    expect(withExtra.length).toBe(STATIC_ROUTES.length + 1);
    expect(withExtra.at(-1)).toMatchObject({ path: '/configuracion/x', screen: undefined });
    const duplicate: CustomResourceDeclaration = { ...extra, route: '/Portales/' };
    expect(buildAppRoutes([duplicate]).length).toBe(STATIC_ROUTES.length);
  });

  it('every landing route is opened by the permission that leads there (no redirect loop)', () => {
    for (const permission of PERMISSION_NAMES) {
      const landing = landingRoute([permission]);
      expect(permissionsOf(landing), `${permission} → ${landing}`).toContain(permission);
    }
    expect(LANDING_ORDER.length).toBe(8);
  });
});

describe('top menu entries', () => {
  it('follow the spec permissions', () => {
    expect(visibleMenuEntries(['Tickets']).map((e) => e.to)).toEqual(['/mensajes']);
    expect(visibleMenuEntries(['Impersonate']).map((e) => e.to)).toEqual(['/portales']);
    expect(visibleMenuEntries(['Users']).map((e) => e.to)).toEqual(['/administradores']);
    expect(visibleMenuEntries([])).toEqual([]);
    expect(visibleMenuEntries(PERMISSION_NAMES)).toHaveLength(MENU_ENTRIES.length);
  });

  it('each entry points to a route of the table with the same permissions', () => {
    for (const entry of MENU_ENTRIES) expect(permissionsOf(entry.to), entry.to).toEqual(entry.permissions);
  });

  it('marks the active entry case-insensitively by longest prefix', () => {
    expect(activeEntry('/Portales/12', MENU_ENTRIES)?.to).toBe('/portales');
    expect(activeEntry('/configuracion/tipos', MENU_ENTRIES)?.to).toBe('/configuracion');
    expect(activeEntry('/login', MENU_ENTRIES)).toBeUndefined();
  });
});
