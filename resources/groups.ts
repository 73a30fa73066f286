/**
 * Site groups (spec 01 §3 'Group', 'Group management' at /portales/grupos). Routes and screens
 * are hand-written (server/routes/groups.ts); create and edit come later.
 */
import { GROUP_READERS, SITES } from './areas';
import { defineCustomResource } from './types';

export interface GroupRecord {
  groupID: number;
  name: string;
  countEntities: number;
}

export const groupsResource = defineCustomResource({
  name: 'groups',
  apiPath: '/sites/groups/',
  idField: 'groupID',
  table: 'groups',
  area: 'sites.groups',
  title: 'sites.resources.groups.title',
  fields: [
    { source: 'groupID', type: 'id', label: 'sites.resources.groups.fields.groupID', list: false },
    { source: 'name', type: 'text', label: 'sites.resources.groups.fields.name', maxLength: 100, searchable: true },
    { source: 'countEntities', type: 'integer', label: 'sites.resources.groups.fields.countEntities', readOnly: true },
  ],
  permissions: { read: GROUP_READERS, write: SITES },
  routes: 'custom',
});
