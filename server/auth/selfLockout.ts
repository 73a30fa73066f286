/**
 * A superadmin may not lock themself out: deactivating their own user, or removing their own
 * Users permission (they could no longer undo it). Another superadmin holding Users can.
 */
import { PERMISSIONS } from '../../resources/permissions';

const USERS_PERMISSION_ID = PERMISSIONS.find((permission) => permission.name === 'Users')!.permissionID;

export interface SelfLockoutCheck {
  actorId: number | undefined;
  targetId: number;
  deleted: boolean;
  permissionIds: readonly number[];
}

export function selfLockout(check: SelfLockoutCheck): { target: string; messageKey: string } | null {
  if (check.actorId !== check.targetId) return null;
  if (check.deleted) return { target: 'deleted', messageKey: 'validation.superadmin.self_deactivation' };
  if (!check.permissionIds.includes(USERS_PERMISSION_ID)) {
    return { target: 'permissions', messageKey: 'validation.superadmin.self_users_permission' };
  }
  return null;
}
