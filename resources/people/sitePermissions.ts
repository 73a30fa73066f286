/**
 * The site-permission catalogue (spec 01 §3 'Site user': permissions each with an enabled flag): the site-level
 * permissions an administrator or a site user may hold, a table with its reference rows (server/seed/reference.ts),
 * read by both edit modals. Read-only through the API: the spec draws no screen to change it.
 */
import { sitePermissionsReference } from '../references';
import { defineResource } from '../types';

export interface SitePermissionRecord {
  sitePermissionID: number;
  name: string;
}

export const sitePermissionsResource = defineResource<SitePermissionRecord>({
  ...sitePermissionsReference,
  table: 'site_permissions',
  fields: [
    { source: 'sitePermissionID', type: 'id' },
    { source: 'name', type: 'text', maxLength: 100, searchable: true },
  ],
  operations: ['list'],
  sort: { field: 'sitePermissionID', order: 'ASC' },
  pageSize: 100,
  editMode: 'dialog',
  unique: ['name'],
});
