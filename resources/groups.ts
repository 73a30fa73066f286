/**
 * Site groups (spec 01 §3 'Group', 'Group management' at /portales/grupos): the list on the engine, with the number
 * of entities of each group computed on read; one group, create and edit come with the portals issue.
 */
import { groupsReference } from './references';
import { defineResource } from './types';

export interface GroupRecord {
  groupID: number;
  name: string;
  countEntities: number;
}

export const groupsResource = defineResource<GroupRecord>({
  ...groupsReference,
  table: 'groups',
  fields: [
    { source: 'groupID', type: 'id', label: 'sites.resources.groups.fields.groupID', list: false },
    // `?name=` is the spec's contains search; `search` (react-admin's q) searches the same.
    { source: 'name', type: 'text', label: 'sites.resources.groups.fields.name', maxLength: 100, searchable: true, filter: 'search' },
    {
      source: 'countEntities',
      type: 'integer',
      label: 'sites.resources.groups.fields.countEntities',
      readOnly: true,
      // The group's entities, without the deleted ones.
      computed: { sql: 'select count(*)::int from group_sites gs join sites s on s.id = gs.site_id where gs.group_id = t.group_id and not s.is_deleted' },
    },
  ],
  // `GET /sites/groups/{groupID}` (spec 01 §7) waits for the portals issue: beside `/sites/{id}/portalkey` it is an
  // ambiguous path for OpenAPI linters (docs/decisions.md 'Resource engine: actions, hooks, exports').
  operations: ['list'],
  sort: { field: 'name', order: 'ASC' },
  // Group list 10 per page (spec 01 §9); the group lookup of the filters asks for 100.
  pageSize: 10,
  maxPageSize: 1000,
  editMode: 'dialog',
});
