import * as yup from 'yup';
import { MESSAGES_AREA, permissionUnion, SETTINGS } from '../areas';
import { defineResource } from '../types';
import { catalogueName } from './validation';

export interface ChatCategoryRecord {
  id: number;
  name: string;
  canBeDeleted: boolean;
}

/** Ticket categories (spec 02 'Chat category', spec 03 'Chat categories'). */
export const chatCategoriesResource = defineResource<ChatCategoryRecord>({
  name: 'chatcategories',
  apiPath: '/chats/categories/',
  idField: 'id',
  table: 'chat_categories',
  area: 'settings.chatCategories',
  title: 'resources.chatcategories.title',
  fields: [
    { source: 'id', type: 'id', label: 'resources.chatcategories.fields.id' },
    { source: 'name', type: 'text', label: 'resources.chatcategories.fields.name', maxLength: 100, searchable: true },
    { source: 'canBeDeleted', type: 'boolean', label: 'resources.chatcategories.fields.canBeDeleted', readOnly: true, defaultValue: true, list: false },
  ],
  schema: yup.object({ name: catalogueName() }),
  // Read by the messages area (ticket forms and filters) and by settings.
  permissions: { read: permissionUnion(MESSAGES_AREA, SETTINGS), write: SETTINGS },
  sort: { field: 'name', order: 'ASC' },
  pageSize: 30,
  editMode: 'dialog',
  unique: ['name'],
  rules: { canDelete: (record) => record.canBeDeleted === true },
  messages: {
    created: 'resources.chatcategories.created',
    updated: 'resources.chatcategories.updated',
    deleted: 'resources.chatcategories.deleted',
    confirmDelete: 'resources.chatcategories.confirm_delete',
    locked: 'resources.chatcategories.locked',
  },
});
