/**
 * What holding Users does not allow (issue 5, "Users is not full control"):
 * - changing one's own permission set: a Users holder could grant themself all nine, or drop Users and
 *   lock themself out; another superadmin holding Users does it;
 * - deactivating oneself;
 * - setting a password directly, for another superadmin or oneself: a password is only set through the
 *   invitation or recovery link, which proves the mailbox. A direct one would let a Users holder sign in as
 *   another superadmin, and anyone holding a stolen token keep the account (docs/decisions.md, 'Superadmins').
 */

export interface Refusal {
  /** The field the refusal is shown on. */
  target: string;
  messageKey: string;
}

export interface PasswordCheck {
  actorId: number | undefined;
  /** The superadmin changed; null on creation (a new superadmin is always someone else). */
  targetId: number | null;
  passwordSent: boolean;
}

export function passwordRefusal(check: PasswordCheck): Refusal | null {
  if (!check.passwordSent) return null;
  const self = check.targetId !== null && check.actorId === check.targetId;
  return { target: 'password', messageKey: self ? 'validation.superadmin.own_password_by_link' : 'validation.superadmin.password_by_link' };
}

export interface SelfChangeCheck {
  actorId: number | undefined;
  targetId: number;
  deleted: boolean;
  /** The permission set asked for. */
  permissionIds: readonly number[];
  /** The permission set the target holds now. */
  currentPermissionIds: readonly number[];
}

export function selfChangeRefusal(check: SelfChangeCheck): Refusal | null {
  if (check.actorId !== check.targetId) return null;
  if (check.deleted) return { target: 'deleted', messageKey: 'validation.superadmin.self_deactivation' };
  if (!sameSet(check.permissionIds, check.currentPermissionIds)) {
    return { target: 'permissions', messageKey: 'validation.superadmin.self_permissions' };
  }
  return null;
}

function sameSet(a: readonly number[], b: readonly number[]): boolean {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((id) => right.has(id));
}

/** A password (or its confirmation) present in a request body: blank strings count as absent, as the form sends them. */
export function passwordSent(body: unknown): boolean {
  if (!body || typeof body !== 'object') return false;
  return ['password', 'confirmPassword'].some((key) => {
    const value = (body as Record<string, unknown>)[key];
    return value !== undefined && value !== null && !(typeof value === 'string' && value.trim() === '');
  });
}
