/**
 * Audit trail.
 * Part of the schema re-exported by server/db/schema.ts.
 */
import { bigserial, index, inet, integer, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

// Hand-written: the audit service's table (server/audit), written by every write; the declaration only reads it.
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    userId: integer('user_id'),
    userEmail: varchar('user_email', { length: 200 }),
    action: varchar('action', { length: 40 }).notNull(),
    resource: varchar('resource', { length: 100 }).notNull(),
    recordId: varchar('record_id', { length: 100 }),
    /** The record's name when the line was written (name, title or e-mail), so the trail names it even after it changes or goes. */
    recordLabel: varchar('record_label', { length: 300 }),
    before: jsonb('before'),
    after: jsonb('after'),
    clientAddress: inet('client_address'),
  },
  (t) => [
    // The trail's order (newest first, id as the tie breaker), alone and under each filter.
    index('audit_log_at_idx').on(t.at, t.id),
    index('audit_log_user_idx').on(t.userId, t.at, t.id),
    index('audit_log_resource_idx').on(t.resource, t.at, t.id),
  ],
);
