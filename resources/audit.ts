/**
 * The audit trail (docs/decisions/0010-audit-trail.md) on the engine: a read-only list (`GET /audit/`, `GET /audit/{id}`),
 * newest first, 20 a page, filtered by userId, resource and a date range (`from`/`to`, the spec's and the screen's
 * names, aliases of the engine's `atFrom`/`atTo`), its export (`GET /audit/export`) and the view `actors`,
 * `GET /audit/actors/` (the screen's user filter; server/resources/services/audit.ts).
 */
import { auditReference } from './references';
import { defineResource, type FieldChoice, type LabelledDeclaration, type ResourceReference } from './types';

/**
 * Every action code the server writes into the trail by name (issue 21): the engine's own (create, update, delete,
 * soft_delete, and deactivate / reactivate from server/audit auditAction) and each hand-written route's or job's.
 * `AuditEntry.action` (server/audit/audit.ts) accepts only these and the declarations' action names
 * (`ResourceAction.name`, passed by the engine), so a new code cannot be written without being listed here, and
 * tests/unit/audit-rules.test.ts checks that each one has its Spanish label `audit.actions.<code>`.
 */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'soft_delete',
  'deactivate',
  'reactivate',
  'enable',
  'disable',
  'login',
  'login_failed',
  'account_locked',
  'logout',
  'password_reset',
  'password_reset_requested',
  'activate',
  'impersonate',
  'install',
  'install_step',
  'install_retry',
  'load',
  'bulk_file',
  'download',
  'portal_key_issue',
  'portal_key_revoke',
  'portal_stats',
] as const;
export type AuditActionCode = (typeof AUDIT_ACTIONS)[number];

/**
 * The resource names the server writes into the trail by name (the engine writes its declaration's name). A declared
 * name is labelled by its declaration's title; any other one (sign-in, the monthly e-mail and government-index loads,
 * the users of older lines) by `audit.resources.<name>` (tested in tests/unit/audit-rules.test.ts).
 */
export const AUDITED_RESOURCES = [
  'auth',
  'users',
  'emails',
  'govindex',
  'sites',
  'locations',
  'siterequests',
  'superadmins',
  'administrators',
  'siteusers',
  'backups',
] as const;
export type AuditedResourceName = (typeof AUDITED_RESOURCES)[number];

/** Every action code the trail may hold: the listed ones and each declaration's actions. */
export function auditActionCodes(declarations: readonly object[]): string[] {
  return [...new Set([...AUDIT_ACTIONS, ...declarations.flatMap(declaredActionNames)])];
}

/** A declaration's action names (a custom declaration has none). */
export function declaredActionNames(declaration: object): string[] {
  const actions = (declaration as { actions?: readonly { name: string }[] }).actions;
  return (actions ?? []).map((action) => action.name);
}

/** The i18n key of an action code's Spanish label. */
export const auditActionLabelKey = (code: string): string => `audit.actions.${code}`;

/** The i18n key of a resource name's label: its declaration's title, else `audit.resources.<name>`. */
export function auditResourceLabelKey(name: string, declarations: readonly Pick<ResourceReference, 'name' | 'title'>[]): string {
  return declarations.find((declaration) => declaration.name === name)?.title ?? `audit.resources.${name}`;
}

/** Every action code with its label key (`audit.actions.<code>`): the `action` field's `labels`, as the screen shows them. */
export function auditActionChoices(declarations: readonly object[]): FieldChoice[] {
  return auditActionCodes(declarations).map((code) => ({ id: code, labelKey: auditActionLabelKey(code) }));
}


const WRITE_OPERATIONS = new Set(['create', 'update', 'delete']);

/**
 * Whether the trail can hold lines of a declaration: the engine writes one for each create, update, delete and
 * action, and the server writes the listed names (AUDITED_RESOURCES) itself. A read-only list (the mail log, the
 * permission catalogue) never appears.
 */
