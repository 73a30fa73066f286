/**
 * The superadmins' domain rules on the engine (spec 01 §5 'Superadmin', docs/decisions/0007-superadmin-rules.md), around the
 * generated create and update of `/users/`:
 * - `prepareWrite` locks the caller's row and the target's in id order (two changes never wait on each other) and
 *   refuses a caller that is no longer an active superadmin;
 * - `beforeWrite` applies the pure rules of server/auth/superadminRules.ts (no password in a body, nobody changes a
 *   superadmin holding a permission they lack, grants one they lack, deactivates themself or changes their own set)
 *   and the e-mail rule ('El correo electrónico ya lo está utilizando otro usuario');
 * - `afterWrite` issues a new superadmin's invitation link, ends the sessions of a deactivated account or one whose
 *   mailbox changed and voids its pending links; the mails go after the commit.
 * The audit keeps permission names, never a password, and marks the creation `invited`.
 */
import { sql } from 'drizzle-orm';
import { PERMISSIONS } from '../../../resources/permissions';
import { permissionIds, SUPERADMIN_USER_TYPE } from '../../../resources/superadmins';
import { cancelPasswordResets, INVITATION_TTL_MINUTES, issuePasswordReset, sendInvitationMail } from '../../auth/passwordResets';
import { revokeUserSessions } from '../../auth/sessions';
import { lockSuperadmins, type LockedSuperadmin } from '../../auth/superadminStore';
import { emailChanged, grantRefusal, outrankedRefusal, passwordRefusal, passwordSent, selfChangeRefusal, type Refusal } from '../../auth/superadminRules';
import type { Db } from '../../db/connection';
import { ApiError, badArgument, forbidden } from '../../http/errors';
import { t } from '../../i18n';
import { MAIL_TEMPLATES } from '../../../resources/maillog';
import { sendLogged } from '../../mail/mailLog';
import { postgresConstraint, postgresErrorCode, UNIQUE_VIOLATION } from '../dbErrors';
import type { ResourceRecord } from '../store';
import { ResourceService, type PrepareContext, type WriteContext, type WriteOperation } from './base';
import { queryRows as rows } from '../../db/rows';

export const emailAlreadyUsed = () => badArgument('email', 'validation.superadmin.email_used', 'EmailAlreadyUsed');

/** The partial unique index on superadmins' lower(e-mail) (server/db/schema/users.ts). */
const EMAIL_INDEX = 'users_superadmin_email_unique';

/** A refusal of the pure rules as the API answers it: 403 Forbidden, or 400 on its field. */
export function refusalError(refusal: Refusal): ApiError {
  return refusal.status === 403 ? new ApiError(403, 'Forbidden', t(refusal.messageKey)) : badArgument(refusal.target, refusal.messageKey);
}

function refuse(refusal: Refusal | null): void {
  if (refusal) throw refusalError(refusal);
}

/** The permission ids of a stored record (`[{ permissionID, name }]`). */
const heldIds = (record: ResourceRecord | null): number[] => permissionIds(record?.permissions);

/** What the audit keeps of a superadmin: name, e-mail, deleted and the permission names; never a password. */
export function superadminAuditView(record: ResourceRecord, operation: WriteOperation): Record<string, unknown> {
  const ids = heldIds(record);
  const view: Record<string, unknown> = {
    name: record.name,
    email: record.email,
    deleted: record.deleted ?? false,
    permissions: PERMISSIONS.filter((p) => ids.includes(p.permissionID)).map((p) => p.name),
  };
  return operation === 'create' ? { ...view, invited: true } : view;
}

/** Another superadmin (deleted or not) already signs in with this e-mail, ignoring case. */
async function emailTaken(tx: Db, email: string, exceptId: number | null): Promise<boolean> {
  const found = await rows<{ id: number }>(
    tx,
    sql`select id from users where user_type_id = ${SUPERADMIN_USER_TYPE} and lower(email) = lower(${email}) and id <> ${exceptId ?? 0} limit 1`,
  );
  return found.length > 0;
}

/** The caller and target locked by `prepareWrite`, for the hooks of the same request. */
const lockedFor = new WeakMap<object, { actor: LockedSuperadmin }>();

