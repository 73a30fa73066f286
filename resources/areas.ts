/**
 * The area table: every client route of the three specs (01 §2, 02 §2, 03 §2) with its title, the permissions that
 * open it (any one suffices), its top-menu entry, its row in the settings index, its place in the landing order and
 * the index its 'Atrás' button goes back to. The route table, the menu, the settings index, the landing route, the
 * resource declarations' screens and the server's area-wide permission lists are all derived from it.
 * Pure data and functions: imported by the browser and by the server.
 */
import { CATALOGUE_AREAS } from './generated/catalogueScreens';
import { hasAnyPermission, PERMISSION_NAMES, type PermissionName } from './permissions';

export interface Area {
  /** Client route as react-router writes it (`:id`, `:id?`). */
  path: string;
  /** i18n key of the section title. */
  title: string;
  /** Who may open it (any one suffices); empty: a public page, outside the layout and without a session. */
  permissions: readonly PermissionName[];
  /** Entry of the top menu (spec 01 §2 'Top menu'): label key and position from the left. */
  menu?: { label: string; position: number };
  /** Row of the settings index /configuracion (spec 03 §2): position from the top, title and description keys. */
  settings?: { position: number; title: string; description: string };
  /**
   * Places in the landing order (spec 01 §2, 02 §2): after sign-in and after a failed permission check the user goes
   * to the first position whose permissions they hold. An area may hold several places (/portales: Sites first,
   * Impersonate last).
   */
  landing?: readonly { position: number; permissions: readonly PermissionName[] }[];
  /** Key of the area its 'Atrás' button leads back to (spec 03 §2: every settings sub-page goes back to the index). */
  parent?: string;
}

// Permission sets shared by several areas or by the server's routes: named once here.
/** The portal area: /portales and its menu entry (spec 01 §2). */
export const PORTAL_AREA: readonly PermissionName[] = ['Sites', 'Impersonate', 'Reports'];
export const SITES: readonly PermissionName[] = ['Sites'];
export const USERS_AREA: readonly PermissionName[] = ['Users', 'Reports'];
export const MESSAGES_AREA: readonly PermissionName[] = ['Messages', 'Tickets', 'Reports'];
export const SETTINGS: readonly PermissionName[] = ['Settings'];
export const REPORTS: readonly PermissionName[] = ['Reports'];
export const CONTENTS: readonly PermissionName[] = ['GlobalContents'];
export const BANNERS: readonly PermissionName[] = ['GlobalBanners'];
/** 'Descarga' and 'Descargar solicitudes' of the site list (spec 01 'Site list'): the browser's buttons and the server's exports. */
export const SITE_EXPORTERS: readonly PermissionName[] = ['Sites', 'Reports'];
/** Every signed-in superadmin (each holds at least one permission): shared look-ups such as locations and catalogues. */
export const EVERYONE: readonly PermissionName[] = PERMISSION_NAMES;

/**
 * The areas whose screens target portals by group (the audience of contents, banners, logos, mass e-mail, reports
 * and bulk deactivation, and the portal and user filters): who may look groups up. Tickets alone targets nothing.
 */
export const GROUP_READERS: readonly PermissionName[] = permissionUnion(PORTAL_AREA, USERS_AREA, CONTENTS, BANNERS, ['Messages'], SETTINGS);

const settingsRow = (position: number, key: string) => ({
  position,
  title: `settings.entries.${key}.title`,
  description: `settings.entries.${key}.description`,
});

/**
 * A settings sub-page that shows a declared resource: its title and its index row are the resource's texts
 * (`resources.<name>.title`, `resources.<name>.description`). The catalogues' rows are built by it too (resources/catalogue.ts).
 */
export const resourceSettingsPage = (path: string, resourceName: string, position: number) => ({
  path,
  title: `resources.${resourceName}.title`,
  permissions: SETTINGS,
  settings: { position, title: `resources.${resourceName}.title`, description: `resources.${resourceName}.description` },
  parent: 'settings',
});

