/**
 * Creating and changing superadministrators (spec 01 §2 'Users', §5 'Superadmin'). Each change runs
 * in one transaction with its audit record. Passwords are never set here: a new superadmin always gets
 * the invitation link, and nobody changes their own permissions (superadminRules.ts). Nobody grants a
 * permission they lack or changes a superadmin holding one: both are checked inside the transaction with
 * the caller's and the target's rows locked, so a concurrent change of either set cannot slip between.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { PERMISSIONS } from '../../resources/permissions';
import {
  emailChanged,
  grantRefusal,
  outrankedRefusal,
  passwordRefusal,
  passwordSent,
  selfChangeRefusal,
  type Refusal,
} from './superadminRules';
import { superadminSchema, type SuperadminBody } from '../../resources/superadmins';
import { writeAudit } from '../audit/audit';
import { userPermissions, users, USER_TYPE } from '../db/schema';
import type { Db } from '../db/connection';
import { ApiError, badArgument, forbidden, notFound } from '../http/errors';
import { t } from '../i18n';
import { MAIL_TEMPLATES } from '../../resources/maillog';
import { sendLogged, type MailLogContext } from '../mail/mailLog';
import { readListQuery } from '../lists/listQuery';
import { cancelPasswordResets, INVITATION_TTL_MINUTES, issuePasswordReset, sendInvitationMail } from './passwordResets';
import { revokeUserSessions } from './sessions';
import {
  findSuperadminByEmail,
  getSuperadmin,
  listSuperadmins,
  lockSuperadmins,
  superadminListSpec,
  type LockedSuperadmin,
  type SuperadminView,
} from './superadminStore';

export const emailAlreadyUsed = () => badArgument('email', 'validation.superadmin.email_used', 'EmailAlreadyUsed');

export async function listSuperadminPage(app: FastifyInstance, query: unknown, dataVersion?: string | null) {
  return listSuperadmins(app.ctx.database, readListQuery(superadminListSpec, query), dataVersion);
}

export async function readSuperadmin(app: FastifyInstance, idParam: string): Promise<SuperadminView> {
  const found = await getSuperadmin(app.ctx.database, parseId(idParam));
  if (!found) throw notFound();
  return found;
}

function parseId(value: string): number {
  return /^\d{1,10}$/.test(value) ? Number(value) : -1;
}

async function validBody(body: unknown): Promise<SuperadminBody & { permissionIds: number[] }> {
  const valid = await superadminSchema.validate(body ?? {}, { abortEarly: false, stripUnknown: true });
  const permissionIds = [...new Set(valid.permissions.map((p) => p.permissionID))];
  if (!permissionIds.every((id) => PERMISSIONS.some((p) => p.permissionID === id))) {
    throw badArgument('permissions', 'validation.superadmin.permissions');
  }
  return { ...valid, permissionIds: permissionIds.sort((a, b) => a - b) };
}

function refuse(refusal: Refusal | null): void {
  if (!refusal) return;
  if (refusal.status === 403) throw new ApiError(403, 'Forbidden', t(refusal.messageKey));
  throw badArgument(refusal.target, refusal.messageKey);
}

/**
 * Locks the caller's row (and the target's) and reads their permissions. A caller that is no longer an active
 * superadmin holds nothing: answered like any request without the permission.
 */
async function lockActorAndTarget(tx: Db, actorId: number | undefined, targetId?: number) {
  const locked = await lockSuperadmins(tx, [actorId ?? 0, targetId ?? 0].filter((id) => id > 0));
  const actor = actorId === undefined ? undefined : locked.get(actorId);
  if (!actor || actor.deleted) throw forbidden();
  const target = targetId === undefined ? undefined : locked.get(targetId);
  return { actor, target };
}

