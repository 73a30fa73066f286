/** Every declared resource. The server's routes, the client's screens and the menu derive from this list. */
import { auditResource } from './audit';
import { chatCategoriesResource } from './catalogues/chatcategories';
import { documentTypesResource } from './catalogues/documenttypes';
import { procedureTypesResource } from './catalogues/proceduretypes';
import { siteTypesResource } from './catalogues/sitetypes';
import { groupsResource } from './groups';
import { locationsResource } from './locations';
import { sitesResource } from './sites';
import { superadminsResource } from './superadmins';
import type { ResourceDeclaration } from './types';

export const catalogueResources: readonly ResourceDeclaration[] = [
  siteTypesResource,
  procedureTypesResource,
  documentTypesResource,
  chatCategoriesResource,
];

/** Site area resources with hand-written routes and screens. */
export const siteResources = [sitesResource, locationsResource, groupsResource] as unknown as readonly ResourceDeclaration[];

/** User area resources with hand-written routes and screens. */
export const userResources = [superadminsResource, auditResource] as unknown as readonly ResourceDeclaration[];

export const resources: readonly ResourceDeclaration[] = [...catalogueResources, ...siteResources, ...userResources];

export function findResource(name: string): ResourceDeclaration | undefined {
  return resources.find((resource) => resource.name === name);
}

export { chatCategoriesResource, documentTypesResource, procedureTypesResource, siteTypesResource };
