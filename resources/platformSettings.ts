/**
 * Platform settings (spec 03 §2 'Policies and terms', 'Other screens', §3, §5, §7 'Settings and texts', issue 25 part 1),
 * all on the engine: the generic key/value settings with their allow-list and key rules, the terms and the
 * data-treatment policy (global and territorial, versioned), the procedure texts, the site-request text, the GOV.CO bar,
 * the PQRDS variables and the help tooltips. Decisions: docs/decisions/0033-platform-settings.md.
 */
import * as yup from 'yup';
import { EMAIL_PATTERN, URL_PATTERN } from './fieldKinds';
import {
  dataTreatmentTermsReference,
  govcoReference,
  platformSettingsReference,
  pqrdsReference,
  procedureTextsReference,
  siteRequestTextReference,
  termsAcceptancesReference,
  termsReference,
  tooltipsReference,
} from './references';
import { trimmedString } from './text';
import { defineResource } from './types';

// ---------------------------------------------------------------------------------------------------------
// Generic settings: the allow-list and each key's rule (pure: the screen's form and the server's hook alike).

/** Fewest days between two updates of an administrator's data (spec 03 §9). */
export const UPDATE_DAYS_MIN = 30;
export const REQUEST_TERMS_MAX = 600;
export const PQRSD_NOTICE_MAX = 400;

export type SettingRule = 'days' | 'email' | 'text' | 'percent' | 'requestTerms' | 'pqrsdNotice';

/**
 * The keys the API lets change (`PUT /settings/{id}`, `POST /settings`), each with its rule. Every other key is internal
 * (the country root, the version counters, the analytics site, the GOV.CO theme colours of the themes editor…): read,
 * never written through the generic settings (409).
 */
export const EDITABLE_SETTINGS: Readonly<Record<string, SettingRule>> = {
  UpdateTimeMainUser: 'days',
  TicketsEmail: 'email',
  DropDownListNoticias: 'text',
  'Captcha.RequestValue': 'percent',
  'SiteRequest.Terms': 'requestTerms',
  'SiteRequest.DataTreatment': 'requestTerms',
  'PQRDS.AvisoPrivacidad': 'pqrsdNotice',
};

/** The version counter a text setting moves when it changes (what the site-request wizard records as accepted). */
export const SETTING_VERSIONS: Readonly<Record<string, string>> = {
  'SiteRequest.Terms': 'SiteRequest.TermsVersion',
  'SiteRequest.DataTreatment': 'SiteRequest.DataTreatmentVersion',
};

export const isEditableSetting = (key: unknown): boolean => typeof key === 'string' && Object.hasOwn(EDITABLE_SETTINGS, key);

/** What is wrong with `value` for the setting `key` (an i18n key), or null. Keys off the allow-list: 'settings_locked'. */
export function settingValueError(key: unknown, value: unknown): string | null {
  if (!isEditableSetting(key)) return 'validation.settings.locked';
  const rule = EDITABLE_SETTINGS[key as string];
  const text = typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : null;
  if (text === null) return 'validation.settings.value_invalid';
  if (rule === 'pqrsdNotice') {
    if (text.length < 1) return 'validation.settings.pqrsd_min';
    return text.length > PQRSD_NOTICE_MAX ? 'validation.settings.pqrsd_max' : null;
  }
  if (text === '') return 'validation.settings.value_required';
  switch (rule) {
    case 'days':
      if (!/^\d+$/.test(text)) return 'validation.settings.days_invalid';
      return Number(text) < UPDATE_DAYS_MIN ? 'validation.settings.days_min' : null;
    case 'email':
      return EMAIL_PATTERN.test(text.toLowerCase()) ? null : 'validation.settings.value_invalid';
    case 'percent':
      return /^\d{1,2}$/.test(text) ? null : 'validation.settings.value_invalid';
    case 'requestTerms':
      return text.length > REQUEST_TERMS_MAX ? 'validation.settings.request_terms_max' : null;
    default:
      return text.length > SETTING_VALUE_MAX ? 'validation.field.too_long' : null;
  }
}