/** The rows written here; the catalogues' rows are generated from their declarations (resources/catalogue.ts). */
export const WRITTEN_AREAS = {
  // Public pages (spec 01 §2): no session, outside the layout.
  home: { path: '/', title: 'pages.home.title', permissions: [] },
  login: { path: '/login', title: 'auth.login.title', permissions: [] },
  recovery: { path: '/recordar-clave/:token', title: 'auth.recovery.title', permissions: [] },
  terms: { path: '/terminos-condiciones', title: 'pages.terms.title', permissions: [], settings: settingsRow(17, 'terms') },
  notFound: { path: '/pagina-no-encontrada', title: 'pages.not_found.title', permissions: [] },

  // Portal area (spec 01 §2)
  sites: {
    path: '/portales',
    title: 'pages.sections.sites',
    permissions: PORTAL_AREA,
    menu: { label: 'menu.sites', position: 1 },
    landing: [
      { position: 1, permissions: ['Sites'] },
      { position: 8, permissions: ['Impersonate'] },
    ],
  },
  'sites.groups': { path: '/portales/grupos', title: 'pages.sections.site_groups', permissions: SITES },
  'sites.detail': { path: '/portales/:id', title: 'pages.sections.site_detail', permissions: ['Sites', 'Impersonate'] },
  users: {
    path: '/administradores',
    title: 'pages.sections.users',
    permissions: USERS_AREA,
    menu: { label: 'menu.users', position: 4 },
    landing: [{ position: 4, permissions: ['Users'] }],
  },
  'users.delete': {
    path: '/administradores/eliminar',
    title: 'pages.sections.users_delete',
    permissions: SETTINGS,
    settings: settingsRow(13, 'users_delete'),
    parent: 'settings',
  },
  backupDownload: { path: '/descargar-backup/:hash', title: 'pages.sections.backup_download', permissions: SITES },
  backupDownloadLegacy: { path: '/download/:hash', title: 'pages.sections.backup_download', permissions: SITES },

  // Global content and messages (spec 02 §2)
  contents: {
    path: '/contenidos',
    title: 'pages.sections.contents',
    permissions: CONTENTS,
    menu: { label: 'menu.contents', position: 2 },
    landing: [{ position: 2, permissions: CONTENTS }],
  },
  banners: {
    path: '/banners',
    title: 'pages.sections.banners',
    permissions: BANNERS,
    menu: { label: 'menu.banners', position: 3 },
    landing: [{ position: 3, permissions: BANNERS }],
  },
  'banners.form': { path: '/banners/crud/:id?', title: 'pages.sections.banner_form', permissions: BANNERS },
  messages: {
    path: '/mensajes',
    title: 'pages.sections.messages',
    permissions: MESSAGES_AREA,
    menu: { label: 'menu.messages', position: 6 },
    landing: [{ position: 5, permissions: ['Messages', 'Tickets'] }],
  },

  // Reports (spec 03 §2)
  metrics: {
    path: '/metricas',
    title: 'pages.sections.metrics',
    permissions: REPORTS,
    menu: { label: 'menu.metrics', position: 8 },
    landing: [{ position: 7, permissions: REPORTS }],
  },
  statistics: { path: '/estadisticas', title: 'pages.sections.statistics', permissions: REPORTS, menu: { label: 'menu.ranking', position: 5 } },

  // Settings (spec 03 §2, 02 §2): the index and its sub-pages, in the index's order; the catalogues' pages come from
  // their declarations (resources/catalogues/, written into resources/generated/catalogueScreens.ts).
  settings: {
    path: '/configuracion',
    title: 'pages.sections.settings',
    permissions: SETTINGS,
    menu: { label: 'menu.settings', position: 7 },
    landing: [{ position: 6, permissions: SETTINGS }],
  },
  'settings.fontsThemes': { path: '/configuracion/fuentes-temas', title: 'pages.sections.fonts_themes', permissions: SETTINGS, settings: settingsRow(1, 'fonts_themes'), parent: 'settings' },
  'settings.footer': { path: '/configuracion/pie-pagina', title: 'pages.sections.footer', permissions: SETTINGS, settings: settingsRow(4, 'footer'), parent: 'settings' },
  'settings.procedureTexts': { path: '/configuracion/textos-tramites', title: 'pages.sections.procedure_texts', permissions: SETTINGS, settings: settingsRow(5, 'procedure_texts'), parent: 'settings' },
  'settings.tooltips': { path: '/configuracion/tooltips', title: 'pages.sections.tooltips', permissions: SETTINGS, settings: settingsRow(6, 'tooltips'), parent: 'settings' },
  'settings.gallery': { path: '/configuracion/galeria', title: 'pages.sections.gallery', permissions: SETTINGS, settings: settingsRow(8, 'gallery'), parent: 'settings' },
  'settings.galleryManager': { path: '/configuracion/galery-manager', title: 'pages.sections.gallery_manager', permissions: SETTINGS, parent: 'settings' },
  'settings.dataPolicies': { path: '/configuracion/politicas-datos', title: 'pages.sections.data_policies', permissions: SETTINGS, settings: settingsRow(9, 'data_policies'), parent: 'settings' },
  'settings.globalLogos': { path: '/configuracion/logos/globales', title: 'pages.sections.global_logos', permissions: SETTINGS, settings: settingsRow(10, 'global_logos'), parent: 'settings' },
  'settings.contentLogos': { path: '/configuracion/logos/contenidos', title: 'pages.sections.content_logos', permissions: SETTINGS, settings: settingsRow(11, 'content_logos'), parent: 'settings' },
  'settings.siteMenu': { path: '/configuracion/menu-sitios', title: 'pages.sections.site_menu', permissions: SETTINGS, settings: settingsRow(12, 'site_menu'), parent: 'settings' },
  // 13: /administradores/eliminar ('users.delete'), 17: /terminos-condiciones ('terms').
  'settings.updateSites': { path: '/configuracion/actualizar-sitios', title: 'pages.sections.update_sites', permissions: SETTINGS, settings: settingsRow(14, 'update_sites'), parent: 'settings' },
  'settings.emailReport': { path: '/configuracion/exportar-reporte-correos', title: 'pages.sections.email_report', permissions: SETTINGS, settings: settingsRow(15, 'email_report'), parent: 'settings' },
  'settings.adminUpdates': {
    path: '/configuracion/actualizacion-administradores',
    title: 'pages.sections.admin_updates',
    permissions: SETTINGS,
    settings: settingsRow(16, 'admin_updates'),
    parent: 'settings',
  },
  // The settings the spec opens inline from the index (spec 03 §2), each a sub-page of its own (docs/decisions/0033-platform-settings.md).
  'settings.values': resourceSettingsPage('/configuracion/valores', 'platformsettings', 20),
  'settings.terms': resourceSettingsPage('/configuracion/terminos', 'policyterms', 21),
  'settings.dataTreatmentTerms': resourceSettingsPage('/configuracion/tratamiento-datos', 'datatreatmentterms', 22),
  'settings.siteRequestText': resourceSettingsPage('/configuracion/texto-solicitud', 'siterequesttext', 23),
  'settings.govco': resourceSettingsPage('/configuracion/barra-govco', 'govco', 24),
  'settings.pqrds': resourceSettingsPage('/configuracion/pqrds', 'pqrds', 25),
  'settings.termsAcceptances': resourceSettingsPage('/configuracion/aceptaciones-terminos', 'termsacceptances', 26),
  // After the spec's rows: the audit trail (beyond the spec: docs/decisions/0010-audit-trail.md).
  'settings.audit': resourceSettingsPage('/configuracion/auditoria', 'audit', 19),
} satisfies Record<string, Area>;

