/**
 * Signing in (spec 01 §2 'Login', docs/decisions.md 'Sessions'): validates the body, applies the
 * throttle (captcha after 3 failures, delay after 5), verifies the captcha whenever one is sent,
 * checks the credentials of an active superadmin, then opens a session and issues its token.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { writeAudit } from '../audit/audit';
import { users } from '../db/schema';
import { ApiError, badArgument } from '../http/errors';
import { t } from '../i18n';
import { verifyCaptcha } from './captcha';
import { countAttempt, resetFailures, uncountAttempt } from './loginAttempts';
import { verifyPassword } from './passwords';
import { loginSchema } from './schemas';
import { openSession } from './sessions';
import { findSuperadminByEmail, toUserView, type UserView } from './superadminStore';
import { attemptKeys, throttleDecision } from './throttleRules';
import { issueToken } from './tokens';

export const invalidCredentials = () => new ApiError(401, 'InvalidCredentials', t('errors.login_failed'));
export const captchaRequired = () => badArgument('captcha', 'validation.login.captcha_required', 'CaptchaRequired');
export const captchaInvalid = () => badArgument('captcha', 'errors.captcha_invalid', 'CaptchaInvalid');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface SignInResult {
  token: string;
  user: UserView;
}

export async function signIn(app: FastifyInstance, request: FastifyRequest): Promise<SignInResult> {
  const { database, config, signingKey } = app.ctx;
  const body = await loginSchema.validate(request.body ?? {}, { abortEarly: false, stripUnknown: true });
  const keys = attemptKeys(body.email, request.ip);

  const decision = throttleDecision(await countAttempt(database, keys));
  if (decision.delayMs > 0) await sleep(decision.delayMs);

  const captchaSent = Boolean(body.captchaId) || Boolean(body.captcha);
  if (captchaSent || decision.captchaRequired) {
    // A refused captcha is not a failed password: the attempt counted above is taken back.
    if (!body.captchaId || !body.captcha) {
      await uncountAttempt(database, keys);
      throw captchaRequired();
    }
    if (!(await verifyCaptcha(database, body.captchaId, body.captcha))) {
      await uncountAttempt(database, keys);
      throw captchaInvalid();
    }
  }

  const user = await findSuperadminByEmail(database, body.email);
  const passwordMatches = await verifyPassword(user?.passwordHash, body.password);
  if (!user || user.deleted || !passwordMatches) {
    await writeAudit(database.db, request, {
      action: 'login_failed',
      resource: 'auth',
      recordId: user?.id ?? null,
      actor: { id: user?.id ?? null, email: body.email.slice(0, 200) },
    });
    throw invalidCredentials();
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
  await resetFailures(database, keys);
  const token = await issueToken(signingKey, { userId: user.id, sessionId }, config.tokenTtlSeconds);
  return { token, user: toUserView(user) };
}