/** Tells the previous address that the account now signs in with another one, and who changed it. */
async function sendEmailChangedMail(
  ctx: MailLogContext,
  change: { id: number; name: string; oldEmail: string; newEmail: string; actor: { id: number; name: string; email: string } },
): Promise<void> {
  await sendLogged(ctx, {
    template: MAIL_TEMPLATES.emailChanged,
    related: { resource: 'superadmins', id: change.id },
    createdBy: change.actor.id,
    to: change.oldEmail,
    subject: t('serverAuth.email_changed_mail.subject'),
    text: t('serverAuth.email_changed_mail.text', {
      name: change.name,
      email: change.newEmail,
      actor: change.actor.name,
      actorEmail: change.actor.email,
    }),
  });
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

async function setPermissions(tx: Db, userId: number, permissionIds: number[]): Promise<void> {
  await tx.delete(userPermissions).where(eq(userPermissions.userId, userId));
  await tx.insert(userPermissions).values(permissionIds.map((permissionId) => ({ userId, permissionId })));
}

/** What the audit keeps of a superadmin: never a password. */
function auditView(view: { name: string; email: string; deleted?: boolean; permissions: { name: string }[] }) {
  return { name: view.name, email: view.email, deleted: view.deleted ?? false, permissions: view.permissions.map((p) => p.name) };
}

const namesOf = (ids: number[]) => PERMISSIONS.filter((p) => ids.includes(p.permissionID)).map((p) => ({ name: p.name }));

export async function createSuperadmin(app: FastifyInstance, request: FastifyRequest): Promise<SuperadminView> {
  const { database } = app.ctx;
  refuse(passwordRefusal({ actorId: request.user?.id, targetId: null, passwordSent: passwordSent(request.body) }));
  const body = await validBody(request.body);
  if (await findSuperadminByEmail(database, body.email)) throw emailAlreadyUsed();
  let created: { id: number; invitation: string };
  try {
    created = await database.db.transaction(async (tx) => {
      const { actor } = await lockActorAndTarget(tx, request.user?.id);
      refuse(grantRefusal({ actorPermissionIds: actor.permissionIds, permissionIds: body.permissionIds }));
      const [row] = await tx
        .insert(users)
        .values({
          userTypeId: USER_TYPE.superadmin,
          name: body.name,
          email: body.email,
          deleted: body.deleted ?? false,
        })
        .returning({ id: users.id });
      const id = row!.id;
      await setPermissions(tx, id, body.permissionIds);
      const invitation = await issuePasswordReset(tx, id, INVITATION_TTL_MINUTES);
      await writeAudit(tx, request, {
        action: 'create',
        resource: 'superadmins',
        recordId: id,
        after: { ...auditView({ ...body, permissions: namesOf(body.permissionIds) }), invited: true },
      });
      return { id, invitation };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailAlreadyUsed();
    throw error;
  }
  try {
    await sendInvitationMail(app.ctx, { ...body, id: created.id }, created.invitation, request.user?.id ?? null);
  } catch (error) {
    request.log.error({ err: error }, 'invitation mail failed');
  }
  return (await getSuperadmin(database, created.id))!;
}

export async function updateSuperadmin(app: FastifyInstance, request: FastifyRequest, idParam: string): Promise<SuperadminView> {
  const { database } = app.ctx;
  const id = (await readSuperadmin(app, idParam)).id;
  const actorId = request.user?.id;
  refuse(passwordRefusal({ actorId, targetId: id, passwordSent: passwordSent(request.body) }));
  const body = await validBody(request.body);
  const other = await findSuperadminByEmail(database, body.email);
  if (other && other.id !== id) throw emailAlreadyUsed();
  // One's own set is unchanged by the self rule: not rewriting it means a change made meanwhile by
  // another superadmin (say, taking a permission away) is never undone by this request.
  const ownRecord = actorId === id;
  let change: { before: LockedSuperadmin; actor: LockedSuperadmin; movedMailbox: boolean };
  try {
    change = await database.db.transaction(async (tx) => {
      const { actor, target: before } = await lockActorAndTarget(tx, actorId, id);
      if (!before) throw notFound();
      refuse(outrankedRefusal({ actorPermissionIds: actor.permissionIds, targetPermissionIds: before.permissionIds }));
      const deleted = body.deleted ?? before.deleted;
      refuse(
        selfChangeRefusal({
          actorId,
          targetId: before.id,
          deleted,
          permissionIds: body.permissionIds,
          currentPermissionIds: before.permissionIds,
        }),
      );
      refuse(grantRefusal({ actorPermissionIds: actor.permissionIds, permissionIds: body.permissionIds }));
      const movedMailbox = emailChanged(before.email, body.email);
      await tx
        .update(users)
        .set({
          name: body.name,
          email: body.email,
          deleted,
          modifiedDate: sql`now()`,
        })
        .where(eq(users.id, before.id));
      if (!ownRecord) await setPermissions(tx, before.id, body.permissionIds);
      // A new mailbox: whoever held the old one is signed out (the caller keeps the session it acts with) and the
      // links already mailed there stop working, so neither gives access to the account now tied to the new one.
      if ((deleted && !before.deleted) || movedMailbox) {
        await revokeUserSessions(tx, before.id, ownRecord ? request.user?.sessionId : undefined);
      }
      if (movedMailbox) await cancelPasswordResets(tx, before.id);
      await writeAudit(tx, request, {
        action: 'update',
        resource: 'superadmins',
        recordId: before.id,
        before: auditView({ ...before, permissions: namesOf(before.permissionIds) }),
        after: auditView({ ...body, deleted, permissions: namesOf(ownRecord ? before.permissionIds : body.permissionIds) }),
      });
      return { before, actor, movedMailbox };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailAlreadyUsed();
    throw error;
  }
  if (change.movedMailbox) {
    try {
      await sendEmailChangedMail(app.ctx, {
        id: change.before.id,
        name: change.before.name,
        oldEmail: change.before.email,
        newEmail: body.email,
        actor: change.actor,
      });
    } catch (error) {
      request.log.error({ err: error }, 'e-mail change notice failed');
    }
  }
  return (await getSuperadmin(database, id))!;
}
