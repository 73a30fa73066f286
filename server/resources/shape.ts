/**
 * The shape of a generated resource (resources/types.ts): which of its routes exist (`operations`, `singleton`,
 * `collectionUpdate`), how a record is addressed (serial or text id) and under which parent (`parent`). Pure: read
 * once at registration, where a declaration that cannot work is refused with an Error naming the resource.
 */
import { fieldKind } from '../../resources/fieldKinds';
import { recordId } from '../../resources/limits';
import { ALL_OPERATIONS, type FieldDeclaration, type ResourceDeclaration, type ResourceOperation } from '../../resources/types';
import { idFieldOf } from './fields';

/** The id of a singleton's one row (a serial id column, written explicitly so two first writes cannot make two rows). */
export const SINGLETON_ID = 1;

/** Longest text id: the audit trail keeps record ids in `audit_log.record_id varchar(100)`. */
export const TEXT_ID_MAX_LENGTH = 100;

/** A record id as the store takes it: a serial integer, or the text of a text id (an alias). */
export type RecordId = number | string;

export interface ResourceShape {
  operations: ReadonlySet<ResourceOperation>;
  singleton: boolean;
  collectionUpdate: boolean;
  /** `serial`: the database numbers records; `text`: the body of a create names the record (an alias). */
  idKind: 'serial' | 'text';
  parent?: { param: string; field: FieldDeclaration; resource: string };
}

function fail(declaration: ResourceDeclaration, problem: string): never {
  throw new Error(`resource ${declaration.name}: ${problem}`);
}

/** Text kinds that can name a record in a path (not rich text). */
const TEXT_ID_TYPES = new Set(['text', 'email', 'url', 'color', 'enum']);

export function resourceShape(declaration: ResourceDeclaration): ResourceShape {
  const idField = idFieldOf(declaration);
  let idKind: ResourceShape['idKind'];
  if (idField.type === 'id') idKind = 'serial';
  else if (TEXT_ID_TYPES.has(idField.type)) idKind = 'text';
  else fail(declaration, `id field ${idField.source} must be of type 'id' or a text type, not ${idField.type}`);
  if (idField.assigned && (declaration.operations ?? ALL_OPERATIONS).includes('create')) {
    fail(declaration, `id field ${idField.source} is assigned with the row (assigned: true): the resource cannot have a create operation`);
  }
  if (idKind === 'text' && (idField.maxLength ?? 255) > TEXT_ID_MAX_LENGTH) {
    fail(declaration, `text id ${idField.source} needs maxLength ≤ ${TEXT_ID_MAX_LENGTH} (audit_log.record_id)`);
  }

  const singleton = declaration.singleton === true;
  const collectionUpdate = declaration.collectionUpdate === true;
  if (singleton && collectionUpdate) fail(declaration, 'a singleton has no collection to replace');
  if (declaration.updateInBody && (singleton || collectionUpdate)) fail(declaration, 'updateInBody uses PUT on the collection path: not with a singleton or a collection update');
  if (singleton && declaration.parent) fail(declaration, 'a singleton cannot be nested under a parent');
  if (singleton && idKind !== 'serial') fail(declaration, "a singleton's id field must be of type 'id'");
  if (declaration.collectionOrder !== undefined) {
    const order = declaration.fields.find((candidate) => candidate.source === declaration.collectionOrder);
    if (!collectionUpdate) fail(declaration, 'collectionOrder needs collectionUpdate');
    if (order?.type !== 'integer' || order.readOnly || order.hidden || order.form !== false) fail(declaration, `collectionOrder ${declaration.collectionOrder} must be a writable integer field with form: false`);
  }
  if (declaration.maxRecords && (!Number.isInteger(declaration.maxRecords.count) || declaration.maxRecords.count < 1)) fail(declaration, 'maxRecords.count must be a positive integer');

  let parent: ResourceShape['parent'];
  if (declaration.parent) {
    const { param, resource } = declaration.parent;
    const field = declaration.fields.find((candidate) => candidate.source === declaration.parent?.field);
    if (!field) fail(declaration, `parent field ${declaration.parent.field} is not declared`);
    if (field.source === declaration.idField) fail(declaration, 'the parent field cannot be the id field');
    if (param === 'id' || !/^[A-Za-z][A-Za-z0-9_]*$/.test(param)) fail(declaration, `parent param must be a name other than 'id', not ${param}`);
    const placeholders = declaration.apiPath.match(/\{[^}]*\}/g) ?? [];
    if (placeholders.length !== 1 || placeholders[0] !== `{${param}}`) fail(declaration, `apiPath must carry exactly {${param}}`);
    parent = { param, field, resource };
  } else if (/[{}:]/.test(declaration.apiPath)) {
    fail(declaration, 'apiPath has a parameter but no parent is declared');
  }

  // `detailOnly`: a value the list leaves out without changing its rows (an expression, links, files), never the id.
  for (const field of declaration.fields.filter((candidate) => candidate.detailOnly)) {
    const relation = field.type === 'manyToMany' || field.type === 'file' || field.type === 'image' || field.type === 'files';
    if (!field.computed && !relation) fail(declaration, `detailOnly field ${field.source} must be computed, manyToMany or a file field`);
    if (field.source === declaration.idField) fail(declaration, 'the id field cannot be detailOnly');
  }

  const declared = declaration.operations ?? ALL_OPERATIONS;
  const unknown = declared.filter((operation) => !ALL_OPERATIONS.includes(operation));
  if (unknown.length > 0) fail(declaration, `unknown operations ${unknown.join(', ')}`);
  return { operations: new Set(declared), singleton, collectionUpdate, idKind, parent };
}

/**
 * The record id a path or body names, or `undefined` when no record can have it: a serial id is a positive int4;
 * a text id is non-blank text, without surrounding blanks, that its field's rule accepts.
 */
export function parseRecordId(declaration: ResourceDeclaration, raw: unknown): RecordId | undefined {
  const field = idFieldOf(declaration);
  if (field.type === 'id') return recordId(raw);
  if (typeof raw !== 'string' || raw === '' || raw !== raw.trim()) return undefined;
  try {
    // The field's own rule, strictly: no transform (trim, lower case) may turn it into another record's id.
    fieldKind(field).rule(field).validateSync(raw, { strict: true });
  } catch {
    return undefined;
  }
  return raw;
}
