/** What the generated screen shows of a declaration: its columns, its form inputs and the rules' verdicts. Pure. */
import type { FieldDeclaration, ResourceDeclaration } from '../../resources/types';

const isIdField = (declaration: ResourceDeclaration, field: FieldDeclaration) =>
  field.type === 'id' || field.source === declaration.idField;

/** List columns: every field not marked `list: false`. */
export function listFields(declaration: ResourceDeclaration): FieldDeclaration[] {
  return declaration.fields.filter((field) => field.list !== false);
}

/** Form inputs: not the id, not read-only, not marked `form: false`. */
export function formFields(declaration: ResourceDeclaration): FieldDeclaration[] {
  return declaration.fields.filter((field) => field.form !== false && !field.readOnly && !isIdField(declaration, field));
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
