/**
 * Site groups (spec 01 §3 'Group', 'Group management' at /portales/grupos, §5 'Group', §9): list 10 a page, create, edit,
 * one group and delete on the engine. A group's entities are the ordered `manyToMany` field `sites` over the existing
 * `group_sites (group_id, site_id, order)`; `rows` answers the spec's "rows of sites (siteID, order)" with each site's
 * name, so a screen shows a group without asking the site list. Both are `detailOnly`: the list answers the spec's
 * criteria (groupID, name, countEntities), one group answers its rows (spec 01 §7 `GET /sites/groups/{groupID}`).
 */
import * as yup from 'yup';
import { recordIdRule } from './limits';
import { trimmedString } from './text';
import { groupsReference, groupSitesFindReference, groupSitesReference } from './references';
import { defineResource } from './types';

export interface GroupSiteRow {
  siteID: number;
  order: number;
  name: string;
}

export interface GroupRecord {
  groupID: number;
  name: string;
  countEntities: number;
  /** Read with one group only (detailOnly): absent from the list's records. */
  sites?: number[];
  rows?: GroupSiteRow[];
}

/** Spec 01 §5 'Group': name required max 100, at least one entity. Messages are i18n keys (i18n/es/siteGroups.ts). */
export const GROUP_NAME_MAX = 100;
export const groupSchema = yup.object({
  name: trimmedString().required('siteGroups.validation.name_required').max(GROUP_NAME_MAX, 'siteGroups.validation.name_too_long'),
  sites: yup
    .array()
    .of(recordIdRule('validation.field.reference').required('validation.field.reference'))
    .typeError('validation.field.list')
    .min(1, 'siteGroups.validation.sites_required')
    .required('siteGroups.validation.sites_required'),
});

export const groupsResource = defineResource<GroupRecord>({
  ...groupsReference,
  table: 'groups',
  fields: [
    { source: 'groupID', type: 'id', list: false },
    // `?name=` is the spec's contains search; `search` (react-admin's q) searches the same.
    { source: 'name', type: 'text', maxLength: GROUP_NAME_MAX, searchable: true, filter: 'search', required: true },
    {
      source: 'countEntities',
      type: 'integer',
      readOnly: true,
      // The group's entities without the deleted ones, kept by the database's triggers (migration 0028_group_count):
      // a list page reads it from the row instead of counting every group's sites.
      column: 'count_entities',
      defaultValue: 0,
      nullable: false,
      filter: false,
    },
    {
      source: 'sites',
      type: 'manyToMany',
      reference: { resource: 'sites', display: 'name' },
      ordered: true,
      required: true,
      list: false,
      // Up to thousands of ids a group: read with one group only (GET one, the answers of create and update), never in the list.
      detailOnly: true,
      // The table of the first schema (server/db/schema/sites.ts); a deleted site cannot be added.
      junction: { table: 'group_sites', record: 'group_id', target: 'site_id', position: 'order', targetWhere: 'not is_deleted' },
    },
    {
      source: 'rows',
      type: 'json',
      readOnly: true,
      list: false,
      // Every site of the group with its name: the list (criteria: groupID, name, countEntities) leaves it out.
      detailOnly: true,
      computed: {
        sql: `select coalesce(json_agg(json_build_object('siteID', s.id, 'order', gs."order", 'name', s.name) order by gs."order", s.id), '[]'::json)
              from group_sites gs join sites s on s.id = gs.site_id where gs.group_id = t.group_id and not s.is_deleted`,
      },
    },
    // Stamped by the database when the group is created; the API does not answer it.
    { source: 'createdDate', type: 'datetime', nullable: false, hidden: true },
  ],
  schema: groupSchema,
  sort: { field: 'name', order: 'ASC' },
  // Group list 10 per page (spec 01 §9); the group lookup of the filters asks for 100.
  pageSize: 10,
  maxPageSize: 1000,
  editMode: 'dialog',
  messages: { confirmDelete: 'siteGroups.confirm_delete', created: 'siteGroups.created', updated: 'siteGroups.updated', deleted: 'siteGroups.deleted', empty: 'siteGroups.empty' },
});

