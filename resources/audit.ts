/**
 * The audit trail (docs/decisions.md 'Audit trail'): read-only, listed by GET /audit/ with
 * filters userId, resource, from and to, newest first (its list spec: server/auth/auditLog.ts); GET /audit/actors/ feeds its user filter.
 * Routes are hand-written (server/routes/audit.ts).
 */
import { auditReference } from './references';
import { defineCustomResource } from './types';

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

export const auditResource = defineCustomResource({
  ...auditReference,
  table: 'audit_log',
  fields: [
    { source: 'id', type: 'id', label: 'resources.audit.fields.id' },
    { source: 'at', type: 'datetime', label: 'resources.audit.fields.at', readOnly: true },
    { source: 'userEmail', type: 'text', label: 'resources.audit.fields.userEmail', readOnly: true },
    { source: 'action', type: 'text', label: 'resources.audit.fields.action', readOnly: true },
    { source: 'resource', type: 'text', label: 'resources.audit.fields.resource', readOnly: true },
    { source: 'recordId', type: 'text', label: 'resources.audit.fields.recordId', readOnly: true },
    { source: 'recordLabel', type: 'text', label: 'resources.audit.fields.recordLabel', readOnly: true },
    { source: 'clientAddress', type: 'text', label: 'resources.audit.fields.clientAddress', readOnly: true },
  ],
});
