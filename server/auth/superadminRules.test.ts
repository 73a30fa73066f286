import { describe, expect, it } from 'vitest';
import {
  emailChanged,
  grantRefusal,
  outrankedRefusal,
  passwordRefusal,
  passwordSent,
  selfChangeRefusal,
  type SelfChangeCheck,
} from './superadminRules';

const ALL = [1, 2, 3, 4, 5, 6, 7, 8, 9];

describe('passwordRefusal', () => {
  const others = { target: 'password', messageKey: 'validation.superadmin.password_by_link' };
  const own = { target: 'password', messageKey: 'validation.superadmin.own_password_by_link' };
  it.each([
    ['creating with a password', { actorId: 7, targetId: null, passwordSent: true }, others],
    ['another superadmin with a password', { actorId: 7, targetId: 8, passwordSent: true }, others],
    ['oneself with a password', { actorId: 7, targetId: 7, passwordSent: true }, own],
    ['no known caller with a password', { actorId: undefined, targetId: 7, passwordSent: true }, others],
    ['creating without a password', { actorId: 7, targetId: null, passwordSent: false }, null],
    ['another superadmin without a password', { actorId: 7, targetId: 8, passwordSent: false }, null],
    ['oneself without a password', { actorId: 7, targetId: 7, passwordSent: false }, null],
  ])('%s', (_case, check, expected) => {
    expect(passwordRefusal(check)).toEqual(expected);
  });
});

describe('selfChangeRefusal', () => {
  const held = [1, 5];
  const deactivation = { target: 'deleted', messageKey: 'validation.superadmin.self_deactivation' };
  const permissions = { target: 'permissions', messageKey: 'validation.superadmin.self_permissions' };
  const cases: Array<[string, Omit<SelfChangeCheck, 'currentPermissionIds'>, unknown]> = [
    ['deactivating oneself', { actorId: 7, targetId: 7, deleted: true, permissionIds: held }, deactivation],
    ['granting oneself every permission', { actorId: 7, targetId: 7, deleted: false, permissionIds: [1, 2, 3, 4, 5, 6, 7, 8, 9] }, permissions],
    ['granting oneself one more', { actorId: 7, targetId: 7, deleted: false, permissionIds: [1, 5, 9] }, permissions],
    ['dropping one\'s own Users permission', { actorId: 7, targetId: 7, deleted: false, permissionIds: [1] }, permissions],
    ['swapping one permission for another', { actorId: 7, targetId: 7, deleted: false, permissionIds: [2, 5] }, permissions],
    ['keeping one\'s own set, in any order', { actorId: 7, targetId: 7, deleted: false, permissionIds: [5, 1] }, null],
    ['keeping one\'s own set, repeated', { actorId: 7, targetId: 7, deleted: false, permissionIds: [5, 1, 5] }, null],
    ['changing another superadmin\'s set', { actorId: 7, targetId: 8, deleted: false, permissionIds: [1, 2, 3, 4, 5, 6, 7, 8, 9] }, null],
    ['deactivating another superadmin', { actorId: 7, targetId: 8, deleted: true, permissionIds: [1] }, null],
  ];
  it.each(cases)('%s', (_case, check, expected) => {
    expect(selfChangeRefusal({ ...check, currentPermissionIds: held })).toEqual(expected);
  });
});

describe('passwordSent', () => {
  it.each([
    [{ password: 'secreto-1' }, true],
    [{ confirmPassword: 'secreto-1' }, true],
    [{ password: 12345678 }, true],
    [{ password: '' }, false],
    [{ password: '   ', confirmPassword: '' }, false],
    [{ password: null }, false],
    [{ name: 'Sin contraseña' }, false],
    [null, false],
    ['password', false],
  ])('%j → %s', (body, expected) => {
    expect(passwordSent(body)).toBe(expected);
  });
});

describe('grantRefusal', () => {
  const refused = { target: 'permissions', messageKey: 'validation.superadmin.grant_unheld' };
  it.each([
    ['Users only granting Users', [5], [5], null],
    ['Users only granting Settings', [5], [9], refused],
    ['Users only granting Users and Settings', [5], [5, 9], refused],
    ['Users only granting all nine', [5], ALL, refused],
    ['Users and Sites granting Sites', [1, 5], [1], null],
    ['Users and Sites granting both, repeated and unordered', [1, 5], [5, 1, 5], null],
    ['Users and Sites granting Reports', [1, 5], [1, 3], refused],
    ['all nine granting all nine', ALL, ALL, null],
    ['all nine granting one', ALL, [7], null],
    ['a caller holding nothing granting one', [], [5], refused],
  ])('%s', (_case, actorPermissionIds, permissionIds, expected) => {
    expect(grantRefusal({ actorPermissionIds, permissionIds })).toEqual(expected);
  });
});

describe('outrankedRefusal', () => {
  const refused = { target: 'id', messageKey: 'validation.superadmin.outranked', status: 403 };
  it.each([
    ['Users only changing a Users-only superadmin', [5], [5], null],
    ['Users only changing a full superadmin', [5], ALL, refused],
    ['Users only changing a Settings holder', [5], [9], refused],
    ['Users only changing a superadmin holding nothing yet', [5], [], null],
    ['Users and Sites changing a Sites holder', [1, 5], [1], null],
    ['Users and Sites changing a Sites and Reports holder', [1, 5], [1, 3], refused],
    ['all nine changing a full superadmin', ALL, ALL, null],
    ['all nine changing anyone', ALL, [2, 8], null],
  ])('%s', (_case, actorPermissionIds, targetPermissionIds, expected) => {
    expect(outrankedRefusal({ actorPermissionIds, targetPermissionIds })).toEqual(expected);
  });
});

describe('emailChanged', () => {
  it.each([
    ['ana@portales.test', 'ana@portales.test', false],
    ['ana@portales.test', 'ANA@Portales.test', false],
    ['ana@portales.test', ' ana@portales.test ', false],
    ['ana@portales.test', 'ana@otro.test', true],
    ['ana@portales.test', 'ana.maria@portales.test', true],
  ])('%s → %s: %s', (before, after, expected) => {
    expect(emailChanged(before, after)).toBe(expected);
  });
});
