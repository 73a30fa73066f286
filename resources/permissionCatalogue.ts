/**
 * The permission catalogue (spec 01 §6, `GET /permissions`): the nine rows of the `permissions` table, a read-only list
 * on the engine that answers `meta.total` (`listTotal`) as the spec's call does. It is also the target of superadmins'
 * `permissions` link (its table, id and display field).
 */
import { permissionsReference } from './references';
import { defineResource } from './types';

export interface PermissionRecord {
  permissionID: number;
  name: string;
}

export const permissionsResource = defineResource<PermissionRecord>({
  ...permissionsReference,
  table: 'permissions',
  fields: [
    // The fixed ids of resources/permissions.ts, written by the seed.
    { source: 'permissionID', type: 'id', assigned: true },
    { source: 'name', type: 'text', maxLength: 50 },
  ],
  operations: ['list'],
  listTotal: true,
  sort: { field: 'permissionID', order: 'ASC' },
  // All nine in one page.
  pageSize: 100,
  editMode: 'dialog',
});
