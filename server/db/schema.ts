/**
 * The database schema of the whole back office. Catalogue tables are derived from their
 * resource declarations (see resourceTable); the rest is declared here. Migrations are
 * generated from this file with `npm run db:generate` and applied at start-up.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  doublePrecision,
  index,
  inet,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uuid,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { check } from 'drizzle-orm/pg-core';
import { chatCategoriesResource, documentTypesResource, procedureTypesResource, siteTypesResource } from '../../resources';
import { resourceTable } from './resourceTable';
import { spanishOrder, spanishSearchIndex } from './textKey';

// ── Catalogues (declared in resources/) ─────────────────────────────────────────────
export const siteTypes = resourceTable(siteTypesResource);
export const procedureTypes = resourceTable(procedureTypesResource);
export const documentTypes = resourceTable(documentTypesResource);
export const chatCategories = resourceTable(chatCategoriesResource);

// ── Reference data ─────────────────────────────────────────────────────────────────
export const permissions = pgTable('permissions', {
  permissionId: integer('permission_id').primaryKey(),
  name: varchar('name', { length: 50 }).notNull().unique(),
});

/**
 * Country root, departments and municipalities. Ids are the DANE codes as integers
 * (department 5 = '05', municipality 5001 = '05001'); the country root is 170 (see settings).
 */
export const locations = pgTable(
  'locations',
  {
    id: integer('id').primaryKey(),
    code: varchar('code', { length: 5 }).notNull(),
    name: varchar('name', { length: 150 }).notNull(),
    parentLocationId: integer('parent_location_id'),
    isMunicipality: boolean('is_municipality').notNull().default(false),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    population: integer('population'),
  },
  (t) => [
    index('locations_parent_idx').on(t.parentLocationId, spanishOrder(t.name), t.id),
    index('locations_name_search_idx').using('gin', spanishSearchIndex(t.name)),
  ],
);

export const settings = pgTable('settings', {
  settingId: serial('setting_id').primaryKey(),
  keyWord: varchar('key_word', { length: 100 }).notNull().unique(),
  value: text('value').notNull().default(''),
  label: varchar('label', { length: 200 }),
});

// ── Sites ──────────────────────────────────────────────────────────────────────────
export const sites = pgTable(
  'sites',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 200 }).notNull(),
    alias: varchar('alias', { length: 220 }).notNull(),
    parentLocationId: integer('parent_location_id').notNull().references(() => locations.id),
    locationId: integer('location_id').references(() => locations.id),
    siteTypeId: integer('site_type_id').notNull().references(() => siteTypes.id),
    orderType: smallint('order_type').notNull(),
    url: varchar('url', { length: 200 }),
    allowedUrl: varchar('allowed_url', { length: 1000 }),
    address: varchar('address', { length: 150 }),
    siteLatitude: doublePrecision('site_latitude'),
    siteLongitude: doublePrecision('site_longitude'),
    installed: boolean('installed').notNull().default(false),
    statusId: smallint('status_id').notNull().default(2),
    pendingRequest: boolean('pending_request').notNull().default(false),
    countUsers: integer('count_users').notNull().default(0),
    countEmails: integer('count_emails').notNull().default(0),
    countContents: integer('count_contents').notNull().default(0),
    countComments: integer('count_comments').notNull().default(0),
    population: integer('population'),
    piwikId: integer('piwik_id'),
    previousAnalyticsFileId: integer('previous_analytics_file_id'),
    registryCode: varchar('registry_code', { length: 10 }),
    userMade: boolean('user_made').notNull().default(false),
    isDeleted: boolean('is_deleted').notNull().default(false),
    createdDate: timestamp('created_date', { withTimezone: true }).notNull().defaultNow(),
    modifiedDate: timestamp('modified_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sites_alias_unique').on(sql`lower(${t.alias})`),
    // Name indexes hold the Spanish order key (server/db/textKey.ts) and the id, as the list orders.
    index('sites_name_idx').on(spanishOrder(t.name), t.id),
    index('sites_status_name_idx').on(t.statusId, t.installed, spanishOrder(t.name), t.id),
    index('sites_parent_location_idx').on(t.parentLocationId, spanishOrder(t.name), t.id),
    index('sites_location_idx').on(t.locationId, spanishOrder(t.name), t.id),
    index('sites_pending_idx').on(spanishOrder(t.name), t.id).where(sql`${t.pendingRequest}`),
    index('sites_type_idx').on(t.siteTypeId),
    index('sites_modified_idx').on(t.modifiedDate),
    // The list's name search (accents and case ignored) reads this trigram index.
    index('sites_name_search_idx').using('gin', spanishSearchIndex(t.name)),
  ],
);

