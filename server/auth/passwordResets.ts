/**
 * Recovery and invitation links: a random token e-mailed as `${PUBLIC_URL}/recordar-clave/{token}`,
 * stored only as its SHA-256, single use, with an expiry. Issuing one cancels the user's unused ones.
 */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { ServerConfig } from '../config';
import type { Db } from '../db/connection';
import { passwordResets, users, USER_TYPE } from '../db/schema';
import { t } from '../i18n';
import type { Mailer } from '../mail/mailer';
import { randomToken, sha256 } from './digest';

/** Invitations (a superadmin created without a password) last longer than recovery links. */
export const INVITATION_TTL_MINUTES = 72 * 60;

/** Cancels the user's unused recovery and invitation links (a new one is issued, or the account moved mailbox). */
export async function cancelPasswordResets(tx: Db, userId: number): Promise<void> {
  await tx
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

/** Issues a new token for `userId` inside `tx`, cancelling the user's previous unused ones. */
export async function issuePasswordReset(tx: Db, userId: number, ttlMinutes: number): Promise<string> {
  const token = randomToken(32);
  await cancelPasswordResets(tx, userId);
  await tx.insert(passwordResets).values({
    tokenHash: sha256(token),
    userId,
    expiresAt: sql`now() + make_interval(mins => ${Math.max(1, Math.round(ttlMinutes))})`,
  });
  return token;
}

export interface ValidReset {
  userId: number;
  email: string;
  name: string;
}

/** The active superadmin behind an unused, unexpired token; `lock` takes a row lock (inside a transaction). */
export async function findValidReset(db: Db, token: string, lock = false): Promise<ValidReset | null> {
  if (!token || token.length > 200) return null;
  const query = db
    .select({ userId: users.id, email: users.email, name: users.name })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(
      and(
        eq(passwordResets.tokenHash, sha256(token)),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, sql`now()`),
        eq(users.userTypeId, USER_TYPE.superadmin),
        eq(users.deleted, false),
      ),
    );
  const rows = lock ? await query.for('update', { of: passwordResets }) : await query;
  return rows[0] ?? null;
}

export async function markResetUsed(tx: Db, token: string): Promise<void> {
  await tx.update(passwordResets).set({ usedAt: sql`now()` }).where(eq(passwordResets.tokenHash, sha256(token)));
}

export function resetLink(config: ServerConfig, token: string): string {
  return `${config.publicUrl}/recordar-clave/${token}`;
}

/** The two mails that carry a link to /recordar-clave/{token}: recovery (minutes valid) and invitation (hours valid). */
async function sendPasswordLinkMail(
  mailer: Mailer,
  config: ServerConfig,
  user: { email: string; name: string },
  token: string,
  kind: 'reset_mail' | 'invite_mail',
): Promise<void> {
  const link = resetLink(config, token);
  await mailer.send({
    to: user.email,
    subject: t(`serverAuth.${kind}.subject`),
    text: t(`serverAuth.${kind}.text`, {
      name: user.name,
      link,
      minutes: config.passwordResetTtlMinutes,
      hours: INVITATION_TTL_MINUTES / 60,
    }),
  });
}

export const sendRecoveryMail = (mailer: Mailer, config: ServerConfig, user: { email: string; name: string }, token: string) =>
  sendPasswordLinkMail(mailer, config, user, token, 'reset_mail');

export const sendInvitationMail = (mailer: Mailer, config: ServerConfig, user: { email: string; name: string }, token: string) =>
  sendPasswordLinkMail(mailer, config, user, token, 'invite_mail');

/** Tells the owner that their account is locked for a while, and that recovery still works (docs/decisions.md 'Sign-in and abuse'). */
export async function sendLockMail(
  mailer: Mailer,
  config: ServerConfig,
  user: { email: string; name: string },
  failures: number,
): Promise<void> {
  await mailer.send({
    to: user.email,
    subject: t('serverAuth.lock_mail.subject'),
    text: t('serverAuth.lock_mail.text', {
      name: user.name,
      failures,
      minutes: config.loginLockMinutes,
      link: `${config.publicUrl}/login`,
    }),
  });
}
