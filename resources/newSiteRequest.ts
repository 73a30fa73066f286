/**
 * The public new-entity request wizard (spec 01 'New-entity request wizard', issue 9): its five steps, which of them
 * apply, the flow rules, and the body of POST /newsite/ with its validation. Pure: read by the wizard (src/newSite)
 * and by the server (server/newSite), so both refuse the same requests with the same messages.
 */
import * as yup from 'yup';
import { recordIdRule } from './limits';
import { trimmedString } from './text';
import { legalRepresentativeSchema, webMasterSchema } from './requestProfile';
import { siteFormSchema } from './siteForm';

/** Flows of step 1 (spec 01): a first portal, or a change of the main administrator of an installed one. */
export const REQUEST_FLOWS = ['FirstTime', 'ChangeAdmin'] as const;
export type RequestFlow = (typeof REQUEST_FLOWS)[number];

/** Entity type 5 ('Otras entidades') may always add a new site (spec 01, §9 'site type id 5 is special'). */
export const OPEN_SITE_TYPE_ID = 5;

/**
 * The five steps: 1 flow, location, entity type and site; 2 new-site data; 3 legal representative; 4 webmaster,
 * documents and terms; 5 captcha and submit (3 and 4 are not shown in the spec: docs/decisions/0015-site-requests-and-installation.md).
 */
