import * as yup from 'yup';
import { defineCatalogue } from '../catalogue';
import { catalogueName } from './validation';

export interface ProcedureTypeRecord {
  procedureTypeID: number;
  name: string;
}

/** Procedure types with an ID of 2 or less are fixed (spec 03 §5 'Catalogues'). */
export const FIXED_PROCEDURE_TYPE_MAX_ID = 2;

export const procedureTypesResource = defineCatalogue<ProcedureTypeRecord>({
  name: 'proceduretypes',
  apiPath: '/proceduretypes/',
  idField: 'procedureTypeID',
  area: 'settings.procedureTypes',
  settingsPage: { path: '/configuracion/tramites-tipos', position: 3 },
  table: 'procedure_types',
  fields: [
    { source: 'procedureTypeID', type: 'id' },
    { source: 'name', type: 'text', maxLength: 100, searchable: true },
  ],
  schema: yup.object({ name: catalogueName() }),
  sort: { field: 'procedureTypeID', order: 'ASC' },
  pageSize: 20,
  editMode: 'dialog',
  unique: ['name'],
  rules: {
    canEdit: (record) => record.procedureTypeID > FIXED_PROCEDURE_TYPE_MAX_ID,
    canDelete: (record) => record.procedureTypeID > FIXED_PROCEDURE_TYPE_MAX_ID,
  },
  messages: {
    confirmDelete: 'resources.proceduretypes.confirm_delete',
    locked: 'resources.proceduretypes.locked',
  },
});
