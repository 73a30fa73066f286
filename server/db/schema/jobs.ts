/**
 * Durable jobs (backups, installs, loads, bulk work, mass e-mail) and their per-item results.
 * Part of the schema re-exported by server/db/schema.ts.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  inet,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: varchar('kind', { length: 50 }).notNull(),
    status: varchar('status', { length: 20 }).notNull().default('queued'),
    payload: jsonb('payload').notNull().default({}),
    progress: integer('progress').notNull().default(0),
    result: jsonb('result'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    lockedBy: varchar('locked_by', { length: 100 }),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** Items declared by the job (null when it works without items). */
    total: integer('total'),
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    /** Who started the job and from where: the actor of the audit rows it writes. */
    createdByEmail: varchar('created_by_email', { length: 200 }),
    clientAddress: inet('client_address'),
    startedAt: timestamp('started_at', { withTimezone: true }),
  },
  (t) => [
    index('jobs_claim_idx').on(t.status, t.runAfter),
    // One e-mail load at a time (spec 01 §4 'Load e-mails'): a second unfinished one is refused by the database.
    uniqueIndex('jobs_one_email_load_idx')
      .on(t.kind)
      .where(sql`${t.kind} = 'emails.load' and ${t.status} in ('queued', 'running', 'retry')`),
  ],
);

/** Per-item results of a job (server/jobs): an item is marked finished in the transaction of its effect, once. */
export const jobItems = pgTable(
  'job_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    jobId: bigint('job_id', { mode: 'number' })
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    itemKey: varchar('item_key', { length: 200 }).notNull(),
    /** queued | done | failed | skipped */
    state: varchar('state', { length: 10 }).notNull().default('queued'),
    message: text('message'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('job_items_key_idx').on(t.jobId, t.itemKey), index('job_items_state_idx').on(t.jobId, t.state, t.id)],
);

/**
 * The undo of a bulk deactivation of administrators (server/users/deactivation.ts): one row per job, so its key
 * refuses a second undo, also when two arrive at the same moment (the second waits for the first and finds it).
 */
export const userDeactivationUndos = pgTable('user_deactivation_undos', {
  jobId: bigint('job_id', { mode: 'number' })
    .primaryKey()
    .references(() => jobs.id, { onDelete: 'cascade' }),
  undoneBy: integer('undone_by'),
  undoneAt: timestamp('undone_at', { withTimezone: true }).notNull().defaultNow(),
  /** Administrators the undo reactivated. */
  restored: integer('restored').notNull().default(0),
});
