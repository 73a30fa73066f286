/**
 * The rows of the settings index (spec 03 §2 'Settings index and sub-routes'): the spec's
 * sub-routes in the spec's order, where the catalogue rows come from the resource declarations
 * whose parentRoute is /configuracion (a new declared catalogue appears here by itself, after the
 * spec's rows).
 */
import type { ResourceReference } from '../../resources/types';

export const SETTINGS_ROUTE = '/configuracion';

export interface SettingsEntry {
  route: string;
  /** i18n keys. */
  title: string;
  description?: string;
}

/** The spec's rows that are not declared resources, keyed by route. */
const STATIC_ENTRIES: Record<string, string> = {
  '/configuracion/fuentes-temas': 'fonts_themes',
  '/configuracion/pie-pagina': 'footer',
  '/configuracion/textos-tramites': 'procedure_texts',
  '/configuracion/tooltips': 'tooltips',
  '/configuracion/galeria': 'gallery',
  '/configuracion/politicas-datos': 'data_policies',
  '/configuracion/logos/globales': 'global_logos',
  '/configuracion/logos/contenidos': 'content_logos',
  '/configuracion/menu-sitios': 'site_menu',
  '/administradores/eliminar': 'users_delete',
  '/configuracion/actualizar-sitios': 'update_sites',
  '/configuracion/exportar-reporte-correos': 'email_report',
  '/configuracion/actualizacion-administradores': 'admin_updates',
  '/terminos-condiciones': 'terms',
};

/** The spec's order of the index rows (catalogue routes included). */
export const SPEC_ORDER: readonly string[] = [
  '/configuracion/fuentes-temas',
  '/configuracion/tipos',
  '/configuracion/tramites-tipos',
  '/configuracion/pie-pagina',
  '/configuracion/textos-tramites',
  '/configuracion/tooltips',
  '/configuracion/tipo-documentos',
  '/configuracion/galeria',
  '/configuracion/politicas-datos',
  '/configuracion/logos/globales',
  '/configuracion/logos/contenidos',
  '/configuracion/menu-sitios',
  '/administradores/eliminar',
  '/configuracion/actualizar-sitios',
  '/configuracion/exportar-reporte-correos',
  '/configuracion/actualizacion-administradores',
  '/terminos-condiciones',
];

export function settingsEntries(declarations: readonly ResourceReference[]): SettingsEntry[] {
  const fromDeclarations = declarations
    .filter((declaration) => declaration.parentRoute === SETTINGS_ROUTE && declaration.route)
    .map((declaration) => ({ route: declaration.route, title: declaration.title, description: declaration.description }));
  const declared = new Set(fromDeclarations.map((entry) => entry.route));
  const fixed = Object.entries(STATIC_ENTRIES)
    .filter(([route]) => !declared.has(route))
    .map(([route, key]) => ({
      route,
      title: `settings.entries.${key}.title`,
      description: `settings.entries.${key}.description`,
    }));
  const rank = (route: string) => {
    const index = SPEC_ORDER.indexOf(route);
    return index === -1 ? SPEC_ORDER.length : index;
  };
  return [...fixed, ...fromDeclarations]
    .map((entry, position) => ({ entry, position }))
    .sort((a, b) => rank(a.entry.route) - rank(b.entry.route) || a.position - b.position)
    .map(({ entry }) => entry);
}

/**
 * The index a settings sub-page goes back to: /configuracion for any route under it and for the
 * rows of the index that live elsewhere (e.g. /administradores/eliminar); undefined otherwise.
 */
export function settingsParentOf(pathname: string): string | undefined {
  const path = pathname.toLowerCase().replace(/\/+$/, '');
  if (path.startsWith(`${SETTINGS_ROUTE}/`)) return SETTINGS_ROUTE;
  if (path !== '/terminos-condiciones' && Object.prototype.hasOwnProperty.call(STATIC_ENTRIES, path)) return SETTINGS_ROUTE;
  return undefined;
}