export const WIZARD_STEPS = ['site', 'newSite', 'legalRepresentative', 'webMaster', 'submit'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

/** A site of the chosen location and type as GET /newsite/sites/ answers it (no administrator or user data). */
export interface WizardSite {
  id: number;
  name: string;
  installed: boolean;
  pendingRequest: boolean;
}

/** The choice of step 1's site list: an existing site's id, or a new site. */
export type SiteChoice = number | 'new' | null;

/** Step 2 is offered: a first-time request whose type is 5, or for which no site exists. */
export function canAddNewSite(flow: RequestFlow | null | undefined, siteTypeId: number | null | undefined, sites: readonly WizardSite[]): boolean {
  return flow === 'FirstTime' && siteTypeId != null && (siteTypeId === OPEN_SITE_TYPE_ID || sites.length === 0);
}

/** A type other than 5 whose sites are all installed: nothing left to request a first portal for. */
export function alreadyInstalled(siteTypeId: number | null | undefined, sites: readonly WizardSite[]): boolean {
  return siteTypeId != null && siteTypeId !== OPEN_SITE_TYPE_ID && sites.length > 0 && sites.every((site) => site.installed);
}

/**
 * Whether a listed site can be chosen: a first-time request needs a site without a portal, a change of administrator
 * an installed one; neither a site whose request is still pending (one pending request per site).
 */
export function siteSelectable(flow: RequestFlow | null | undefined, site: WizardSite): boolean {
  if (site.pendingRequest) return false;
  return flow === 'ChangeAdmin' ? site.installed : site.installed === false;
}

/**
 * Why step 1 cannot go on (an i18n key), or null: ChangeAdmin with no sites is invalid, a first-time request for a
 * type whose sites are all installed is flagged already installed (spec 01).
 */
export function flowProblem(flow: RequestFlow | null | undefined, siteTypeId: number | null | undefined, sites: readonly WizardSite[]): string | null {
  if (flow == null || siteTypeId == null) return null;
  if (flow === 'ChangeAdmin' && !sites.some((site) => site.installed)) return 'newSite.rules.change_admin_without_sites';
  if (flow === 'FirstTime' && alreadyInstalled(siteTypeId, sites)) return 'newSite.rules.already_installed';
  return null;
}

/** The step 1 choice in effect: with no site to choose and a new site allowed, the new site is the only option. */
export function effectiveSiteChoice(flow: RequestFlow | null | undefined, siteTypeId: number | null | undefined, sites: readonly WizardSite[], choice: SiteChoice): SiteChoice {
  if (choice !== null) return choice;
  return canAddNewSite(flow, siteTypeId, sites) && !sites.some((site) => siteSelectable(flow, site)) ? 'new' : null;
}

/** The steps that apply: step 2 only when a new site is requested. */
export function activeSteps(choice: SiteChoice): WizardStep[] {
  return WIZARD_STEPS.filter((step) => step !== 'newSite' || choice === 'new');
}

/** Supporting documents of a request: at least one, at most 10 (docs/decisions/0015-site-requests-and-installation.md). */
export const REQUEST_FILES = { min: 1, max: 10 } as const;

/**
 * The wizard's upload session (docs/decisions/0015-site-requests-and-installation.md): 32 random bytes in base64url, drawn by the browser
 * when the first document is chosen, sent with every upload (header `x-upload-session`) and with the request
 * (`uploadSession`). A request takes only documents uploaded under its session, each once; the server answers the
 * session with each upload and draws one when an upload comes without it.
 */
export const UPLOAD_SESSION_HEADER = 'x-upload-session';
export const UPLOAD_SESSION_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** A new upload session (Web Crypto: the browser's and Node's). */
export function newUploadSession(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(32));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A message key under newSite.validation (i18n/es/newSite.ts). */
const M = (name: string) => `newSite.validation.${name}`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const id = (message: string) =>
  recordIdRule(message)
    .transform((value: unknown, original: unknown) => (original === '' || original === null ? undefined : value))
    .required(message);

/** New-site data (step 2): the site form's rules and messages for the fields the spec lists (spec 01 §3 'New site request'). */
export const newSiteDataSchema = yup.object({
  name: siteFormSchema.fields.name,
  allowedUrl: siteFormSchema.fields.allowedUrl,
  address: siteFormSchema.fields.address,
  latitude: siteFormSchema.fields.siteLatitude,
  longitude: siteFormSchema.fields.siteLongitude,
});
export interface NewSiteData {
  name: string;
  allowedUrl: string;
  address: string;
  latitude: number;
  longitude: number;
}

/** Step 1: flow, department, municipality (unless the type is departmental), entity type and site. */
export const siteStepSchema = yup.object({
  requestType: yup.string().required(M('flow_required')).oneOf([...REQUEST_FLOWS], M('flow_required')),
  parentLocationId: id('validation.site.department_required'),
  locationId: recordIdRule('validation.site.municipality_required')
    .transform((value: unknown, original: unknown) => (original === '' || original === null || original === undefined ? null : value))
    .nullable()
    .default(null),
  siteTypeId: id('validation.site.site_type_required'),
  siteId: recordIdRule(M('site_required'))
    .transform((value: unknown, original: unknown) => (original === '' || original === null || original === undefined || original === 'new' ? null : value))
    .nullable()
    .default(null),
});

/** The acceptance of both texts, with the versions read (GET /newsite/terms/). */
export const termsStepSchema = yup.object({
  termsAccepted: yup.boolean().oneOf([true], M('terms_required')).required(M('terms_required')),
  termsVersion: id(M('terms_required')),
  dataTreatmentVersion: id(M('terms_required')),
});

/** The body of POST /newsite/ (docs/decisions/0015-site-requests-and-installation.md). */
export const newSiteRequestSchema = siteStepSchema.concat(termsStepSchema).shape({
  site: newSiteDataSchema.nullable().default(null),
  legalRepresentative: legalRepresentativeSchema.required(),
  webMaster: webMasterSchema.required(),
  files: yup
    .array(yup.string().required(M('files_required')).matches(UUID, M('files_required')))
    .required(M('files_required'))
    .min(REQUEST_FILES.min, M('files_required'))
    .max(REQUEST_FILES.max, M('files_too_many'))
    .test('files-once', M('files_repeated'), (value) => !value || new Set(value.map((id) => String(id).toLowerCase())).size === value.length),
  uploadSession: yup.string().typeError('newSite.server.files_invalid').required('newSite.server.files_invalid').matches(UPLOAD_SESSION_PATTERN, 'newSite.server.files_invalid'),
  captchaId: yup.string().typeError('validation.login.captcha_required').required('validation.login.captcha_required').max(100, 'validation.login.captcha_required'),
  reCaptcha: trimmedString().typeError('validation.login.captcha_required').required('validation.login.captcha_required').max(20, 'validation.login.captcha_required'),
});
export type NewSiteRequestBody = yup.InferType<typeof newSiteRequestSchema>;

/** The kind of request stored (resources/siteRequests.ts): a new site is UserMade, else the chosen flow. */
export function requestKind(flow: RequestFlow, choice: SiteChoice): 'FirstTime' | 'ChangeAdmin' | 'UserMade' {
  return choice === 'new' || choice === null ? (flow === 'FirstTime' ? 'UserMade' : 'ChangeAdmin') : flow;
}

/** Rate caps per client address of the public wizard routes (resources/limits.ts; the reads' are the site-request views'). */
export { NEW_SITE_RATE_LIMITS } from './limits';

/** Delay of the live URL check of step 2 after typing stops (ms). */
export const NEW_SITE_URL_CHECK_DELAY_MS = 500;

/** The wizard's form values (src/newSite): step 1's choices, step 2's site, the profiles, documents, terms and captcha. */
export interface WizardValues {
  requestType?: RequestFlow | null;
  parentLocationId?: number | string | null;
  locationId?: number | string | null;
  siteTypeId?: number | string | null;
  siteId?: number | string | null;
  site?: Partial<Record<keyof NewSiteData, unknown>> | null;
  legalRepresentative?: Record<string, unknown>;
  webMaster?: Record<string, unknown>;
  files?: Array<{ fileID: string; name: string }>;
  /** The upload session of the documents (UPLOAD_SESSION_PATTERN), drawn with the first one. */
  uploadSession?: string;
  termsAccepted?: boolean;
  captcha?: string;
}

const idOrNull = (value: unknown): number | null => {
  const number = Number(value);
  return value === '' || value === null || value === undefined || !Number.isInteger(number) || number < 1 ? null : number;
};

/** The body of POST /newsite/ from the wizard's values, the versions of the texts shown and the captcha shown. */
export function newSiteRequestPayload(values: WizardValues, versions: { terms: number; dataTreatment: number }, captchaId: string): Record<string, unknown> {
  const choice = values.siteId === 'new' ? 'new' : idOrNull(values.siteId);
  return {
    requestType: values.requestType,
    parentLocationId: idOrNull(values.parentLocationId),
    locationId: idOrNull(values.locationId),
    siteTypeId: idOrNull(values.siteTypeId),
    siteId: choice === 'new' ? null : choice,
    site: choice === 'new' ? values.site ?? null : null,
    legalRepresentative: values.legalRepresentative ?? {},
    webMaster: values.webMaster ?? {},
    files: (values.files ?? []).map((file) => file.fileID),
    uploadSession: values.uploadSession ?? '',
    termsAccepted: values.termsAccepted === true,
    termsVersion: versions.terms,
    dataTreatmentVersion: versions.dataTreatment,
    captchaId,
    reCaptcha: values.captcha ?? '',
  };
}
