/**
 * Pure rules of the audit-trail screen: the list filter sent to GET /audit/, the action and
 * resource labels (i18n keys), the date shown, and the changed fields of a record (before → after).
 */
import type { ResourceDeclaration } from '../../resources/types';

export const AUDIT_PAGE_SIZE = 20;
export const AUDIT_RESOURCE = 'audit';

/** Spanish label key per known action; an unknown action is shown raw. */
export const ACTION_LABELS: Readonly<Record<string, string>> = {
  create: 'audit.actions.create',
  update: 'audit.actions.update',
  delete: 'audit.actions.delete',
  login: 'audit.actions.login',
  login_failed: 'audit.actions.login_failed',
  account_locked: 'audit.actions.account_locked',
  logout: 'audit.actions.logout',
  password_reset: 'audit.actions.password_reset',
  password_reset_requested: 'audit.actions.password_reset_requested',
  enable: 'audit.actions.enable',
  disable: 'audit.actions.disable',
};

export function actionLabelKey(action: string): string | undefined {
  return Object.prototype.hasOwnProperty.call(ACTION_LABELS, action) ? ACTION_LABELS[action] : undefined;
}

/** Audited names that are not declared resources. */
const EXTRA_RESOURCES: Readonly<Record<string, string>> = {
  auth: 'audit.resources.auth',
  users: 'audit.resources.users',
};

export interface ResourceChoice {
  /** The name stored in the audit record and sent as the `resource` filter. */
  id: string;
  /** i18n key of its label. */
  label: string;
}

/** The resource filter's choices: every declaration (but the audit itself), then the extra names. */
export function resourceChoices(declarations: readonly ResourceDeclaration[]): ResourceChoice[] {
  const declared = declarations
    .filter((declaration) => declaration.name !== AUDIT_RESOURCE)
    .map((declaration) => ({ id: declaration.name, label: declaration.title }));
  const names = new Set(declared.map((choice) => choice.id));
  const extra = Object.entries(EXTRA_RESOURCES)
    .filter(([name]) => !names.has(name))
    .map(([id, label]) => ({ id, label }));
  return [...declared, ...extra];
}

/** The label key of an audited resource name, or undefined (shown raw). */
export function resourceLabelKey(name: string, choices: readonly ResourceChoice[]): string | undefined {
  return choices.find((choice) => choice.id === name)?.label;
}

export interface AuditSearch {
  userId: string;
  resource: string;
  /** YYYY-MM-DD or ''. */
  from: string;
  to: string;
}

export const EMPTY_AUDIT_SEARCH: AuditSearch = { userId: '', resource: '', from: '', to: '' };

const BARE_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A range whose start is after its end (both given) cannot match anything. */
export function isInvalidRange(search: AuditSearch): boolean {
  return BARE_DATE.test(search.from) && BARE_DATE.test(search.to) && search.from > search.to;
}

/** The getList filter: only the criteria given (the API's names: userId, resource, from, to). */
export function auditListFilter(search: AuditSearch): Record<string, string | number> {
  const filter: Record<string, string | number> = {};
  const userId = Number(search.userId);
  if (search.userId !== '' && Number.isInteger(userId) && userId > 0) filter.userId = userId;
  if (search.resource.trim()) filter.resource = search.resource.trim();
  if (BARE_DATE.test(search.from)) filter.from = localDayBound(search.from, 'start');
  if (BARE_DATE.test(search.to)) filter.to = localDayBound(search.to, 'end');
  return filter;
}

/**
 * The first or last instant of a calendar day in the browser's time zone, as an ISO instant:
 * the table shows local times, so the filter's days are local days too.
 */
export function localDayBound(day: string, bound: 'start' | 'end'): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const local = bound === 'start' ? new Date(year, month - 1, date) : new Date(year, month - 1, date, 23, 59, 59, 999);
  return local.toISOString();
}

const pad = (value: number) => String(value).padStart(2, '0');

/** `YYYY-MM-DD HH:mm` in local time; an unreadable value is returned as given. */
export function formatAuditDate(value: unknown): string {
  if (typeof value !== 'string' && !(value instanceof Date)) return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export interface FieldChange {
  /** Property name; '' when the stored value is not an object. */
  field: string;
  before: unknown;
  after: unknown;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The fields that differ between `before` and `after`, in the order they first appear: a creation
 * lists every field of `after`, a deletion every field of `before`. Equal fields are left out.
 */
export function changedFields(before: unknown, after: unknown): FieldChange[] {
  const absent = (value: unknown) => value === null || value === undefined;
  if (absent(before) && absent(after)) return [];
  if ((absent(before) || isPlainObject(before)) && (absent(after) || isPlainObject(after))) {
    const previous = (before ?? {}) as Record<string, unknown>;
    const next = (after ?? {}) as Record<string, unknown>;
    const fields = [...new Set([...Object.keys(previous), ...Object.keys(next)])];
    return fields
      .filter((field) => !same(previous[field], next[field]))
      .map((field) => ({ field, before: previous[field], after: next[field] }));
  }
  return same(before, after) ? [] : [{ field: '', before, after }];
}

/** A value as one line of text; null/undefined → '' (the screen shows its own 'no value' mark). */
export function formatAuditValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}
