/**
 * Site users (spec 01 §2 'Users' tab Usuarios, §3 'Site user'): the rows of `users` with user type 3, on the engine.
 * `GET /siteusers/` lists them (search, site filters, 20 a page, newest first), `POST /siteusers/` creates one,
 * `GET /siteuser/{id}` and `PUT /siteuser/{id}` read and edit one (docs/decisions/0017-administrators-site-users-and-deactivation.md).
 * `POST /siteusers/export/` writes every matching row in a background job; `GET /siteusers/export/?fileName=` downloads it.
 * Each write keeps the sites' `countUsers` equal to their number of site users (server/resources/services/people.ts).
 */
import { USER_IDS_FIRST_FILTERS, USER_SEARCH_WALK, USER_SITE_FILTERS, siteColumns, type UserOfSiteRecord } from './userFilters';
import { EMAIL_MAX, NAME_MAX, siteUserSchema } from './rules';
import { siteUsersReference } from '../references';
import { AREAS } from '../areas';
import { defineResource } from '../types';

export interface SiteUserRecord extends UserOfSiteRecord {
  loa: number | null;
}

/** User type of the rows (spec 01 §3 'User filter': 3 site users). */
export const SITE_USER_TYPE = 3;

export const siteUsersResource = defineResource<SiteUserRecord>({
  ...siteUsersReference,
  table: 'users',
  fields: [
    { source: 'id', type: 'id', list: false },
    { source: 'userTypeId', type: 'integer', columnType: 'smallint', readOnly: true, defaultValue: SITE_USER_TYPE, list: false, filter: false },
    { source: 'name', type: 'text', maxLength: NAME_MAX, searchable: true, storedKey: 'name_key', required: true },
    { source: 'email', type: 'email', maxLength: EMAIL_MAX, searchable: true, storedKey: 'email_key', required: true },
    { source: 'siteId', type: 'integer', required: true, list: false },
    ...siteColumns(),
    { source: 'loa', type: 'integer', columnType: 'smallint', nullable: true },
    { source: 'genderId', type: 'integer', columnType: 'smallint', nullable: true, list: false },
    { source: 'birthDate', type: 'date', columnType: 'timestamp', nullable: true, list: false },
    { source: 'deleted', type: 'boolean', readOnly: true, list: false },
    { source: 'permissions', type: 'json', column: 'site_permissions', list: false, filter: false },
    { source: 'lastLogin', type: 'datetime', readOnly: true, nullable: true, list: false },
    { source: 'createdDate', type: 'datetime', readOnly: true, nullable: false },
  ],
  schema: siteUserSchema,
  listWhere: `t.user_type_id = ${SITE_USER_TYPE}`,
  listFilters: USER_SITE_FILTERS,
  listIdsFirst: USER_IDS_FIRST_FILTERS,
  listSearchWalk: USER_SEARCH_WALK,
  listKeyset: true,
  operations: ['list', 'read', 'create', 'update'],
  // The bulk deactivation's reads, with its screen's access (/administradores/eliminar): server/resources/services/people.ts.
  views: [
    { name: 'deactivations', path: 'delete/', scope: 'collection', permissions: AREAS['users.delete'].permissions },
    { name: 'deactivationSites', path: 'delete/sites', scope: 'collection', permissions: AREAS['users.delete'].permissions },
  ],
  sort: { field: 'createdDate', order: 'DESC' },
  pageSize: 20,
  editMode: 'dialog',
  messages: { empty: 'people.siteusers.empty', updated: 'people.siteusers.updated' },
  exports: [
    {
      path: '/siteusers/export/',
      formats: ['csv'],
      background: true,
      fileName: 'exports.files.site_users',
      fields: ['id', 'name', 'email', 'siteName', 'siteType', 'parentLocation', 'childLocation', 'loa', 'createdDate'],
    },
  ],
});
