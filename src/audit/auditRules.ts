/**
 * Pure rules of the audit-trail screen: the list filter sent to GET /audit/, the action and
 * resource labels (i18n keys), the date shown, the changed fields of a record (before → after), their
 * labels and readable values, and how a record is named.
 */
import { auditActionLabelKey, auditResourceChoices, type AuditRecord } from '../../resources/audit';
import { formatDate, formatDateTime, platformDayBound, toDate } from '../../resources/dates';
import { PERMISSION_NAMES, permissionLabelKey } from '../../resources/permissions';
import { fieldLabelKey, type LabelledDeclaration } from '../../resources/types';

export const AUDIT_PAGE_SIZE = 20;
export const AUDIT_RESOURCE = 'audit';

/**
 * The i18n key of an action's Spanish label (`audit.actions.<code>`): every code the server writes has one
 * (resources/audit.ts AUDIT_ACTIONS, tested); the screen shows a code it does not know (an older line's) as it is.
 */
export const actionLabelKey = auditActionLabelKey;

export interface ResourceChoice {
  /** The name stored in the audit record and sent as the `resource` filter. */
  id: string;
  /** i18n key of its label. */
  label: string;
}

/**
 * The resource filter's choices: every audited declaration (resources/audit.ts isAuditedDeclaration: it writes), then
 * the names the server audits that are not declarations (AUDITED_RESOURCES), each by its label key.
 */
export function resourceChoices(declarations: readonly LabelledDeclaration[]): ResourceChoice[] {
  return auditResourceChoices(declarations).map((choice) => ({ id: choice.id, label: choice.labelKey ?? choice.id }));
}

/** The label key of an audited resource name, or undefined (an unknown name is shown raw). */
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

/** The first or last instant of a calendar day in Colombia (the dates shown are Colombian: resources/dates.ts). */
export const localDayBound = platformDayBound;

/** `dd/mm/aaaa hh:mm a. m.` in Colombia (resources/dates.ts, as everywhere); an unreadable value is returned as given. */
export function formatAuditDate(value: unknown): string {
  if (typeof value !== 'string' && !(value instanceof Date)) return '';
  return formatDateTime(value) || String(value);
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

/** The words a value is written with (translated by the screen). */
export interface ValueWords {
  yes: string;
  no: string;
  /** Shown for null, undefined, '' and an empty list. */
  none: string;
  /** A name inside the value (a list's text, an object's name) as a person reads it; as it is without one. */
  name?: (text: string) => string;
}

export type ValueFormat = ValueWords;

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/;
/** Properties that name an object inside a value (e.g. a permission { name }). */
const NAME_KEYS = ['name', 'title', 'label', 'email'] as const;

/**
 * A stored value as a person reads it, never as JSON: Sí/No, dates as resources/dates.ts writes them (dd/mm/aaaa hh:mm a. m.), lists as
 * comma-separated items (objects by their name), other objects as `key: value` pairs, nothing as '—'.
 */
export function formatAuditValue(value: unknown, format: ValueFormat): string {
  if (value === null || value === undefined || value === '') return format.none;
  if (typeof value === 'boolean') return value ? format.yes : format.no;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') {
    if (ISO_INSTANT.test(value)) return formatDateTime(value) || value;
    // A real calendar day only (2024-13-45 stays as it is).
    if (BARE_DATE.test(value) && toDate(`${value}T00:00:00Z`)?.toISOString().slice(0, 10) === value) return formatDate(value);
    return format.name ? format.name(value) : value;
  }
  if (value instanceof Date) return formatAuditValue(value.toISOString(), format);
  if (Array.isArray(value)) {
    const items = value.map((item) => formatAuditValue(item, format)).filter((item) => item !== format.none);
    return items.length ? items.join(', ') : format.none;
  }
  if (typeof value === 'object') {
    const object = value as Record<string, unknown>;
    const nameKey = NAME_KEYS.find((key) => typeof object[key] === 'string' && object[key] !== '');
    if (nameKey) return format.name ? format.name(String(object[nameKey])) : String(object[nameKey]);
    const pairs = Object.entries(object).map(([key, inner]) => `${key}: ${formatAuditValue(inner, format)}`);
    return pairs.length ? pairs.join('; ') : format.none;
  }
  return String(value);
}

/**
 * The i18n keys tried for a changed field's label, best first: the resource's own field label
 * (`resources.<name>.fields.<source>`, as its screens show it), then the audit's labels of fields
 * that only the trail stores (`audit.fields.<source>`). Neither found: the screen shows the name.
 */
export function fieldLabelKeys(resource: string, field: string): string[] {
  if (!field) return [];
  return [fieldLabelKey(resource, field), `audit.fields.${field}`];
}

/**
 * The i18n key of a name inside a changed field's value, or undefined (shown as stored): the platform's permissions
 * (`Sites`, the API's codes, as strings or `{ permissionID, name }`) by their Spanish names (i18n/es/users.ts,
 * an area the audit screen loads).
 */
export function valueNameKey(field: string, name: string): string | undefined {
  return field === 'permissions' && (PERMISSION_NAMES as readonly string[]).includes(name) ? permissionLabelKey(name) : undefined;
}

/** How the 'Registro' column names a record: its label with its id, either alone, or nothing. */
export function recordReference(record: Pick<AuditRecord, 'recordId' | 'recordLabel'>): { label: string | null; id: string | null } {
  const label = record.recordLabel?.trim() ? record.recordLabel.trim() : null;
  const id = record.recordId === null || record.recordId === undefined || String(record.recordId) === '' ? null : String(record.recordId);
  return { label, id };
}
