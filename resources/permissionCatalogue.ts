/**
 * The permission catalogue (spec 01 §6, `GET /permissions`): the nine rows of the `permissions` table. Its route is
 * hand-written (server/routes/auth.ts, with `meta.total`); the declaration gives superadmins' `permissions` link its
 * target table, id and display field.
 */
import { permissionsReference } from './references';
import { defineCustomResource } from './types';

export const permissionsResource = defineCustomResource({
  ...permissionsReference,
  table: 'permissions',
  fields: [
    { source: 'permissionID', type: 'id' },
    { source: 'name', type: 'text', maxLength: 50 },
  ],
});
