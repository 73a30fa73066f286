/**
 * The portal installer's client (docs/services.md 'Site installation'): POST `INSTALLER_URL` with the portal's data and
 * its portal key, `Authorization: Bearer INSTALLER_TOKEN`, an `Idempotency-Key` per request, and at most
 * `INSTALLER_TIMEOUT_MS` of wait. The answer is read by ./rules.ts `installerOutcome`.
 */
import type { ServerConfig } from '../../config';
import { installerOutcome, type InstallerOutcome } from './rules';

export interface InstallerConfig {
  url: string;
  token: string | undefined;
  timeoutMs: number;
}

/** The installer when INSTALLER_URL is set, else null (the built-in installer). */
export function installerConfig(config: Pick<ServerConfig, 'installerUrl' | 'installerToken' | 'installerTimeoutMs'>): InstallerConfig | null {
  return config.installerUrl ? { url: config.installerUrl, token: config.installerToken, timeoutMs: config.installerTimeoutMs } : null;
}

/** The body the installer receives. */
export interface InstallerRequest {
  /** `site-request-<requestId>`: the same on every retry of one request's installation. */
  installationId: string;
  requestId: number;
  kind: string;
  site: {
    id: number;
    name: string;
    alias: string;
    /** The portal's address (its first allowed URL unless it has one). */
    url: string;
    allowedUrls: string[];
    siteTypeId: number;
    orderType: number;
    parentLocationId: number;
    locationId: number | null;
    piwikId: number | null;
  };
  /** The portal's key (`pk_<keyId>.<secret>`), issued for this call: the portal sends it as `Authorization: Portal …`. */
  portalKey: string;
  platform: { url: string; apiUrl: string; jwksUrl: string };
}

export async function callInstaller(config: InstallerConfig, body: InstallerRequest, fetchImpl: typeof fetch = fetch): Promise<InstallerOutcome> {
  let response: Response;
  try {
    response = await fetchImpl(config.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        'idempotency-key': body.installationId,
        ...(config.token ? { authorization: `Bearer ${config.token}` } : {}),
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(config.timeoutMs),
    });
  } catch {
    return installerOutcome(null, null);
  }
  let answer: unknown = null;
  try {
    const text = await response.text();
    answer = text ? JSON.parse(text) : null;
  } catch {
    answer = null;
  }
  return installerOutcome(response.status, answer);
}