export class SuperadminsService extends ResourceService {
  override async prepareWrite({ tx, request, id }: PrepareContext): Promise<void> {
    const actorId = request.user?.id;
    const targetId = typeof id === 'number' ? id : undefined;
    const locked = await lockSuperadmins(tx, [actorId ?? 0, targetId ?? 0].filter((value) => value > 0));
    const actor = actorId === undefined ? undefined : locked.get(actorId);
    // A caller that is no longer an active superadmin holds nothing.
    if (!actor || actor.deleted) throw forbidden();
    lockedFor.set(request, { actor });
  }

  override async beforeWrite(context: WriteContext): Promise<void> {
    const { tx, request, operation, before, values } = context;
    if (operation === 'delete') return;
    const actorId = request.user?.id;
    const targetId = before ? Number(before.id) : null;
    refuse(passwordRefusal({ actorId, targetId, passwordSent: passwordSent(request.body) }));
    const actor = lockedFor.get(request)?.actor;
    if (!actor) throw forbidden();
    // A PUT without `permissions` keeps the stored set.
    const wanted = 'permissions' in values ? permissionIds(values.permissions) : heldIds(before);
    if (before) {
      refuse(outrankedRefusal({ actorPermissionIds: actor.permissionIds, targetPermissionIds: heldIds(before) }));
      refuse(
        selfChangeRefusal({
          actorId,
          targetId: Number(before.id),
          deleted: Boolean(values.deleted ?? before.deleted),
          permissionIds: wanted,
          currentPermissionIds: heldIds(before),
        }),
      );
      values.modifiedDate = new Date();
    }
    refuse(grantRefusal({ actorPermissionIds: actor.permissionIds, permissionIds: wanted }));
    const email = typeof values.email === 'string' ? values.email : String(before?.email ?? '');
    if (await emailTaken(tx, email, targetId)) throw emailAlreadyUsed();
  }

  override async afterWrite(context: WriteContext): Promise<void> {
    const { tx, request, operation, before, after } = context;
    if (!after) return;
    const id = Number(after.id);
    const actorId = request.user?.id ?? null;
    if (operation === 'create') {
      const token = await issuePasswordReset(tx, id, INVITATION_TTL_MINUTES);
      const user = { id, name: String(after.name), email: String(after.email) };
      context.afterCommit(async () => {
        await sendInvitationMail(request.server.ctx, user, token, actorId);
      });
      return;
    }
    if (!before) return;
    const movedMailbox = emailChanged(String(before.email), String(after.email));
    const ownRecord = actorId === id;
    // A new mailbox: whoever held the old one is signed out (the caller keeps the session it acts with) and the
    // links already mailed there stop working, so neither gives access to the account now tied to the new one.
    if ((after.deleted && !before.deleted) || movedMailbox) {
      await revokeUserSessions(tx, id, ownRecord ? request.user?.sessionId : undefined);
    }
    if (!movedMailbox) return;
    await cancelPasswordResets(tx, id);
    const actor = lockedFor.get(request)?.actor;
    context.afterCommit(async () => {
      await sendLogged(request.server.ctx, {
        template: MAIL_TEMPLATES.emailChanged,
        related: { resource: 'superadmins', id },
        createdBy: actorId,
        to: String(before.email),
        subject: t('serverAuth.email_changed_mail.subject'),
        text: t('serverAuth.email_changed_mail.text', {
          name: String(before.name),
          email: String(after.email),
          actor: actor?.name ?? '',
          actorEmail: actor?.email ?? '',
        }),
      });
    });
  }

  override auditRecord(record: ResourceRecord, operation: WriteOperation): unknown {
    return superadminAuditView(record, operation);
  }

  /** Two simultaneous creations (or changes) to one e-mail: the partial unique index keeps one, the other is told so. */
  override translateError(error: unknown): ApiError | undefined {
    if (postgresErrorCode(error) === UNIQUE_VIOLATION && postgresConstraint(error) === EMAIL_INDEX) return emailAlreadyUsed();
    return undefined;
  }
}