export const siteRequests = pgTable(
  'site_requests',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id').notNull().references(() => sites.id, { onDelete: 'cascade' }),
    /** FirstTime, ChangeAdmin or UserMade. */
    kind: varchar('kind', { length: 20 }).notNull(),
    /** PendingApproval, Approved or Rejected. */
    status: varchar('status', { length: 20 }).notNull().default('PendingApproval'),
    responseMessage: text('response_message'),
    legalRepresentative: jsonb('legal_representative'),
    webMaster: jsonb('web_master'),
    detail: jsonb('detail'),
    creationDate: timestamp('creation_date', { withTimezone: true }).notNull().defaultNow(),
    processedDate: timestamp('processed_date', { withTimezone: true }),
  },
  (t) => [index('site_requests_site_idx').on(t.siteId, t.creationDate), index('site_requests_status_idx').on(t.status)],
);

export const siteComments = pgTable(
  'site_comments',
  {
    siteCommentId: serial('site_comment_id').primaryKey(),
    siteId: integer('site_id').notNull().references(() => sites.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    description: varchar('description', { length: 540 }).notNull(),
    files: jsonb('files').notNull().default([]),
    creationDate: timestamp('creation_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('site_comments_site_idx').on(t.siteId, t.creationDate)],
);

export const groups = pgTable(
  'groups',
  {
    groupId: serial('group_id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    createdDate: timestamp('created_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('groups_name_search_idx').using('gin', spanishSearchIndex(t.name))],
);

export const groupSites = pgTable(
  'group_sites',
  {
    groupId: integer('group_id').notNull().references(() => groups.groupId, { onDelete: 'cascade' }),
    siteId: integer('site_id').notNull().references(() => sites.id, { onDelete: 'cascade' }),
    order: integer('order').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.siteId] }), index('group_sites_site_idx').on(t.siteId)],
);

// ── Users ──────────────────────────────────────────────────────────────────────────
/** User kinds (spec 01 §3, user filter userTypeId): 1 site administrator, 2 superadmin, 3 site user. */
export const USER_TYPE = { siteAdministrator: 1, superadmin: 2, siteUser: 3 } as const;

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    userTypeId: smallint('user_type_id').notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    email: varchar('email', { length: 200 }).notNull(),
    passwordHash: text('password_hash'),
    siteId: integer('site_id').references(() => sites.id, { onDelete: 'cascade' }),
    /** Main administrator type: LegalRepresentative or WebMaster. */
    adminType: varchar('admin_type', { length: 30 }),
    isGuest: boolean('is_guest').notNull().default(false),
    deleted: boolean('deleted').notNull().default(false),
    genderId: smallint('gender_id'),
    birthDate: timestamp('birth_date', { mode: 'string' }),
    loa: smallint('loa'),
    /** Site-level permissions of administrators and site users: [{ name, enabled }]. */
    sitePermissions: jsonb('site_permissions').notNull().default([]),
    lastLogin: timestamp('last_login', { withTimezone: true }),
    createdDate: timestamp('created_date', { withTimezone: true }).notNull().defaultNow(),
    modifiedDate: timestamp('modified_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_superadmin_email_unique').on(sql`lower(${t.email})`).where(sql`${t.userTypeId} = 2`),
    index('users_email_idx').on(sql`lower(${t.email})`),
    index('users_type_site_idx').on(t.userTypeId, t.siteId),
    index('users_type_created_idx').on(t.userTypeId, t.createdDate),
    index('users_name_search_idx').using('gin', spanishSearchIndex(t.name)),
    index('users_email_search_idx').using('gin', spanishSearchIndex(t.email)),
  ],
);