export const SETTING_VALUE_MAX = 4000;

export interface SettingRecord {
  settingID: number;
  keyWord: string;
  value: string;
  label: string | null;
}

export const platformSettingsResource = defineResource<SettingRecord>({
  ...platformSettingsReference,
  table: 'settings',
  fields: [
    { source: 'settingID', type: 'id', column: 'setting_id' },
    { source: 'keyWord', type: 'text', maxLength: 100, required: true, searchable: true },
    { source: 'label', type: 'text', maxLength: 200, nullable: true, readOnly: true, searchable: true },
    { source: 'value', type: 'text', columnType: 'text', maxLength: SETTING_VALUE_MAX, defaultValue: '' },
  ],
  schema: yup.object({
    keyWord: trimmedString().test('editable', 'validation.settings.locked', (key) => key === undefined || isEditableSetting(key)),
    value: yup.mixed().test('setting-value', 'validation.settings.value_invalid', function check(this: yup.TestContext, value: unknown) {
      const key = (this.parent as Record<string, unknown>).keyWord;
      // Without the key in the body (a partial update) the server's hook checks against the stored key.
      if (key === undefined || !isEditableSetting(key)) return true;
      const error = settingValueError(key, value);
      return error === null ? true : this.createError({ message: error });
    }),
  }),
  // Only the allow-listed keys are shown and edited; the others exist for the reads (`GET /settings/get?Key=`).
  listWhere: `t.key_word in (${Object.keys(EDITABLE_SETTINGS)
    .map((key) => `'${key}'`)
    .join(', ')})`,
  sort: { field: 'keyWord', order: 'ASC' },
  // Spec 03 §9: settings are fetched 500 at a time.
  pageSize: 500,
  editMode: 'dialog',
  operations: ['list', 'read', 'create', 'update'],
  rules: { canEdit: (record) => isEditableSetting(record.keyWord) },
  messages: { updated: 'settings.messages.saved', created: 'settings.messages.saved', locked: 'validation.settings.locked' },
  views: [{ name: 'byKey', path: 'get', scope: 'collection' }],
});

// ---------------------------------------------------------------------------------------------------------
// Terms and the data-treatment policy: rich text of 20 to 4000 visible characters, each text with its version.

export const TERMS_MIN = 20;
export const TERMS_MAX = 4000;

