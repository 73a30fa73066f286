/**
 * Password recovery (spec 01 §2 'Login and recovery', §8 'Recovery'): request a link by e-mail
 * (always the same answer), validate the link's token, set the new password.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { writeAudit } from '../audit/audit';
import { users } from '../db/schema';
import { afterResponse } from '../http/background';
import { notFound } from '../http/errors';
import { t } from '../i18n';
import { resetFailures } from './loginAttempts';
import { hashPassword } from './passwords';
import { findValidReset, issuePasswordReset, markResetUsed, sendRecoveryMail } from './passwordResets';
import { newPasswordSchema, recoveryRequestSchema } from './schemas';
import { revokeUserSessions } from './sessions';
import { findSuperadminByEmail } from './superadminStore';
import { attemptKeys } from './throttleRules';

/**
 * Mails a link when the e-mail belongs to an active superadmin; the answer never tells. It is sent
 * before the e-mail is even looked up, so it takes the same time for a known and an unknown address:
 * the lookup, the link and the mail follow in the background (errors logged).
 */
export async function requestRecovery(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<{ message: string }> {
  const { email } = await recoveryRequestSchema.validate(request.body ?? {}, { abortEarly: false, stripUnknown: true });
  afterResponse(app, reply, request.log, 'recovery request', () => sendRecoveryLink(app, request, email));
  return { message: t('serverAuth.recovery_sent') };
}

async function sendRecoveryLink(app: FastifyInstance, request: FastifyRequest, email: string): Promise<void> {
  const { database, config } = app.ctx;
  const user = await findSuperadminByEmail(database, email);
  if (!user || user.deleted) return;
  const token = await database.db.transaction(async (tx) => {
    const issued = await issuePasswordReset(tx, user.id, config.passwordResetTtlMinutes);
    await writeAudit(tx, request, {
      action: 'password_reset_requested',
      resource: 'auth',
      recordId: user.id,
      actor: { id: user.id, email: user.email },
    });
    return issued;
  });
  await sendRecoveryMail(app.ctx, user, token);
}

/** `invitation`: the account has no password yet (a new superadmin's link): the page reads as activating it. */
export async function checkRecoveryToken(app: FastifyInstance, token: string): Promise<{ valid: true; email: string; invitation: boolean }> {
  const reset = await findValidReset(app.ctx.database.db, token);
  if (!reset) throw notFound();
  return { valid: true, email: reset.email, invitation: Boolean(reset.invitation) };
}

export async function completeRecovery(
  app: FastifyInstance,
  request: FastifyRequest,
  token: string,
): Promise<{ message: string }> {
  const { database } = app.ctx;
  if (!(await findValidReset(database.db, token))) throw notFound();
  const body = await newPasswordSchema.validate(request.body ?? {}, { abortEarly: false, stripUnknown: true });
  const passwordHash = await hashPassword(body.password);
  const reset = await database.db.transaction(async (tx) => {
    const locked = await findValidReset(tx, token, true);
    if (!locked) throw notFound();
    await tx.update(users).set({ passwordHash, modifiedDate: sql`now()` }).where(eq(users.id, locked.userId));
    await markResetUsed(tx, token);
    await revokeUserSessions(tx, locked.userId);
    await writeAudit(tx, request, {
      action: 'password_reset',
      resource: 'superadmins',
      recordId: locked.userId,
      actor: { id: locked.userId, email: locked.email },
    });
    return locked;
  });
  // A new password also lifts the account's delay and temporary lock.
  await resetFailures(database, [attemptKeys(reset.email, null).account]);
  return { message: t('serverAuth.password_saved') };
}
