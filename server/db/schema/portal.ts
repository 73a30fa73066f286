/**
 * Portal keys and realtime (docs/services.md): portal keys, events and stream tickets.
 * Part of the schema re-exported by server/db/schema.ts.
 */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { sites } from './sites';

/**
 * Credentials an installed site (portal) uses to call the platform: `pk_<keyId>.<secret>`, of which only
 * the secret's sha256 is kept. At most one key per site is live (partial unique index): issuing rotates.
 */
export const portalKeys = pgTable(
  'portal_keys',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    keyId: varchar('key_id', { length: 40 }).notNull(),
    secretHash: varchar('secret_hash', { length: 64 }).notNull(),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('portal_keys_key_id_idx').on(t.keyId),
    uniqueIndex('portal_keys_live_site_idx').on(t.siteId).where(sql`${t.revokedAt} is null`),
  ],
);

/**
 * Site tokens issued to enter a portal as its administrator ('Administrar', GET /sites/{id}/auth): one row per
 * token, by its `jti`. The portal redeems the token once (POST /portal/impersonations/redeem): `used_at` is set by a
 * conditional update, so a second use — even a simultaneous one — is refused. Who, which portal, when and why.
 */
export const siteImpersonations = pgTable(
  'site_impersonations',
  {
    jti: uuid('jti').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    reason: varchar('reason', { length: 500 }).notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('site_impersonations_site_idx').on(t.siteId, t.issuedAt)],
);

/** Events published to the realtime streams (server/realtime), kept a while for Last-Event-ID replay. */
export const events = pgTable(
  'events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channel: varchar('channel', { length: 200 }).notNull(),
    payload: jsonb('payload').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('events_created_idx').on(t.createdAt), index('events_channel_idx').on(t.channel, t.id)],
);

/** Single-use stream tickets (EventSource cannot send the bearer header): the sha256 of the ticket is kept. */
export const eventTickets = pgTable(
  'event_tickets',
  {
    ticketHash: varchar('ticket_hash', { length: 64 }).primaryKey(),
    userId: integer('user_id').notNull(),
    sessionId: varchar('session_id', { length: 64 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('event_tickets_expires_idx').on(t.expiresAt)],
);
