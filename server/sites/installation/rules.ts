/**
 * Pure rules of the portal installation (issue 9, spec 01 §4 'Site request', §8 'Approve errors'): which steps a request
 * needs, where the portal's URL comes from, the main administrators read from the request's profiles, and what the
 * installer's answer means. Used by the job (./job.ts); tested in ./rules.test.ts.
 */
import { allowedUrlsValid, splitAllowedUrls } from '../../../resources/siteRules';

/** The steps in order; each is one job item, so a retried installation resumes at the first one not finished. */
export const INSTALLATION_STEPS = ['url', 'matomo', 'installer', 'administrators', 'finish'] as const;
export type InstallationStep = (typeof INSTALLATION_STEPS)[number];

/** The errors the approval screen shows (spec 01 §8), plus the request's own problems. */
export type InstallationErrorCode = 'SiteUrlAlreadyExists' | 'PiwikError' | 'InstallerError' | 'DataBaseIsAlreadyExists' | 'InstallationRequestInvalid';

export type RequestKind = 'FirstTime' | 'ChangeAdmin' | 'UserMade';
export type MainAdministratorType = 'LegalRepresentative' | 'WebMaster';

/**
 * The steps a request needs: a site that is not installed yet goes through all of them; an installed one (a change of
 * administrator, or a first-time request for a portal installed meanwhile) only gets its main administrators replaced
 * and the history line — its URL, analytics site and portal are already there.
 */
export function installationSteps(siteInstalled: boolean): InstallationStep[] {
  return siteInstalled ? ['administrators', 'finish'] : [...INSTALLATION_STEPS];
}

/** The sizes of the `sites.allowed_url` and `sites.url` columns. */
const ALLOWED_URL_MAX = 1000;
export const SITE_URL_MAX = 200;

const record = (value: unknown): Record<string, unknown> | null =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/**
 * The URL (or comma-separated URLs) the portal is installed at: the site's allowed URL when it has one, else the one
 * the wizard stored in the request's detail (`detail.site.allowedUrl` or `detail.allowedUrl`); null when none is a
 * valid http(s) URL list.
 */
export function requestedAllowedUrl(siteAllowedUrl: string | null | undefined, detail: unknown): string | null {
  const fromDetail = record(record(detail)?.site)?.allowedUrl ?? record(detail)?.allowedUrl;
  for (const candidate of [siteAllowedUrl, fromDetail]) {
    if (typeof candidate !== 'string' || candidate.trim() === '' || !allowedUrlsValid(candidate)) continue;
    const joined = splitAllowedUrls(candidate).join(',');
    if (joined.length <= ALLOWED_URL_MAX) return joined;
  }
  return null;
}

/** A main administrator as the request describes them. */
export interface AdministratorProfile {
  adminType: MainAdministratorType;
  name: string;
  email: string;
  /** spec 01 §3 'Site administrator update': 1 female, 0 male; null when the request does not say. */
  genderId: 0 | 1 | null;
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim().replace(/\s+/g, ' ') : '');

/**
 * Reads a profile of the request: the legal representative's fields (`name`, `name2`, `lastName`, `lastName2`,
 * `email`, `gender`…) or the webmaster's, which the spec prefixes with `webMaster` (`webMasterName`…); either spelling
 * is accepted for both. Answers null when the name or a plausible e-mail is missing.
 */
export function profileOf(json: unknown, adminType: MainAdministratorType): AdministratorProfile | null {
  const source = record(json);
  if (!source) return null;
  const field = (name: string) => {
    const prefixed = `webMaster${name[0]!.toUpperCase()}${name.slice(1)}`;
    return text(source[name]) || text(source[prefixed]);
  };
  const name = [field('name'), field('name2'), field('lastName'), field('lastName2')].filter(Boolean).join(' ').slice(0, 200);
  const email = field('email').toLowerCase();
  if (!name || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 200) return null;
  const gender = field('gender').toUpperCase();
  return { adminType, name, email, genderId: gender === 'F' ? 1 : gender === 'M' ? 0 : null };
}

/** What the installer's answer means (the contract in docs/services.md 'Site installation'). */
export type InstallerOutcome =
  | { ok: true; url: string | null }
  | { ok: false; code: 'InstallerError' | 'DataBaseIsAlreadyExists'; temporary: boolean; message: string | null };

/** The installer's own message, as plain text of at most 300 characters, or null. */
function installerMessage(body: Record<string, unknown> | null): string | null {
  const message = text(body?.message).replace(/<[^>]*>/g, '').replace(/[<>]/g, '').trim();
  return message ? message.slice(0, 300) : null;
}

/**
 * Reads the installer's answer: 2xx is installed (with the portal's address when it says one); `code:
 * DataBaseIsAlreadyExists` is that error (never retried by itself); 5xx, 408 and 429 are temporary InstallerErrors,
 * any other status a permanent one. `status` null: no answer at all (network, timeout) — temporary.
 */
export function installerOutcome(status: number | null, body: unknown): InstallerOutcome {
  const answer = record(body);
  if (status !== null && status >= 200 && status < 300) {
    const url = text(answer?.url);
    return { ok: true, url: url && url.length <= SITE_URL_MAX && allowedUrlsValid(url) && splitAllowedUrls(url).length === 1 ? url : null };
  }
  if (text(answer?.code) === 'DataBaseIsAlreadyExists') return { ok: false, code: 'DataBaseIsAlreadyExists', temporary: false, message: installerMessage(answer) };
  const temporary = status === null || status >= 500 || status === 408 || status === 429;
  return { ok: false, code: 'InstallerError', temporary, message: installerMessage(answer) };
}
