/**
 * The site form's rules (spec 01 §5 'Site form', §4 entity type → order type, §8 BadArgument targets, §9 map),
 * as pure functions and one yup schema with i18n keys, shared by the browser (src/sites/form) and the server.
 */
import * as yup from 'yup';
import { recordIdRule } from './limits';
import { trimmedString } from './text';

/** Limits of spec 01 §5. */
export const SITE_FORM_LIMITS = {
  nameMin: 5,
  nameMax: 200,
  aliasMin: 3,
  aliasMax: 220,
  allowedUrlMax: 200,
  addressMin: 5,
  addressMax: 150,
} as const;

/** Letters, digits, underscore or hyphen (spec 01 §5). */
export const SITE_ALIAS_PATTERN = /^[A-Za-z0-9_-]+$/;

/** Order types (spec 01 §3): 0 Departamental, 1 Municipal. */
export const SITE_ORDER_TYPE = { departmental: 0, municipal: 1 } as const;
export const SITE_ORDER_TYPES = [SITE_ORDER_TYPE.departmental, SITE_ORDER_TYPE.municipal] as const;

/**
 * Entity types 1 (governorate) and 3 (assembly) are departmental, 2 (mayoralty) and 4 (council) municipal
 * (spec 01 §4); any other type (5, other entities) lets the user choose: null.
 */
export function orderTypeForSiteType(siteTypeId: unknown): 0 | 1 | null {
  const id = Number(siteTypeId);
  if (id === 1 || id === 3) return SITE_ORDER_TYPE.departmental;
  if (id === 2 || id === 4) return SITE_ORDER_TYPE.municipal;
  return null;
}

/** A full http or https URL with a host (spec 01 §5 'Domain (allowedUrl) a full http or https URL'). */
export function isFullHttpUrl(value: string): boolean {
  if (!/^https?:\/\/\S+$/i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && /^[a-z0-9-]+(\.[a-z0-9-]+)+$|^localhost$/i.test(url.hostname);
  } catch {
    return false;
  }
}

/**
 * `allowedUrl` as stored and as the API takes it: a comma-separated list (spec 01 §3) whose every part is a full http or
 * https URL. The form edits the first one; its body carries the others as they were (withFirstAllowedUrl).
 */
export function allowedUrlListValid(value: string): boolean {
  const parts = value.split(',').map((part) => part.trim());
  return parts.length > 0 && parts.every((part) => isFullHttpUrl(part));
}

/** allowedUrl is comma-separated and the first one is shown (spec 01 §3): the one the form edits. */
export function firstAllowedUrl(allowedUrl: unknown): string {
  if (typeof allowedUrl !== 'string') return '';
  return allowedUrl.split(',')[0]?.trim() ?? '';
}

/** The stored list with its first URL replaced by the edited one; the others are kept as they were. */
export function withFirstAllowedUrl(stored: unknown, first: string): string {
  const rest = typeof stored === 'string' ? stored.split(',').slice(1).map((url) => url.trim()).filter(Boolean) : [];
  return [first.trim(), ...rest].join(',');
}

/** Empty strings (a cleared input) become undefined so that `required` speaks, not the type check. */
const emptyToUndefined = (value: unknown, original: unknown) => (original === '' || original === null ? undefined : value);

const requiredId = (message: string) => recordIdRule(message).transform(emptyToUndefined).required(message);

const coordinate = (limit: number, required: string, range: string) =>
  yup.number().transform(emptyToUndefined).typeError(range).required(required).min(-limit, range).max(limit, range);

/**
 * The site form's rules with the spec's messages (i18n keys under validation.site), validated with abortEarly false: one
 * schema for the browser (src/sites/form) and the server (the sites declaration's `schema`, resources/sites.ts), so both
 * answer the same texts; the server adds only what needs the database (sites service: unique alias and domains, the
 * alias lock, the municipality under the department, references that exist).
 * The municipality is required unless the entity order is departmental — the order the entity type imposes, else the
 * chosen one: a governorate or an assembly belongs to a department, not to a municipality (docs/decisions/0013-sites.md).
 */
