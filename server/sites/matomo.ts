/**
 * The Matomo (Piwik) client of the site form (spec 01 §8 'PiwikError'): when MATOMO_URL and MATOMO_TOKEN are set, a
 * site update that changes the name or the domains of a site with an analytics site (`piwikId`) updates it through
 * Matomo's reporting API (`SitesManager.updateSite`), inside the update's transaction: if Matomo refuses or does not
 * answer, the update is rolled back and the API answers 502 `PiwikError`.
 */
import { splitAllowedUrls } from '../../resources/siteRules';
import type { ServerConfig } from '../config';
import { ApiError } from '../http/errors';
import { t } from '../i18n';

export interface MatomoConfig {
  url: string;
  token: string;
}

/** How long Matomo may take to answer before the update is given up (a transaction is open meanwhile). */
export const MATOMO_TIMEOUT_MS = 10_000;

/** Matomo's address and token, or null when either is missing (then updates never call Matomo). */
export function matomoConfig(config: Pick<ServerConfig, 'matomoUrl' | 'matomoToken'>): MatomoConfig | null {
  return config.matomoUrl && config.matomoToken ? { url: config.matomoUrl.replace(/\/+$/, ''), token: config.matomoToken } : null;
}

export interface MatomoSite {
  piwikId: number;
  name: string;
  allowedUrl: string | null;
}

/** The call: POST `<MATOMO_URL>/index.php` with the API parameters as a form (the token never in the address). */
export function updateSiteCall(config: MatomoConfig, site: MatomoSite): { url: string; body: URLSearchParams } {
  const body = new URLSearchParams({ module: 'API', method: 'SitesManager.updateSite', format: 'JSON', idSite: String(site.piwikId), siteName: site.name });
  splitAllowedUrls(site.allowedUrl).forEach((url, index) => body.append(`urls[${index}]`, url));
  body.append('token_auth', config.token);
  return { url: `${config.url}/index.php`, body };
}

/** Whether a site change concerns Matomo: the name or the domains of a site that has an analytics site. */
export function concernsMatomo(before: Partial<MatomoSite> | null, after: Partial<MatomoSite>): boolean {
  if (after.piwikId === null || after.piwikId === undefined || before === null) return false;
  return before.name !== after.name || before.allowedUrl !== after.allowedUrl;
}

export const piwikError = () => {
  const message = t('sites.server.piwik_error');
  return new ApiError(502, 'PiwikError', message, [{ code: 'PiwikError', target: 'piwikId', message }]);
};

/** Updates the analytics site; any failure (network, timeout, HTTP error, `result: error`) is a PiwikError. */
export async function updateMatomoSite(config: MatomoConfig, site: MatomoSite, fetchImpl: typeof fetch = fetch): Promise<void> {
  const call = updateSiteCall(config, site);
  let answer: unknown;
  try {
    const response = await fetchImpl(call.url, { method: 'POST', body: call.body, signal: AbortSignal.timeout(MATOMO_TIMEOUT_MS) });
    if (!response.ok) throw new Error(`Matomo answered ${response.status}`);
    answer = await response.json();
  } catch {
    throw piwikError();
  }
  if (answer && typeof answer === 'object' && (answer as { result?: unknown }).result === 'error') throw piwikError();
}

/**
 * A Matomo call that failed: `temporary` when Matomo could not be reached, timed out or answered 5xx (worth trying
 * again later), otherwise Matomo refused it (`result: error`, 4xx, an answer that is not what the method returns).
 */
export class MatomoCallError extends Error {
  constructor(
    message: string,
    public readonly temporary: boolean,
  ) {
    super(message);
    this.name = 'MatomoCallError';
  }
}

/** A reporting API call: POST `<MATOMO_URL>/index.php`, the method's parameters and the token as a form. */
export function matomoCall(config: MatomoConfig, method: string, parameters: ReadonlyArray<readonly [string, string]>): { url: string; body: URLSearchParams } {
  const body = new URLSearchParams({ module: 'API', method, format: 'JSON' });
  for (const [name, value] of parameters) body.append(name, value);
  body.append('token_auth', config.token);
  return { url: `${config.url}/index.php`, body };
}

/** Sends a call and answers its JSON; any failure is a MatomoCallError saying whether it is worth retrying. */
export async function callMatomo(
  config: MatomoConfig,
  method: string,
  parameters: ReadonlyArray<readonly [string, string]>,
  fetchImpl: typeof fetch = fetch,
): Promise<unknown> {
  const call = matomoCall(config, method, parameters);
  let response: Response;
  try {
    response = await fetchImpl(call.url, { method: 'POST', body: call.body, signal: AbortSignal.timeout(MATOMO_TIMEOUT_MS) });
  } catch (error) {
    throw new MatomoCallError(`Matomo no respondió: ${(error as Error).message}`, true);
  }
  if (!response.ok) throw new MatomoCallError(`Matomo respondió ${response.status}`, response.status >= 500 || response.status === 429);
  let answer: unknown;
  try {
    answer = await response.json();
  } catch {
    throw new MatomoCallError('Matomo respondió algo que no es JSON', false);
  }
  if (answer && typeof answer === 'object' && (answer as { result?: unknown }).result === 'error') {
    throw new MatomoCallError(`Matomo rechazó ${method}: ${String((answer as { message?: unknown }).message ?? '')}`.slice(0, 300), false);
  }
  return answer;
}

/** The id of an analytics site in an answer: `{ value: 7 }` (addSite) or `[{ idsite: "7" }]` (getSitesIdFromSiteUrl); else null. */
export function matomoSiteId(answer: unknown): number | null {
  const candidate = Array.isArray(answer)
    ? (answer[0] as { idsite?: unknown } | undefined)?.idsite
    : answer && typeof answer === 'object'
      ? (answer as { value?: unknown }).value
      : undefined;
  const id = Number(candidate);
  return candidate !== undefined && candidate !== null && candidate !== '' && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * Registers a new portal in Matomo and answers its analytics site id (`piwikId`). Idempotent: it first asks Matomo
 * for a site with the portal's first URL (`SitesManager.getSitesIdFromSiteUrl`) and adds one (`SitesManager.addSite`
 * with the name and every allowed URL) only when there is none, so an installation retried after Matomo answered but
 * before the id was stored does not create a second analytics site.
 */
export async function registerMatomoSite(
  config: MatomoConfig,
  site: { name: string; allowedUrl: string | null },
  fetchImpl: typeof fetch = fetch,
): Promise<number> {
  const urls = splitAllowedUrls(site.allowedUrl);
  if (urls.length > 0) {
    const existing = matomoSiteId(await callMatomo(config, 'SitesManager.getSitesIdFromSiteUrl', [['url', urls[0]!]], fetchImpl));
    if (existing !== null) return existing;
  }
  const added = matomoSiteId(
    await callMatomo(config, 'SitesManager.addSite', [['siteName', site.name], ...urls.map((url, index) => [`urls[${index}]`, url] as const)], fetchImpl),
  );
  if (added === null) throw new MatomoCallError('Matomo no devolvió el id del sitio creado', false);
  return added;
}
