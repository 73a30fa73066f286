/**
 * Mail log: every message the platform sends.
 * Part of the schema re-exported by server/db/schema.ts.
 */
import { sql } from 'drizzle-orm';
import { check, index } from 'drizzle-orm/pg-core';
import { mailLogResource, type MailLogRecord } from '../../../resources/maillog';
import { resourceTable } from '../resourceTable';

/** The columns the mail service writes that the API does not answer. */
interface MailLogColumns {
  textBody: string | null;
  htmlBody: string | null;
  lockedUntil: Date | null;
}

/**
 * Every message the platform sends (server/mail/mailLog.ts, docs/services.md 'Mail log'), derived from its declaration
 * (resources/maillog.ts): queued → sending → sent, or retrying after a temporary failure, or failed.
 */
export const mailLog = resourceTable<MailLogRecord, MailLogColumns>(mailLogResource, (t) => [
  check('mail_log_state_check', sql`${t.state} in ('queued', 'sending', 'retrying', 'sent', 'failed')`),
  index('mail_log_due_idx').on(t.state, t.nextAttemptAt),
  index('mail_log_created_idx').on(t.createdAt),
  index('mail_log_template_idx').on(t.template, t.createdAt),
  index('mail_log_related_idx').on(t.relatedResource, t.relatedId),
]);
