/**
 * The site list's query (spec 01 §3 'Site filter'): its ListSpec over the list query's aliases
 * (s = sites, pl/cl = department/municipality, st = site type), and the status tab buckets.
 */
import type { ListSpec } from '../../resources/listQuery';
import { SITE_STATUS } from './status';

const ACTIVE = `s.status_id = ${SITE_STATUS.active} and s.installed`;

/** The status tabs (spec 01 'Site list'): each one's condition, counted together by GET /sites/counts/. */
export const SITE_STATUS_BUCKETS = {
  all: 'true',
  active: ACTIVE,
  inactive: `not (${ACTIVE})`,
  pending: 's.pending_request',
} as const;

/** The filters that choose a tab: the tab counts leave them out, so that every tab counts the same search. */
export const SITE_TAB_FILTERS = ['status', 'pendingRequest'] as const;

/**
 * Names sort in Spanish order by the stored key the name indexes hold (`sites_name_idx` and the filtered
 * ones serve the default order); the site type and the locations by their names' keys kept on the sites
 * row (migration 0012_list_order_indexes): every order reads an index. Empty populations and
 * municipalities go last in both directions.
 */
export const siteListSpec: ListSpec = {
  defaultPageSize: 20,
  maxPageSize: 100,
  orders: {
    name: 's.name_key collate "C"',
    id: 's.id',
    modifiedDate: 's.modified_date',
    population: { sql: 's.population', nullsLast: true },
    countUsers: 's.count_users',
    countEmails: 's.count_emails',
    countContents: 's.count_contents',
    countComments: 's.count_comments',
    siteType: 's.site_type_key collate "C"',
    parentLocation: 's.parent_location_key collate "C"',
    childLocation: { sql: 's.location_key collate "C"', nullsLast: true },
    statusId: 's.status_id',
  },
  defaultOrder: 'name',
  tieBreaker: 's.id',
  filters: {
    id: { kind: 'in', type: 'int', min: 1, sql: 's.id', description: 'Entidades por id' },
    name: { kind: 'search', sql: ['s.name_key'], keyed: true, maxLength: 200, description: 'Parte del nombre (sin distinguir mayúsculas ni tildes)' },
    parentLocationId: { kind: 'eq', type: 'int', min: 1, sql: 's.parent_location_id', description: 'Departamento' },
    locationId: { kind: 'eq', type: 'int', min: 1, sql: 's.location_id', description: 'Municipio' },
    groupID: {
      kind: 'eq',
      type: 'int',
      min: 1,
      sql: (group) => `exists (select 1 from group_sites gs where gs.group_id = ${group} and gs.site_id = s.id)`,
      description: 'Grupo',
    },
    status: {
      kind: 'choice',
      choices: { [SITE_STATUS.active]: SITE_STATUS_BUCKETS.active, [SITE_STATUS.inactive]: SITE_STATUS_BUCKETS.inactive },
      description: '1 activos (instalados), 2 inactivos o no instalados',
    },
    pendingRequest: { kind: 'bool', sql: SITE_STATUS_BUCKETS.pending, description: 'true: solo con solicitud pendiente' },
  },
};

/** Rows every site query leaves out. */
export const SITE_BASE_CONDITIONS = ['not s.is_deleted'];
