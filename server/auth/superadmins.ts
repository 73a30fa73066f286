/**
 * Creating and changing superadministrators (spec 01 §2 'Users', §5 'Superadmin'). Each change runs
 * in one transaction with its audit record. Passwords are never set here: a new superadmin always gets
 * the invitation link, and nobody changes their own permissions (superadminRules.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import * as yup from 'yup';
import { pagingFields } from '../../resources/paging';
import { PERMISSIONS } from '../../resources/permissions';
import { passwordRefusal, passwordSent, selfChangeRefusal, type Refusal } from './superadminRules';
import { superadminSchema, type SuperadminBody } from '../../resources/superadmins';
import { writeAudit } from '../audit/audit';
import { userPermissions, users, USER_TYPE } from '../db/schema';
import type { Db } from '../db/connection';
import { badArgument, notFound } from '../http/errors';
import { INVITATION_TTL_MINUTES, issuePasswordReset, sendInvitationMail } from './passwordResets';
import { revokeUserSessions } from './sessions';
import {
  findSuperadminByEmail,
  getSuperadmin,
  listSuperadmins,
  type SuperadminOrder,
  type SuperadminView,
} from './superadminStore';

export const emailAlreadyUsed = () => badArgument('email', 'validation.superadmin.email_used', 'EmailAlreadyUsed');

const ORDERS: readonly SuperadminOrder[] = ['createdDate', '-createdDate', 'name', '-name'];

/** GET /users/ query string: page (1-based), pageSize (20, max 100), search, orderBy (default `-createdDate`: recent first). */
export const superadminFilterSchema = yup.object({
  ...pagingFields({ defaultPageSize: 20, maxPageSize: 100 }),
  search: yup.string().trim().max(200, 'validation.invalid').optional(),
  orderBy: yup
    .string()
    .trim()
    .transform((value: unknown) => (value === '' ? undefined : value))
    .oneOf(ORDERS, 'validation.invalid')
    .default('-createdDate'),
});

export async function listSuperadminPage(app: FastifyInstance, query: unknown) {
  const filter = await superadminFilterSchema.validate(query ?? {}, { abortEarly: false, stripUnknown: true });
  const { results, total } = await listSuperadmins(app.ctx.database, {
    page: filter.page,
    pageSize: filter.pageSize,
    search: filter.search || undefined,
    orderBy: filter.orderBy as SuperadminOrder,
  });
  return { results, meta: { hasNextPage: (filter.page - 1) * filter.pageSize + results.length < total, total } };
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
  if (refusal) throw badArgument(refusal.target, refusal.messageKey);
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
  const { database, config, mailer } = app.ctx;
  refuse(passwordRefusal({ actorId: request.user?.id, targetId: null, passwordSent: passwordSent(request.body) }));
  const body = await validBody(request.body);
  if (await findSuperadminByEmail(database, body.email)) throw emailAlreadyUsed();
  let created: { id: number; invitation: string };
  try {
    created = await database.db.transaction(async (tx) => {
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
    await sendInvitationMail(mailer, config, body, created.invitation);
  } catch (error) {
    request.log.error({ err: error }, 'invitation mail failed');
  }
  return (await getSuperadmin(database, created.id))!;
}

export async function updateSuperadmin(app: FastifyInstance, request: FastifyRequest, idParam: string): Promise<SuperadminView> {
  const { database } = app.ctx;
  const before = await readSuperadmin(app, idParam);
  const actorId = request.user?.id;
  refuse(passwordRefusal({ actorId, targetId: before.id, passwordSent: passwordSent(request.body) }));
  const body = await validBody(request.body);
  const deleted = body.deleted ?? before.deleted;
  refuse(
    selfChangeRefusal({
      actorId,
      targetId: before.id,
      deleted,
      permissionIds: body.permissionIds,
      currentPermissionIds: before.permissions.map((p) => p.permissionID),
    }),
  );
  const other = await findSuperadminByEmail(database, body.email);
  if (other && other.id !== before.id) throw emailAlreadyUsed();
  // One's own set is unchanged by the rule above: not rewriting it means a change made meanwhile by
  // another superadmin (say, taking a permission away) is never undone by this request.
  const ownRecord = actorId === before.id;
  try {
    await database.db.transaction(async (tx) => {
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
      if (deleted && !before.deleted) await revokeUserSessions(tx, before.id);
      await writeAudit(tx, request, {
        action: 'update',
        resource: 'superadmins',
        recordId: before.id,
        before: auditView(before),
        after: auditView({ ...body, deleted, permissions: namesOf(body.permissionIds) }),
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailAlreadyUsed();
    throw error;
  }
  return (await getSuperadmin(database, before.id))!;
}
