/**
 * The portal installer's client (docs/services.md 'Site installation'): POST `INSTALLER_URL` with the portal's data and
 * its portal key, `Authorization: Bearer INSTALLER_TOKEN`, an `Idempotency-Key` per request, and at most
 * `INSTALLER_TIMEOUT_MS` of wait. The answer is read by ./rules.ts `installerOutcome`.
 */
import type { Readable } from 'node:stream';
import type { ServerConfig } from '../../config';
import { openOutboundStream, OutboundError } from '../../http/outboundFetch';
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

/**
 * The installer's backup endpoint (docs/services.md 'Site installation', "Portal content in a backup"):
 * `GET <INSTALLER_URL>/sites/<alias>/backup` with the same bearer token, answering the portal's own content as a
 * stream (zip, tar or gzip'd tar) or 404 when it keeps none for that portal. Read through `openOutboundStream`: no
 * redirects, the whole answer within INSTALLER_BACKUP_TIMEOUT_MS and INSTALLER_BACKUP_MAX_BYTES (the installer is the
 * operator's own host, so a private address is allowed, as for the installation call).
 */

export interface PortalBackupConfig {
  url: string;
  token: string | undefined;
  timeoutMs: number;
  maxBytes: number;
}

export function portalBackupConfig(
  config: Pick<ServerConfig, 'installerUrl' | 'installerToken' | 'installerBackupTimeoutMs' | 'installerBackupMaxBytes'>,
): PortalBackupConfig | null {
  return config.installerUrl
    ? { url: config.installerUrl, token: config.installerToken, timeoutMs: config.installerBackupTimeoutMs, maxBytes: config.installerBackupMaxBytes }
    : null;
}

export function portalBackupUrl(installerUrl: string, alias: string, siteId: number): string {
  return `${installerUrl.replace(/\/+$/, '')}/sites/${encodeURIComponent(alias)}/backup?siteId=${siteId}`;
}

/** The zip entry the portal's content takes, by the answer's type. */
export function portalEntryName(contentType: string): string {
  if (contentType === 'application/zip' || contentType === 'application/x-zip-compressed') return 'portal/contenido.zip';
  if (contentType === 'application/x-tar' || contentType === 'application/tar') return 'portal/contenido.tar';
  if (contentType === 'application/gzip' || contentType === 'application/x-gzip' || contentType === 'application/x-gtar') return 'portal/contenido.tar.gz';
  return 'portal/contenido.bin';
}

export type PortalContent =
  | { included: false; reason: 'no_installer' | 'not_offered' }
  | { included: true; entryName: string; contentType: string; body: Readable };

/** The installer failed to give the content: `temporary` failures are retried with the backup's next attempt. */
export class PortalBackupError extends Error {
  constructor(
    message: string,
    readonly temporary: boolean,
  ) {
    super(message);
    this.name = 'PortalBackupError';
  }
}

/** Whether a failure while reading the content (before or during the stream) is worth another attempt. */
export function portalFailureIsTemporary(error: unknown): boolean {
  if (error instanceof PortalBackupError) return error.temporary;
  if (error instanceof OutboundError) return error.reason === 'network' || error.reason === 'status';
  return false;
}

/** Asks the installer for the portal's content: answers its stream (not yet read), or why there is none. */
export async function openPortalBackup(config: PortalBackupConfig | null, site: { id: number; alias: string }): Promise<PortalContent> {
  if (!config) return { included: false, reason: 'no_installer' };
  let answer;
  try {
    answer = await openOutboundStream(portalBackupUrl(config.url, site.alias, site.id), {
      timeoutMs: config.timeoutMs,
      maxBytes: config.maxBytes,
      allowPrivateAddresses: true,
      headers: {
        accept: 'application/zip, application/x-tar, application/gzip',
        ...(config.token ? { authorization: `Bearer ${config.token}` } : {}),
      },
    });
  } catch (error) {
    throw new PortalBackupError(`installer backup: ${(error as Error).message}`, portalFailureIsTemporary(error));
  }
  if (answer.status === 404) {
    answer.discard();
    return { included: false, reason: 'not_offered' };
  }
  if (answer.status < 200 || answer.status >= 300) {
    answer.discard();
    const temporary = answer.status >= 500 || answer.status === 408 || answer.status === 429;
    throw new PortalBackupError(`installer backup: status ${answer.status}`, temporary);
  }
  return { included: true, entryName: portalEntryName(answer.contentType), contentType: answer.contentType, body: answer.body };
}
