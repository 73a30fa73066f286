/**
 * Rules of approving and rejecting a site request (spec 01 §3 'Site request', §4, §5 'Rejection reason', §7
 * `PUT /siterequests/changestatus/{id}`, `GET /siterequests/administrator/{id}`), shared by the server (the action's
 * body, the administrator profile's answer, the rejection mail's recipients) and the browser (the reject dialog's
 * counter and rule, the pending request's card). Messages are i18n keys under resources.siterequests.
 */
import * as yup from 'yup';
import { trimmedString } from './text';

/** The reason of a rejection: at least 50 characters (spec 01 §5), at most 2000 (docs/decisions/0015-site-requests-and-installation.md). */
export const REJECTION_REASON_MIN = 50;
export const REJECTION_REASON_MAX = 2000;

/** The statuses a pending request can move to (spec 01 §4: PendingApproval becomes Approved or Rejected). */
export const DECISIONS = ['Approved', 'Rejected'] as const;
export type Decision = (typeof DECISIONS)[number];

export interface ChangeStatusBody {
  status: Decision;
  responseMessage?: string | null;
}

/** The body of `PUT /siterequests/changestatus/{id}`: the new status and, for a rejection, its reason (trimmed). */
export const changeStatusSchema = yup.object({
  status: yup
    .string()
    .required('resources.siterequests.validation.status')
    .oneOf([...DECISIONS], 'resources.siterequests.validation.status'),
  responseMessage: trimmedString()
    .nullable()
    .when('status', {
      is: 'Rejected',
      then: (schema) =>
        schema
          .required('resources.siterequests.validation.reason_required')
          .min(REJECTION_REASON_MIN, 'resources.siterequests.validation.reason_min')
          .max(REJECTION_REASON_MAX, 'resources.siterequests.validation.reason_max'),
      otherwise: (schema) => schema.max(REJECTION_REASON_MAX, 'resources.siterequests.validation.reason_max'),
    }),
});

/**
 * The reject dialog's live state: characters typed (trimmed, as the server counts them), how many are still
 * missing to reach the minimum, and the message key to show (null when the reason is acceptable).
 */
export function rejectionReasonState(reason: string): { length: number; missing: number; error: string | null } {
  const length = reason.trim().length;
  const missing = Math.max(0, REJECTION_REASON_MIN - length);
  const error =
    length === 0
      ? 'resources.siterequests.validation.reason_required'
      : length < REJECTION_REASON_MIN
        ? 'resources.siterequests.validation.reason_min'
        : length > REJECTION_REASON_MAX
          ? 'resources.siterequests.validation.reason_max'
          : null;
  return { length, missing, error };
}

/** The profile fields of a legal representative (spec 01 §3); the webmaster's are the same, prefixed `webMaster`. */
export const PROFILE_FIELDS = ['name', 'name2', 'lastName', 'lastName2', 'identificationNumber', 'gender', 'position', 'email', 'phone', 'phone2'] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

/** `name` → `webMasterName`. */
export const webMasterKey = (field: ProfileField) => `webMaster${field.charAt(0).toUpperCase()}${field.slice(1)}`;

/** A file of the request as the API answers it (spec 01 §3 'files (name, filePath)'). */
export interface RequestFile {
  fileID: string | null;
  name: string;
  filePath: string | null;
  /** Whose document it is, when the request says so. */
  owner: 'legalRepresentative' | 'webMaster' | null;
}

export type AdministratorProfile = Record<ProfileField, string> & Record<`webMaster${Capitalize<ProfileField>}`, string> & {
  id: number;
  siteId: number;
  kind: string;
  status: string;
  files: RequestFile[];
};

const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');
const objectOf = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** A stored file's path (server/routes/files.ts `GET /files/{id}`). */
export const filePathOf = (fileID: string) => `/api/v1/files/${fileID}`;

