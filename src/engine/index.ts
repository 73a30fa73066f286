/**
 * The generated screens of declared resources and the parts they are built from (see
 * docs/adding-a-resource.md): a custom screen starts from these and replaces one part.
 */
export {
  GeneratedResourcePage,
  InlineResourceEditor,
  ResourceCollectionScreen,
  ResourceHeader,
  ResourceListScreen,
  ResourceSingletonScreen,
  type GeneratedResourcePageProps,
} from './GeneratedResourcePage';
export { ResourceList, ResourceDataTable, ResourceListToolbar, ResourceExports, ResourceEmpty, type ResourceListProps } from './ResourceList';
export { ResourceFilters, resourceFilters } from './ResourceFilters';
export { ResourceActionButton, RecordActionButtons, CollectionActionButtons } from './ResourceActions';
export { ResourceFormDialog, ResourceCreate, ResourceEdit, type ResourceFormDialogProps } from './ResourceFormDialog';
export { ResourceShow, ResourceShowFields } from './ResourceShow';
export { ResourceSingleton } from './ResourceSingleton';
export { ResourceCollectionForm } from './ResourceCollectionForm';
export { LoadMoreList, LoadMoreButton, type LoadMoreListProps } from './LoadMoreList';
export { EngineStateProvider, useEngineState } from './engineState';
export { DETAIL_META, detailMeta, useDetailRecord, type DetailRecord } from './useDetailRecord';
export { ResourceInputs, FieldInput } from './ResourceInputs';
export { DeleteRecordButton } from './DeleteRecordButton';
export { canDeleteRecord, canEditRecord, createDefaults, formFields, hasOperation, listFields } from './declarationFields';
export { yupValidate, validationErrors } from './yupValidate';
