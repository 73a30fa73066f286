/**
 * Who may call a route (server/http/route.ts): `public` needs no token, `authenticated` any signed-in superadmin,
 * `portal` an installed site with its portal key, `monitoring` a scraper on loopback or with METRICS_TOKEN
 * (monitoringAccess.ts), otherwise holding any one listed permission. Its own module so the
 * request context and the API reference read it without loading the route machinery.
 */
import type { PermissionName } from '../../resources/permissions';

export type Access = 'public' | 'authenticated' | 'portal' | 'monitoring' | { permissions: readonly PermissionName[] };
