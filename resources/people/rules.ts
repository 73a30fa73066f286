/**
 * Rules of the administrator update and the site-user edit (spec 01 §3 'Site administrator update', 'Site user'; §5;
 * §9 'Minimum birth age 13'), shared by the server (the declarations' schemas) and the two edit modals. Pure: the
 * day of reference is a parameter wherever the rule depends on it. Messages are i18n keys (i18n/es/users.ts).
 */
import * as yup from 'yup';
import { recordIdRule } from '../limits';
import { trimmedLowerString, trimmedString } from '../text';
import { EMAIL_PATTERN } from '../fieldKinds';

/** Gender ids (spec 01 §3): 0 male, 1 female, 2 other; a site user may have none (null). */
export const GENDER_IDS = [0, 1, 2] as const;
export type GenderId = (typeof GENDER_IDS)[number];

/** Main administrator types (spec 01 §1). */
export const ADMIN_TYPES = ['LegalRepresentative', 'WebMaster'] as const;

export const MIN_BIRTH_AGE = 13;
/** The birth-date picker's years start at 1928 (spec 01 §5). */
export const FIRST_BIRTH_YEAR = 1928;
export const NAME_MAX = 100;
export const EMAIL_MAX = 150;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 50;
/** Authentication levels a site user may hold (LoA 1 to 3). */
export const LOA_VALUES = [1, 2, 3] as const;

/** One site permission of a user: the catalogue's id (and name), enabled or not. */
export interface UserSitePermission {
  sitePermissionID: number;
  name?: string;
  enabled: boolean;
}

/** Largest id an `integer` column holds: a larger site id is unknown, never a database error. */
const INT4_MAX = 2_147_483_647;

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The latest birth date allowed on `today`: the same day 13 years earlier (29 February → 28 February). */
export function latestBirthDate(today: Date = new Date()): string {
  const year = today.getUTCFullYear() - MIN_BIRTH_AGE;
  const month = today.getUTCMonth();
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return isoDay(new Date(Date.UTC(year, month, Math.min(today.getUTCDate(), lastDay))));
}

/** The earliest birth date allowed: 1 January 1928. */
export const EARLIEST_BIRTH_DATE = `${FIRST_BIRTH_YEAR}-01-01`;

/** A real calendar day written `YYYY-MM-DD` (or the date part of an ISO timestamp), else null. */
export function birthDay(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T ])/.exec(value.trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? isoDay(date) : null;
}

/** What is wrong with a birth date on `today`, or null: not a date, before 1928, or less than 13 years ago. */
export function birthDateProblem(value: unknown, today: Date = new Date()): 'invalid' | 'too_early' | 'too_young' | null {
  const day = birthDay(value);
  if (!day) return 'invalid';
  if (day < EARLIEST_BIRTH_DATE) return 'too_early';
  if (day > latestBirthDate(today)) return 'too_young';
  return null;
}

/** Whether at least one of the user's site permissions is enabled. */
export function hasEnabledPermission(permissions: readonly Partial<UserSitePermission>[] | null | undefined): boolean {
  return (permissions ?? []).some((permission) => permission?.enabled === true);
}

/**
 * The user's permissions over the whole catalogue, in its order: each catalogue entry with the user's flag (absent →
 * disabled). What the modals show and what the server stores (unknown ids are refused before).
 */
export function permissionsOverCatalogue(
  catalogue: readonly { sitePermissionID: number; name: string }[],
  permissions: readonly Partial<UserSitePermission>[] | null | undefined,
): UserSitePermission[] {
  return catalogue.map((entry) => ({
    sitePermissionID: entry.sitePermissionID,
    name: entry.name,
    enabled: (permissions ?? []).some((permission) => permission?.sitePermissionID === entry.sitePermissionID && permission.enabled === true),
  }));
}

const email = () =>
  trimmedLowerString()
    .required('people.validation.email_required')
    .max(EMAIL_MAX, 'people.validation.email_max')
    .matches(EMAIL_PATTERN, { message: 'people.validation.email_invalid', excludeEmptyString: true });

const name = () => trimmedString().required('people.validation.name_required').max(NAME_MAX, 'people.validation.name_max');

const birthDate = (required: boolean) => {
  const base = yup
    .string()
    .transform((value: unknown) => (value instanceof Date ? isoDay(value) : typeof value === 'string' ? birthDay(value) ?? value : value))
    .test('date', 'people.validation.birth_date_invalid', (value) => value === undefined || value === null || value === '' || birthDay(value) !== null)
    .test('year', 'people.validation.birth_date_too_early', (value) => !value || birthDateProblem(value) !== 'too_early')
    .test('age', 'people.validation.birth_date_too_young', (value) => !value || birthDateProblem(value) !== 'too_young');
  return required ? base.required('people.validation.birth_date_required') : base.nullable().optional();
};

const permissionItem = yup.object({
  sitePermissionID: recordIdRule('people.validation.permissions_invalid').required('people.validation.permissions_invalid'),
  name: yup.string().optional(),
  enabled: yup.boolean().typeError('people.validation.permissions_invalid').required('people.validation.permissions_invalid'),
});

const permissions = (message: string) =>
  yup
    .array()
    .of(permissionItem)
    .typeError('people.validation.permissions_invalid')
    .required(message)
    .test('enabled', message, (value) => hasEnabledPermission(value as UserSitePermission[] | undefined));

const genderId = (required: boolean) => {
  const base = yup.number().typeError('people.validation.gender_required').oneOf([...GENDER_IDS], 'people.validation.gender_required');
  return required ? base.required('people.validation.gender_required') : base.nullable().optional();
};

/**
 * The administrator update (spec 01 §5): name ≤ 100, e-mail ≤ 150, gender and birth date required (13 years or more,
 * from 1928), at least one permission; the password is optional (empty keeps it) but when given it is 6–50 characters
 * and its confirmation matches.
 */
export const administratorSchema = yup.object({
  name: name(),
  email: email(),
  genderId: genderId(true),
  birthDate: birthDate(true),
  password: yup
    .string()
    .transform((value: unknown) => (value === null ? '' : value))
    .optional()
    .test('min', 'people.validation.password_min', (value) => !value || value.length >= PASSWORD_MIN)
    .max(PASSWORD_MAX, 'people.validation.password_max'),
  confirmPassword: yup
    .string()
    .transform((value: unknown) => (value === null ? '' : value))
    .optional()
    .test('match', 'people.validation.password_mismatch', function match(value) {
      const password = (this.parent as { password?: string }).password ?? '';
      return (value ?? '') === password;
    }),
  permissions: permissions('people.validation.permissions_required'),
});

/** The site-user edit (spec 01 §3, §5): the same name and e-mail rules, a site, optional gender and birth date, one enabled permission. */
export const siteUserSchema = yup.object({
  name: name(),
  email: email(),
  siteId: yup
    .number()
    .typeError('people.validation.site_required')
    .integer('people.validation.site_required')
    .min(1, 'people.validation.site_unknown')
    .max(INT4_MAX, 'people.validation.site_unknown')
    .required('people.validation.site_required'),
  loa: yup.number().typeError('people.validation.loa_invalid').oneOf([...LOA_VALUES], 'people.validation.loa_invalid').nullable().optional(),
  genderId: genderId(false),
  birthDate: birthDate(false),
  permissions: permissions('people.validation.site_user_permissions'),
});