export const AREAS = { ...WRITTEN_AREAS, ...CATALOGUE_AREAS } satisfies Record<string, Area>;

export type AreaKey = keyof typeof AREAS;

export interface KeyedArea extends Area {
  key: AreaKey;
}

/** Every area in table order. */
export const AREA_LIST: readonly KeyedArea[] = Object.entries(AREAS).map(([key, area]) => ({ key: key as AreaKey, ...(area as Area) }));

export function areaOf(key: AreaKey): Area {
  return AREAS[key];
}

/** The union of permission sets, each name once, in the order of PERMISSION_NAMES. */
export function permissionUnion(...sets: (readonly PermissionName[])[]): readonly PermissionName[] {
  return PERMISSION_NAMES.filter((name) => sets.some((set) => set.includes(name)));
}

export function isPublicArea(area: Area): boolean {
  return area.permissions.length === 0;
}

// ---------------------------------------------------------------------------------------------------------
// Derivations

/** The top menu: the areas with a menu entry, by position (spec 01 §2 'Top menu'). */
export function menuAreas(areas: readonly KeyedArea[] = AREA_LIST): KeyedArea[] {
  return areas.filter((area) => area.menu).sort((a, b) => a.menu!.position - b.menu!.position);
}

/** The rows of the settings index, by position (spec 03 §2). */
export function settingsAreas(areas: readonly KeyedArea[] = AREA_LIST): KeyedArea[] {
  return areas.filter((area) => area.settings).sort((a, b) => a.settings!.position - b.settings!.position);
}

