/** The generated screens of declared resources (see docs/adding-a-resource.md). */
export { GeneratedResourcePage, type GeneratedResourcePageProps } from './GeneratedResourcePage';
export { ResourceFormDialog, type ResourceFormDialogProps } from './ResourceFormDialog';
export { ResourceInputs, FieldInput } from './ResourceInputs';
export { DeleteRecordButton } from './DeleteRecordButton';
export { canDeleteRecord, canEditRecord, createDefaults, formFields, listFields } from './declarationFields';
export { yupValidate, validationErrors } from './yupValidate';
