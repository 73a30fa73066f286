/**
 * Pure rules of the site list (/portales, spec 01 'Site list', §3 Site filter, §6): which status
 * tabs a user sees and which one is the default, the filter sent to GET /sites/, and cell formats.
 */
import { hasAnyPermission } from '../../resources/permissions';
import { formatDate } from '../../resources/dates';

export type StatusTab = 'all' | 'active' | 'inactive' | 'pending';

/** Site status ids (spec 01 §9). */
export const SITE_STATUS = { active: 1, inactive: 2 } as const;
/** Site list page size (spec 01 §9). */
export const SITE_LIST_PAGE_SIZE = 20;
/** Country-level root of the location tree: departments hang under it (seeded setting). */
export const COUNTRY_LOCATION_ID = 170;
/** Locations fetched per call (API maximum). */
export const LOCATIONS_PAGE_SIZE = 2000;
export const GROUPS_PAGE_SIZE = 100;
/** Delay before a typed name is searched. */
export const NAME_SEARCH_DELAY_MS = 350;

const ALL_TABS: readonly StatusTab[] = ['all', 'active', 'inactive', 'pending'];

/**
 * Tabs Todos, Inactivos and Por aprobar only for Sites or Reports holders, whose default is Todos
 * (empty status); everyone else sees only Activos, which is then the default.
 */
export function statusTabsFor(held: readonly string[]): { tabs: readonly StatusTab[]; defaultTab: StatusTab } {
  return hasAnyPermission(held, ['Sites', 'Reports'])
    ? { tabs: ALL_TABS, defaultTab: 'all' }
    : { tabs: ['active'], defaultTab: 'active' };
}

/** The query parameters selecting a tab's rows. */
export function statusFilter(tab: StatusTab): Record<string, number | boolean> {
  switch (tab) {
    case 'active':
      return { status: SITE_STATUS.active };
    case 'inactive':
      return { status: SITE_STATUS.inactive };
    case 'pending':
      return { pendingRequest: true };
    default:
      return {};
  }
}

export interface SiteSearch {
  name: string;
  parentLocationId: string;
  locationId: string;
  groupID: string;
}

export const EMPTY_SEARCH: SiteSearch = { name: '', parentLocationId: '', locationId: '', groupID: '' };

/** Filter passed to the dataProvider: only the criteria that are set, ids as numbers. */
export function siteListFilter(search: SiteSearch, tab: StatusTab): Record<string, string | number | boolean> {
  const filter: Record<string, string | number | boolean> = { ...statusFilter(tab) };
  const name = search.name.trim();
  if (name) filter.name = name;
  for (const key of ['parentLocationId', 'locationId', 'groupID'] as const) {
    const id = Number(search[key]);
    if (search[key] !== '' && Number.isInteger(id)) filter[key] = id;
  }
  return filter;
}

/** Choosing another department clears the municipality (its choices depend on the department). */
export function withDepartment(search: SiteSearch, parentLocationId: string): SiteSearch {
  return { ...search, parentLocationId, locationId: parentLocationId === search.parentLocationId ? search.locationId : '' };
}

/**
 * The search and the chosen tab live in the address (/portales?estado=inactivos&departamento=5…), so
 * that a reload or 'Atrás' from a site's detail restores them. Query names are the visible Spanish ones.
 */
const QUERY_NAMES = { name: 'nombre', parentLocationId: 'departamento', locationId: 'municipio', groupID: 'grupo' } as const;
const TAB_QUERY = 'estado';
const TAB_VALUES: Record<StatusTab, string> = { all: 'todos', active: 'activos', inactive: 'inactivos', pending: 'por-aprobar' };

export interface SiteListState {
  search: SiteSearch;
  /** The tab named in the address; null when none (or an unknown one) is named: the default tab applies. */
  tab: StatusTab | null;
}

/** Reads the list state from the query string; malformed ids and a municipality without department are ignored. */
export function siteListStateFromQuery(query: URLSearchParams): SiteListState {
  const id = (value: string | null) => (value && /^\d+$/.test(value) ? value : '');
  const parentLocationId = id(query.get(QUERY_NAMES.parentLocationId));
  const search: SiteSearch = {
    name: query.get(QUERY_NAMES.name) ?? '',
    parentLocationId,
    locationId: parentLocationId ? id(query.get(QUERY_NAMES.locationId)) : '',
    groupID: id(query.get(QUERY_NAMES.groupID)),
  };
  const tabValue = query.get(TAB_QUERY);
  const tab = (Object.keys(TAB_VALUES) as StatusTab[]).find((key) => TAB_VALUES[key] === tabValue) ?? null;
  return { search, tab };
}

/** The query string of a list state: only what is set (no tab when it is the default one). */
export function siteListQuery(state: SiteListState): URLSearchParams {
  const query = new URLSearchParams();
  if (state.tab) query.set(TAB_QUERY, TAB_VALUES[state.tab]);
  for (const key of Object.keys(QUERY_NAMES) as Array<keyof SiteSearch>) {
    if (state.search[key] !== '') query.set(QUERY_NAMES[key], state.search[key]);
  }
  return query;
}

/** The address of a site's detail. */
export function siteDetailPath(id: number | string): string {
  return `/portales/${id}`;
}

