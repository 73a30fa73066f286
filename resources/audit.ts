/**
 * The audit trail (docs/decisions.md 'Audit trail'): read-only, listed by GET /audit/ with
 * filters userId, resource, from and to, newest first; GET /audit/actors/ feeds its user filter.
 * Routes are hand-written (server/routes/audit.ts).
 */
import * as yup from 'yup';
import { INTEGER_MAX } from './limits';
import { pagingFields } from './paging';
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

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** A real calendar date or date-time in ISO 8601 (a bare date is midnight UTC); anything else is null. */
export function parseIsoDate(value: string): Date | null {
  const match = ISO_DATE.exec(value.trim());
  if (!match) return null;
  const [year, month, day, hour = '0', minute = '0', second = '0'] = match.slice(1).map((part) => part ?? '0');
  const calendar = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  const sameDay =
    calendar.getUTCFullYear() === Number(year) && calendar.getUTCMonth() === Number(month) - 1 && calendar.getUTCDate() === Number(day);
  if (!sameDay || Number(hour) > 23 || Number(minute) > 59 || Number(second) > 59) return null;
  const parsed = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value.trim()) ? `${value.trim()}T00:00:00Z` : value.trim());
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}

/** An optional ISO date filter (bad or impossible dates: `messageKey`); shared by the audit and mail log lists. */
export const optionalDate = (messageKey = 'validation.audit.date_invalid') =>
  yup
    .date()
    .transform((_value: unknown, original: unknown) => {
      if (original === '' || original == null) return undefined;
      if (original instanceof Date) return original;
      return parseIsoDate(String(original)) ?? new Date(Number.NaN);
    })
    .typeError(messageKey)
    .optional();

/** The list's query string. */
export const auditFilterSchema = yup.object({
  ...pagingFields({ defaultPageSize: 20, maxPageSize: 100 }),
  userId: yup
    .number()
    .transform((value: unknown, original: unknown) => (original === '' || original == null ? undefined : value))
    .typeError('validation.invalid')
    .integer('validation.invalid')
    .min(1, 'validation.invalid')
    .max(INTEGER_MAX, 'validation.invalid')
    .optional(),
  resource: yup.string().trim().max(100, 'validation.invalid').optional(),
  from: optionalDate(),
  to: optionalDate(),
});

/** A user who can be picked in the screen's user filter (GET /audit/actors/). */
export interface AuditActor {
  id: number;
  name: string;
  email: string;
}

/** GET /audit/actors/: a text search over name and e-mail (`search`, or react-admin's `q`), paged. */
export const auditActorsFilterSchema = yup.object({
  ...pagingFields({ defaultPageSize: 20, maxPageSize: 100 }),
  search: yup.string().trim().max(200, 'validation.invalid').optional(),
  q: yup.string().trim().max(200, 'validation.invalid').optional(),
});

export const auditResource = defineResource<AuditRecord>({
  name: 'audit',
  apiPath: '/audit/',
  idField: 'id',
  table: 'audit_log',
  /** Read-only screen src/audit/AuditListPage, listed in the settings index after the spec's rows. */
  route: '/configuracion/auditoria',
  parentRoute: '/configuracion',
  title: 'resources.audit.title',
  description: 'resources.audit.description',
  fields: [
    { source: 'id', type: 'id', label: 'resources.audit.fields.id' },
    { source: 'at', type: 'date', label: 'resources.audit.fields.at', readOnly: true },
    { source: 'userEmail', type: 'text', label: 'resources.audit.fields.userEmail', readOnly: true },
    { source: 'action', type: 'text', label: 'resources.audit.fields.action', readOnly: true },
    { source: 'resource', type: 'text', label: 'resources.audit.fields.resource', readOnly: true },
    { source: 'recordId', type: 'text', label: 'resources.audit.fields.recordId', readOnly: true },
    { source: 'recordLabel', type: 'text', label: 'resources.audit.fields.recordLabel', readOnly: true },
    { source: 'clientAddress', type: 'text', label: 'resources.audit.fields.clientAddress', readOnly: true },
  ],
  schema: yup.object({}),
  permissions: { read: ['Settings'], write: ['Settings'] },
  routeAccess: ['Settings'],
  routes: 'custom',
  sort: { field: 'at', order: 'DESC' },
  pageSize: 20,
  editMode: 'dialog',
});
