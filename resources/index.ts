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
import { isGeneratedResource, type AnyResourceDeclaration, type CustomResourceDeclaration, type ResourceDeclaration } from './types';

export const catalogueResources: readonly ResourceDeclaration[] = [
  siteTypesResource,
  procedureTypesResource,
  documentTypesResource,
  chatCategoriesResource,
];

/** Site area resources: sites (hand-written routes and screens), and locations and groups on the engine. */
export const siteResources: readonly AnyResourceDeclaration[] = [sitesResource, locationsResource, groupsResource];

/** User area resources with hand-written routes and screens. */
export const userResources = [superadminsResource, auditResource] satisfies readonly CustomResourceDeclaration[];

export const resources: readonly AnyResourceDeclaration[] = [...catalogueResources, ...siteResources, ...userResources];

export function findResource(name: string): AnyResourceDeclaration | undefined {
  return resources.find((resource) => resource.name === name);
}

/** The declaration of a resource the engine generates, by name. */
export function findGeneratedResource(name: string): ResourceDeclaration | undefined {
  const found = findResource(name);
  return found && isGeneratedResource(found) ? found : undefined;
}

export { chatCategoriesResource, documentTypesResource, procedureTypesResource, siteTypesResource };
