import * as yup from 'yup';
import { MESSAGES_AREA, permissionUnion, SETTINGS } from '../areas';
import { defineCatalogue } from '../catalogue';
import { catalogueName } from './validation';

export interface ChatCategoryRecord {
  id: number;
  name: string;
  canBeDeleted: boolean;
}

/** Ticket categories (spec 02 'Chat category', spec 03 'Chat categories'). */
export const chatCategoriesResource = defineCatalogue<ChatCategoryRecord>({
  name: 'chatcategories',
  apiPath: '/chats/categories/',
  idField: 'id',
  area: 'settings.chatCategories',
  // After the spec's rows (spec 03 lists ticket categories among the settings).
  settingsPage: { path: '/configuracion/categorias-tickets', position: 18 },
  // Read by the messages area (ticket forms and filters) and by settings.
  permissions: { read: permissionUnion(MESSAGES_AREA, SETTINGS), write: SETTINGS },
  table: 'chat_categories',
  fields: [
    { source: 'id', type: 'id' },
    { source: 'name', type: 'text', maxLength: 100, searchable: true },
    { source: 'canBeDeleted', type: 'boolean', readOnly: true, defaultValue: true, list: false },
  ],
  schema: yup.object({ name: catalogueName() }),
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