/**
 * The files of a request, from its `detail.files` (docs/decisions/0015-site-requests-and-installation.md: each a `fileID`, or an object
 * `{ fileID?, name, filePath?, owner? }`); entries that name no file are left out. `names` completes the name of a
 * bare fileID (the files table's).
 */
export function requestFiles(detail: unknown, names: ReadonlyMap<string, string> = new Map()): RequestFile[] {
  const listed = objectOf(detail).files;
  if (!Array.isArray(listed)) return [];
  const files: RequestFile[] = [];
  for (const entry of listed) {
    if (typeof entry === 'string') {
      files.push({ fileID: entry, name: names.get(entry) ?? entry, filePath: filePathOf(entry), owner: null });
      continue;
    }
    const file = objectOf(entry);
    const fileID = text(file.fileID) || null;
    const filePath = text(file.filePath) || (fileID ? filePathOf(fileID) : null);
    const name = text(file.name) || (fileID ? (names.get(fileID) ?? '') : '');
    if (!filePath || !name) continue;
    const owner = file.owner === 'legalRepresentative' || file.owner === 'webMaster' ? file.owner : null;
    files.push({ fileID, name, filePath, owner });
  }
  return files;
}

/** The fileIDs a request's detail names (to read their names). */
export function requestFileIds(detail: unknown): string[] {
  const listed = objectOf(detail).files;
  if (!Array.isArray(listed)) return [];
  return listed.map((entry) => (typeof entry === 'string' ? entry : text(objectOf(entry).fileID))).filter(Boolean);
}

/**
 * The administrator profile of a request in the spec's shape (spec 01 §3): the legal representative's fields, then
 * the webmaster's prefixed `webMaster` (stored prefixed or not), each '' when missing, and the request's files.
 */
export function administratorProfile(
  request: { id: number; siteId: number; kind: string; status: string; legalRepresentative: unknown; webMaster: unknown; detail?: unknown },
  names?: ReadonlyMap<string, string>,
): AdministratorProfile {
  const legal = objectOf(request.legalRepresentative);
  const web = objectOf(request.webMaster);
  const profile: Record<string, unknown> = { id: request.id, siteId: request.siteId, kind: request.kind, status: request.status };
  for (const field of PROFILE_FIELDS) {
    profile[field] = text(legal[field]);
    const key = webMasterKey(field);
    profile[key] = text(web[key] ?? web[field]);
  }
  profile.files = requestFiles(request.detail, names);
  return profile as AdministratorProfile;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Who is told of a rejection: the applicant, i.e. the request's legal representative, and its webmaster when the
 * address differs (lower case, valid addresses only, each once).
 */
export function rejectionRecipients(profile: Pick<AdministratorProfile, 'email' | 'webMasterEmail'>): string[] {
  const addresses = [profile.email, profile.webMasterEmail].map((value) => value.trim().toLowerCase()).filter((value) => EMAIL.test(value));
  return [...new Set(addresses)];
}

/** The full name of the legal representative or the webmaster of a profile ('' when none). */
export function personName(profile: AdministratorProfile, who: 'legalRepresentative' | 'webMaster'): string {
  const get = (field: ProfileField) => (who === 'webMaster' ? (profile as Record<string, unknown>)[webMasterKey(field)] : profile[field]) as string;
  return [get('name'), get('name2'), get('lastName'), get('lastName2')].filter(Boolean).join(' ');
}

/**
 * What the screen says when approving or rejecting fails (spec 01 §8): the server's own message for a refusal it
 * explains (400 or 409 with details, e.g. RequestAlreadyProcessed, or an approval error such as SiteUrlAlreadyExists),
 * otherwise 'Lo sentimos en este momento no podemos actualizar la información'. 401 and 403 go to the generic handling.
 */
export function decisionFailureMessage(error: { status?: number; message?: string } | null | undefined): string {
  const status = error?.status ?? 0;
  if ((status === 400 || status === 409) && error?.message) return error.message;
  return 'resources.siterequests.update_error';
}