export const siteFormSchema = yup.object({
  name: trimmedString()
    .required('validation.site.name_required')
    .test('min', 'validation.site.name_length', (value) => !value || value.length >= SITE_FORM_LIMITS.nameMin)
    .max(SITE_FORM_LIMITS.nameMax, 'validation.site.name_length'),
  alias: trimmedString()
    .required('validation.site.alias_required')
    .test('min', 'validation.site.alias_length', (value) => !value || value.length >= SITE_FORM_LIMITS.aliasMin)
    .max(SITE_FORM_LIMITS.aliasMax, 'validation.site.alias_length')
    .matches(SITE_ALIAS_PATTERN, { message: 'validation.site.alias_pattern', excludeEmptyString: true }),
  parentLocationId: requiredId('validation.site.department_required'),
  siteTypeId: requiredId('validation.site.site_type_required'),
  orderType: yup
    .number()
    .transform(emptyToUndefined)
    .typeError('validation.site.order_type_required')
    .required('validation.site.order_type_required')
    .oneOf([...SITE_ORDER_TYPES], 'validation.site.order_type_required'),
  // A departmental entity has no municipality, but a value sent anyway must still be an id the column can hold.
  locationId: recordIdRule('validation.site.municipality_required')
    .transform(emptyToUndefined)
    .nullable()
    .when(['orderType', 'siteTypeId'], {
      is: (orderType: unknown, siteTypeId: unknown) => (orderTypeForSiteType(siteTypeId) ?? orderType) !== SITE_ORDER_TYPE.departmental,
      then: (schema) => schema.required('validation.site.municipality_required'),
    }),
  allowedUrl: trimmedString()
    .required('validation.site.url_required')
    .max(SITE_FORM_LIMITS.allowedUrlMax, 'validation.site.url_length')
    .test('url', 'validation.site.url_invalid', (value) => !value || allowedUrlListValid(value)),
  address: trimmedString()
    .required('validation.site.address_required')
    .test('min', 'validation.site.address_length', (value) => !value || value.length >= SITE_FORM_LIMITS.addressMin)
    .max(SITE_FORM_LIMITS.addressMax, 'validation.site.address_length'),
  siteLatitude: coordinate(90, 'validation.site.latitude_required', 'validation.site.latitude_range'),
  siteLongitude: coordinate(180, 'validation.site.longitude_required', 'validation.site.longitude_range'),
});

export type SiteFormValues = yup.InferType<typeof siteFormSchema>;

/** The stored site as the form edits it (GET /sites/{id} or a list row). */
export interface SiteFormRecord {
  id?: number;
  name?: string | null;
  alias?: string | null;
  parentLocationId?: number | null;
  locationId?: number | null;
  siteTypeId?: number | null;
  orderType?: number | null;
  allowedUrl?: string | null;
  address?: string | null;
  siteLatitude?: number | null;
  siteLongitude?: number | null;
  installed?: boolean;
}

/** The form's initial values: a new site is empty; an existing one shows its first allowed URL. */
export function siteFormDefaults(record?: SiteFormRecord): Record<string, unknown> {
  return {
    name: record?.name ?? '',
    alias: record?.alias ?? '',
    parentLocationId: record?.parentLocationId ?? null,
    locationId: record?.locationId ?? null,
    siteTypeId: record?.siteTypeId ?? null,
    orderType: record?.orderType ?? null,
    allowedUrl: firstAllowedUrl(record?.allowedUrl),
    address: record?.address ?? '',
    siteLatitude: record?.siteLatitude ?? null,
    siteLongitude: record?.siteLongitude ?? null,
  };
}

/**
 * The body of POST /sites/ and PUT /sites/{id}: the validated values, the edited URL first in the stored list, the
 * order type that the entity type imposes, and the alias of an installed site unchanged (it is locked once installed).
 */
export function sitePayload(values: SiteFormValues, record?: SiteFormRecord): Record<string, unknown> {
  const orderType = orderTypeForSiteType(values.siteTypeId) ?? values.orderType;
  return {
    name: values.name,
    alias: record?.installed ? record.alias : values.alias,
    parentLocationId: values.parentLocationId,
    locationId: values.locationId ?? null,
    siteTypeId: values.siteTypeId,
    orderType,
    allowedUrl: record ? withFirstAllowedUrl(record.allowedUrl, values.allowedUrl) : values.allowedUrl,
    address: values.address,
    siteLatitude: values.siteLatitude,
    siteLongitude: values.siteLongitude,
  };
}

/** Changing an existing site's entity type asks for confirmation before saving (spec 01 §4). */
export function siteTypeChanged(record: SiteFormRecord | undefined, siteTypeId: unknown): boolean {
  return record?.id !== undefined && record.siteTypeId != null && Number(siteTypeId) !== Number(record.siteTypeId);
}

