/**
 * The contract of a resource declaration: pure data plus a yup schema, imported by the
 * browser (generated screens, dataProvider) and by the server (generated CRUD routes,
 * table, validation, OpenAPI). Every user-visible text is an i18n key, never a literal.
 */
import type { AnyObject, ObjectSchema } from 'yup';
import type { PermissionName } from './permissions';

export type FieldType = 'id' | 'text' | 'integer' | 'decimal' | 'boolean' | 'date';

export interface FieldDeclaration {
  /** Property name in the API and in react-admin records, e.g. `name`, `procedureTypeID`. */
  source: string;
  type: FieldType;
  /** i18n key of the field's label. */
  label: string;
  /** Database column; defaults to the snake_case of `source`. */
  column?: string;
  /** For text fields: the column's length and the form's character limit. */
  maxLength?: number;
  /** Value stored when the client sends none. */
  defaultValue?: string | number | boolean | null;
  /** Server-managed: never written from a request body, never shown in forms. */
  readOnly?: boolean;
  /** Shown as a list column (default true). */
  list?: boolean;
  /** Shown in the create/edit form (default true unless `readOnly` or the id). */
  form?: boolean;
  /** Searched by the list's text search (`search` query parameter). */
  searchable?: boolean;
  /** Decimal fields: the input's step. */
  step?: number;
  /** Nullable column (default: false for the id and booleans, true otherwise unless required in the schema). */
  nullable?: boolean;
}

export type PermissionRequirement = readonly PermissionName[];

export interface ResourcePermissions {
  /** Read the list and single records. Any one suffices. */
  read: PermissionRequirement;
  /** Create, update and delete. Any one suffices. */
  write: PermissionRequirement;
}

export interface ResourceMessages {
  created?: string;
  updated?: string;
  deleted?: string;
  /** Confirmation shown before deleting. */
  confirmDelete?: string;
  /** Error shown (and returned by the server) when a locked record is changed. */
  locked?: string;
  empty?: string;
}

export interface ResourceDeclaration<TRecord extends AnyObject = AnyObject> {
  /** Unique name: the react-admin resource name and the key used by the dataProvider. */
  name: string;
  /** API collection path under /api/v1, as the spec writes it, e.g. `/sitetypes/`, `/documentType`. */
  apiPath: string;
  /** The record's id property, e.g. `id`, `procedureTypeID`, `documentTypeID`. */
  idField: string;
  /** Database table. */
  table: string;
  /** Client route of the list screen, e.g. `/configuracion/tipos`. */
  route: string;
  /** i18n key of the screen title. */
  title: string;
  /** i18n key of the one-line description shown in the settings index, when listed there. */
  description?: string;
  /** Parent index the screen belongs to, for the settings index and the 'Atrás' button. */
  parentRoute?: string;
  fields: readonly FieldDeclaration[];
  /** Validation of create/update bodies; messages are i18n keys. */
  schema: ObjectSchema<AnyObject>;
  permissions: ResourcePermissions;
  /** Who may open the resource's screen (route); any one suffices. */
  routeAccess: PermissionRequirement;
  /**
   * `generated` (default): the server engine registers the CRUD routes and the client renders the generated screen.
   * `custom`: the routes and screens are hand-written; the declaration still gives the dataProvider its path and id.
   */
  routes?: 'generated' | 'custom';
  /** Default list order. */
  sort: { field: string; order: 'ASC' | 'DESC' };
  /** Page size of the list call. */
  pageSize: number;
  /** How the generated list edits a row: inline in the row, or in a dialog. */
  editMode: 'inline' | 'dialog';
  /** Delete marks this boolean column instead of removing the row; the list hides marked rows. */
  softDelete?: { field: string };
  /** Pure rules shared by the screens (hide the buttons) and the server (refuse with `messages.locked`). */
  rules?: {
    // Method syntax on purpose: a declaration for a specific record type is usable where any declaration is expected.
    canEdit?(record: TRecord): boolean;
    canDelete?(record: TRecord): boolean;
  };
  /**
   * Fields the server refuses to duplicate (ignoring case and accents), answered as BadArgument with the field as
   * target. Each gets a unique index in its table (server/db/resourceTable.ts), so simultaneous requests cannot race past.
   */
  unique?: readonly string[];
  messages?: ResourceMessages;
}

export function fieldColumn(field: FieldDeclaration): string {
  return field.column ?? toSnakeCase(field.source);
}

/** `procedureTypeID` → `procedure_type_id`, `applicablePopulationPercentage` → `applicable_population_percentage`. */
export function toSnakeCase(name: string): string {
  return name
    .replace(/ID$/, 'Id')
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase();
}

export function defineResource<TRecord extends AnyObject>(
  declaration: ResourceDeclaration<TRecord>,
): ResourceDeclaration<TRecord> {
  return declaration;
}
