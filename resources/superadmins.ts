/**
 * Superadministrators (spec 01 §2 'Users', §5 'Superadmin'): platform users holding a chosen set of
 * the nine permissions. Routes and screens are hand-written (server/routes/users.ts); this declaration
 * gives the dataProvider its path and id, and both sides the validation. There is no password: a superadmin's
 * password is only set through the invitation or recovery link (server/auth/superadminRules.ts).
 */
import * as yup from 'yup';
import { EMAIL_PATTERN } from './fieldKinds';
import { defineCustomResource } from './types';
import type { Permission } from './permissions';
import { superadminsReference } from './references';

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

/** A permission is sent as `{ permissionID, name }`; a bare id is accepted too. */
const permissionItem = yup
  .object({
    permissionID: yup
      .number()
      .typeError('validation.superadmin.permissions')
      .integer('validation.superadmin.permissions')
      .required('validation.superadmin.permissions'),
    name: yup.string().optional(),
  })
  .transform((value: unknown) => (typeof value === 'number' ? { permissionID: value } : value));

export const superadminSchema = yup.object({
  name: yup
    .string()
    .trim()
    .required('validation.superadmin.name_required')
    // Only when something was typed: an empty name gets the 'required' message alone.
    .test('min', 'validation.superadmin.name_min', (value) => !value || value.length >= 5)
    .max(200, 'validation.superadmin.name_max'),
  email: yup
    .string()
    .transform((value: unknown) => (typeof value === 'string' ? value.trim().toLowerCase() : value))
    .required('validation.superadmin.email_required')
    .max(200, 'validation.superadmin.email_invalid')
    .matches(SUPERADMIN_EMAIL_PATTERN, { message: 'validation.superadmin.email_invalid', excludeEmptyString: true }),
  permissions: yup
    .array()
    .of(permissionItem)
    .typeError('validation.superadmin.permissions')
    .required('validation.superadmin.permissions')
    .min(1, 'validation.superadmin.permissions'),
  deleted: yup.boolean().typeError('validation.invalid').optional(),
});

export type SuperadminBody = yup.InferType<typeof superadminSchema>;

export const superadminsResource = defineCustomResource({
  ...superadminsReference,
  table: 'users',
  fields: [
    { source: 'id', type: 'id', label: 'resources.superadmins.fields.id' },
    { source: 'name', type: 'text', label: 'resources.superadmins.fields.name', maxLength: 200, searchable: true },
    { source: 'email', type: 'email', label: 'resources.superadmins.fields.email', maxLength: 200, searchable: true },
    { source: 'deleted', type: 'boolean', label: 'resources.superadmins.fields.deleted' },
    { source: 'lastLogin', type: 'datetime', label: 'resources.superadmins.fields.lastLogin', readOnly: true },
    { source: 'createdDate', type: 'datetime', label: 'resources.superadmins.fields.createdDate', readOnly: true },
  ],
  unique: ['email'],
  messages: { empty: 'resources.superadmins.empty' },
});
