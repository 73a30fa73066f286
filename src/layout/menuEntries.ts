/** The top menu (spec 01 §2 'Top menu'), derived from the area table: each entry shown only with one of its permissions. */
import { menuAreas } from '../../resources/areas';
import { hasAnyPermission, type PermissionName } from '../../resources/permissions';

export interface MenuEntry {
  /** i18n key of the label. */
  label: string;
  to: string;
  permissions: readonly PermissionName[];
}

export const MENU_ENTRIES: readonly MenuEntry[] = menuAreas().map((area) => ({ label: area.menu!.label, to: area.path, permissions: area.permissions }));

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
