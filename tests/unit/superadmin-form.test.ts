import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from '../../resources/permissions';
import { initialValues, isSelf, statusAction, superadminBody, togglePermission, validateSuperadmin } from '../../src/users/superadmins/superadminForm';

const catalogue = PERMISSIONS.map((p) => ({ ...p }));

describe('superadmin form rules', () => {
  it('starts from the record, permission ids sorted', () => {
    expect(initialValues({ name: 'Ana María', email: 'ana@gov.co', permissions: [{ permissionID: 9, name: 'Settings' }, { permissionID: 1, name: 'Sites' }] })).toEqual({
      name: 'Ana María',
      email: 'ana@gov.co',
      permissionIds: [1, 9],
    });
    expect(initialValues()).toEqual({ name: '', email: '', permissionIds: [] });
  });

  it('toggles a permission and sends the spec wire shape', () => {
    const values = togglePermission(togglePermission(initialValues(), 5), 1);
    expect(values.permissionIds).toEqual([1, 5]);
    expect(togglePermission(values, 5).permissionIds).toEqual([1]);
    expect(superadminBody({ ...values, name: ' Ana María ', email: 'ANA@Gov.co ' }, catalogue)).toEqual({
      name: 'Ana María',
      email: 'ana@gov.co',
      permissions: [
        { permissionID: 1, name: 'Sites' },
        { permissionID: 5, name: 'Users' },
      ],
    });
  });

  it('gives each message of the spec', async () => {
    expect(await validateSuperadmin({ name: '', email: '', permissionIds: [] })).toEqual({
      name: 'validation.superadmin.name_required',
      email: 'validation.superadmin.email_required',
      permissions: 'validation.superadmin.permissions',
    });
    expect(await validateSuperadmin({ name: 'Ana', email: 'ana@', permissionIds: [1] })).toEqual({
      name: 'validation.superadmin.name_min',
      email: 'validation.superadmin.email_invalid',
    });
    expect((await validateSuperadmin({ name: 'x'.repeat(201), email: 'ana@gov.co', permissionIds: [1] })).name).toBe('validation.superadmin.name_max');
    expect(await validateSuperadmin({ name: 'Ana María', email: 'ana@gov.co', permissionIds: [42] })).toEqual({ permissions: 'validation.superadmin.permissions' });
    expect(await validateSuperadmin({ name: 'Ana María', email: 'ana@gov.co', permissionIds: [1] })).toEqual({});
  });

  it('never offers deactivating oneself; offers activation of an inactive one', () => {
    expect(isSelf({ id: 3 }, '3')).toBe(true);
    expect(isSelf({ id: 3 }, undefined)).toBe(false);
    expect(statusAction({ id: 3, deleted: false }, 3)).toBeNull();
    expect(statusAction({ id: 4, deleted: false }, 3)).toBe('deactivate');
    expect(statusAction({ id: 4, deleted: true }, 3)).toBe('activate');
  });
});
