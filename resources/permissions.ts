/**
 * The nine permissions of the platform (spec 01 §6) and whether a set of held permissions satisfies a
 * requirement. Which route a user lands on is derived from the area table (resources/areas.ts).
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

/** The i18n key of a permission's Spanish name (i18n/es/users.ts); the code stays the API's name. */
export const permissionLabelKey = (name: string): string => `users.permissions.${name}.label`;
/** The i18n key of the line saying what a permission allows. */
export const permissionDescriptionKey = (name: string): string => `users.permissions.${name}.description`;
