/**
 * The user lists' filters beyond the row (spec 01 §3 'User filter': siteTypeId, parentLocationId, locationId, groupID),
 * the names and meanings of the site list's own filters, over the user's site. Several values: any of them.
 */
import type { DeclaredField, DeclaredListFilter } from '../types';
import type { UserSitePermission } from './rules';

/** What a row of either user tab holds (the user, its site's name and place, its permissions on that site). */
export interface UserOfSiteRecord {
  id: number;
  name: string;
  email: string;
  siteId: number;
  siteName: string | null;
  siteAlias: string | null;
  siteType: string | null;
  parentLocation: string | null;
  childLocation: string | null;
  genderId: number | null;
  birthDate: string | null;
  deleted: boolean;
  permissions: UserSitePermission[];
  lastLogin: string | null;
  createdDate: string;
}

/**
 * A filter on the user's copy of its site's column (users.site_parent_location_id, site_location_id, site_type_id, kept
 * equal to the site's by the triggers of migration 0024_user_site_place): one index in the list's order per filter
 * (user_type_id, column, created_date, id) instead of a join to `sites`.
 */
const viaSite = (label: string, column: string): DeclaredListFilter => ({
  type: 'integer',
  label,
  sql: `t.${column} in {values}`,
});

export const USER_SITE_FILTERS: Readonly<Record<string, DeclaredListFilter>> = {
  siteTypeId: viaSite('people.filters.siteTypeId', 'site_type_id'),
  parentLocationId: viaSite('people.filters.parentLocationId', 'site_parent_location_id'),
  locationId: viaSite('people.filters.locationId', 'site_location_id'),
  groupID: { type: 'integer', label: 'people.filters.groupID', sql: 't.site_id in (select gs.site_id from group_sites gs where gs.group_id in {values})' },
};

/**
 * The group filter has no copy (a site is in several groups): the list walks users by date testing each one's site
 * against group_sites. With the page's ids chosen first, that walk reads the date index (which holds site_id) and
 * group_sites' (site_id, group_id) index, no rows (migration 0024_user_site_place).
 */
export const USER_IDS_FIRST_FILTERS: readonly string[] = ['groupID'];

/** The site's name and place, computed on read (list columns of both tabs; labels `resources.<tab>.fields.*`), and the place's stored copies. */
export function siteColumns(): DeclaredField[] {
  return [
    // The copies the filters read, kept exact by the triggers of migration 0024_user_site_place; never written by the server.
    { source: 'siteParentLocationId', type: 'integer', hidden: true },
    { source: 'siteLocationId', type: 'integer', hidden: true },
    { source: 'siteTypeId', type: 'integer', hidden: true },
    { source: 'siteName', type: 'text', readOnly: true, computed: { sql: 'select s.name from sites s where s.id = t.site_id' } },
    { source: 'siteAlias', type: 'text', readOnly: true, list: false, computed: { sql: 'select s.alias from sites s where s.id = t.site_id' } },
    {
      source: 'siteType',
      type: 'text',
      readOnly: true,
      computed: { sql: 'select st.name from sites s join site_types st on st.id = s.site_type_id where s.id = t.site_id' },
    },
    {
      source: 'parentLocation',
      type: 'text',
      readOnly: true,
      computed: { sql: 'select l.name from sites s join locations l on l.id = s.parent_location_id where s.id = t.site_id' },
    },
    {
      source: 'childLocation',
      type: 'text',
      readOnly: true,
      computed: { sql: 'select l.name from sites s join locations l on l.id = s.location_id where s.id = t.site_id' },
    },
  ];
}

/** Rows of the order a searched page walks per row it needs before reading the trigram index's candidates. */
export const USER_SEARCH_WALK = 20;
