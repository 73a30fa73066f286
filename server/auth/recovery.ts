/**
 * Password recovery (spec 01 §2 'Login and recovery', §8 'Recovery'): request a link by e-mail
 * (always the same answer), validate the link's token, set the new password.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { writeAudit } from '../audit/audit';
import { users } from '../db/schema';
import { notFound } from '../http/errors';
import { t } from '../i18n';
import { resetFailures } from './loginAttempts';
import { hashPassword } from './passwords';
import { findValidReset, issuePasswordReset, markResetUsed, sendRecoveryMail } from './passwordResets';
import { newPasswordSchema, recoveryRequestSchema } from './schemas';
import { revokeUserSessions } from './sessions';
import { findSuperadminByEmail } from './superadminStore';
import { attemptKeys } from './throttleRules';

/** Mails a link when the e-mail belongs to an active superadmin; the answer never tells. */
export async function requestRecovery(app: FastifyInstance, request: FastifyRequest): Promise<{ message: string }> {
  const { database, config, mailer } = app.ctx;
  const { email } = await recoveryRequestSchema.validate(request.body ?? {}, { abortEarly: false, stripUnknown: true });
  const user = await findSuperadminByEmail(database, email);
  if (user && !user.deleted) {
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
    try {
      await sendRecoveryMail(mailer, config, user, token);
    } catch (error) {
      request.log.error({ err: error }, 'recovery mail failed');
    }
  }
  return { message: t('serverAuth.recovery_sent') };
}

export async function checkRecoveryToken(app: FastifyInstance, token: string): Promise<{ valid: true; email: string }> {
  const reset = await findValidReset(app.ctx.database.db, token);
  if (!reset) throw notFound();
  return { valid: true, email: reset.email };
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
  await resetFailures(database, attemptKeys(reset.email, request.ip).slice(0, 1));
  return { message: t('serverAuth.password_saved') };
}
