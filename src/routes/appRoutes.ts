/**
 * The route table: every route of the spec (01 §2, 02 §2, 03 §2) with the permissions that open
 * it (any one suffices) and its screen. Routes without a screen yet show UnderConstruction.
 * Declared resources add their own routes: generated ones render the generated screen.
 */
import type { LazyExoticComponent } from 'react';
import type { PermissionName } from '../../resources/permissions';
import { resources } from '../../resources/index';
import { isGeneratedResource, type AnyResourceDeclaration, type ResourceDeclaration } from '../../resources/types';
import { entityList } from '../entities';
import { AuditListPage, GeneratedResourcePage, SettingsIndexPage, SiteListPage, type Screen } from './lazyScreen';

export interface AppRoute {
  path: string;
  /** i18n key of the section title. */
  title: string;
  permissions: readonly PermissionName[];
  /** Absent: the UnderConstruction panel. */
  screen?: Screen | LazyExoticComponent<Screen>;
  declaration?: ResourceDeclaration;
}

const SITES_AREA: readonly PermissionName[] = ['Sites', 'Impersonate', 'Reports'];
const SETTINGS: readonly PermissionName[] = ['Settings'];

export const STATIC_ROUTES: readonly AppRoute[] = [
  // Portal area (spec 01 §2)
  { path: '/portales', title: 'pages.sections.sites', permissions: SITES_AREA, screen: SiteListPage },
  { path: '/portales/grupos', title: 'pages.sections.site_groups', permissions: ['Sites'] },
  { path: '/portales/:id', title: 'pages.sections.site_detail', permissions: ['Sites', 'Impersonate'] },
  { path: '/administradores', title: 'pages.sections.users', permissions: ['Users', 'Reports'] },
  { path: '/administradores/eliminar', title: 'pages.sections.users_delete', permissions: SETTINGS },
  { path: '/descargar-backup/:hash', title: 'pages.sections.backup_download', permissions: ['Sites'] },
  { path: '/download/:hash', title: 'pages.sections.backup_download', permissions: ['Sites'] },
  // Global content (spec 02 §2)
  { path: '/contenidos', title: 'pages.sections.contents', permissions: ['GlobalContents'] },
  { path: '/banners', title: 'pages.sections.banners', permissions: ['GlobalBanners'] },
  { path: '/banners/crud/:id?', title: 'pages.sections.banner_form', permissions: ['GlobalBanners'] },
  { path: '/mensajes', title: 'pages.sections.messages', permissions: ['Messages', 'Tickets', 'Reports'] },
  // Reports (spec 03 §2)
  { path: '/metricas', title: 'pages.sections.metrics', permissions: ['Reports'] },
  { path: '/estadisticas', title: 'pages.sections.statistics', permissions: ['Reports'] },
  // Settings (spec 03 §2, 02 §2)
  { path: '/configuracion', title: 'pages.sections.settings', permissions: SETTINGS, screen: SettingsIndexPage },
  { path: '/configuracion/fuentes-temas', title: 'pages.sections.fonts_themes', permissions: SETTINGS },
  { path: '/configuracion/pie-pagina', title: 'pages.sections.footer', permissions: SETTINGS },
  { path: '/configuracion/textos-tramites', title: 'pages.sections.procedure_texts', permissions: SETTINGS },
  { path: '/configuracion/tooltips', title: 'pages.sections.tooltips', permissions: SETTINGS },
  { path: '/configuracion/galeria', title: 'pages.sections.gallery', permissions: SETTINGS },
  { path: '/configuracion/galery-manager', title: 'pages.sections.gallery_manager', permissions: SETTINGS },
  { path: '/configuracion/politicas-datos', title: 'pages.sections.data_policies', permissions: SETTINGS },
  { path: '/configuracion/logos/globales', title: 'pages.sections.global_logos', permissions: SETTINGS },
  { path: '/configuracion/logos/contenidos', title: 'pages.sections.content_logos', permissions: SETTINGS },
  { path: '/configuracion/menu-sitios', title: 'pages.sections.site_menu', permissions: SETTINGS },
  { path: '/configuracion/actualizar-sitios', title: 'pages.sections.update_sites', permissions: SETTINGS },
  { path: '/configuracion/exportar-reporte-correos', title: 'pages.sections.email_report', permissions: SETTINGS },
  { path: '/configuracion/actualizacion-administradores', title: 'pages.sections.admin_updates', permissions: SETTINGS },
  // Beyond the spec: the audit trail (docs/decisions.md 'Audit trail'; declaration resources/audit.ts).
  { path: '/configuracion/auditoria', title: 'resources.audit.title', permissions: SETTINGS, screen: AuditListPage },
];

/** A declaration's route: the generated screen, or UnderConstruction for a custom one not in the table yet. */
export function declarationRoute(declaration: AnyResourceDeclaration): AppRoute {
  return {
    path: declaration.route,
    title: declaration.title,
    permissions: declaration.routeAccess,
    screen: entityList(declaration.name) ?? (isGeneratedResource(declaration) ? GeneratedResourcePage : undefined),
    declaration: isGeneratedResource(declaration) ? declaration : undefined,
  };
}

const samePath = (a: string, b: string) => a.toLowerCase().replace(/\/+$/, '') === b.toLowerCase().replace(/\/+$/, '');

/** The static table plus each declaration with a route the table does not already hold. */
export function buildAppRoutes(declarations: readonly AnyResourceDeclaration[] = resources): AppRoute[] {
  const routes = [...STATIC_ROUTES];
  for (const declaration of declarations) {
    if (!declaration.route || routes.some((route) => samePath(route.path, declaration.route))) continue;
    routes.push(declarationRoute(declaration));
  }
  return routes;
}

export const appRoutes: readonly AppRoute[] = buildAppRoutes();

/** Public pages, outside the layout and without a session. /login is <Admin loginPage>. */
export const PUBLIC_PATHS = {
  home: '/',
  login: '/login',
  recovery: '/recordar-clave/:token',
  terms: '/terminos-condiciones',
  notFound: '/pagina-no-encontrada',
} as const;
