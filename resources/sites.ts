/**
 * Sites (entity portals, spec 01 §2 '/portales', §3 'Site', §5 'Site form'): an engine declaration. The list reads
 * the table's indexes through its list source (orders by stored Spanish keys, the spec's filters) and the list cache;
 * the joined names are computed fields. Writes go through the sites service (server/resources/services/sites.ts:
 * alias and domain uniqueness, alias locked once installed, order type from the entity type, domains in
 * `site_domains`). The screens are hand-written (src/sites, the area's screen).
 */
import type { ListFilterSpec, ListOrderSpec } from './listQuery';
import { SITES } from './areas';
import { sitesReference } from './references';
import { siteFormSchema } from './siteForm';
import { defineResource } from './types';

export interface SiteListRecord {
  id: number;
  name: string;
  alias: string;
  parentLocationId: number;
  parentLocation: string | null;
  locationId: number | null;
  childLocation: string | null;
  siteTypeId: number;
  siteType: string | null;
  orderType: number;
  url: string | null;
  allowedUrl: string | null;
  installed: boolean;
  statusId: number;
  statusName: string;
  pendingRequest: boolean;
  /** Kind of the latest pending request: FirstTime, ChangeAdmin or UserMade. */
  requestType: string | null;
  countUsers: number;
  countEmails: number;
  countContents: number;
  countComments: number;
  modifiedDate: string;
  population: number | null;
}

/** A site as the API answers it: the list record plus the form's fields. */
export interface SiteRecord extends SiteListRecord {
  address: string | null;
  siteLatitude: number | null;
  siteLongitude: number | null;
  piwikId: number | null;
  userMade: boolean;
}

/** Site status (spec 01 §3): 1 active, 2 inactive; a site that is not installed is never active. */
const ACTIVE = 't.status_id = 1 and t.installed';

/** The status tabs (spec 01 'Site list'): each one's condition, counted together by GET /sites/counts/. */
export const SITE_STATUS_BUCKETS = {
  all: 'true',
  active: ACTIVE,
  inactive: `not (${ACTIVE})`,
  pending: 't.pending_request',
} as const;

/**
 * Names sort in Spanish order by the stored key the name indexes hold (`sites_name_idx` and the filtered ones serve
 * the default order); the site type and the locations by their names' keys kept on the sites row (migration
 * 0012_list_order_indexes): every order reads an index. Empty populations and municipalities go last both ways.
 */
const SITE_ORDERS: Readonly<Record<string, ListOrderSpec>> = {
  name: 't.name_key collate "C"',
  id: 't.id',
  modifiedDate: 't.modified_date',
  population: { sql: 't.population', nullsLast: true },
  countUsers: 't.count_users',
  countEmails: 't.count_emails',
  countContents: 't.count_contents',
  countComments: 't.count_comments',
  siteType: 't.site_type_key collate "C"',
  parentLocation: 't.parent_location_key collate "C"',
  childLocation: { sql: 't.location_key collate "C"', nullsLast: true },
  statusId: 't.status_id',
  // The ranking order (spec 01 §9 'toggle to ranking'): `-score`, the latest monthly score first, unscored sites last
  // (sites.latest_score, kept by the trigger of migration 0020_scores; read backwards from sites_latest_score_idx).
  score: { sql: 't.latest_score', nullsLast: true },
};

