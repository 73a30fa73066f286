/**
 * What a route's access must be according to the declarations (resources/*): the list and record routes of a
 * declaration's `apiPath` (reads → `permissions.read`, writes → `permissions.write`), its declared actions and views
 * (`action.permissions`, default write) and exports (`export.permissions`, default read), and the other routes a
 * resource's hand-written module registers, each named with the requirement of its declaration it follows.
 * The access-matrix test compares every registered route with it, so a route whose access drifts from its
 * declaration fails.
 */
import { PERMISSION_NAMES, type PermissionName } from '../../resources/permissions';
import { isGeneratedResource, type AnyResourceDeclaration, type PermissionRequirement, type ResourceReference } from '../../resources/types';
import { API_PREFIX, type Access, type RegisteredRoute } from '../../server/http/route';

/**
 * A requirement of a declaration: its read or write permissions, who opens its screen (its area's), or `public` (a
 * public route under its path, e.g. the wizard's `POST /siterequests/`: the empty list, as an area's `[]`).
 */
export type DeclaredRequirement = 'read' | 'write' | 'route' | 'public';

/** Routes beyond a declaration's collection and record paths: `METHOD /api/v1/path` → resource and requirement. */
export type CustomRouteOwners = Record<string, { resource: string; requirement: DeclaredRequirement }>;

/** Lower case, every path parameter (`:id`, `{chatId}`) as `:`, no trailing slash. */
function shape(url: string): string {
  return url
    .toLowerCase()
    .replace(/\{[^}]+\}|:[a-z0-9_]+\??/g, ':')
    .replace(/\/+$/, '');
}

/** A declared requirement as a list: `authenticated` (any signed-in superadmin) is all nine permissions. */
const listed = (requirement: PermissionRequirement | 'authenticated'): readonly PermissionName[] =>
  requirement === 'authenticated' ? PERMISSION_NAMES : requirement;

function requirementOf(declaration: ResourceReference, requirement: DeclaredRequirement): readonly PermissionName[] {
  if (requirement === 'route') return declaration.routeAccess;
  if (requirement === 'public') return [];
  return listed(declaration.permissions[requirement]);
}

/** The declaration's requirement for one route, with where it comes from; undefined when no declaration owns the route. */
export function declaredRequirement(
  route: Pick<RegisteredRoute, 'method' | 'url'>,
  declarations: readonly AnyResourceDeclaration[],
  custom: CustomRouteOwners = {},
): { requirement: readonly PermissionName[]; source: string } | undefined {
  const label = `${route.method} ${route.url}`;
  const owner = Object.entries(custom).find(([key]) => key.split(' ')[0] === route.method && shape(key.split(' ')[1]!) === shape(route.url))?.[1];
  if (owner) {
    const declaration = declarations.find((candidate) => candidate.name === owner.resource);
    if (!declaration) throw new Error(`${label}: no declaration named ${owner.resource}`);
    return { requirement: requirementOf(declaration, owner.requirement), source: `${owner.resource} ${owner.requirement}` };
  }
  const url = shape(route.url);
  const reading = route.method === 'GET';
  for (const declaration of declarations) {
    const base = shape(`${API_PREFIX}${declaration.apiPath}`);
    if (isGeneratedResource(declaration)) {
      for (const action of declaration.actions ?? []) {
        if (action.method === route.method && shape(`${base}/${action.path}`) === url) {
          return { requirement: listed(action.permissions ?? declaration.permissions.write), source: `${declaration.name} action ${action.name}` };
        }
      }
      if (declaration.updateUnderParent && route.method === 'PUT' && shape(`${API_PREFIX}${declaration.updateUnderParent.path}`) === url) {
        return { requirement: listed(declaration.permissions.write), source: `${declaration.name} updateUnderParent` };
      }
      for (const view of declaration.views ?? []) {
        // A path starting with `/` is the view's own API path (the wizard's `/newsite/terms/`); `public` needs no permission.
        const viewPath = view.path.startsWith('/') ? shape(`${API_PREFIX}${view.path}`) : shape(`${base}/${view.path}`);
        if (reading && viewPath === url) {
          const requirement = view.access === 'public' ? [] : listed(view.permissions ?? declaration.permissions.read);
          return { requirement, source: `${declaration.name} view ${view.name}` };
        }
      }
      for (const download of declaration.exports ?? []) {
        // A POST export (filters in the body) and a background export's POST (start the job) read as well.
        const exporting = reading || (route.method === 'POST' && (download.method === 'POST' || download.background === true));
        if (exporting && shape(`${API_PREFIX}${download.path}`) === url) {
          return { requirement: listed(download.permissions ?? declaration.permissions.read), source: `${declaration.name} export` };
        }
      }
    }
    const itemBase = declaration.itemPath ? shape(`${API_PREFIX}${declaration.itemPath}`) : base;
    if (url === base || url === `${itemBase}/:`) {
      const requirement = reading ? 'read' : 'write';
      return { requirement: listed(declaration.permissions[requirement]), source: `${declaration.name} ${requirement}` };
    }
  }
  return undefined;
}

/**
 * Whether a route's access is the requirement: the same permissions, in any order. `authenticated` (any signed-in
 * superadmin, each holding at least one permission) equals a requirement listing all nine.
 */
export function accessEquals(access: Access, requirement: readonly PermissionName[]): boolean {
  if (requirement.length === 0) return access === 'public';
  const held = access === 'authenticated' ? PERMISSION_NAMES : typeof access === 'object' ? access.permissions : undefined;
  if (!held) return false;
  return held.length === requirement.length && held.every((name) => requirement.includes(name));
}

export interface AccessDrift {
  /** Routes owned by a declaration, each `METHOD url ← source`. */
  checked: string[];
  /** Routes whose access is not their declaration's, and owners of `custom` that match no route. */
  drift: string[];
}

export function accessDrift(
  routes: readonly RegisteredRoute[],
  declarations: readonly AnyResourceDeclaration[],
  custom: CustomRouteOwners = {},
): AccessDrift {
  const checked: string[] = [];
  const drift: string[] = [];
  for (const route of routes) {
    const declared = declaredRequirement(route, declarations, custom);
    if (!declared || route.access === undefined) continue;
    const label = `${route.method} ${route.url}`;
    checked.push(`${label} ← ${declared.source}`);
    if (!accessEquals(route.access, declared.requirement)) {
      const actual = typeof route.access === 'object' ? route.access.permissions.join(' | ') : route.access;
      drift.push(`${label}: ${actual}, declared ${declared.requirement.join(' | ') || 'public'} (${declared.source})`);
    }
  }
  for (const key of Object.keys(custom)) {
    const [method, url] = key.split(' ');
    if (!routes.some((route) => route.method === method && shape(route.url) === shape(url!))) drift.push(`${key}: no such route`);
  }
  return { checked, drift };
}
