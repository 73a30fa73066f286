/**
 * Audit trail.
 * Part of the schema re-exported by server/db/schema.ts.
 */
import { index } from 'drizzle-orm/pg-core';
import { auditResource, type AuditRecord } from '../../../resources/audit';
import { resourceTable } from '../resourceTable';

/** The audit trail, derived from its declaration (resources/audit.ts); only server/audit writes it. */
export const auditLog = resourceTable<AuditRecord, { clientInet: string | null }>(auditResource, (t) => [
  // The trail's order (newest first, id as the tie breaker), alone and under each filter.
  index('audit_log_at_idx').on(t.at, t.id),
  index('audit_log_user_idx').on(t.userId, t.at, t.id),
  index('audit_log_resource_idx').on(t.resource, t.at, t.id),
  // The screen's user and resource together; the API's action and e-mail filters (issue 23: each page an index range).
  index('audit_log_user_resource_idx').on(t.userId, t.resource, t.at, t.id),
  index('audit_log_action_idx').on(t.action, t.at, t.id),
  index('audit_log_email_idx').on(t.userEmail, t.at, t.id),
]);
