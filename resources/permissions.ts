/**
 * The nine permissions of the platform (spec 01 §6) and the rules that depend only on them:
 * which route a user lands on, and whether a set of held permissions satisfies a requirement.
 * Pure data and functions: imported by the browser and by the server.
 */
export const PERMISSIONS = [
  { permissionID: 1, name: 'Sites' },
  { permissionID: 2, name: 'Impersonate' },
  { permissionID: 3, name: 'Reports' },
  { permissionID: 4, name: 'GlobalContents' },
  { permissionID: 5, name: 'Users' },
  { permissionID: 6, name: 'GlobalBanners' },
  { permissionID: 7, name: 'Messages' },
  { permissionID: 8, name: 'Tickets' },
  { permissionID: 9, name: 'Settings' },
] as const;

export type PermissionName = (typeof PERMISSIONS)[number]['name'];
export const PERMISSION_NAMES: readonly PermissionName[] = PERMISSIONS.map((p) => p.name);

export interface Permission {
  permissionID: number;
  name: PermissionName;
}

/** Holding any one of `required` suffices; an empty requirement is always satisfied. */
export function hasAnyPermission(held: readonly string[], required: readonly PermissionName[]): boolean {
  return required.length === 0 || required.some((p) => held.includes(p));
}

/** Landing order after sign-in and after a failed permission check (spec 01 §2). */
export const LANDING_ORDER: ReadonlyArray<{ permissions: readonly PermissionName[]; route: string }> = [
  { permissions: ['Sites'], route: '/portales' },
  { permissions: ['GlobalContents'], route: '/contenidos' },
  { permissions: ['GlobalBanners'], route: '/banners' },
  { permissions: ['Users'], route: '/administradores' },
  { permissions: ['Messages', 'Tickets'], route: '/mensajes' },
  { permissions: ['Settings'], route: '/configuracion' },
  { permissions: ['Reports'], route: '/metricas' },
  { permissions: ['Impersonate'], route: '/portales' },
];

export function landingRoute(held: readonly string[]): string {
  return LANDING_ORDER.find((entry) => hasAnyPermission(held, entry.permissions))?.route ?? '/login';
}
