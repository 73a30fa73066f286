/**
 * The tabs of /administradores (spec 01 §2 'Users'): Superadministradores only with Users; Administradores and Usuarios
 * for everyone who opens the page (Users or Reports). With Users the page opens on superadmins, otherwise on
 * administrators. The tab is kept in the address (`?tab=`), so a reload or a shared link opens the same one.
 */
import { hasAnyPermission } from '../../resources/permissions';

export type UsersTab = 'superadministradores' | 'administradores' | 'usuarios';

export const USERS_TAB_PARAM = 'tab';

/** The tabs a holder of `held` sees, in order. */
export function usersTabs(held: readonly string[]): UsersTab[] {
  return [...(hasAnyPermission(held, ['Users']) ? (['superadministradores'] as const) : []), 'administradores', 'usuarios'];
}

/** The tab shown: the address's when the holder sees it, else the first one (superadmins with Users). */
export function currentUsersTab(held: readonly string[], requested: string | null): UsersTab {
  const tabs = usersTabs(held);
  return tabs.find((tab) => tab === requested) ?? tabs[0]!;
}

export const USERS_TAB_LABELS: Record<UsersTab, string> = {
  superadministradores: 'users.tabs.superadmins',
  administradores: 'users.tabs.administrators',
  usuarios: 'users.tabs.siteUsers',
};
