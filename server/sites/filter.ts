/**
 * The site list filter (spec 01 §3 'Site filter'): query parameters → typed filter → SQL
 * conditions and order. Pure: the route runs the text with its parameters.
 */
import { SITE_STATUS } from './status';
import { accentInsensitiveRegex, QueryReader, readPaging, sortKeySql, type Paging } from './query';

export const SITE_PAGE_SIZE = 20;
export const SITE_MAX_PAGE_SIZE = 100;

/**
 * Sortable fields of the list and their SQL expressions (aliases of the list query). Names sort in
 * Spanish order by the key the name indexes hold (`sites_name_idx` and the filtered ones serve the default order).
 */
export const SITE_ORDER_FIELDS = {
  name: sortKeySql('s.name'),
  id: 's.id',
  modifiedDate: 's.modified_date',
  population: 's.population',
  countUsers: 's.count_users',
  countEmails: 's.count_emails',
  countContents: 's.count_contents',
  countComments: 's.count_comments',
  siteType: sortKeySql('st.name'),
  parentLocation: sortKeySql('pl.name'),
  childLocation: sortKeySql('cl.name'),
  statusId: 's.status_id',
} as const;

export type SiteOrderField = keyof typeof SITE_ORDER_FIELDS;
/** Fields that may be empty: empty values go last in both directions. The others match their indexes' order. */
const NULLABLE_ORDER_FIELDS = new Set<string>(['population', 'childLocation']);
const ORDER_VALUES = Object.keys(SITE_ORDER_FIELDS).flatMap((field) => [field, `-${field}`]);

export interface SiteFilter extends Paging {
  name?: string;
  parentLocationId?: number;
  locationId?: number;
  groupID?: number;
  /** 1 active (installed and statusId 1); 2 inactive (everything else). */
  status?: 1 | 2;
  pendingRequest?: boolean;
  orderBy: string;
}

const idOptions = { min: 1, max: 2_147_483_647, messageKey: 'sites.server.query.id' };

/** Reads the list query; throws the Spanish 400 envelope for refused parameters. */
export function parseSiteFilter(query: Record<string, unknown>): SiteFilter {
  const reader = new QueryReader(query);
  const paging = readPaging(reader, { pageSize: SITE_PAGE_SIZE, maxPageSize: SITE_MAX_PAGE_SIZE });
  const status = reader.int('status', { min: 1, max: 2, messageKey: 'sites.server.query.status' });
  const filter: SiteFilter = {
    ...paging,
    name: reader.text('name', 200),
    parentLocationId: reader.int('parentLocationId', idOptions),
    locationId: reader.int('locationId', idOptions),
    groupID: reader.int('groupID', idOptions),
    status: status as 1 | 2 | undefined,
    pendingRequest: reader.bool('pendingRequest'),
    orderBy: reader.oneOf('orderBy', ORDER_VALUES, 'name', 'sites.server.query.order_by'),
  };
  reader.failIfInvalid();
  return filter;
}

export interface SqlFragment {
  text: string;
  params: unknown[];
}

/** `where …` over the list query's aliases (s = sites), with $n placeholders from 1. */
export function siteWhere(filter: SiteFilter): SqlFragment {
  const params: unknown[] = [];
  const add = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const conditions = ['not s.is_deleted'];
  if (filter.name) conditions.push(`s.name ~* ${add(accentInsensitiveRegex(filter.name))}`);
  if (filter.parentLocationId !== undefined) conditions.push(`s.parent_location_id = ${add(filter.parentLocationId)}`);
  if (filter.locationId !== undefined) conditions.push(`s.location_id = ${add(filter.locationId)}`);
  if (filter.groupID !== undefined) {
    conditions.push(`exists (select 1 from group_sites gs where gs.group_id = ${add(filter.groupID)} and gs.site_id = s.id)`);
  }
  if (filter.status === SITE_STATUS.active) conditions.push(`s.status_id = ${SITE_STATUS.active} and s.installed`);
  if (filter.status === SITE_STATUS.inactive) conditions.push(`not (s.status_id = ${SITE_STATUS.active} and s.installed)`);
  if (filter.pendingRequest !== undefined) conditions.push(filter.pendingRequest ? 's.pending_request' : 'not s.pending_request');
  return { text: `where ${conditions.join(' and ')}`, params };
}

/** `order by …` for a whitelisted `orderBy` (`field` ascending, `-field` descending), ties broken by id. */
export function siteOrderBy(orderBy: string): string {
  const descending = orderBy.startsWith('-');
  const field = (descending ? orderBy.slice(1) : orderBy) as SiteOrderField;
  const expression = SITE_ORDER_FIELDS[field] ?? SITE_ORDER_FIELDS.name;
  const direction = descending ? 'desc' : 'asc';
  const tieBreak = field === 'id' ? '' : `, s.id ${direction}`;
  const nulls = NULLABLE_ORDER_FIELDS.has(field) ? ' nulls last' : '';
  return `order by ${expression} ${direction}${nulls}${tieBreak}`;
}