/** The characters a reader sees of an HTML text: tags dropped, entities as one character, spaces folded. */
export function visibleLength(html: string): number {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(?:#\d+|#x[0-9a-f]+|[a-z]+);/gi, '_')
    .replace(/\s+/g, ' ')
    .trim().length;
}

/** A rich text of the terms (spec 03 §5 'Terms'); absent from a body: kept as stored. */
export const termsText = () =>
  yup
    .string()
    .typeError('validation.field.text')
    .test('terms', 'validation.terms.required', function check(this: yup.TestContext, value: string | undefined) {
      if (value === undefined) return true;
      const length = visibleLength(value ?? '');
      if (length === 0) return this.createError({ message: 'validation.terms.required' });
      if (length < TERMS_MIN) return this.createError({ message: 'validation.terms.min' });
      return length > TERMS_MAX ? this.createError({ message: 'validation.terms.max' }) : true;
    });

/** The version counters (generic settings, internal keys) each text moves when a save changes it. */
export const TERMS_VERSIONS = {
  termGlobal: 'Terms.GlobalVersion',
  termTerritorial: 'Terms.TerritorialVersion',
  dataTreatmentGlobal: 'DataTreatment.GlobalVersion',
  dataTreatmentTerritorial: 'DataTreatment.TerritorialVersion',
} as const;

const versionOf = (key: string) => ({ sql: `(select coalesce(nullif(s.value, '')::int, 1) from settings s where s.key_word = '${key}')` });

export interface TermsRecord {
  id: number;
  termGlobal: string | null;
  termTerritorial: string | null;
  versionGlobal: number;
  versionTerritorial: number;
}

export interface DataTreatmentTermsRecord {
  id: number;
  dataTreatmentGlobal: string | null;
  dataTreatmentTerritorial: string | null;
  versionGlobal: number;
  versionTerritorial: number;
}

/**
 * A record of two rich texts, global and territorial (20–4000 visible characters each), saved with `POST` as one
 * settings record; each text reads the version counter its save moves (server/resources/services/platformSettings.ts).
 */
function versionedTexts<TRecord extends { id: number; versionGlobal: number; versionTerritorial: number }>(
  reference: typeof termsReference | typeof dataTreatmentTermsReference,
  table: string,
  texts: { global: string; territorial: string },
  versions: { global: string; territorial: string },
) {
  return defineResource<TRecord>({
    ...reference,
    table,
    fields: [
      { source: 'id', type: 'id', list: false },
      { source: texts.global, type: 'richText' },
      { source: texts.territorial, type: 'richText' },
      { source: 'versionGlobal', type: 'integer', readOnly: true, computed: versionOf(versions.global) },
      { source: 'versionTerritorial', type: 'integer', readOnly: true, computed: versionOf(versions.territorial) },
    ],
    schema: yup.object({ [texts.global]: termsText(), [texts.territorial]: termsText() }),
    sort: { field: 'id', order: 'ASC' },
    pageSize: 1,
    editMode: 'dialog',
    singleton: true,
    singletonWrite: 'POST',
    messages: { updated: 'settings.messages.terms_saved' },
  });
}

/** The terms and conditions (`GET`/`POST /policieterms`): tabs TermGlobal and TermTerritorial. */
export const termsResource = versionedTexts<TermsRecord>(
  termsReference,
  'terms_texts',
  { global: 'termGlobal', territorial: 'termTerritorial' },
  { global: TERMS_VERSIONS.termGlobal, territorial: TERMS_VERSIONS.termTerritorial },
);

/** The data-treatment policy by term type (`GET`/`POST /PolicySettingsTerm`): tabs global and territorial. */
export const dataTreatmentTermsResource = versionedTexts<DataTreatmentTermsRecord>(
  dataTreatmentTermsReference,
  'data_treatment_texts',
  { global: 'dataTreatmentGlobal', territorial: 'dataTreatmentTerritorial' },
  { global: TERMS_VERSIONS.dataTreatmentGlobal, territorial: TERMS_VERSIONS.dataTreatmentTerritorial },
);

// ---------------------------------------------------------------------------------------------------------
// Procedure texts and the site-request text.

export const PROCEDURE_TEXT_MAX = 280;
export const PROCEDURE_LINK_MAX = 250;

const procedureText = () => trimmedString().required('validation.procedure_texts.text_required').max(PROCEDURE_TEXT_MAX, 'validation.procedure_texts.text_max');
const procedureLink = () =>
  trimmedString().required('validation.procedure_texts.link_required').max(PROCEDURE_LINK_MAX, 'validation.field.too_long').matches(URL_PATTERN, 'validation.procedure_texts.link_invalid');

export interface ProcedureTextsRecord {
  id: number;
  textWithPay: string;
  linkWithPay: string;
  textWithOutPay: string;
  linkWithOutPay: string;
}

/** The procedure texts (`GET`/`POST /settings/proceduretext`): one text and link with payment, one without. */
export const procedureTextsResource = defineResource<ProcedureTextsRecord>({
  ...procedureTextsReference,
  table: 'procedure_texts',
  fields: [
    { source: 'id', type: 'id', list: false },
    { source: 'textWithPay', type: 'text', maxLength: PROCEDURE_TEXT_MAX, required: true, defaultValue: '' },
    { source: 'linkWithPay', type: 'url', maxLength: PROCEDURE_LINK_MAX, required: true },
    { source: 'textWithOutPay', type: 'text', maxLength: PROCEDURE_TEXT_MAX, required: true, defaultValue: '' },
    { source: 'linkWithOutPay', type: 'url', maxLength: PROCEDURE_LINK_MAX, required: true },
  ],
  schema: yup.object({ textWithPay: procedureText(), linkWithPay: procedureLink(), textWithOutPay: procedureText(), linkWithOutPay: procedureLink() }),
  sort: { field: 'id', order: 'ASC' },
  pageSize: 1,
  editMode: 'dialog',
  singleton: true,
  singletonWrite: 'POST',
  messages: { updated: 'settings.messages.saved' },
});

export const SITE_REQUEST_TEXT_LIMITS = { title: 150, description: 1000, oath: 1000, terms: 4000 } as const;

export interface SiteRequestTextRecord {
  id: number;
  title: string;
  description: string;
  oath: string;
  terms: string;
  banner: unknown;
  logo1: unknown;
  logo2: unknown;
}

const hasFile = (value: unknown) => value !== null && value !== undefined && value !== '';
const requiredText = (max: number) => trimmedString().required('validation.field.required').max(max, 'validation.field.too_long');

/** The text of the public site-request page (`GET`/`POST /settings/siterequest`): banner and logo1 required, logo2 optional. */
export const siteRequestTextResource = defineResource<SiteRequestTextRecord>({
  ...siteRequestTextReference,
  table: 'site_request_texts',
  fields: [
    { source: 'id', type: 'id', list: false },
    { source: 'title', type: 'text', maxLength: SITE_REQUEST_TEXT_LIMITS.title, required: true, defaultValue: '' },
    { source: 'description', type: 'text', columnType: 'text', maxLength: SITE_REQUEST_TEXT_LIMITS.description, required: true, defaultValue: '' },
    { source: 'oath', type: 'text', columnType: 'text', maxLength: SITE_REQUEST_TEXT_LIMITS.oath, required: true, defaultValue: '' },
    { source: 'terms', type: 'text', columnType: 'text', maxLength: SITE_REQUEST_TEXT_LIMITS.terms, required: true, defaultValue: '' },
    { source: 'banner', type: 'image', elementType: 'siteRequestText' },
    { source: 'logo1', type: 'image', elementType: 'siteRequestText' },
    { source: 'logo2', type: 'image', elementType: 'siteRequestText' },
  ],
  schema: yup.object({
    title: requiredText(SITE_REQUEST_TEXT_LIMITS.title),
    description: requiredText(SITE_REQUEST_TEXT_LIMITS.description),
    oath: requiredText(SITE_REQUEST_TEXT_LIMITS.oath),
    terms: requiredText(SITE_REQUEST_TEXT_LIMITS.terms),
    banner: yup.mixed().nullable().test('banner', 'validation.site_request_text.banner_required', (value) => value === undefined || hasFile(value)),
    logo1: yup.mixed().nullable().test('logo1', 'validation.site_request_text.logo_required', (value) => value === undefined || hasFile(value)),
  }),
  sort: { field: 'id', order: 'ASC' },
  pageSize: 1,
  editMode: 'dialog',
  singleton: true,
  singletonWrite: 'POST',
  messages: { updated: 'settings.messages.saved' },
});

// ---------------------------------------------------------------------------------------------------------
// The GOV.CO bar.

export const GOVCO_LINK_MIN = 4;
export const GOVCO_LINK_MAX = 150;
/** The logo's recommended size (spec 03 §5 'Gov.co'): 40 px high by 100 px wide. */
export const GOVCO_LOGO_SIZE = { height: 40, width: 100 } as const;
export const GOVCO_DEFAULTS = { colorTopBar: '#3366CC', colorBottomBar: '#3366CC', colorFontBottomBar: '#FFFFFF', linkAccess: 'https://www.gov.co/' } as const;

/** A colour of the bar (spec 03 §5 'Gov.co'): required, 7 characters, #RRGGBB. */
export const govcoColor = () =>
  trimmedString()
    .required('validation.govco.color_required')
    .length(7, 'validation.govco.color_length')
    .matches(/^#[0-9A-Fa-f]{6}$/, 'validation.govco.color_hex');

export interface GovcoRecord {
  id: number;
  isActive: boolean;
  colorTopBar: string;
  logoTopBar: unknown;
  linkAccess: string;
  colorBottomBar: string;
  colorFontBottomBar: string;
}

export const GOVCO_DELIVERED = ['isActive', 'colorTopBar', 'logoTopBar', 'linkAccess', 'colorBottomBar', 'colorFontBottomBar'] as const;

/** The GOV.CO bar of every portal (`GET`/`PUT /settings/govco`; `POST /settings/govcopost` the same write). */
export const govcoResource = defineResource<GovcoRecord>({
  ...govcoReference,
  table: 'govco_settings',
  fields: [
    { source: 'id', type: 'id', list: false },
    { source: 'isActive', type: 'boolean', defaultValue: true },
    { source: 'colorTopBar', type: 'color', required: true, nullable: false, defaultValue: GOVCO_DEFAULTS.colorTopBar },
    { source: 'logoTopBar', type: 'image', elementType: 'govcoLogo' },
    { source: 'linkAccess', type: 'url', maxLength: GOVCO_LINK_MAX, required: true, nullable: false, defaultValue: GOVCO_DEFAULTS.linkAccess },
    { source: 'colorBottomBar', type: 'color', required: true, nullable: false, defaultValue: GOVCO_DEFAULTS.colorBottomBar },
    { source: 'colorFontBottomBar', type: 'color', required: true, nullable: false, defaultValue: GOVCO_DEFAULTS.colorFontBottomBar },
  ],
  schema: yup.object({
    colorTopBar: govcoColor(),
    colorBottomBar: govcoColor(),
    colorFontBottomBar: govcoColor(),
    linkAccess: trimmedString()
      .required('validation.govco.link_required')
      .min(GOVCO_LINK_MIN, 'validation.govco.link_min')
      .max(GOVCO_LINK_MAX, 'validation.govco.link_max')
      .matches(URL_PATTERN, 'validation.govco.link_invalid'),
  }),
  sort: { field: 'id', order: 'ASC' },
  pageSize: 1,
  editMode: 'dialog',
  singleton: true,
  singletonWriteAliases: [{ method: 'POST', path: '/settings/govcopost' }],
  views: [{ name: 'portalBar', path: '/settings/govcorequest', scope: 'collection' }],
  preview: 'govcoBar',
  messages: { updated: 'settings.messages.saved' },
  delivery: { key: 'govcoBar', fields: GOVCO_DELIVERED },
});

// ---------------------------------------------------------------------------------------------------------
// PQRDS variables.

/** The reply extensions a portal's PQRDS form may accept (spec 03 §5 'Complaints (PQRDS)'). */
export const PQRDS_EXTENSIONS = ['doc', 'txt', 'xls', 'xlsx', 'docx', 'ppt', 'pptx', 'page', 'number', 'pdf', 'tiff', 'avi', 'mp4', 'mp3', 'zip', '7z', 'rtf', 'rar', 'gif', 'jpg', 'bmp', 'jpeg', 'png'] as const;
export const PQRDS_SIZE = { min: 1, max: 20 } as const;

export interface PqrdsRecord {
  id: number;
  validExtensions: string[];
  maxFileSizeMb: number;
}

/** PQRDS variables (`GET`/`PUT /settings/pqrds`): allowed reply extensions (at least one) and the largest file, 1 to 20 MB. */
export const pqrdsResource = defineResource<PqrdsRecord>({
  ...pqrdsReference,
  table: 'pqrds_settings',
  fields: [
    { source: 'id', type: 'id', list: false },
    { source: 'validExtensions', type: 'json', nullable: false, defaultValue: [], choices: PQRDS_EXTENSIONS.map((id) => ({ id })) },
    { source: 'maxFileSizeMb', type: 'integer', columnType: 'smallint', nullable: false, defaultValue: 10, required: true },
  ],
  schema: yup.object({
    validExtensions: yup
      .array()
      .typeError('validation.pqrds.extensions_required')
      .of(yup.string().oneOf([...PQRDS_EXTENSIONS], 'validation.field.choice'))
      .min(1, 'validation.pqrds.extensions_required')
      .test('unique', 'validation.field.choice', (list) => list === undefined || new Set(list).size === list.length),
    maxFileSizeMb: yup
      .number()
      .typeError('validation.pqrds.size')
      .required('validation.pqrds.size')
      .integer('validation.pqrds.size')
      .min(PQRDS_SIZE.min, 'validation.pqrds.size')
      .max(PQRDS_SIZE.max, 'validation.pqrds.size'),
  }),
  sort: { field: 'id', order: 'ASC' },
  pageSize: 1,
  editMode: 'dialog',
  singleton: true,
  messages: { updated: 'settings.messages.saved' },
});

// ---------------------------------------------------------------------------------------------------------
// Help tooltips.

export const TOOLTIP_URL_MAX = 250;

export interface TooltipRecord {
  siteToolTipID: number;
  name: string;
  url: string | null;
}

/** The portals' help tooltips (`GET /sites/tooltips/`, `PUT /sites/tooltips/{id}`): a numbered list, the link edited. */
export const tooltipsResource = defineResource<TooltipRecord>({
  ...tooltipsReference,
  table: 'site_tooltips',
  fields: [
    { source: 'siteToolTipID', type: 'id', assigned: true },
    { source: 'name', type: 'text', maxLength: 150, readOnly: true, searchable: true },
    { source: 'url', type: 'url', maxLength: TOOLTIP_URL_MAX, required: true, nullable: true },
  ],
  schema: yup.object({
    url: trimmedString().required('validation.tooltips.url_required').max(TOOLTIP_URL_MAX, 'validation.field.too_long').matches(URL_PATTERN, 'validation.tooltips.url_invalid'),
  }),
  sort: { field: 'siteToolTipID', order: 'ASC' },
  pageSize: 100,
  editMode: 'dialog',
  operations: ['list', 'read', 'update'],
  messages: { updated: 'settings.messages.tooltip_saved' },
  delivery: { key: 'tooltips', fields: ['siteToolTipID', 'name', 'url'] },
});

// ---------------------------------------------------------------------------------------------------------
// Who accepted the site-request terms and the data-treatment policy (written by the request wizard, server/newSite).

export const ACCEPTANCE_KINDS = ['SiteRequestTerms', 'SiteRequestDataTreatment'] as const;

export interface TermsAcceptanceRecord {
  id: number;
  kind: (typeof ACCEPTANCE_KINDS)[number];
  version: number;
  siteRequestId: number | null;
  email: string;
  acceptedAt: string;
}

/**
 * The acceptances as a read-only list with their date-range download (`POST /reportuser`, the filters in the body,
 * streamed by the exports service): the users who accepted each text, its version and when.
 */
export const termsAcceptancesResource = defineResource<TermsAcceptanceRecord>({
  ...termsAcceptancesReference,
  table: 'terms_acceptances',
  fields: [
    { source: 'id', type: 'id', list: false },
    { source: 'acceptedAt', type: 'datetime', readOnly: true, nullable: false, defaultValue: null },
    { source: 'email', type: 'text', maxLength: 200, readOnly: true, searchable: true },
    { source: 'kind', type: 'enum', readOnly: true, nullable: false, columnLength: 40, choices: ACCEPTANCE_KINDS.map((id) => ({ id })) },
    { source: 'version', type: 'integer', readOnly: true, nullable: false },
    { source: 'siteRequestId', type: 'integer', readOnly: true },
  ],
  operations: ['list'],
  sort: { field: 'acceptedAt', order: 'DESC' },
  pageSize: 20,
  maxPageSize: 100,
  filters: ['kind', 'acceptedAt'],
  filterAliases: { from: 'acceptedAtFrom', to: 'acceptedAtTo' },
  editMode: 'dialog',
  exports: [{ path: '/reportuser', method: 'POST', formats: ['csv', 'xlsx'], fileName: 'exports.files.terms_acceptances', fields: ['acceptedAt', 'email', 'kind', 'version', 'siteRequestId'] }],
});

export const platformSettingResources = [
  platformSettingsResource,
  termsResource,
  dataTreatmentTermsResource,
  procedureTextsResource,
  siteRequestTextResource,
  govcoResource,
  pqrdsResource,
  tooltipsResource,
  termsAcceptancesResource,
] as const;
