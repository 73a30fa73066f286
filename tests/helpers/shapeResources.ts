/**
 * Throwaway declarations, one per shape the engine generates beyond plain CRUD (docs/adding-a-resource.md): a
 * read-only list, a nested resource under it, a text id, a singleton and a collection update. Used by
 * tests/api/engine-shapes.test.ts and by the access matrix (their routes under every spelling).
 */
import * as yup from 'yup';
import { defineTestResource } from './testResource';
import type { Database } from '../../server/db/connection';
import { createTableSql } from '../../server/resources/tableSql';

/** A read-only list (`operations: ['list', 'read']`), and the parent of `shapeMessages`. Rows are inserted by SQL. */
export const shapeTopics = defineTestResource<{ id: number; name: string; archived: boolean }>({
  name: 'shapetopics',
  apiPath: '/shapetopics/',
  idField: 'id',
  table: 'test_shape_topics',
  route: '/pruebas/temas',
  title: 'resources.shapetopics.title',
  fields: [
    { source: 'id', type: 'id', label: 'resources.shapetopics.fields.id' },
    { source: 'name', type: 'text', label: 'resources.shapetopics.fields.name', maxLength: 100, searchable: true },
    { source: 'archived', type: 'boolean', label: 'resources.shapetopics.fields.archived', readOnly: true, defaultValue: false },
  ],
  routeAccess: ['Settings'],
  permissions: { read: ['Reports', 'Settings'], write: ['Settings'] },
  sort: { field: 'name', order: 'ASC' },
  pageSize: 20,
  editMode: 'dialog',
  softDelete: { field: 'archived' },
  operations: ['list', 'read'],
});

/**
 * Nested under a topic: `/shapetopics/{topicId}/messages/`; `topicId` comes from the path, never from the body. Its
 * collection update replaces one topic's messages.
 */
export const shapeMessages = defineTestResource<{ id: number; topicId: number; body: string; locked: boolean }>({
  name: 'shapemessages',
  apiPath: '/shapetopics/{topicId}/messages/',
  idField: 'id',
  table: 'test_shape_messages',
  route: '/pruebas/mensajes',
  title: 'resources.shapemessages.title',
  fields: [
    { source: 'id', type: 'id', label: 'resources.shapemessages.fields.id' },
    { source: 'topicId', type: 'reference', label: 'resources.shapemessages.fields.topicId', reference: { resource: 'shapetopics', display: 'name' }, required: true },
    { source: 'body', type: 'text', label: 'resources.shapemessages.fields.body', maxLength: 200, required: true, searchable: true },
    { source: 'locked', type: 'boolean', label: 'resources.shapemessages.fields.locked', readOnly: true, defaultValue: false },
  ],
  routeAccess: ['Settings'],
  permissions: { read: ['Reports', 'Settings'], write: ['Settings'] },
  sort: { field: 'id', order: 'ASC' },
  pageSize: 10,
  editMode: 'dialog',
  rules: { canEdit: (record) => !record.locked, canDelete: (record) => !record.locked },
  parent: { param: 'topicId', field: 'topicId', resource: 'shapetopics' },
  // A topic's messages may also be replaced as a whole: the collection is the parent's.
  collectionUpdate: true,
});

/** A text id: the alias names the record (given by the create body, validated by its field's rule). */
export const shapeAliases = defineTestResource<{ alias: string; name: string }>({
  name: 'shapealiases',
  apiPath: '/shapealiases/',
  idField: 'alias',
  table: 'test_shape_aliases',
  route: '/pruebas/alias',
  title: 'resources.shapealiases.title',
  fields: [
    { source: 'alias', type: 'text', label: 'resources.shapealiases.fields.alias', maxLength: 40 },
    { source: 'name', type: 'text', label: 'resources.shapealiases.fields.name', maxLength: 100, required: true },
  ],
  schema: yup.object({ alias: yup.string().trim().max(40, 'validation.field.too_long').matches(/^[a-z0-9-]+$/, 'validation.invalid') }),
  routeAccess: ['Settings'],
  permissions: { read: ['Settings'], write: ['Settings'] },
  sort: { field: 'alias', order: 'ASC' },
  pageSize: 20,
  editMode: 'dialog',
});

/** One settings record: `GET` and `PUT /shapesettings`. */
export const shapeSettings = defineTestResource<{ id: number; title: string; maxItems: number | null; enabled: boolean }>({
  name: 'shapesettings',
  apiPath: '/shapesettings',
  idField: 'id',
  table: 'test_shape_settings',
  route: '/pruebas/ajustes',
  title: 'resources.shapesettings.title',
  fields: [
    { source: 'id', type: 'id', label: 'resources.shapesettings.fields.id' },
    { source: 'title', type: 'text', label: 'resources.shapesettings.fields.title', maxLength: 80, defaultValue: 'Portal' },
    { source: 'maxItems', type: 'integer', label: 'resources.shapesettings.fields.maxItems' },
    { source: 'enabled', type: 'boolean', label: 'resources.shapesettings.fields.enabled', defaultValue: true },
  ],
  routeAccess: ['Settings'],
  permissions: { read: ['Reports', 'Settings'], write: ['Settings'] },
  sort: { field: 'id', order: 'ASC' },
  pageSize: 1,
  editMode: 'dialog',
  singleton: true,
});

/** A collection replaced as a whole (`PUT /shapelinks` like `PUT /footerContent`), listed but without item routes. */
export const shapeLinks = defineTestResource<{ id: number; label: string; url: string | null; position: number | null; fixed: boolean }>({
  name: 'shapelinks',
  apiPath: '/shapelinks',
  idField: 'id',
  table: 'test_shape_links',
  route: '/pruebas/enlaces',
  title: 'resources.shapelinks.title',
  fields: [
    { source: 'id', type: 'id', label: 'resources.shapelinks.fields.id' },
    { source: 'label', type: 'text', label: 'resources.shapelinks.fields.label', maxLength: 60, required: true },
    { source: 'url', type: 'url', label: 'resources.shapelinks.fields.url' },
    { source: 'position', type: 'integer', label: 'resources.shapelinks.fields.position' },
    { source: 'fixed', type: 'boolean', label: 'resources.shapelinks.fields.fixed', readOnly: true, defaultValue: false },
  ],
  routeAccess: ['Settings'],
  permissions: { read: ['Settings'], write: ['Settings'] },
  sort: { field: 'position', order: 'ASC' },
  pageSize: 100,
  editMode: 'inline',
  unique: ['label'],
  rules: { canEdit: (record) => !record.fixed, canDelete: (record) => !record.fixed },
  operations: ['list'],
  collectionUpdate: true,
});

export const SHAPE_RESOURCES = [shapeTopics, shapeMessages, shapeAliases, shapeSettings, shapeLinks];

/** The tables of the throwaway declarations (real resources get theirs from migrations). */
export async function createShapeTables(database: Database): Promise<void> {
  for (const declaration of SHAPE_RESOURCES) await database.query(createTableSql(declaration));
}
