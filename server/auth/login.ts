/**
 * Signing in (spec 01 §2 'Login', docs/decisions/0005-sessions-and-tokens.md, 'Sign-in and abuse'): validates the
 * body, verifies the captcha whenever one is sent, claims the attempt (captcha after 3 failures, the
 * account's growing delay, its temporary lock; server/auth/throttleRules.ts), checks the credentials
 * of an active superadmin, then opens a session and issues its token. A refusal after which the captcha
 * is required carries a `CaptchaRequired` detail, so the form shows the captcha with it.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { writeAudit } from '../audit/audit';
import { users } from '../db/schema';
import { afterResponse } from '../http/background';
import { clientAddress, rateLimitKey } from '../http/clientAddress';
import { ApiError, badArgument } from '../http/errors';
import { t } from '../i18n';
import { verifyCaptcha } from './captcha';
import { claimAttempt, resetFailures } from './loginAttempts';
import { sendLockMail } from './passwordResets';
import { verifyPassword } from './passwords';
import { loginSchema } from './schemas';
import { openSession } from './sessions';
import { findSuperadminByEmail, toUserView, type UserView } from './superadminStore';
import { attemptKeys, captchaRequiredNext } from './throttleRules';
import { issueToken } from './tokens';

/** Wrong credentials; with a `CaptchaRequired` detail when the next attempt must carry the captcha. */
export const invalidCredentials = (captchaNext: boolean) =>
  new ApiError(
    401,
    'InvalidCredentials',
    t('errors.login_failed'),
    captchaNext ? [{ code: 'CaptchaRequired', target: 'captcha', message: t('validation.login.captcha_required') }] : [],
  );
export const captchaRequired = () => badArgument('captcha', 'validation.login.captcha_required', 'CaptchaRequired');
export const captchaInvalid = () => badArgument('captcha', 'errors.captcha_invalid', 'CaptchaInvalid');
export const loginDelayed = (seconds: number) =>
  new ApiError(429, 'TooManyRequests', t('serverAuth.login_delayed', { seconds }));

export interface SignInResult {
  token: string;
  user: UserView;
}

export async function signIn(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<SignInResult> {
  const { database, config, signingKey } = app.ctx;
  const body = await loginSchema.validate(request.body ?? {}, { abortEarly: false, stripUnknown: true });
  // The address counter groups an IPv6 client by its /64, as the per-address caps do.
  const keys = attemptKeys(body.email, rateLimitKey(clientAddress(request)));

  // A captcha sent is verified (and used up) first: a refused captcha counts nothing.
  const captchaSent = Boolean(body.captchaId) || Boolean(body.captcha);
  if (captchaSent) {
    if (!body.captchaId || !body.captcha) throw captchaRequired();
    if (!(await verifyCaptcha(database, body.captchaId, body.captcha))) throw captchaInvalid();
  }

  const policy = { afterFailures: config.loginLockAfterFailures, minutes: config.loginLockMinutes };
  const decision = await claimAttempt(database, keys, captchaSent, policy);
  // Locked: the spec's wrong-credentials text, whatever the password (the guesser learns nothing).
  if (decision.kind === 'locked') throw invalidCredentials(captchaRequiredNext(decision));
  if (decision.kind === 'captcha_required') throw captchaRequired();
  if (decision.kind === 'too_soon') {
    const seconds = Math.max(1, Math.ceil(decision.retryAfterMs / 1000));
    void reply.header('retry-after', String(seconds));
    throw loginDelayed(seconds);
  }

  const user = await findSuperadminByEmail(database, body.email);
  const passwordMatches = await verifyPassword(user?.passwordHash, body.password);
  if (!user || user.deleted || !passwordMatches) {
    await database.db.transaction(async (tx) => {
      const actor = { id: user?.id ?? null, email: body.email.slice(0, 200) };
      await writeAudit(tx, request, { action: 'login_failed', resource: 'auth', recordId: user?.id ?? null, actor });
      if (decision.locks) {
        await writeAudit(tx, request, {
          action: 'account_locked',
          resource: 'auth',
          recordId: user?.id ?? null,
          actor,
          after: { failures: decision.account.failures, lockedUntil: decision.account.lockedUntil },
        });
      }
    });
    // One notice per lock: only the attempt that engaged it gets here with `locks`; sent after the answer.
    if (decision.locks && user && !user.deleted) {
      afterResponse(app, reply, request.log, 'lock mail', () => sendLockMail(app.ctx, user, decision.account.failures));
    }
    throw invalidCredentials(captchaRequiredNext(decision));
  }

  const sessionId = await database.db.transaction(async (tx) => {
    const id = await openSession(tx, user.id);
    await tx.update(users).set({ lastLogin: sql`now()` }).where(eq(users.id, user.id));
    await writeAudit(tx, request, {
      action: 'login',
      resource: 'auth',
      recordId: user.id,
      actor: { id: user.id, email: user.email },
    });
    return id;
  });
  await resetFailures(database, [keys.account, keys.address]);
  const token = await issueToken(signingKey, { userId: user.id, sessionId }, config.tokenTtlSeconds);
  return { token, user: toUserView(user) };
}
