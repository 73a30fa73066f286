/**
 * The two profiles of a site request (spec 01 §3 'Site request', §5 'Legal representative and webmaster'): the legal
 * representative (name, name2, lastName, lastName2, identificationNumber, gender, position, email, phone, phone2) and
 * the webmaster (the same fields prefixed `webMaster`). One yup schema per profile with i18n keys, read by the
 * public wizard (src/newSite) and by POST /newsite/ (server/newSite).
 */
import * as yup from 'yup';
import { trimmedString } from './text';
import { EMAIL_PATTERN } from './fieldKinds';

/** Limits of spec 01 §5: names 100, position 80, identification digits 50, e-mail 200, phone digits 15. */
export const PROFILE_LIMITS = { name: 100, position: 80, identification: 50, email: 200, phone: 15 } as const;

/** Gender of a profile (spec 01 §3): M or F. */
export const PROFILE_GENDERS = ['M', 'F'] as const;
export type ProfileGender = (typeof PROFILE_GENDERS)[number];

/** The legal representative's fields, as the spec names them. */
export const PROFILE_FIELDS = ['name', 'name2', 'lastName', 'lastName2', 'identificationNumber', 'gender', 'position', 'email', 'phone', 'phone2'] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

export type ProfileKind = 'legalRepresentative' | 'webMaster';

/** A field's name in a profile: as is for the legal representative, `webMaster` + capitalised for the webmaster. */
export function profileFieldName(kind: ProfileKind, field: ProfileField): string {
  return kind === 'legalRepresentative' ? field : `webMaster${field[0]!.toUpperCase()}${field.slice(1)}`;
}

const DIGITS = /^[0-9]+$/;
/** A message key under newSite.validation (i18n/es/newSite.ts). */
const M = (name: string) => `newSite.validation.${name}`;

/** Empty strings stay empty; missing values become '' so that `required` speaks. */
const text = () => trimmedString().default('');

/** One rule per field (spec 01 §5), each message an i18n key under newSite.validation. */
const FIELD_RULES: Record<ProfileField, yup.StringSchema<string | undefined, yup.AnyObject, string, "d">> = {
  name: text().required(M('name_required')).max(PROFILE_LIMITS.name, M('max_100')),
  name2: text().max(PROFILE_LIMITS.name, M('max_100')),
  lastName: text().required(M('last_name_required')).max(PROFILE_LIMITS.name, M('max_100')),
  lastName2: text().max(PROFILE_LIMITS.name, M('max_100')),
  identificationNumber: text()
    .required(M('identification_required'))
    .matches(DIGITS, { message: M('digits_only'), excludeEmptyString: true })
    .max(PROFILE_LIMITS.identification, M('max_50')),
  gender: text().required(M('gender_required')).oneOf([...PROFILE_GENDERS, ''], M('gender_required')),
  position: text().required(M('position_required')).max(PROFILE_LIMITS.position, M('max_80')),
  email: text()
    .required(M('email_required'))
    .max(PROFILE_LIMITS.email, M('max_200'))
    .matches(EMAIL_PATTERN, { message: M('email_invalid'), excludeEmptyString: true }),
  phone: text()
    .required(M('phone_required'))
    .matches(DIGITS, { message: M('digits_only'), excludeEmptyString: true })
    .max(PROFILE_LIMITS.phone, M('max_15')),
  phone2: text()
    .matches(DIGITS, { message: M('digits_only'), excludeEmptyString: true })
    .max(PROFILE_LIMITS.phone, M('max_15')),
};

function profileSchema(kind: ProfileKind) {
  return yup.object(Object.fromEntries(PROFILE_FIELDS.map((field) => [profileFieldName(kind, field), FIELD_RULES[field]])));
}

/** The legal representative (step 3 of the wizard). */
export const legalRepresentativeSchema = profileSchema('legalRepresentative');
/** The webmaster (step 4), fields prefixed `webMaster`. */
export const webMasterSchema = profileSchema('webMaster');

export type Profile = Record<string, string>;

/** The schema of a profile kind. */
export const profileSchemaOf = (kind: ProfileKind) => (kind === 'legalRepresentative' ? legalRepresentativeSchema : webMasterSchema);