export function isAuditedDeclaration(declaration: LabelledDeclaration): boolean {
  if ((AUDITED_RESOURCES as readonly string[]).includes(declaration.name)) return true;
  const writes = declaration.operations?.some((operation) => WRITE_OPERATIONS.has(operation)) ?? true;
  return writes || (declaration.actions?.length ?? 0) > 0;
}

/**
 * The audited resource names with their label keys: every audited declaration (isAuditedDeclaration) by its title,
 * then the names the server audits that are not declarations (`audit.resources.<name>`). The screen's resource filter
 * and the `resource` field's `labels` (the export's cells).
 */
export function auditResourceChoices(declarations: readonly LabelledDeclaration[]): FieldChoice[] {
  const declared = declarations.filter(isAuditedDeclaration).map((declaration) => ({ id: declaration.name, labelKey: declaration.title }));
  const names = new Set(declared.map((choice) => choice.id));
  const extra = AUDITED_RESOURCES.filter((name) => !names.has(name)).map((id) => ({ id, labelKey: auditResourceLabelKey(id, declarations) }));
  return [...declared, ...extra];
}

export interface AuditRecord {
  id: number;
  at: string;
  userId: number | null;
  userEmail: string | null;
  action: string;
  resource: string;
  recordId: string | null;
  /** The record's name when the line was written (name, title or e-mail); null when it has none. */
  recordLabel: string | null;
  before: unknown;
  after: unknown;
  clientAddress: string | null;
}

/** A user who can be picked in the screen's user filter (GET /audit/actors/). */
export interface AuditActor {
  id: number;
  name: string;
  email: string;
}

/** The columns of the screen and of the export (before/after stay on the screen). */
const AUDIT_COLUMNS = ['id', 'at', 'userEmail', 'action', 'resource', 'recordId', 'recordLabel', 'clientAddress'] as const;

export const auditResource = defineResource<AuditRecord>({
  ...auditReference,
  table: 'audit_log',
  fields: [
    { source: 'id', type: 'id', columnType: 'bigint' },
    { source: 'at', type: 'datetime', readOnly: true, nullable: false },
    { source: 'userId', type: 'integer', readOnly: true, list: false },
    { source: 'userEmail', type: 'text', readOnly: true, maxLength: 200, nullable: true },
    // Codes, written in files by their Spanish labels as the screen shows them (issue 21).
    { source: 'action', type: 'text', readOnly: true, maxLength: 40, labels: auditActionChoices },
    { source: 'resource', type: 'text', readOnly: true, maxLength: 100, labels: auditResourceChoices },
    // Not a filter: a text id (`?recordId=` would read as a number filter to a client; the screen filters by resource).
    { source: 'recordId', type: 'text', readOnly: true, maxLength: 100, nullable: true, filter: false },
    { source: 'recordLabel', type: 'text', readOnly: true, maxLength: 300, nullable: true },
    { source: 'before', type: 'json', readOnly: true, list: false },
    { source: 'after', type: 'json', readOnly: true, list: false },
    // The request's address as stored (inet), written by server/audit; answered by `clientAddress` as the bare address.
    { source: 'clientInet', type: 'text', columnType: 'inet', column: 'client_address', nullable: true, hidden: true },
    { source: 'clientAddress', type: 'text', readOnly: true, column: 'client_host', computed: { sql: 'host(t.client_address)' } },
  ],
  operations: ['list', 'read'],
  sort: { field: 'at', order: 'DESC' },
  listKeyset: true,
  // The screen's order; each filter it combines (user, resource, dates) has an index by (…, at, id) (issue 23).
  listOrders: ['at'],
  pageSize: 20,
  maxPageSize: 100,
  filterAliases: { from: 'atFrom', to: 'atTo' },
  editMode: 'dialog',
  views: [{ name: 'actors', path: 'actors/', scope: 'collection', etag: true }],
  exports: [{ path: '/audit/export', formats: ['csv', 'xlsx'], fileName: 'exports.files.audit', fields: AUDIT_COLUMNS }],
});
