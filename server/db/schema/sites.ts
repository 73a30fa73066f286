/**
 * Sites and what hangs on them: site requests, comments, groups and group sites.
 * Part of the schema re-exported by server/db/schema.ts.
 */
import { sql } from 'drizzle-orm';
import { foreignKey, index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { groupSitesResource, groupsResource } from '../../../resources/groups';
import { siteCommentsResource } from '../../../resources/siteComments';
import { siteRequestsResource, type SiteRequestRecord } from '../../../resources/siteRequests';
import { sitesResource, type SiteRecord } from '../../../resources/sites';
import { termsAcceptancesResource } from '../../../resources/platformSettings';
import { resourceTable } from '../resourceTable';
import { keyOrder, spanishSearchIndex } from '../textKey';
import { siteTypes } from './catalogues';
import { locations } from './locations';

/** The columns the server's code writes that the record does not answer, and its dates as the database gives them. */
interface SiteColumns {
  isDeleted: boolean;
  nameKey: string | null;
  siteTypeKey: string | null;
  parentLocationKey: string | null;
  locationKey: string | null;
  latestScore: number | null;
  previousAnalyticsFileId: number | null;
  registryCode: string | null;
  createdDate: Date;
  modifiedDate: Date;
}

/**
 * Sites, derived from their declaration (resources/sites.ts; groups' entity search reads the same table): the list's
 * indexes over the trigger-kept keys and counters, and the foreign keys to the places and the site type.
 */
export const sites = resourceTable<SiteRecord, SiteColumns>(sitesResource, (t) => [
  foreignKey({ columns: [t.parentLocationId], foreignColumns: [locations.id] }),
  foreignKey({ columns: [t.locationId], foreignColumns: [locations.id] }),
  foreignKey({ columns: [t.siteTypeId], foreignColumns: [siteTypes.id] }),
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
]);

/** What the wizard (server/newSite) and the demo seed write: the profiles and `detail` as given, the date as a Date. */
interface SiteRequestColumns {
  legalRepresentative: unknown;
  webMaster: unknown;
  detail: unknown;
  creationDate: Date;
}

/** Site requests, derived from their declaration (resources/siteRequests.ts); they go with their site. */
export const siteRequests = resourceTable<SiteRequestRecord, SiteRequestColumns>(siteRequestsResource, (t) => [
  foreignKey({ columns: [t.siteId], foreignColumns: [sites.id] }).onDelete('cascade'),
  index('site_requests_site_idx').on(t.siteId, t.creationDate),
  index('site_requests_status_idx').on(t.status),
  // One pending request per site (the public wizard, server/newSite): two submissions racing, the second gets 409.
  uniqueIndex('site_requests_one_pending').on(t.siteId).where(sql`${t.status} = 'PendingApproval'`),
]);

/**
 * Acceptances of the texts a site request shows (server/newSite): which text (`SiteRequestTerms` or
 * `SiteRequestDataTreatment`), its version when accepted, by whom and when (spec 03 'date-range download of users
 * who accepted the terms').
 */
export const termsAcceptances = resourceTable(termsAcceptancesResource, (t) => [
  foreignKey({ columns: [t.siteRequestId], foreignColumns: [siteRequests.id] }).onDelete('cascade'),
  index('terms_acceptances_kind_idx').on(t.kind, t.acceptedAt),
  index('terms_acceptances_request_idx').on(t.siteRequestId),
]);

/** Comments on a site, derived from their declaration (resources/siteComments.ts); they go with their site. */
export const siteComments = resourceTable(siteCommentsResource, (t) => [
  foreignKey({ columns: [t.siteId], foreignColumns: [sites.id] }).onDelete('cascade'),
  index('site_comments_site_idx').on(t.siteId, t.creationDate),
]);

/** Site groups, derived from their declaration (resources/groups.ts); the name search reads the trigram index. */
export const groups = resourceTable(groupsResource, (t) => [index('groups_name_search_idx').using('gin', spanishSearchIndex(t.name))]);

/** The rows of sites of each group, in order, derived from their declaration (resources/groups.ts `groupSitesResource`). */
export const groupSites = resourceTable(groupSitesResource, (t) => [
  foreignKey({ columns: [t.groupID], foreignColumns: [groups.groupID] }).onDelete('cascade'),
  foreignKey({ columns: [t.siteID], foreignColumns: [sites.id] }).onDelete('cascade'),
  index('group_sites_site_idx').on(t.siteID, t.groupID),
]);

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
