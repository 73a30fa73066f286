/**
 * The mail log (docs/services.md 'Mail log'): every message the platform sends is a `mail_log` row first, then
 * goes out through the mailer (SMTP or .eml). Temporary failures (SMTP 4xx, lost connections) are retried with
 * exponential backoff by `processDueMail`, which claims one due row at a time with FOR UPDATE SKIP LOCKED and a
 * lease, so several instances never send a message twice while its sender lives; permanent ones (5xx) fail at once.
 * Nothing is sent inside a database transaction (on PGlite every other query would wait for the SMTP server).
 */
import type { MailState } from '../../resources/maillog';
import type { AppContext } from '../context';
import type { Database, Db } from '../db/connection';
import { mailLog } from '../db/schema';
import { t } from '../i18n';
import { afterFailure, type RetryPolicy } from '../jobs/backoff';
import { every, type Schedule } from '../schedule';
import { classifyMailFailure, failureDetail } from './mailFailures';
import type { MailMessage } from './mailer';

/** A message to send: the mailer's message plus its template name and the record it is about. */
export interface OutgoingMail extends MailMessage {
  /** resources/maillog.ts MAIL_TEMPLATES, or an area's own `area.name`. */
  template: string;
  /** The record the message is about (a superadmin, a mass e-mail…), for the report's filters. */
  related?: { resource: string; id: string | number } | null;
  /** The superadmin whose action sent it (null: the platform itself, or an anonymous request). */
  createdBy?: number | null;
}

export interface MailOutcome {
  id: number;
  state: MailState;
  attempts: number;
  error: string | null;
}

/** What the log needs of the application: its database, its mailer and the retry settings. */
export type MailLogContext = Pick<AppContext, 'database' | 'mailer'> & {
  config: Pick<AppContext['config'], 'mailMaxAttempts' | 'mailRetryBaseMs' | 'mailRetryMaxMs' | 'mailLeaseMs'>;
};

const retryPolicy = (config: MailLogContext['config']): RetryPolicy => ({
  maxAttempts: config.mailMaxAttempts,
  baseDelayMs: config.mailRetryBaseMs,
  maxDelayMs: config.mailRetryMaxMs,
});

const cap = (value: string, length: number) => (value.length > length ? value.slice(0, length) : value);

function rowOf(mail: OutgoingMail) {
  return {
    to: cap(mail.to, 320),
    template: cap(mail.template, 60),
    subject: cap(mail.subject, 300),
    textBody: mail.text,
    htmlBody: mail.html ?? null,
    relatedResource: mail.related ? cap(mail.related.resource, 100) : null,
    relatedId: mail.related ? cap(String(mail.related.id), 100) : null,
    createdBy: mail.createdBy ?? null,
  };
}

/**
 * Records a message as queued without sending it: `db` may be the caller's transaction, so the message exists
 * only if it commits (an outbox). The next `processDueMail` (every MAIL_POLL_MS) sends it. Answers its id.
 */
export async function queueMail(db: Db, mail: OutgoingMail): Promise<number> {
  const [row] = await db.insert(mailLog).values(rowOf(mail)).returning({ id: mailLog.id });
  return row!.id;
}

/**
 * Records a message and sends it now (call it after the transaction that decided it). A temporary failure leaves
 * it `retrying` for the scheduler, a permanent one `failed`: neither throws (the outcome says which); only a
 * database error does.
 */
export async function sendLogged(ctx: MailLogContext, mail: OutgoingMail): Promise<MailOutcome> {
  // Inserted already claimed (sending, first attempt, leased): no processor takes it while this sends it.
  const [row] = await ctx.database.db
    .insert(mailLog)
    .values({ ...rowOf(mail), state: 'sending', attempts: 1, lockedUntil: new Date(Date.now() + ctx.config.mailLeaseMs) })
    .returning({ id: mailLog.id });
  return attempt(ctx, { id: row!.id, attempts: 1, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? null });
}

interface ClaimedMail {
  id: number;
  attempts: number;
  to: string;
  subject: string;
  text: string | null;
  html: string | null;
}

/**
 * One due message, claimed: queued or waiting to retry with its time come, or `sending` with its lease run out
 * (its sender died). SKIP LOCKED lets another processor take the next one instead of waiting; the new lease and
 * the counted attempt are written in the same statement, so no other claim can see the row as due.
 */
