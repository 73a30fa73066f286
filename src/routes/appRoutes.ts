/**
 * The route table: every protected route of the area table (resources/areas.ts: path, title, permissions) with its
 * screen. Routes without a screen yet show UnderConstruction. A route whose area a declaration names renders the
 * declaration's screen (declarationRoute); a declaration with a route outside the table adds it.
 */
import type { LazyExoticComponent } from 'react';
import { AREA_LIST, AREAS, isPublicArea, type AreaKey, type KeyedArea } from '../../resources/areas';
import type { PermissionName } from '../../resources/permissions';
import { resourceReferences } from '../../resources/references';
import { isGeneratedReference, type ResourceReference } from '../../resources/types';
import { AuditListPage, BackupDownloadPage, BannerFormPage, BannersPage, ContentsPage, DeactivationPage, GeneratedResourcePage, GroupsPage, SettingsIndexPage, SiteDetailPage, SiteListPage, UpdateSitesPage, UsersPage, type Screen } from './lazyScreen';

export interface AppRoute {
  path: string;
  /** i18n key of the section title. */
  title: string;
  permissions: readonly PermissionName[];
  /** Absent: the UnderConstruction panel. */
  screen?: Screen | LazyExoticComponent<Screen>;
  /** The generated resource the screen shows (its declaration loads with the screen: resources/references.ts). */
  resource?: string;
  /** Every generated declaration of the area when several share it (the two policy histories): shown one after the other. */
  resources?: readonly string[];
}

/** Hand-written screens by area, for areas whose declaration (if any) chooses no screen in declarationRoute. */
export const AREA_SCREENS: Partial<Record<AreaKey, Screen | LazyExoticComponent<Screen>>> = {
  sites: SiteListPage,
  'sites.groups': GroupsPage,
  'sites.detail': SiteDetailPage,
  settings: SettingsIndexPage,
  'settings.audit': AuditListPage,
  'users.delete': DeactivationPage,
  users: UsersPage,
  'settings.updateSites': UpdateSitesPage,
  backupDownload: BackupDownloadPage,
  backupDownloadLegacy: BackupDownloadPage,
  contents: ContentsPage,
  banners: BannersPage,
  'banners.form': BannerFormPage,
};

/** An area's route: its path, title and permissions, with its hand-written screen if any. */
export function areaRoute(area: KeyedArea): AppRoute {
  const screen = AREA_SCREENS[area.key];
  return { path: area.path, title: area.title, permissions: area.permissions, ...(screen ? { screen } : {}) };
}

/** The protected areas' routes, in table order (public pages are outside the layout: PUBLIC_PATHS). */
export const STATIC_ROUTES: readonly AppRoute[] = AREA_LIST.filter((area) => !isPublicArea(area)).map(areaRoute);

/**
 * A declaration's route (its area's path, title and access) and the one place its screen is chosen: the generated
 * screen, or none for a custom one (then its area's hand-written screen, or UnderConstruction).
 */
export function declarationRoute(declaration: ResourceReference): AppRoute {
  return {
    path: declaration.route,
    // A catalogue whose row is not generated yet (tests/api/catalogue-walkthrough.test.ts) keeps its own title.
    title: (declaration.area ? AREAS[declaration.area]?.title : undefined) ?? declaration.title,
    permissions: declaration.routeAccess,
    // Its area's hand-written screen (the site list, the groups, /administradores, the audit trail), else the generated one.
    screen: (declaration.area ? AREA_SCREENS[declaration.area] : undefined) ?? (isGeneratedReference(declaration) ? GeneratedResourcePage : undefined),
    resource: isGeneratedReference(declaration) ? declaration.name : undefined,
  };
}

const samePath = (a: string, b: string) => a.toLowerCase().replace(/\/+$/, '') === b.toLowerCase().replace(/\/+$/, '');

/**
 * The area routes, where a declaration with a screen names the area its screen replaces the area's, plus each
 * declaration with a route the table does not hold.
 */
export function buildAppRoutes(declarations: readonly ResourceReference[] = resourceReferences): AppRoute[] {
  const routes = [...STATIC_ROUTES];
  for (const declaration of declarations) {
    if (!declaration.route) continue;
    const index = routes.findIndex((route) => samePath(route.path, declaration.route));
    const route = declarationRoute(declaration);
    const held = index === -1 ? undefined : routes[index]!;
    if (index === -1) routes.push(route);
    // A second generated declaration on an area the generated screen already shows: both, in declaration order.
    else if (held?.resource && route.resource && held.screen === route.screen) routes[index] = { ...held, resources: [...(held.resources ?? [held.resource]), route.resource] };
    else if (route.screen) routes[index] = route;
  }
  return routes;
}

export const appRoutes: readonly AppRoute[] = buildAppRoutes();

/** Public pages, outside the layout and without a session. /login is <Admin loginPage>. */
export const PUBLIC_PATHS = {
  home: AREAS.home.path,
  login: AREAS.login.path,
  recovery: AREAS.recovery.path,
  terms: AREAS.terms.path,
  notFound: AREAS.notFound.path,
} as const;