export const userPermissions = pgTable(
  'user_permissions',
  {
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    permissionId: integer('permission_id').notNull().references(() => permissions.permissionId),
  },
  (t) => [primaryKey({ columns: [t.userId, t.permissionId] })],
);

// ── Sessions, sign-in protection, recovery ─────────────────────────────────────────
/** One row per issued session; tokens carry its id so that logout revokes them on every instance. */
export const sessions = pgTable(
  'sessions',
  {
    id: varchar('id', { length: 64 }).primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const captchas = pgTable('captchas', {
  id: varchar('id', { length: 64 }).primaryKey(),
  answerHash: varchar('answer_hash', { length: 128 }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/**
 * Failed sign-ins per key (`email:…` or `ip:…`), for demanding the captcha, delaying the account's
 * next attempt and locking it for a while (server/auth/throttleRules.ts).
 */
export const loginAttempts = pgTable('login_attempts', {
  key: varchar('key', { length: 250 }).primaryKey(),
  failures: integer('failures').notNull().default(0),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull().defaultNow(),
  nextAllowedAt: timestamp('next_allowed_at', { withTimezone: true }),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

export const passwordResets = pgTable(
  'password_resets',
  {
    tokenHash: varchar('token_hash', { length: 128 }).primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

// ── Audit trail ────────────────────────────────────────────────────────────────────
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
    index('audit_log_at_idx').on(t.at),
    index('audit_log_user_idx').on(t.userId, t.at),
    index('audit_log_resource_idx').on(t.resource, t.at),
  ],
);

// ── Durable jobs (backups, installs, loads, bulk work, mass e-mail) ────────────────
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
  (t) => [index('jobs_claim_idx').on(t.status, t.runAfter)],
);

/** Secrets shared by every API instance (the token signing key when TOKEN_SECRET is unset). */
export const serverSecrets = pgTable('server_secrets', {
  name: varchar('name', { length: 50 }).primaryKey(),
  value: text('value').notNull(),
});

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

// ── Uploaded files (server/files): stored objects and the records that use them ───────
/** One uploaded file: its stored object (and derived images), as checked and cleaned on upload. */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Key of the object in the file storage (server/files/storage.ts). */
    storageKey: varchar('storage_key', { length: 300 }).notNull().unique(),
    /** The original name, sanitised (no path, no control characters). */
    name: varchar('name', { length: 255 }).notNull(),
    mime: varchar('mime', { length: 100 }).notNull(),
    extension: varchar('extension', { length: 10 }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    isImage: boolean('is_image').notNull().default(false),
    thumbnailKey: varchar('thumbnail_key', { length: 300 }),
    bigImageKey: varchar('big_image_key', { length: 300 }),
    elementType: varchar('element_type', { length: 50 }).notNull(),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('files_created_idx').on(t.createdAt)],
);

/**
 * Who uses a file: one row per (resource, record). A referenced file is never purged, and the foreign key
 * (no cascade) makes the database refuse to delete it while a reference exists, even under a race.
 */
export const fileRefs = pgTable(
  'file_refs',
  {
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'restrict' }),
    resource: varchar('resource', { length: 100 }).notNull(),
    recordId: varchar('record_id', { length: 100 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.resource, t.recordId] }), index('file_refs_record_idx').on(t.resource, t.recordId)],
);

// ── Portal keys and realtime (docs/services.md) ─────────────────────────────────────
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
