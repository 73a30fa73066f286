/** The top menu as data (spec 01 §2 'Top menu'): each entry is shown only with one of its permissions. */
import { hasAnyPermission, type PermissionName } from '../../resources/permissions';

export interface MenuEntry {
  /** i18n key of the label. */
  label: string;
  to: string;
  permissions: readonly PermissionName[];
}

export const MENU_ENTRIES: readonly MenuEntry[] = [
  { label: 'menu.sites', to: '/portales', permissions: ['Sites', 'Impersonate', 'Reports'] },
  { label: 'menu.contents', to: '/contenidos', permissions: ['GlobalContents'] },
  { label: 'menu.banners', to: '/banners', permissions: ['GlobalBanners'] },
  { label: 'menu.users', to: '/administradores', permissions: ['Users', 'Reports'] },
  { label: 'menu.ranking', to: '/estadisticas', permissions: ['Reports'] },
  { label: 'menu.messages', to: '/mensajes', permissions: ['Messages', 'Tickets', 'Reports'] },
  { label: 'menu.settings', to: '/configuracion', permissions: ['Settings'] },
  { label: 'menu.metrics', to: '/metricas', permissions: ['Reports'] },
];

export function visibleMenuEntries(held: readonly string[], entries: readonly MenuEntry[] = MENU_ENTRIES): MenuEntry[] {
  return entries.filter((entry) => hasAnyPermission(held, entry.permissions) && entry.permissions.length > 0);
}

/** The entry of the current path (case-insensitive, longest prefix). */
export function activeEntry(pathname: string, entries: readonly MenuEntry[]): MenuEntry | undefined {
  const path = pathname.toLowerCase();
  return [...entries]
    .filter((entry) => path === entry.to || path.startsWith(`${entry.to}/`))
    .sort((a, b) => b.to.length - a.to.length)[0];
}
