import { describe, expect, it } from 'vitest';
import { ValidationError } from 'yup';
import { superadminSchema, superadminsResource } from './superadmins';

async function errorsOf(body: unknown): Promise<Record<string, string>> {
  try {
    await superadminSchema.validate(body, { abortEarly: false });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return Object.fromEntries(error.inner.map((inner) => [inner.path ?? '', String(inner.message)]));
  }
}

const valid = { name: 'Laura Gómez', email: 'laura@portales.gov.co', permissions: [{ permissionID: 5, name: 'Users' }] };

describe('superadminSchema', () => {
  it('accepts a valid superadmin, normalising the e-mail and bare permission ids', async () => {
    expect(await errorsOf(valid)).toEqual({});
    const cast = await superadminSchema.validate({ ...valid, email: ' Laura@Portales.GOV.co ', permissions: [1, 9] });
    expect(cast.email).toBe('laura@portales.gov.co');
    // The engine stores ids: objects and bare ids alike become the sorted ids.
    expect(cast.permissions).toEqual([1, 9]);
  });

  it('gives the spec messages (as i18n keys)', async () => {
    expect(await errorsOf({ ...valid, name: 'Ana' })).toEqual({ name: 'validation.superadmin.name_min' });
    expect(await errorsOf({ ...valid, name: '  ' })).toEqual({ name: 'validation.superadmin.name_required' });
    expect(await errorsOf({ ...valid, email: '' })).toEqual({ email: 'validation.superadmin.email_required' });
    expect(await errorsOf({ ...valid, email: 'ana@' })).toEqual({ email: 'validation.superadmin.email_invalid' });
    expect(await errorsOf({ ...valid, permissions: [] })).toEqual({ permissions: 'validation.superadmin.permissions' });
  });

  it('has no password: the API refuses one (server/auth/superadminRules.ts), validation strips it', async () => {
    expect(await superadminSchema.validate({ ...valid, password: 'secreto-1' }, { stripUnknown: true })).not.toHaveProperty('password');
  });
});

describe('superadminsResource', () => {
  it('is an engine declaration at /users/, read and written with Users, shown with Users or Reports', () => {
    expect(superadminsResource.routes).toBeUndefined();
    expect(superadminsResource.operations).toEqual(['list', 'read', 'create', 'update']);
    expect(superadminsResource).toMatchObject({
      name: 'superadmins',
      apiPath: '/users/',
      idField: 'id',
      route: '/administradores',
      routeAccess: ['Users', 'Reports'],
      permissions: { read: ['Users'], write: ['Users'] },
    });
  });
});
