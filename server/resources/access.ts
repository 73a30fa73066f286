/** A declaration's permission requirement as a route's access (server/http/route.ts). */
import type { PermissionRequirement, ResourcePermissions } from '../../resources/types';
import type { Access } from '../http/route';

export function resourceAccess(requirement: ResourcePermissions['read'] | PermissionRequirement): Access {
  return requirement === 'authenticated' ? 'authenticated' : { permissions: requirement };
}
