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
