/**
 * Superadministrators (spec 01 §2 'Users', §5 'Superadmin'): platform users (`users` rows of type 2) holding a chosen
 * set of the nine permissions, on the engine: list (search over name and e-mail, 20 a page, newest first), read,
 * create and update (`deleted` deactivates). The domain rules (self-lockout, granting only what one holds, the
 * invitation link, an e-mail change) run in the resource's service (server/resources/services/superadmins.ts). There
 * is no password: it is only set through the invitation or recovery link (server/auth/superadminRules.ts).
 */
import * as yup from 'yup';
import { trimmedLowerString, trimmedString } from './text';
import { EMAIL_PATTERN } from './fieldKinds';
import { PERMISSIONS, type Permission } from './permissions';
import { superadminsReference } from './references';
import { defineResource } from './types';

export interface SuperadminRecord {
  id: number;
  name: string;
  email: string;
  deleted: boolean;
  isGuest: boolean;
  permissions: Permission[];
  lastLogin: string | null;
  createdDate: string;
}

/** Lower-case e-mail shape (spec: "lowercase e-mail pattern"). */
export const SUPERADMIN_EMAIL_PATTERN = EMAIL_PATTERN;

/** The user type (column user_type_id of the users table) of a superadmin (server/db/schema/users.ts USER_TYPE.superadmin). */
export const SUPERADMIN_USER_TYPE = 2;

const KNOWN_PERMISSION_IDS = new Set<number>(PERMISSIONS.map((permission) => permission.permissionID));

/** A permission as sent: `{ permissionID, name }` or a bare id; anything else is not a permission id. */
function permissionIdOf(value: unknown): number {
  const raw = value && typeof value === 'object' ? (value as { permissionID?: unknown }).permissionID : value;
  const id = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
  return typeof id === 'number' && Number.isInteger(id) ? id : NaN;
}

/** The permission ids of a body, without repeats and in id order (the catalogue's order). */
export function permissionIds(value: unknown): number[] {
  return Array.isArray(value) ? [...new Set(value.map(permissionIdOf))].sort((a, b) => a - b) : [];
}

export const superadminSchema = yup.object({
  name: trimmedString()
    .required('validation.superadmin.name_required')
    // Only when something was typed: an empty name gets the 'required' message alone.
    .test('min', 'validation.superadmin.name_min', (value) => !value || value.length >= 5)
    .max(200, 'validation.superadmin.name_max'),
  email: trimmedLowerString()
    .required('validation.superadmin.email_required')
    .max(200, 'validation.superadmin.email_invalid')
    .matches(SUPERADMIN_EMAIL_PATTERN, { message: 'validation.superadmin.email_invalid', excludeEmptyString: true }),
  // The engine stores ids: `{ permissionID, name }` objects and bare ids both become the sorted ids, each one of the nine.
  permissions: yup
    .array()
    .transform((value: unknown) => (Array.isArray(value) ? permissionIds(value) : value))
    .of(yup.number().required())
    .typeError('validation.superadmin.permissions')
    .required('validation.superadmin.permissions')
    .min(1, 'validation.superadmin.permissions')
    .test('known', 'validation.superadmin.permissions', (ids) => !ids || ids.every((id) => KNOWN_PERMISSION_IDS.has(id))),
  deleted: yup.boolean().typeError('validation.invalid').optional(),
});

export type SuperadminBody = yup.InferType<typeof superadminSchema>;

export const superadminsResource = defineResource<SuperadminRecord>({
  ...superadminsReference,
  table: 'users',
  fields: [
    { source: 'id', type: 'id' },
    { source: 'name', type: 'text', maxLength: 200, searchable: true, filter: false },
    { source: 'email', type: 'email', maxLength: 200, nullable: false, searchable: true, filter: false },
    { source: 'deleted', type: 'boolean' },
    { source: 'isGuest', type: 'boolean', readOnly: true, list: false },
    {
      source: 'permissions',
      type: 'manyToMany',
      reference: { resource: 'permissions', display: 'name' },
      junction: { table: 'user_permissions', record: 'user_id', target: 'permission_id' },
      expand: { id: 'permissionID' },
      filter: false,
    },
    { source: 'lastLogin', type: 'datetime', readOnly: true },
    { source: 'createdDate', type: 'datetime', readOnly: true, nullable: false },
    // The `users` table also holds site administrators and site users: only type 2 rows exist here.
    { source: 'userTypeId', type: 'integer', columnType: 'smallint', nullable: false, hidden: true, defaultValue: SUPERADMIN_USER_TYPE },
    { source: 'modifiedDate', type: 'datetime', nullable: false, hidden: true },
    // The sign-in's password hash (server/auth; administrators write theirs as `password`).
    { source: 'passwordHash', type: 'text', columnType: 'text', column: 'password_hash', nullable: true, hidden: true },
    // Spanish keys of name and e-mail, stored as sites.name_key is: the people lists order and search by them (storedKey).
    { source: 'nameKey', type: 'text', columnType: 'text', nullable: true, generated: 'spanish_key("name")', hidden: true },
    { source: 'emailKey', type: 'text', columnType: 'text', nullable: true, generated: 'spanish_key("email")', hidden: true },
  ],
  schema: superadminSchema,
  listWhere: `t.user_type_id = ${SUPERADMIN_USER_TYPE}`,
  operations: ['list', 'read', 'create', 'update'],
  // Spec 01 §2 'Users': order by recent, paging of 20.
  sort: { field: 'createdDate', order: 'DESC' },
  pageSize: 20,
  maxPageSize: 100,
  listMode: 'loadMore',
  editMode: 'dialog',
  messages: { empty: 'resources.superadmins.empty', created: 'resources.superadmins.created', updated: 'resources.superadmins.updated' },
});
