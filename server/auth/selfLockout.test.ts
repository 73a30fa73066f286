import { describe, expect, it } from 'vitest';
import { selfLockout } from './selfLockout';

describe('selfLockout', () => {
  const allPermissions = [1, 2, 3, 4, 5, 6, 7, 8, 9];

  it('refuses deactivating oneself', () => {
    expect(selfLockout({ actorId: 7, targetId: 7, deleted: true, permissionIds: allPermissions })).toEqual({
      target: 'deleted',
      messageKey: 'validation.superadmin.self_deactivation',
    });
  });

  it('refuses removing one\'s own Users permission', () => {
    expect(selfLockout({ actorId: 7, targetId: 7, deleted: false, permissionIds: [1, 9] })).toEqual({
      target: 'permissions',
      messageKey: 'validation.superadmin.self_users_permission',
    });
  });

  it('lets a superadmin change their own other permissions, and anyone else entirely', () => {
    expect(selfLockout({ actorId: 7, targetId: 7, deleted: false, permissionIds: [5] })).toBeNull();
    expect(selfLockout({ actorId: 7, targetId: 8, deleted: true, permissionIds: [1] })).toBeNull();
  });
});
