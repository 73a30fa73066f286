/**
 * The reference part of every declaration: name, API path, id field, area (its route, title and access), title and
 * permissions. The first chunk reads these (react-admin's <Resource>s, the route table, canAccess, the dataProvider's
 * paths) without the models — fields and yup schemas — that only the generated screens, the forms and the server need
 * (docs/decisions.md 'First-load budget'). Each declaration in resources/ spreads its reference.
 */
import { EVERYONE, GROUP_READERS, MESSAGES_AREA, permissionUnion, PORTAL_AREA, SETTINGS, SITES } from './areas';
import { defineReference, type ResourceReference } from './types';

export const siteTypesReference = defineReference({
  name: 'sitetypes',
  apiPath: '/sitetypes/',
  idField: 'id',
  area: 'settings.siteTypes',
  title: 'resources.sitetypes.title',
  permissions: { read: EVERYONE, write: SETTINGS },
});

export const procedureTypesReference = defineReference({
  name: 'proceduretypes',
  apiPath: '/proceduretypes/',
  idField: 'procedureTypeID',
  area: 'settings.procedureTypes',
  title: 'resources.proceduretypes.title',
  permissions: { read: EVERYONE, write: SETTINGS },
});

export const documentTypesReference = defineReference({
  name: 'documenttypes',
  apiPath: '/documentType',
  idField: 'documentTypeID',
  area: 'settings.documentTypes',
  title: 'resources.documenttypes.title',
  permissions: { read: EVERYONE, write: SETTINGS },
});

// Read by the messages area (ticket forms and filters) and by settings.
export const chatCategoriesReference = defineReference({
  name: 'chatcategories',
  apiPath: '/chats/categories/',
  idField: 'id',
  area: 'settings.chatCategories',
  title: 'resources.chatcategories.title',
  permissions: { read: permissionUnion(MESSAGES_AREA, SETTINGS), write: SETTINGS },
});

export const sitesReference = defineReference({
  name: 'sites',
  apiPath: '/sites/',
  idField: 'id',
  area: 'sites',
  title: 'sites.resources.sites.title',
  permissions: { read: PORTAL_AREA, write: SITES },
  routes: 'custom',
});

export const locationsReference = defineReference({
  name: 'locations',
  apiPath: '/locations/',
  idField: 'id',
  title: 'sites.resources.locations.title',
  permissions: { read: 'authenticated', write: SITES },
});

export const groupsReference = defineReference({
  name: 'groups',
  apiPath: '/sites/groups/',
  idField: 'groupID',
  area: 'sites.groups',
  title: 'sites.resources.groups.title',
  permissions: { read: GROUP_READERS, write: SITES },
});

export const superadminsReference = defineReference({
  name: 'superadmins',
  apiPath: '/users/',
  idField: 'id',
  area: 'users',
  title: 'resources.superadmins.title',
  permissions: { read: ['Users'], write: ['Users'] },
  routes: 'custom',
});

/** Read-only screen src/audit/AuditListPage, listed in the settings index after the spec's rows. */
export const auditReference = defineReference({
  name: 'audit',
  apiPath: '/audit/',
  idField: 'id',
  area: 'settings.audit',
  title: 'resources.audit.title',
  permissions: { read: SETTINGS, write: SETTINGS },
  routes: 'custom',
});

/** Every reference, in the order of resources/index.ts `resources` (tests/unit/references.test.ts). */
export const resourceReferences: readonly ResourceReference[] = [
  siteTypesReference,
  procedureTypesReference,
  documentTypesReference,
  chatCategoriesReference,
  sitesReference,
  locationsReference,
  groupsReference,
  superadminsReference,
  auditReference,
];

export function findReference(name: string): ResourceReference | undefined {
  return resourceReferences.find((reference) => reference.name === name);
}