export interface GroupSiteCandidate {
  siteID: number;
  name: string;
  alias: string;
}

/**
 * `GET /sites/groupsites/find` (spec 01 §7, §9 'group lookup 100 per page, min 3 characters'): the entity search of the
 * group form, a read-only list over the sites that are not deleted; `search` (or `name`) needs 3 characters or more.
 */
export const groupSitesFindResource = defineResource<GroupSiteCandidate>({
  ...groupSitesFindReference,
  table: 'sites',
  fields: [
    { source: 'siteID', type: 'id', column: 'id' },
    { source: 'name', type: 'text', maxLength: 200, searchable: true, filter: 'search' },
    { source: 'alias', type: 'text', maxLength: 220, filter: false },
  ],
  listWhere: 'not t.is_deleted',
  searchMinLength: 3,
  operations: ['list'],
  sort: { field: 'name', order: 'ASC' },
  pageSize: 100,
  maxPageSize: 100,
  editMode: 'dialog',
});

export interface GroupSiteRecord {
  siteID: number;
  groupID: number;
  order: number;
  name: string;
}

/** Most entities one `POST /sites/groupsites/` adds (a whole department's at once). */
export const GROUP_ROWS_MAX = 1000;

const entityId = (message: string) =>
  yup.number().typeError(message).integer(message).min(1, message).max(2_147_483_647, message).required(message);

/**
 * The body of `POST /sites/groupsites/` (spec 01 §7 "group with rows"): the group and the entities to add to its rows,
 * as `sites` (ids, like the group's own field) or as the spec's rows `[{ siteID }]` (their `order` is not read: the
 * new rows go after the group's last one, in the order sent).
 */
export const groupRowsSchema = yup
  .object({
    groupID: entityId('siteGroups.validation.group_required'),
    sites: yup
      .array()
      .of(entityId('validation.field.reference'))
      .typeError('validation.field.list')
      .min(1, 'siteGroups.validation.sites_required')
      .max(GROUP_ROWS_MAX, 'siteGroups.validation.too_many_sites')
      .required('siteGroups.validation.sites_required'),
  })
  .transform((value: unknown) => {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
    const body = value as { sites?: unknown; rows?: unknown };
    if (body.sites !== undefined || !Array.isArray(body.rows)) return body;
    return { ...body, sites: body.rows.map((row: unknown) => (row && typeof row === 'object' ? (row as { siteID?: unknown }).siteID : row)) };
  });
export type GroupRowsBody = yup.InferType<typeof groupRowsSchema>;

/**
 * `GET /sites/groupsites/` (spec 01 §7, "group criteria"): the rows of sites of the groups asked for (`?groupID=`), in
 * their order, with each site's name; a read-only list over `group_sites` (deleted sites left out). The rows are written
 * through the group (`POST`/`PUT /sites/groups/…` with `sites`), or added with `POST /sites/groupsites/` (the action
 * `addRows`, server/resources/services/groupSites.ts: appended after the last row, those already there left as they are).
 */
export const groupSitesResource = defineResource<GroupSiteRecord>({
  ...groupSitesReference,
  table: 'group_sites',
  primaryKey: ['groupID', 'siteID'],
  fields: [
    { source: 'siteID', type: 'id', column: 'site_id' },
    { source: 'groupID', type: 'integer', column: 'group_id', nullable: false },
    { source: 'order', type: 'integer', nullable: false, defaultValue: 0 },
    { source: 'name', type: 'text', readOnly: true, computed: { sql: 'select s.name from sites s where s.id = t.site_id' } },
  ],
  listWhere: 'exists (select 1 from sites s where s.id = t.site_id and not s.is_deleted)',
  operations: ['list'],
  actions: [{ name: 'addRows', kind: 'custom', method: 'POST', path: '', scope: 'collection' }],
  sort: { field: 'order', order: 'ASC' },
  pageSize: 100,
  maxPageSize: 1000,
  editMode: 'dialog',
});
