/**
 * Which route of the area table a path opens and whether a user may open it (spec 01 §2):
 * decides the return to a deep link after sign-in and whether a link to a screen is offered.
 * It reads the area table (resources/areas.ts), the same rows src/routes/appRoutes.ts gives screens to, and not the
 * route table itself: the screens that offer links (the site list) would otherwise import the table of screens.
 */
import { matchRoutes } from 'react-router-dom';
import { AREA_LIST, isPublicArea, landingRoute } from '../../resources/areas';
import { hasAnyPermission, type PermissionName } from '../../resources/permissions';

/** A protected route: its path and who may open it. */
export interface AccessRoute {
  path: string;
  permissions: readonly PermissionName[];
}

/** The protected routes (every declaration's route is its area's: resources/types.ts `defineReference`). */
export const ACCESS_ROUTES: readonly AccessRoute[] = AREA_LIST.filter((area) => !isPublicArea(area)).map(({ path, permissions }) => ({ path, permissions }));

/** The path part of an in-app address (without ?query or #hash). */
function pathnameOf(address: string): string {
  return address.split(/[?#]/, 1)[0] ?? '';
}

/** The route of the table that opens `address` (best match, case-insensitive like the router), if any. */
export function routeOf(address: string, routes: readonly AccessRoute[] = ACCESS_ROUTES): AccessRoute | undefined {
  const matches = matchRoutes(
    routes.map((route) => ({ path: route.path })),
    pathnameOf(address),
  );
  const path = matches?.at(-1)?.route.path;
  return path === undefined ? undefined : routes.find((route) => route.path === path);
}

/** Whether a user holding `held` may open `address` (a protected screen of the table). */
export function mayOpen(held: readonly string[], address: string, routes: readonly AccessRoute[] = ACCESS_ROUTES): boolean {
  const route = routeOf(address, routes);
  return route !== undefined && hasAnyPermission(held, route.permissions);
}

/**
 * Where sign-in leads: back to the deep link the user was sent away from when they may open it,
 * otherwise the landing route. Only in-app paths count (never '//host' or a full address).
 */
export function afterSignInRoute(held: readonly string[], next: string | null | undefined, routes: readonly AccessRoute[] = ACCESS_ROUTES): string {
  if (next && next.startsWith('/') && !next.startsWith('//') && mayOpen(held, next, routes)) return next;
  return landingRoute(held);
}

/** The address a guard sent the visitor to /login from (react-admin's location state), if any. */
export function nextPathFrom(state: unknown): string | undefined {
  const { nextPathname, nextSearch } = (state ?? {}) as { nextPathname?: unknown; nextSearch?: unknown };
  if (typeof nextPathname !== 'string' || !nextPathname) return undefined;
  return `${nextPathname}${typeof nextSearch === 'string' ? nextSearch : ''}`;
}
