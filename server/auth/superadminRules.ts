/**
 * What holding Users does not allow (issue 5, "Users is not full control"):
 * - changing one's own permission set: a Users holder could grant themself all nine, or drop Users and
 *   lock themself out; another superadmin holding Users does it;
 * - deactivating oneself;
 * - setting a password directly, for another superadmin or oneself: a password is only set through the
 *   invitation or recovery link, which proves the mailbox. A direct one would let a Users holder sign in as
 *   another superadmin, and anyone holding a stolen token keep the account (docs/decisions/0007-superadmin-rules.md);
 * - giving power one does not hold: a superadmin only grants permissions they hold (on creation and on a change),
 *   and only changes a superadmin whose current permissions they all hold. Otherwise a Users holder could create
 *   a superadmin with all nine for a mailbox of theirs, or move a stronger superadmin's e-mail to such a mailbox
 *   and take the account over with the recovery link. The holder of all nine manages everyone.
 */

export interface Refusal {
  /** The field the refusal is shown on. */
  target: string;
  messageKey: string;
  /** 403 Forbidden (the caller may not act on this record at all); 400 BadArgument when absent. */
  status?: 403;
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

export interface GrantCheck {
  /** The permissions the caller holds now. */
  actorPermissionIds: readonly number[];
  /** The permission set the created or changed superadmin would hold. */
  permissionIds: readonly number[];
}

/** The resulting permission set must be a subset of the caller's. */
export function grantRefusal(check: GrantCheck): Refusal | null {
  if (isSubset(check.permissionIds, check.actorPermissionIds)) return null;
  return { target: 'permissions', messageKey: 'validation.superadmin.grant_unheld' };
}

export interface OutrankCheck {
  actorPermissionIds: readonly number[];
  /** The permissions the superadmin to be changed holds now (before the change). */
  targetPermissionIds: readonly number[];
}

/** A superadmin holding a permission the caller lacks is out of the caller's reach: 403. */
export function outrankedRefusal(check: OutrankCheck): Refusal | null {
  if (isSubset(check.targetPermissionIds, check.actorPermissionIds)) return null;
  return { target: 'id', messageKey: 'validation.superadmin.outranked', status: 403 };
}

/**
 * Whether a change moves the account to another mailbox (e-mails compare without regard to case): its sessions
 * and pending links are then ended, and the old address is told.
 */
export function emailChanged(before: string, after: string): boolean {
  return before.trim().toLowerCase() !== after.trim().toLowerCase();
}

function isSubset(part: readonly number[], whole: readonly number[]): boolean {
  const held = new Set(whole);
  return part.every((id) => held.has(id));
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
