/**
 * Sites and what hangs on them: site requests, comments, groups and group sites.
 * Part of the schema re-exported by server/db/schema.ts.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { groupsResource } from '../../../resources/groups';
import { siteCommentsResource } from '../../../resources/siteComments';
import { resourceTable } from '../resourceTable';
import { keyOrder, spanishSearchIndex } from '../textKey';
import { siteTypes } from './catalogues';
import { locations } from './locations';

// Hand-written: two declarations (sites, groupsitesfind) read it and neither declares its trigger-kept keys, counters and list indexes.
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
    /** The name's Spanish key (server/db/textKey.ts), stored: the name order and search read it without calling unaccent per row. */
    nameKey: text('name_key').generatedAlwaysAs(sql`spanish_key("name")`),
    /**
     * The Spanish keys of the site type's and the locations' names, kept by the database (triggers of
     * migration 0012_list_order_indexes), so that the joined orders of the site list read an index.
     */
    siteTypeKey: text('site_type_key'),
    parentLocationKey: text('parent_location_key'),
    locationKey: text('location_key'),
    piwikId: integer('piwik_id'),
    previousAnalyticsFileId: integer('previous_analytics_file_id'),
    registryCode: varchar('registry_code', { length: 10 }),
    /** The site's most recent monthly score (site_scores), kept by the trigger of migration 0020_scores: the list's ranking order. */
    latestScore: numeric('latest_score', { precision: 5, scale: 2, mode: 'number' }),
    userMade: boolean('user_made').notNull().default(false),
    isDeleted: boolean('is_deleted').notNull().default(false),
    createdDate: timestamp('created_date', { withTimezone: true }).notNull().defaultNow(),
    modifiedDate: timestamp('modified_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sites_alias_unique').on(sql`lower(${t.alias})`),
    // Every order of the site list (server/sites/filter.ts) has an index whose key matches it, id as the tie breaker.
    // Name indexes hold the stored Spanish key (server/db/textKey.ts) and the id, as the list orders.
    index('sites_name_idx').on(keyOrder(t.nameKey), t.id),
    index('sites_status_name_idx').on(t.statusId, t.installed, keyOrder(t.nameKey), t.id),
    index('sites_parent_location_idx').on(t.parentLocationId, keyOrder(t.nameKey), t.id),
    index('sites_location_idx').on(t.locationId, keyOrder(t.nameKey), t.id),
    index('sites_pending_idx').on(keyOrder(t.nameKey), t.id).where(sql`${t.pendingRequest}`),
    index('sites_type_idx').on(t.siteTypeId),
    index('sites_modified_idx').on(t.modifiedDate, t.id),
    // Population sorts empty values last both ways: one index per direction (the descending one is read backwards).
    index('sites_population_idx').on(t.population.asc().nullsLast(), t.id),
    index('sites_population_desc_idx').on(t.population.asc().nullsFirst(), t.id),
    index('sites_count_users_idx').on(t.countUsers, t.id),
    index('sites_count_emails_idx').on(t.countEmails, t.id),
    index('sites_count_contents_idx').on(t.countContents, t.id),
    index('sites_count_comments_idx').on(t.countComments, t.id),
    index('sites_status_idx').on(t.statusId, t.id),
    index('sites_site_type_key_idx').on(keyOrder(t.siteTypeKey), t.id),
    index('sites_parent_location_key_idx').on(keyOrder(t.parentLocationKey), t.id),
    index('sites_location_key_idx').on(keyOrder(t.locationKey), t.id),
    index('sites_location_key_desc_idx').on(sql`${t.locationKey} collate "C" nulls first`, t.id),
    // Sites not deleted, by id: counting a group's sites (GET /sites/groups/) probes this index instead of reading every site.
    index('sites_live_idx').on(t.id).where(sql`not ${t.isDeleted}`),
    // The tab counts (GET /sites/counts/) read only this index (an index-only scan).
    index('sites_tabs_idx').on(t.statusId, t.installed, t.pendingRequest).where(sql`not ${t.isDeleted}`),
    // The list's name search (accents and case ignored) reads this trigram index.
    index('sites_name_search_idx').using('gin', sql`${t.nameKey} gin_trgm_ops`),
    // The ranking order (orderBy=-score: best latest score first, unscored last) reads this index backwards.
    index('sites_latest_score_idx').on(t.latestScore.asc().nullsFirst(), t.id),
  ],
);

// Hand-written: the declaration reads `detail` through computed fields and its enum columns are wider than their choices.
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
  (t) => [
    index('site_requests_site_idx').on(t.siteId, t.creationDate),
    index('site_requests_status_idx').on(t.status),
    // One pending request per site (the public wizard, server/newSite): two submissions racing, the second gets 409.
    uniqueIndex('site_requests_one_pending').on(t.siteId).where(sql`${t.status} = 'PendingApproval'`),
  ],
);

/**
 * Acceptances of the texts a site request shows (server/newSite): which text (`SiteRequestTerms` or
 * `SiteRequestDataTreatment`), its version when accepted, by whom and when (spec 03 'date-range download of users
 * who accepted the terms').
 */
export const termsAcceptances = pgTable(
  'terms_acceptances',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 40 }).notNull(),
    version: integer('version').notNull(),
    siteRequestId: integer('site_request_id').references(() => siteRequests.id, { onDelete: 'cascade' }),
    email: varchar('email', { length: 200 }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('terms_acceptances_kind_idx').on(t.kind, t.acceptedAt), index('terms_acceptances_request_idx').on(t.siteRequestId)],
);

/** Comments on a site, derived from their declaration (resources/siteComments.ts); they go with their site. */
export const siteComments = resourceTable(siteCommentsResource, (t) => [
  foreignKey({ columns: [t.siteId], foreignColumns: [sites.id] }).onDelete('cascade'),
  index('site_comments_site_idx').on(t.siteId, t.creationDate),
]);

/** Site groups, derived from their declaration (resources/groups.ts); the name search reads the trigram index. */
export const groups = resourceTable(groupsResource, (t) => [index('groups_name_search_idx').using('gin', spanishSearchIndex(t.name))]);

// Hand-written: its key is the pair (group_id, site_id), which a declaration's single id field cannot state (groups' `sites` junction).
export const groupSites = pgTable(
  'group_sites',
  {
    groupId: integer('group_id').notNull().references(() => groups.groupID, { onDelete: 'cascade' }),
    siteId: integer('site_id').notNull().references(() => sites.id, { onDelete: 'cascade' }),
    order: integer('order').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.siteId] }), index('group_sites_site_idx').on(t.siteId, t.groupId)],
);

/**
 * The allowed domains of each site (spec 01 §5: a domain is unique), one row per domain key (resources/siteRules.ts
 * `domainKey`: host in lower case, without `www.`), kept by the sites service from `sites.allowed_url` in the same
 * transaction. The primary key is the uniqueness rule: of two simultaneous creates with the same domain one fails.
 */
export const siteDomains = pgTable(
  'site_domains',
  {
    domain: varchar('domain', { length: 253 }).primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
  },
  (t) => [index('site_domains_site_idx').on(t.siteId)],
);
