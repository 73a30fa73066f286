import * as yup from 'yup';
import { defineCatalogue } from '../catalogue';
import { catalogueName } from './validation';

export interface DocumentTypeRecord {
  documentTypeID: number;
  name: string;
  deleted: boolean;
}

/** Document types (spec 03): `/documentType`; deleting marks the type deleted; `GET /stateDocument` names the two states. */
export const documentTypesResource = defineCatalogue<DocumentTypeRecord>({
  name: 'documenttypes',
  apiPath: '/documentType',
  idField: 'documentTypeID',
  area: 'settings.documentTypes',
  settingsPage: { path: '/configuracion/tipo-documentos', position: 7 },
  table: 'document_types',
  fields: [
    { source: 'documentTypeID', type: 'id' },
    { source: 'name', type: 'text', maxLength: 100, searchable: true },
    { source: 'deleted', type: 'boolean', readOnly: true, defaultValue: false, list: false },
  ],
  schema: yup.object({ name: catalogueName() }),
  sort: { field: 'documentTypeID', order: 'ASC' },
  pageSize: 20,
  editMode: 'dialog',
  softDelete: { field: 'deleted' },
  unique: ['name'],
  messages: { confirmDelete: 'resources.documenttypes.confirm_delete' },
  // The two states of a type (active, deleted), spec 03 §7.
  views: [{ name: 'states', path: '/stateDocument', scope: 'collection' }],
});