const CLAIM_SQL = `
update mail_log
   set state = 'sending', attempts = attempts + 1, locked_until = $1::timestamptz + make_interval(secs => $2::double precision / 1000)
 where id = (
   select id from mail_log
    where (state in ('queued', 'retrying') and next_attempt_at <= $1::timestamptz)
       or (state = 'sending' and locked_until < $1::timestamptz)
    order by next_attempt_at, id
    limit 1
    for update skip locked
 )
returning id, attempts, recipient as "to", subject, text_body as "text", html_body as "html"`;

async function claimOne(ctx: MailLogContext, now: Date): Promise<ClaimedMail | null> {
  const rows = await ctx.database.query<ClaimedMail>(CLAIM_SQL, [now.toISOString(), ctx.config.mailLeaseMs]);
  const row = rows[0];
  return row ? { ...row, id: Number(row.id), attempts: Number(row.attempts) } : null;
}

export interface ProcessResult {
  sent: number;
  retrying: number;
  failed: number;
}

/**
 * Sends the messages that are due, one claim at a time, up to `limit`. `now` stands for the clock when deciding
 * what is due (tests move it forward instead of waiting for the backoff). Safe to run in several processes at once.
 */
export async function processDueMail(ctx: MailLogContext, options: { limit?: number; now?: Date } = {}): Promise<ProcessResult> {
  const result: ProcessResult = { sent: 0, retrying: 0, failed: 0 };
  const limit = options.limit ?? 50;
  for (let count = 0; count < limit; count += 1) {
    const claimed = await claimOne(ctx, options.now ?? new Date());
    if (!claimed) break;
    const outcome = await attempt(ctx, claimed);
    if (outcome.state === 'sent') result.sent += 1;
    else if (outcome.state === 'retrying') result.retrying += 1;
    else if (outcome.state === 'failed') result.failed += 1;
  }
  return result;
}

/** Sends a claimed message and writes the outcome, only if the claim is still this one (same attempt, still sending). */
async function attempt(ctx: MailLogContext, mail: ClaimedMail): Promise<MailOutcome> {
  let failure: unknown = null;
  try {
    if (mail.text === null) throw Object.assign(new Error('message body no longer stored'), { code: 'ENOBODY' });
    await ctx.mailer.send({ to: mail.to, subject: mail.subject, text: mail.text, ...(mail.html ? { html: mail.html } : {}) });
  } catch (error) {
    failure = error ?? new Error('unknown mail failure');
  }
  const fence = [mail.id, mail.attempts];
  if (!failure) {
    await ctx.database.query(
      `update mail_log set state = 'sent', sent_at = now(), locked_until = null, text_body = null, html_body = null
        where id = $1 and attempts = $2 and state = 'sending'`,
      fence,
    );
    return { id: mail.id, state: 'sent', attempts: mail.attempts, error: null };
  }
  const kind = classifyMailFailure(failure);
  const detail = failureDetail(failure);
  const decision = afterFailure(mail.attempts, kind !== 'permanent', retryPolicy(ctx.config));
  let error = t(`maillog.errors.${kind}`, { detail });
  if (decision.action === 'retry') {
    await ctx.database.query(
      `update mail_log set state = 'retrying', locked_until = null, last_error = $3,
              next_attempt_at = now() + make_interval(secs => $4::double precision / 1000)
        where id = $1 and attempts = $2 and state = 'sending'`,
      [...fence, error, decision.delayMs],
    );
    return { id: mail.id, state: 'retrying', attempts: mail.attempts, error };
  }
  if (kind !== 'permanent') error = t('maillog.errors.exhausted', { attempts: mail.attempts, detail: error });
  // A message that will not be sent keeps no body (a recovery link, say, is a secret).
  await ctx.database.query(
    `update mail_log set state = 'failed', locked_until = null, last_error = $3, text_body = null, html_body = null
      where id = $1 and attempts = $2 and state = 'sending'`,
    [...fence, error],
  );
  return { id: mail.id, state: 'failed', attempts: mail.attempts, error };
}

/** Runs `processDueMail` every `pollMs` (server/main.ts, MAIL_POLL_MS); stop() waits for a run under way. */
export function startMailProcessor(ctx: MailLogContext, options: { pollMs: number; onError: (error: unknown) => void }): Schedule {
  return every(options.pollMs, () => processDueMail(ctx), options.onError);
}


/** Messages still to send, queued or retrying after a temporary failure (GET /metrics). */
export function mailBacklog(database: Database): Promise<Array<{ state: 'queued' | 'retrying'; count: number }>> {
  return database.query(`select state, count(*)::int as count from mail_log where state in ('queued', 'retrying') group by state`);
}
