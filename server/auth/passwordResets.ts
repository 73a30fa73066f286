/**
 * Recovery and invitation links: a random token e-mailed as `${PUBLIC_URL}/recordar-clave/{token}`,
 * stored only as its SHA-256, single use, with an expiry. Issuing one cancels the user's unused ones.
 */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { ServerConfig } from '../config';
import type { Db } from '../db/connection';
import { passwordResets, users, USER_TYPE } from '../db/schema';
import { t } from '../i18n';
import { MAIL_TEMPLATES } from '../../resources/maillog';
import { sendLogged, type MailLogContext } from '../mail/mailLog';
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
  /** The account has no password yet: the link is its invitation, and setting the password activates it. */
  invitation: boolean;
}

/** The active superadmin behind an unused, unexpired token; `lock` takes a row lock (inside a transaction). */
export async function findValidReset(db: Db, token: string, lock = false): Promise<ValidReset | null> {
  if (!token || token.length > 200) return null;
  const query = db
    .select({ userId: users.id, email: users.email, name: users.name, invitation: sql<boolean>`${users.passwordHash} is null` })
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

/** Who a mail goes to: the superadmin it is about (the mail log relates it to that record). */
export interface MailedUser {
  id: number;
  email: string;
  name: string;
}

/** Sending needs the mail log (server/mail/mailLog.ts) and the settings the texts quote. */
export type MailContext = MailLogContext & { config: ServerConfig };

const superadminRecord = (user: { id: number }) => ({ resource: 'superadmins', id: user.id });

/** The two mails that carry a link to /recordar-clave/{token}: recovery (minutes valid) and invitation (hours valid). */
async function sendPasswordLinkMail(
  ctx: MailContext,
  user: MailedUser,
  token: string,
  kind: 'reset_mail' | 'invite_mail',
  createdBy: number | null,
): Promise<void> {
  const { config } = ctx;
  const link = resetLink(config, token);
  await sendLogged(ctx, {
    template: kind === 'reset_mail' ? MAIL_TEMPLATES.recovery : MAIL_TEMPLATES.invitation,
    related: superadminRecord(user),
    createdBy,
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

export const sendRecoveryMail = (ctx: MailContext, user: MailedUser, token: string) =>
  sendPasswordLinkMail(ctx, user, token, 'reset_mail', null);

/** `createdBy`: the superadmin who created the invited one. */
export const sendInvitationMail = (ctx: MailContext, user: MailedUser, token: string, createdBy: number | null) =>
  sendPasswordLinkMail(ctx, user, token, 'invite_mail', createdBy);

/** Tells the owner that their account is locked for a while, and that recovery still works (docs/decisions/0006-sign-in-abuse-and-captcha.md). */
export async function sendLockMail(ctx: MailContext, user: MailedUser, failures: number): Promise<void> {
  const { config } = ctx;
  await sendLogged(ctx, {
    template: MAIL_TEMPLATES.lock,
    related: superadminRecord(user),
    createdBy: null,
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
