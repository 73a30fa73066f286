import { describe, expect, it } from 'vitest';
import {
  administratorSchema,
  birthDateProblem,
  birthDay,
  hasEnabledPermission,
  latestBirthDate,
  permissionsOverCatalogue,
  siteUserSchema,
} from './rules';

const errorsOf = async (schema: typeof administratorSchema | typeof siteUserSchema, value: unknown) => {
  try {
    await schema.validate(value, { abortEarly: false });
    return {};
  } catch (error) {
    return Object.fromEntries((error as { inner: { path: string; message: string }[] }).inner.map((inner) => [inner.path, inner.message]));
  }
};

const admin = {
  name: 'Ana',
  email: 'ana@entidad.gov.co',
  genderId: 0,
  birthDate: '1990-01-01',
  permissions: [{ sitePermissionID: 1, enabled: true }],
};

describe('birth date (spec 01 §5, §9: 13 years, from 1928)', () => {
  it.each([
    ['2026-11-23', '2013-11-23'],
    ['2024-02-29', '2011-02-28'],
    ['2026-01-01', '2013-01-01'],
  ])('on %s the latest allowed day is %s', (today, latest) => {
    expect(latestBirthDate(new Date(`${today}T12:00:00Z`))).toBe(latest);
  });

  it.each([
    ['2013-11-23', null],
    ['2013-11-24', 'too_young'],
    ['1928-01-01', null],
    ['1927-12-31', 'too_early'],
    ['2001-02-29', 'invalid'],
    ['23/11/2000', 'invalid'],
    [null, 'invalid'],
  ])('%s → %s', (value, problem) => {
    expect(birthDateProblem(value, new Date('2026-11-23T08:00:00Z'))).toBe(problem);
  });

  it('reads the day of an ISO timestamp', () => {
    expect(birthDay('1980-05-01T00:00:00.000Z')).toBe('1980-05-01');
    expect(birthDay('1980-05-01 00:00:00')).toBe('1980-05-01');
  });
});

describe('permissions', () => {
  it('needs one enabled', () => {
    expect(hasEnabledPermission([{ sitePermissionID: 1, enabled: false }])).toBe(false);
    expect(hasEnabledPermission([{ sitePermissionID: 1, enabled: false }, { sitePermissionID: 2, enabled: true }])).toBe(true);
    expect(hasEnabledPermission(undefined)).toBe(false);
  });

  it('spreads the user flags over the whole catalogue, in its order', () => {
    const catalogue = [
      { sitePermissionID: 1, name: 'Noticias' },
      { sitePermissionID: 2, name: 'Eventos' },
    ];
    expect(permissionsOverCatalogue(catalogue, [{ sitePermissionID: 2, enabled: true }])).toEqual([
      { sitePermissionID: 1, name: 'Noticias', enabled: false },
      { sitePermissionID: 2, name: 'Eventos', enabled: true },
    ]);
  });
});

describe('administrator update schema', () => {
  it('accepts a valid body with or without password', async () => {
    expect(await errorsOf(administratorSchema, admin)).toEqual({});
    expect(await errorsOf(administratorSchema, { ...admin, password: 'secreto', confirmPassword: 'secreto' })).toEqual({});
  });

  it.each([
    [{ name: '' }, 'name', 'people.validation.name_required'],
    [{ name: 'x'.repeat(101) }, 'name', 'people.validation.name_max'],
    [{ email: 'A@B' }, 'email', 'people.validation.email_invalid'],
    [{ email: `${'a'.repeat(145)}@b.com` }, 'email', 'people.validation.email_max'],
    [{ genderId: undefined }, 'genderId', 'people.validation.gender_required'],
    [{ birthDate: undefined }, 'birthDate', 'people.validation.birth_date_required'],
    [{ birthDate: '1900-01-01' }, 'birthDate', 'people.validation.birth_date_too_early'],
    [{ password: '12345', confirmPassword: '12345' }, 'password', 'people.validation.password_min'],
    [{ password: 'x'.repeat(51), confirmPassword: 'x'.repeat(51) }, 'password', 'people.validation.password_max'],
    [{ password: '123456', confirmPassword: '654321' }, 'confirmPassword', 'people.validation.password_mismatch'],
    [{ password: '', confirmPassword: 'algo' }, 'confirmPassword', 'people.validation.password_mismatch'],
    [{ permissions: [{ sitePermissionID: 1, enabled: false }] }, 'permissions', 'people.validation.permissions_required'],
  ])('%j → %s: %s', async (change, path, message) => {
    expect((await errorsOf(administratorSchema, { ...admin, ...change }))[path]).toBe(message);
  });
});

describe('site user schema', () => {
  const siteUser = { name: 'José', email: 'jose@correo.co', siteId: 4, genderId: null, birthDate: null, loa: null, permissions: [{ sitePermissionID: 3, enabled: true }] };

  it('gender and birth date may be empty; gender is null, 0, 1 or 2', async () => {
    expect(await errorsOf(siteUserSchema, siteUser)).toEqual({});
    for (const genderId of [0, 1, 2]) expect(await errorsOf(siteUserSchema, { ...siteUser, genderId })).toEqual({});
    expect((await errorsOf(siteUserSchema, { ...siteUser, genderId: 3 })).genderId).toBe('people.validation.gender_required');
  });

  it('needs a site and one enabled permission', async () => {
    const errors = await errorsOf(siteUserSchema, { ...siteUser, siteId: undefined, permissions: [{ sitePermissionID: 3, enabled: false }] });
    expect(errors).toEqual({ siteId: 'people.validation.site_required', permissions: 'people.validation.site_user_permissions' });
  });
});
