/** What the generated screen shows of a declaration: its columns, its form inputs and the rules' verdicts. Pure. */
import { hasAnyPermission } from '../../resources/permissions';
import {
  ALL_OPERATIONS,
  type FieldDeclaration,
  type ResourceAction,
  type ResourceDeclaration,
  type ResourceExport,
  type ResourceOperation,
} from '../../resources/types';

const isIdField = (declaration: ResourceDeclaration, field: FieldDeclaration) =>
  field.type === 'id' || field.source === declaration.idField;

/** List columns: every field not marked `list: false` nor `hidden` (a column the API never answers). */
export function listFields(declaration: ResourceDeclaration): FieldDeclaration[] {
  return declaration.fields.filter((field) => field.list !== false && !field.hidden);
}

/** Form inputs: not the id, not read-only nor hidden, not marked `form: false`. */
export function formFields(declaration: ResourceDeclaration): FieldDeclaration[] {
  return declaration.fields.filter((field) => field.form !== false && !field.readOnly && !field.hidden && !isIdField(declaration, field));
}

/** Initial values of the create form: each input's declared default. */
export function createDefaults(declaration: ResourceDeclaration): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of formFields(declaration)) {
    if (field.defaultValue !== undefined) values[field.source] = field.defaultValue;
  }
  return values;
}

export function canEditRecord(declaration: ResourceDeclaration, record: Record<string, unknown> | undefined): boolean {
  if (!record) return false;
  return declaration.rules?.canEdit ? declaration.rules.canEdit(record) : true;
}

export function canDeleteRecord(declaration: ResourceDeclaration, record: Record<string, unknown> | undefined): boolean {
  if (!record) return false;
  return declaration.rules?.canDelete ? declaration.rules.canDelete(record) : true;
}

/** Whether the declaration exposes an operation (all five unless it lists them). */
export function hasOperation(declaration: ResourceDeclaration, operation: ResourceOperation): boolean {
  return (declaration.operations ?? ALL_OPERATIONS).includes(operation);
}

/** The fields offered as list filters, in the declared order (unknown sources are skipped). */
export function filterFields(declaration: ResourceDeclaration): FieldDeclaration[] {
  return (declaration.filters ?? []).flatMap((source) => declaration.fields.filter((field) => field.source === source));
}

/** Whether the list offers the text search (some field is searchable). */
export function hasSearch(declaration: ResourceDeclaration): boolean {
  return declaration.fields.some((field) => field.searchable);
}

/** The actions of one scope whose permissions the user holds (default: the declaration's write permissions). */
export function permittedActions(declaration: ResourceDeclaration, scope: ResourceAction['scope'], held: readonly string[]): ResourceAction[] {
  return (declaration.actions ?? []).filter(
    (action) => action.scope === scope && hasAnyPermission(held, action.permissions ?? declaration.permissions.write),
  );
}

/** Whether a record action applies to the record (its `when` rule; always when it has none). */
export function actionApplies(action: ResourceAction, record: Record<string, unknown> | undefined): boolean {
  if (!record) return action.scope === 'collection';
  return action.when ? action.when(record) : true;
}

/** i18n keys of an action: label, confirmation (none by default) and success notice. */
export function actionTexts(declaration: ResourceDeclaration, action: ResourceAction): { label: string; confirm?: string; success: string } {
  return {
    label: action.label ?? `resources.${declaration.name}.actions.${action.name}`,
    confirm: action.confirm,
    success: action.success ?? 'engine.action_done',
  };
}

/** The exports the user may download (default: the declaration's read permissions). */
export function permittedExports(declaration: ResourceDeclaration, held: readonly string[]): ResourceExport[] {
  return (declaration.exports ?? []).filter((entry) => {
    const requirement = entry.permissions ?? declaration.permissions.read;
    return requirement === 'authenticated' || hasAnyPermission(held, requirement);
  });
}

/** Permission names from react-admin's `usePermissions` (the authProvider answers a list of names). */
export function permissionList(permissions: unknown): string[] {
  return Array.isArray(permissions) ? permissions.filter((name): name is string => typeof name === 'string') : [];
}