export interface LandingStep {
  permissions: readonly PermissionName[];
  route: string;
}

/** The landing order (spec 01 §2): each area's places, by position. */
export function landingOrder(areas: readonly KeyedArea[] = AREA_LIST): LandingStep[] {
  return areas
    .flatMap((area) => (area.landing ?? []).map((place) => ({ position: place.position, permissions: place.permissions, route: area.path })))
    .sort((a, b) => a.position - b.position)
    .map(({ permissions, route }) => ({ permissions, route }));
}

export const LANDING_ORDER: readonly LandingStep[] = landingOrder();

/** Where a user holding `held` lands after sign-in or a failed permission check; /login when nowhere. */
export function landingRoute(held: readonly string[]): string {
  return LANDING_ORDER.find((step) => hasAnyPermission(held, step.permissions))?.route ?? AREAS.login.path;
}

const normalisedPath = (path: string) => path.toLowerCase().replace(/\/+$/, '') || '/';

/** Whether `pathname` is a path of the route `pattern` (case-insensitive, trailing slash ignored, `:param` and `:param?`). */
export function matchesAreaPath(pattern: string, pathname: string): boolean {
  const wanted = normalisedPath(pattern).split('/');
  const given = normalisedPath(pathname).split('/');
  if (given.length > wanted.length) return false;
  return wanted.every((segment, index) => {
    const value = given[index];
    if (segment.endsWith('?') && segment.startsWith(':')) return value === undefined || value !== '';
    if (value === undefined) return false;
    return segment.startsWith(':') ? value !== '' : segment === value;
  });
}

/** The area whose path `pathname` is; a literal path wins over a parameter (`/portales/grupos` over `/portales/:id`). */
export function areaAt(pathname: string, areas: readonly KeyedArea[] = AREA_LIST): KeyedArea | undefined {
  const matching = areas.filter((area) => matchesAreaPath(area.path, pathname));
  const literal = (area: KeyedArea) => area.path.split('/').filter((segment) => !segment.startsWith(':')).length;
  return matching.sort((a, b) => literal(b) - literal(a))[0];
}

/** The path the 'Atrás' button of `pathname` leads to, when its area has a parent. */
export function parentPathOf(pathname: string, areas: readonly KeyedArea[] = AREA_LIST): string | undefined {
  const parent = areaAt(pathname, areas)?.parent;
  return parent === undefined ? undefined : areas.find((area) => area.key === parent)?.path;
}

/** What a resource declaration takes from its area: its screen's route, who opens it and its parent. */
export function screenOfArea(key: AreaKey | undefined): AreaScreen {
  return key === undefined ? { route: '', routeAccess: [] } : screenOf(AREAS[key]);
}

export interface AreaScreen {
  route: string;
  routeAccess: readonly PermissionName[];
  parentRoute?: string;
}

/** The screen facts of an area row, whether or not the table holds it yet (a catalogue's own row: resources/catalogue.ts). */
export function screenOf(area: Area): AreaScreen {
  const parent = area.parent === undefined ? undefined : (AREAS as Record<string, Area>)[area.parent]?.path;
  return { route: area.path, routeAccess: area.permissions, ...(parent === undefined ? {} : { parentRoute: parent }) };
}
