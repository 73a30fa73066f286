/**
 * Who may call a route (server/http/route.ts): `public` needs no token, `authenticated` any signed-in superadmin,
 * `portal` an installed site with its portal key, otherwise holding any one listed permission. Its own module so the
 * request context and the API reference read it without loading the route machinery.
 */
import type { PermissionName } from '../../resources/permissions';

export type Access = 'public' | 'authenticated' | 'portal' | { permissions: readonly PermissionName[] };