/** Whether the live URL check should run: a complete URL that is not the site's own first URL. */
export function needsUrlCheck(value: unknown, record?: SiteFormRecord): value is string {
  if (typeof value !== 'string' || !isFullHttpUrl(value.trim())) return false;
  return value.trim().toLowerCase() !== firstAllowedUrl(record?.allowedUrl).toLowerCase();
}

/**
 * The answer of GET /allowurl/?url= (spec 01 §7 'URL availability'): `true`/`false`, or an object with
 * `available`, `isAvailable` or `allowed`. Anything else is no verdict (null): the save still checks.
 */
export function urlAvailability(json: unknown): boolean | null {
  if (typeof json === 'boolean') return json;
  if (json && typeof json === 'object') {
    for (const key of ['available', 'isAvailable', 'allowed', 'result']) {
      const value = (json as Record<string, unknown>)[key];
      if (typeof value === 'boolean') return value;
    }
  }
  return null;
}

/** Delay of the live URL check after typing stops (ms). */
export const URL_CHECK_DELAY_MS = 500;

/** Form fields that a server error's detail target may name (spec 01 §8), by lower-case target. */
const DUPLICATE_MESSAGES: Record<string, { field: string; message: string }> = {
  alias: { field: 'alias', message: 'validation.site.alias_taken' },
  allowedurl: { field: 'allowedUrl', message: 'validation.site.url_taken' },
};

export interface ServerErrorDetail {
  code?: string;
  target?: string;
  message?: string;
}

/**
 * Field errors of a refused save: a BadArgument detail with target Alias or AllowedUrl (any case) marks that field
 * duplicated (its message is an i18n key); a detail naming another form field shows the server's message there.
 */
export function siteFieldErrors(code: string | undefined, details: readonly ServerErrorDetail[]): Record<string, string> {
  const errors: Record<string, string> = {};
  const fields = Object.keys(siteFormSchema.fields);
  for (const detail of details) {
    const target = detail.target?.trim().toLowerCase();
    if (!target) continue;
    const duplicate = DUPLICATE_MESSAGES[target];
    if (duplicate && (code === 'BadArgument' || detail.code === 'BadArgument')) {
      errors[duplicate.field] ??= duplicate.message;
      continue;
    }
    const field = fields.find((name) => name.toLowerCase() === target);
    if (field && detail.message) errors[field] ??= detail.message;
  }
  return errors;
}

/** The failure notice of a save (spec 01 §8): Matomo's error on update, else the create or update text. */
export function siteSaveFailureKey(creating: boolean, code: string | undefined): string {
  if (creating) return 'sites.form.create_failed';
  return code === 'PiwikError' ? 'sites.form.update_piwik_failed' : 'sites.form.update_failed';
}

/** Map defaults (spec 01 §9): centred inside Colombia at zoom 5, zoom 7 on an existing site's position. */
export const COLOMBIA_CENTER: readonly [number, number] = [4.5709, -74.2973];
export const MAP_ZOOM = { country: 5, site: 7 } as const;

/** A coordinate usable by the map (a finite number in range), or null. */
export function mapCoordinate(value: unknown, limit: number): number | null {
  if (value === null || value === undefined || value === '') return null;
  const number = typeof value === 'number' ? value : Number(String(value).replace(',', '.'));
  return Number.isFinite(number) && Math.abs(number) <= limit ? number : null;
}

/** The marker's position from the typed coordinates, or null while they are incomplete or out of range. */
export function markerPosition(latitude: unknown, longitude: unknown): [number, number] | null {
  const lat = mapCoordinate(latitude, 90);
  const lng = mapCoordinate(longitude, 180);
  return lat === null || lng === null ? null : [lat, lng];
}

/** Where the map opens: on the site (zoom 7) when it has a position, else Colombia (zoom 5). */
export function initialMapView(latitude: unknown, longitude: unknown): { center: [number, number]; zoom: number } {
  const position = markerPosition(latitude, longitude);
  return position ? { center: position, zoom: MAP_ZOOM.site } : { center: [...COLOMBIA_CENTER], zoom: MAP_ZOOM.country };
}

/** A clicked or dragged position as stored: six decimals (about 10 cm). */
export function roundCoordinate(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