/** The spec's site filter (spec 01 §3 'Site filter'), over the indexed columns. */
const SITE_FILTERS: Readonly<Record<string, ListFilterSpec>> = {
  id: { kind: 'in', type: 'int', min: 1, sql: 't.id', description: 'Entidades por id' },
  name: { kind: 'search', sql: ['t.name_key'], keyed: true, maxLength: 200, description: 'Parte del nombre (sin distinguir mayúsculas ni tildes)' },
  search: { kind: 'search', sql: ['t.name_key'], keyed: true, maxLength: 200, description: 'Igual que name' },
  parentLocationId: { kind: 'eq', type: 'int', min: 1, sql: 't.parent_location_id', description: 'Departamento' },
  locationId: { kind: 'eq', type: 'int', min: 1, sql: 't.location_id', description: 'Municipio' },
  siteTypeId: { kind: 'in', type: 'int', min: 1, sql: 't.site_type_id', description: 'Tipo de entidad' },
  groupID: {
    kind: 'eq',
    type: 'int',
    min: 1,
    sql: (group) => `exists (select 1 from group_sites gs where gs.group_id = ${group} and gs.site_id = t.id)`,
    description: 'Grupo',
  },
  status: {
    kind: 'choice',
    choices: { 1: SITE_STATUS_BUCKETS.active, 2: SITE_STATUS_BUCKETS.inactive },
    description: '1 activos (instalados), 2 inactivos o no instalados',
  },
  pendingRequest: { kind: 'bool', sql: SITE_STATUS_BUCKETS.pending, description: 'true: solo con solicitud pendiente' },
};

/** The filters that choose a tab: the tab counts leave them out, so that every tab counts the same search. */
export const SITE_TAB_FILTERS = ['status', 'pendingRequest'] as const;

