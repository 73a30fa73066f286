/**
 * Who may do what in the browser, from the resource declarations (the server checks again).
 * react-admin's `canAccess({ resource, action })` and the route guard both use these rules.
 */
import { hasAnyPermission, type PermissionName } from '../resources/permissions';
import type { ResourceReference } from '../resources/types';

const READ_ACTIONS = ['list', 'show', 'read', 'export'];
const WRITE_ACTIONS = ['create', 'edit', 'delete', 'clone', 'write', 'enable', 'disable', 'sort'];

/** `authenticated`: any signed-in superadmin (a resource every screen reads, such as locations). */
export function requirementFor(declaration: ResourceReference, action: string): readonly PermissionName[] | 'authenticated' | null {
  if (action === 'access' || action === 'route') return declaration.routeAccess;
  if (READ_ACTIONS.includes(action)) return declaration.permissions.read;
  if (WRITE_ACTIONS.includes(action)) return declaration.permissions.write;
  return null;
}

/**
 * An undeclared resource is allowed (its route guard decides); a declared one follows its
 * read / write / routeAccess requirement; an unknown action on a declared resource is refused.
 */
export function canAccessResource(
  held: readonly string[],
  declarations: readonly ResourceReference[],
  params: { resource: string; action: string },
): boolean {
  const declaration = declarations.find((d) => d.name === params.resource);
  if (!declaration) return true;
  const requirement = requirementFor(declaration, params.action);
  return requirement === 'authenticated' || (requirement !== null && hasAnyPermission(held, requirement));
}
