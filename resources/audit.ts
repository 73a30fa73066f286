/**
 * The audit trail (docs/decisions.md 'Audit trail') on the engine: a read-only list (`GET /audit/`, `GET /audit/{id}`),
 * newest first, 20 a page, filtered by userId, resource and a date range (`from`/`to`, the spec's and the screen's
 * names, aliases of the engine's `atFrom`/`atTo`), its export (`GET /audit/export`) and the view `actors`,
 * `GET /audit/actors/` (the screen's user filter; server/resources/services/audit.ts).
 */
import { auditReference } from './references';
import { defineResource } from './types';

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
    { source: 'id', type: 'id' },
    { source: 'at', type: 'datetime', readOnly: true, nullable: false },
    { source: 'userId', type: 'integer', readOnly: true, list: false },
    { source: 'userEmail', type: 'text', readOnly: true, maxLength: 200, nullable: true },
    { source: 'action', type: 'text', readOnly: true, maxLength: 30 },
    { source: 'resource', type: 'text', readOnly: true, maxLength: 100 },
    // Not a filter: a text id (`?recordId=` would read as a number filter to a client; the screen filters by resource).
    { source: 'recordId', type: 'text', readOnly: true, maxLength: 100, nullable: true, filter: false },
    { source: 'recordLabel', type: 'text', readOnly: true, maxLength: 200, nullable: true },
    { source: 'before', type: 'json', readOnly: true, list: false },
    { source: 'after', type: 'json', readOnly: true, list: false },
    // The inet column `client_address`, answered as the bare address (under another name than the column's).
    { source: 'clientAddress', type: 'text', readOnly: true, column: 'client_host', computed: { sql: 'host(t.client_address)' } },
  ],
  operations: ['list', 'read'],
  sort: { field: 'at', order: 'DESC' },
  pageSize: 20,
  maxPageSize: 100,
  filterAliases: { from: 'atFrom', to: 'atTo' },
  editMode: 'dialog',
  views: [{ name: 'actors', path: 'actors/', scope: 'collection', etag: true }],
  exports: [{ path: '/audit/export', formats: ['csv', 'xlsx'], fileName: 'exports.files.audit', fields: AUDIT_COLUMNS }],
});