export const sitesResource = defineResource<SiteRecord>({
  ...sitesReference,
  table: 'sites',
  fields: [
    { source: 'id', type: 'id', list: false },
    { source: 'name', type: 'text', maxLength: 200, searchable: true, required: true },
    { source: 'alias', type: 'text', maxLength: 220, list: false, required: true, filter: false },
    { source: 'parentLocationId', type: 'reference', reference: { resource: 'locations', display: 'name' }, required: true, list: false },
    {
      source: 'parentLocation',
      type: 'text',
      readOnly: true,
      nullable: true,
      computed: { sql: 'select l.name from locations l where l.id = t.parent_location_id' },
    },
    // Required unless the entity is departmental (order 0): checked by the sites service, which knows the order.
    { source: 'locationId', type: 'reference', reference: { resource: 'locations', display: 'name' }, nullable: true, list: false },
    {
      source: 'childLocation',
      type: 'text',
      readOnly: true,
      nullable: true,
      computed: { sql: 'select l.name from locations l where l.id = t.location_id' },
    },
    { source: 'siteTypeId', type: 'reference', reference: { resource: 'sitetypes', display: 'name' }, required: true, list: false },
    { source: 'siteType', type: 'text', readOnly: true, nullable: true, computed: { sql: 'select st.name from site_types st where st.id = t.site_type_id' } },
    { source: 'orderType', type: 'integer', columnType: 'smallint', list: false, required: true, filter: false },
    { source: 'url', type: 'text', maxLength: 200, list: false, nullable: true, filter: false },
    // Older rows hold longer comma-separated lists than the form takes.
    { source: 'allowedUrl', type: 'text', maxLength: 200, columnLength: 1000, list: false, nullable: true, required: true, filter: false },
    { source: 'address', type: 'text', maxLength: 150, list: false, nullable: true, required: true, filter: false },
    // Required of a body; older rows may have none.
    { source: 'siteLatitude', type: 'decimal', list: false, nullable: true, required: true, filter: false },
    { source: 'siteLongitude', type: 'decimal', list: false, nullable: true, required: true, filter: false },
    { source: 'installed', type: 'boolean', readOnly: true, list: false },
    { source: 'statusId', type: 'integer', columnType: 'smallint', nullable: false, defaultValue: 2, readOnly: true, list: false, filter: false },
    {
      source: 'statusName',
      type: 'text',
      readOnly: true,
      computed: { sql: `case when ${ACTIVE} then 'sites.server.status.active' else 'sites.server.status.inactive' end`, translated: true },
    },
    { source: 'pendingRequest', type: 'boolean', readOnly: true, list: false },
    {
      source: 'requestType',
      type: 'text',
      readOnly: true,
      nullable: true,
      list: false,
      // The latest pending request's kind (FirstTime, ChangeAdmin, UserMade), read only for flagged sites.
      computed: {
        sql: `select r.kind from site_requests r where t.pending_request and r.site_id = t.id and r.status = 'PendingApproval' order by r.creation_date desc, r.id desc limit 1`,
      },
    },
    { source: 'countUsers', type: 'integer', nullable: false, defaultValue: 0, readOnly: true, filter: false },
    { source: 'countEmails', type: 'integer', nullable: false, defaultValue: 0, readOnly: true, filter: false },
    { source: 'countContents', type: 'integer', nullable: false, defaultValue: 0, readOnly: true, filter: false },
    { source: 'countComments', type: 'integer', nullable: false, defaultValue: 0, readOnly: true, filter: false },
    { source: 'modifiedDate', type: 'datetime', nullable: false, readOnly: true, filter: false },
    { source: 'population', type: 'integer', readOnly: true, filter: false },
    { source: 'piwikId', type: 'integer', readOnly: true, list: false, filter: false },
    { source: 'userMade', type: 'boolean', readOnly: true, list: false, filter: false },
    { source: 'createdDate', type: 'datetime', nullable: false, readOnly: true, list: false, filter: false },
    // Rows of the former soft delete (`listWhere`).
    { source: 'isDeleted', type: 'boolean', hidden: true },
    // The name's Spanish key (server/db/textKey.ts), stored: the name order and search read it without unaccent per row.
    { source: 'nameKey', type: 'text', columnType: 'text', nullable: true, generated: 'spanish_key("name")', hidden: true },
    // The Spanish keys of the site type's and the locations' names, kept by triggers (migration 0012_list_order_indexes)
    // so that the joined orders of the list read an index.
    { source: 'siteTypeKey', type: 'text', columnType: 'text', nullable: true, hidden: true },
    { source: 'parentLocationKey', type: 'text', columnType: 'text', nullable: true, hidden: true },
    { source: 'locationKey', type: 'text', columnType: 'text', nullable: true, hidden: true },
    // The latest monthly score (site_scores), kept by the trigger of migration 0020_scores: the ranking order.
    { source: 'latestScore', type: 'decimal', columnType: 'numeric(5,2)', hidden: true },
    { source: 'previousAnalyticsFileId', type: 'integer', hidden: true },
    { source: 'registryCode', type: 'text', maxLength: 10, nullable: true, hidden: true },
    {
      // The site's active main administrators, for the detail's administrator tab (spec 01 'Site detail').
      source: 'administrators',
      type: 'json',
      readOnly: true,
      list: false,
      filter: false,
      computed: {
        sql: `select coalesce(json_agg(json_build_object('id', u.id, 'name', u.name, 'email', u.email, 'adminType', u.admin_type, 'isGuest', u.is_guest) order by u.id), '[]'::json)
                from users u where u.site_id = t.id and u.user_type_id = 1 and not u.deleted`,
      },
    },
  ],
  // The site form's own schema (resources/siteForm.ts): the browser and the API answer the same messages.
  schema: siteFormSchema,
  sort: { field: 'name', order: 'ASC' },
  // Site list 20 per page (spec 01 §9); 'Ver más' and the group lookup ask for more, up to 100.
  pageSize: 20,
  maxPageSize: 100,
  listMode: 'loadMore',
  // Rows of the former soft delete (before deletion became permanent) do not exist for the API.
  listWhere: 'not t.is_deleted',
  listSource: { orders: SITE_ORDERS, filters: SITE_FILTERS },
  editMode: 'dialog',
  messages: { locked: 'sites.server.not_installed' },
  actions: [
    // Spec 01 §4: only installed sites change status; the service refuses a site already in the asked status.
    { name: 'enable', kind: 'custom', method: 'POST', path: '{id}/enable', scope: 'record', when: (site) => site.installed },
    { name: 'disable', kind: 'custom', method: 'POST', path: '{id}/disable', scope: 'record', when: (site) => site.installed },
  ],
  // GET /sites/counts/: the list's tab totals (server/resources/services/sites.ts); GET /govindex/{year}: a year's
  // digital-government index of the entities, read by those who load it (server/loads/govIndexView.ts).
  views: [
    { name: 'counts', path: 'counts/', scope: 'collection', etag: true },
    { name: 'govIndex', path: '/govindex/{year}', scope: 'collection', permissions: SITES },
  ],
});
