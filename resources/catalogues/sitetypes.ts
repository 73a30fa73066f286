import * as yup from 'yup';
import { defineCatalogue } from '../catalogue';
import { catalogueName } from './validation';

export interface SiteTypeRecord {
  id: number;
  name: string;
  isEditable: boolean;
  applicablePopulationPercentage: number | null;
  orderType: number | null;
}

/** Entity types (spec 03 'Catalogue lists'): only `isEditable` types can be edited or deleted. */
export const siteTypesResource = defineCatalogue<SiteTypeRecord>({
  name: 'sitetypes',
  apiPath: '/sitetypes/',
  idField: 'id',
  area: 'settings.siteTypes',
  settingsPage: { path: '/configuracion/tipos', position: 2 },
  table: 'site_types',
  fields: [
    { source: 'id', type: 'id' },
    { source: 'name', type: 'text', maxLength: 100, searchable: true },
    {
      source: 'applicablePopulationPercentage',
      type: 'decimal',
      step: 0.01,
      nullable: true,
    },
    { source: 'isEditable', type: 'boolean', readOnly: true, defaultValue: true, list: false },
    { source: 'orderType', type: 'integer', readOnly: true, nullable: true, list: false },
  ],
  schema: yup.object({
    name: catalogueName(),
    applicablePopulationPercentage: yup
      .number()
      .typeError('validation.sitetypes.percentage_invalid')
      .min(0, 'validation.sitetypes.percentage_invalid')
      .max(999, 'validation.sitetypes.percentage_invalid')
      .nullable()
      .default(null),
  }),
  sort: { field: 'id', order: 'ASC' },
  pageSize: 1000,
  editMode: 'inline',
  unique: ['name'],
  rules: {
    canEdit: (record) => record.isEditable === true,
    canDelete: (record) => record.isEditable === true,
  },
  messages: {
    confirmDelete: 'resources.sitetypes.confirm_delete',
    locked: 'resources.sitetypes.locked',
  },
});
