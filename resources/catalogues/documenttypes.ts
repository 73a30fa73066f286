import * as yup from 'yup';
import { documentTypesReference } from '../references';
import { defineResource } from '../types';
import { catalogueName } from './validation';

export interface DocumentTypeRecord {
  documentTypeID: number;
  name: string;
  deleted: boolean;
}

/** Document types (spec 03): `/documentType`; deleting marks the type deleted (see docs/decisions/README.md). */
export const documentTypesResource = defineResource<DocumentTypeRecord>({
  ...documentTypesReference,
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
});