/** Whether the user narrowed the list: decides between the two empty states. */
export function hasSearchCriteria(search: SiteSearch, tab: StatusTab, defaultTab: StatusTab): boolean {
  return tab !== defaultTab || Object.keys(siteListFilter(search, 'all')).length > 0;
}

/** react-admin permissions as a list of names, whatever shape the authProvider gives. */
export function permissionNames(permissions: unknown): string[] {
  if (Array.isArray(permissions)) {
    return permissions
      .map((p) => (typeof p === 'string' ? p : p && typeof p === 'object' && 'name' in p ? String((p as { name: unknown }).name) : ''))
      .filter(Boolean);
  }
  if (permissions && typeof permissions === 'object' && 'permissions' in permissions) {
    return permissionNames((permissions as { permissions: unknown }).permissions);
  }
  return [];
}

/** A row's date as every screen writes a day (resources/dates.ts: `dd/mm/aaaa`, Colombia); empty for a missing or invalid date. */
export function formatSiteDate(value: unknown): string {
  return formatDate(value);
}

export interface SiteRow {
  id: number;
  name: string;
  siteType?: string | null;
  parentLocation?: string | null;
  childLocation?: string | null;
  countUsers?: number | null;
  countEmails?: number | null;
  countContents?: number | null;
  countComments?: number | null;
  modifiedDate?: string | null;
  population?: number | null;
  installed?: boolean;
  statusId?: number;
  statusName?: string | null;
  pendingRequest?: boolean;
  requestType?: string | null;
}

/** i18n key (under sites.status) of a row's status. */
export function siteStatusKey(site: Pick<SiteRow, 'statusId' | 'installed'>): 'active' | 'inactive' | 'not_installed' {
  if (site.installed === false) return 'not_installed';
  return site.statusId === SITE_STATUS.active ? 'active' : 'inactive';
}

/** Inactive installed rows (statusId 2) offer 'Activar' (spec 01 'Site list'); activating needs Sites. */
export function offersActivation(site: Pick<SiteRow, 'statusId' | 'installed'>, held: readonly string[]): boolean {
  return site.installed === true && site.statusId === SITE_STATUS.inactive && hasAnyPermission(held, ['Sites']);
}

/** Thousands separated the Colombian way; empty when unknown. */
// One formatter for every cell: `toLocaleString('es-CO')` builds a new one per call (half of the rows' drawing time).
const COUNT_FORMAT = new Intl.NumberFormat('es-CO');

export function formatCount(value: number | null | undefined): string {
  return value === null || value === undefined ? '' : COUNT_FORMAT.format(value);
}

/** Sortable columns of the list and the order of GET /sites/ each one asks for (server/sites/filter.ts orders). */
export const SITE_SORT_FIELDS = {
  name: 'name',
  siteType: 'siteType',
  department: 'parentLocation',
  municipality: 'childLocation',
  countUsers: 'countUsers',
  countEmails: 'countEmails',
  countContents: 'countContents',
  countComments: 'countComments',
  modifiedDate: 'modifiedDate',
  population: 'population',
  status: 'statusId',
} as const;

export type SiteSortColumn = keyof typeof SITE_SORT_FIELDS;

/** The ranking order (spec 01 §9 'toggle to ranking'): not a column but the site's latest score (server order `score`). */
export const RANKING_SORT_FIELD = 'score';

export interface SiteSort {
  field: (typeof SITE_SORT_FIELDS)[SiteSortColumn] | typeof RANKING_SORT_FIELD;
  order: 'ASC' | 'DESC';
}

/** The default order: by name (spec 01 §9). */
export const DEFAULT_SITE_SORT: SiteSort = { field: 'name', order: 'ASC' };

const SORT_QUERY = 'orden';

/** The order named in the address (`orden=population` or `orden=-population`); the default one otherwise. */
export function siteSortFromQuery(query: URLSearchParams): SiteSort {
  const value = query.get(SORT_QUERY) ?? '';
  const descending = value.startsWith('-');
  const field = ([...Object.values(SITE_SORT_FIELDS), RANKING_SORT_FIELD] as string[]).find((candidate) => candidate === value.replace(/^-/, ''));
  return field ? { field: field as SiteSort['field'], order: descending ? 'DESC' : 'ASC' } : DEFAULT_SITE_SORT;
}

/** The address with an order: none for the default one. */
export function withSiteSort(query: URLSearchParams, sort: SiteSort): URLSearchParams {
  const next = new URLSearchParams(query);
  if (sort.field === DEFAULT_SITE_SORT.field && sort.order === DEFAULT_SITE_SORT.order) next.delete(SORT_QUERY);
  else next.set(SORT_QUERY, `${sort.order === 'DESC' ? '-' : ''}${sort.field}`);
  return next;
}

/** A click on a column's header: that column ascending, or the other direction when it is already the order. */
export function nextSiteSort(current: SiteSort, column: SiteSortColumn): SiteSort {
  const field = SITE_SORT_FIELDS[column];
  if (current.field !== field) return { field, order: 'ASC' };
  return { field, order: current.order === 'ASC' ? 'DESC' : 'ASC' };
}
