/**
 * Mail log: every message the platform sends.
 * Part of the schema re-exported by server/db/schema.ts.
 */
import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

// Hand-written: the mail queue's table (server/mail); the mail log declaration is a read-only list of some of its columns.
/**
 * Every message the platform sends (server/mail/mailLog.ts, docs/services.md 'Mail log'): queued → sending → sent,
 * or retrying after a temporary failure, or failed. The bodies are kept only while the message may still be sent.
 */
export const mailLog = pgTable(
  'mail_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    recipient: varchar('recipient', { length: 320 }).notNull(),
    template: varchar('template', { length: 60 }).notNull(),
    subject: varchar('subject', { length: 300 }).notNull(),
    textBody: text('text_body'),
    htmlBody: text('html_body'),
    relatedResource: varchar('related_resource', { length: 100 }),
    relatedId: varchar('related_id', { length: 100 }),
    /** queued | sending | retrying | sent | failed */
    state: varchar('state', { length: 10 }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** While `sending`: after this moment another processor may take the message over (its sender died). */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdBy: integer('created_by'),
  },
  (t) => [
    check('mail_log_state_check', sql`${t.state} in ('queued', 'sending', 'retrying', 'sent', 'failed')`),
    index('mail_log_due_idx').on(t.state, t.nextAttemptAt),
    index('mail_log_created_idx').on(t.createdAt),
    index('mail_log_template_idx').on(t.template, t.createdAt),
    index('mail_log_related_idx').on(t.relatedResource, t.relatedId),
  ],
);
