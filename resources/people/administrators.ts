/**
 * Site administrators (spec 01 §2 'Users' tab Administradores, §3 'User' and 'Site administrator update'): the rows of
 * `users` with user type 1, on the engine. `GET /usermain/` lists them (search by name or e-mail, the site filters,
 * 20 a page, newest first), `GET /usermain/{id}` reads one, and the update is `PUT /usermain/{id}` or, as the spec's
 * client calls it, `PUT /siteusers/{alias}/{id}` (the same write, scoped to the site `{alias}`: `updateUnderParent`). `POST /exportmainuser/` streams every matching row.
 * The password is write-only: the service stores its argon2 hash (docs/decisions/0017-administrators-site-users-and-deactivation.md).
 */
import { USER_IDS_FIRST_FILTERS, USER_SEARCH_WALK, USER_SITE_FILTERS, siteColumns, type UserOfSiteRecord } from './userFilters';
import { ADMIN_TYPES, administratorSchema, NAME_MAX, EMAIL_MAX, PASSWORD_MAX } from './rules';
import { administratorsReference } from '../references';
import { defineResource } from '../types';

export interface AdministratorRecord extends UserOfSiteRecord {
  adminType: (typeof ADMIN_TYPES)[number] | null;
  isGuest: boolean;
}

/** User type of the rows (spec 01 §3 'User filter': 1 site administrators). */
export const ADMINISTRATOR_USER_TYPE = 1;

export const administratorsResource = defineResource<AdministratorRecord>({
  ...administratorsReference,
  table: 'users',
  fields: [
    { source: 'id', type: 'id', list: false },
    { source: 'userTypeId', type: 'integer', columnType: 'smallint', readOnly: true, defaultValue: ADMINISTRATOR_USER_TYPE, list: false, filter: false },
    { source: 'name', type: 'text', maxLength: NAME_MAX, searchable: true, storedKey: 'name_key', required: true },
    { source: 'email', type: 'email', maxLength: EMAIL_MAX, searchable: true, storedKey: 'email_key', required: true },
    { source: 'siteId', type: 'integer', readOnly: true, list: false },
    ...siteColumns(),
    {
      source: 'adminType',
      type: 'enum',
      choices: ADMIN_TYPES.map((id) => ({ id })),
      nullable: true,
      columnLength: 30,
    },
    { source: 'genderId', type: 'integer', columnType: 'smallint', nullable: true, list: false },
    { source: 'birthDate', type: 'date', columnType: 'timestamp', nullable: true, list: false },
    { source: 'password', type: 'text', column: 'password_hash', maxLength: PASSWORD_MAX, nullable: true, writeOnly: true, list: false },
    { source: 'isGuest', type: 'boolean' },
    { source: 'deleted', type: 'boolean' },
    { source: 'permissions', type: 'json', column: 'site_permissions', nullable: false, defaultValue: [], list: false, filter: false },
    { source: 'lastLogin', type: 'datetime', readOnly: true, nullable: true, list: false },
    { source: 'createdDate', type: 'datetime', readOnly: true, nullable: false },
    // The bulk deactivation that turned `deleted` on, while nothing else changed it since (a trigger clears it): its undo
    // restores exactly these rows (server/users/deactivation.ts).
    { source: 'deactivatedByJob', type: 'integer', columnType: 'bigint', hidden: true },
  ],
  schema: administratorSchema,
  listWhere: `t.user_type_id = ${ADMINISTRATOR_USER_TYPE}`,
  listFilters: USER_SITE_FILTERS,
  listIdsFirst: USER_IDS_FIRST_FILTERS,
  listSearchWalk: USER_SEARCH_WALK,
  listKeyset: true,
  operations: ['list', 'read', 'update'],
  // The spec's client updates an administrator under its site's alias: PUT /siteusers/{alias}/{id}.
  updateUnderParent: { path: '/siteusers/{alias}/{id}', param: 'alias', resource: 'sites', key: 'alias', field: 'siteId' },
  sort: { field: 'createdDate', order: 'DESC' },
  pageSize: 20,
  editMode: 'dialog',
  messages: { empty: 'people.administrators.empty', updated: 'people.administrators.updated' },
  exports: [
    {
      path: '/exportmainuser/',
      method: 'POST',
      formats: ['csv', 'xlsx'],
      fileName: 'exports.files.administrators',
      fields: ['id', 'name', 'email', 'adminType', 'siteName', 'siteType', 'parentLocation', 'childLocation', 'isGuest', 'deleted', 'lastLogin', 'createdDate'],
    },
  ],
});
