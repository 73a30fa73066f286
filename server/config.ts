/** Reads the environment once. Every setting the server honours is here, with its default. */
import { isIP } from 'node:net';
import path from 'node:path';

export interface ServerConfig {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  demoData: boolean;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  captchaRequestValue: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Public address of the admin, used in e-mailed links. */
  publicUrl: string;
  tokenSecret: string | undefined;
  /** Lifetime of an access token in seconds. */
  tokenTtlSeconds: number;
  /** A fresh token is sent in x-refresh-token when less than this many seconds remain. */
  tokenRefreshWindowSeconds: number;
  passwordResetTtlMinutes: number;
  tileUrl: string;
  /** Matomo's address (MATOMO_URL): its origin is allowed by the Content-Security-Policy. */
  matomoUrl: string | undefined;
  /** Matomo's API token (MATOMO_TOKEN): with MATOMO_URL, a site's update also updates its analytics site (server/sites/matomo.ts). */
  matomoToken: string | undefined;
  /**
   * CRAWLER_PRIVATE_ORIGINS: comma-separated `http://host:port` origins the link reader (`POST /crawler`,
   * `GET /pagepreviews/`) may reach although they resolve to a private address — an intranet's own pages, or a test's
   * fake site. Every other private or loopback address stays refused. Empty by default.
   */
  crawlerPrivateOrigins: string[];
  /**
   * The portal installer (INSTALLER_URL, INSTALLER_TOKEN, INSTALLER_TIMEOUT_MS): the installation job POSTs to it
   * (docs/services.md 'Site installation'); without it the built-in installer marks the site installed and active.
   */
  installerUrl: string | undefined;
  installerToken: string | undefined;
  installerTimeoutMs: number;
  /**
   * The installer's backup endpoint (`GET <INSTALLER_URL>/sites/<alias>/backup`, docs/services.md 'Site installation'):
   * the whole answer within INSTALLER_BACKUP_TIMEOUT_MS (default 2 h) and INSTALLER_BACKUP_MAX_BYTES (default 20 GiB).
   */
  installerBackupTimeoutMs: number;
  installerBackupMaxBytes: number;
  /** API_DOCS=1 serves the API reference at /api/docs and the OpenAPI document without signing in. */
  apiDocs: boolean;
  /** Absolute lifetime of a session in hours from sign-in: refresh never extends it. */
  sessionMaxHours: number;
  /** False (SERVE_ADMIN=0): `npm start` serves the API only, without building or serving the admin. */
  serveAdmin: boolean;
  /**
   * Proxies whose X-Forwarded-For is believed (addresses, CIDRs or proxy-addr's names `loopback`,
   * `linklocal`, `uniquelocal`). Empty: the client address is the socket's, whatever the header says.
   */
  trustProxy: string[];
  /** METRICS_TOKEN: GET /metrics answers a bearer of it from anywhere, and without it only loopback callers. */
  metricsToken: string | undefined;
  /** Failures on one account (within the failure window) that lock it for `loginLockMinutes`. */
  loginLockAfterFailures: number;
  loginLockMinutes: number;
  /** Background jobs (server/jobs): wait between looks at an empty queue, and the lease after which another instance resumes a job. */
  jobPollMs: number;
  jobLeaseMs: number;
  /** Uploaded files no record references are purged once older than this many hours (FILE_ORPHAN_HOURS). */
  fileOrphanHours: number;
  /** A ready backup's zip is deleted this many days after it was built (BACKUP_RETENTION_DAYS; docs/decisions/0016-backups.md). */
  backupRetentionDays: number;
  /** Mail log (server/mail/mailLog.ts): attempts per message, backoff of temporary failures, look at due messages, sending lease. */
  mailMaxAttempts: number;
  mailRetryBaseMs: number;
  mailRetryMaxMs: number;
  mailPollMs: number;
  mailLeaseMs: number;
  /** Where site scores come from (SCORES_SOURCE): `platform` (the score tables, default) or `portal` (each portal's /sitescores/; server/scores). */
  scoresSource: 'platform' | 'portal';
  /** PG_POOL_SIZE: PostgreSQL connections per instance (docs/configuration.md; docs/performance.md 'Pool size'). */
  pgPoolSize: number;
}

const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** One TRUST_PROXY entry: an address, an address/prefix (CIDR) or a named range. */
function isProxyEntry(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address, prefix, extra] = entry.split('/');
  const family = isIP(address ?? '');
  if (!family || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** TRUST_PROXY: comma-separated addresses/CIDRs; empty or unset means no proxy is trusted. */
export function parseTrustProxy(value: string | undefined): string[] {
  const entries = (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const invalid = entries.filter((entry) => !isProxyEntry(entry));
  if (invalid.length > 0) {
    throw new Error(`TRUST_PROXY: valor no válido (${invalid.join(', ')}); usa direcciones IP o CIDR separadas por comas`);
  }
  return entries;
}

/** Connections to PostgreSQL per instance unless PG_POOL_SIZE says otherwise. */
export const DEFAULT_PG_POOL_SIZE = 10;

/** A positive whole number from the environment, else the default. */
function positiveInteger(value: string | undefined, fallback: number): number {
  const number = Number(value);
  return value && Number.isInteger(number) && number > 0 ? number : fallback;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 8080);
  const host = env.HOST ?? '127.0.0.1';
  return {
    port,
    host,
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    // Demo data: on by default on the embedded database only; DEMO_DATA=0/1 decides explicitly.
    demoData: env.DEMO_DATA ? env.DEMO_DATA !== '0' : !env.DATABASE_URL,
    adminEmail: env.ADMIN_EMAIL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    captchaRequestValue: Number(env.CAPTCHA_REQUEST_VALUE ?? 50),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Portales <no-responder@portales.gov.co>',
    publicUrl: (env.PUBLIC_URL ?? `http://${host}:${port}`).replace(/\/$/, ''),
    tokenSecret: env.TOKEN_SECRET || undefined,
    tokenTtlSeconds: Number(env.TOKEN_TTL_SECONDS ?? 900),
    tokenRefreshWindowSeconds: Number(env.TOKEN_REFRESH_WINDOW_SECONDS ?? 300),
    passwordResetTtlMinutes: Number(env.PASSWORD_RESET_TTL_MINUTES ?? 60),
    tileUrl: env.TILE_URL ?? 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    matomoUrl: env.MATOMO_URL || undefined,
    matomoToken: env.MATOMO_TOKEN || undefined,
    crawlerPrivateOrigins: (env.CRAWLER_PRIVATE_ORIGINS ?? '').split(',').map((entry) => entry.trim().replace(/\/+$/, '').toLowerCase()).filter(Boolean),
    installerUrl: env.INSTALLER_URL || undefined,
    installerToken: env.INSTALLER_TOKEN || undefined,
    installerTimeoutMs: positiveInteger(env.INSTALLER_TIMEOUT_MS, 120_000),
    installerBackupTimeoutMs: positiveInteger(env.INSTALLER_BACKUP_TIMEOUT_MS, 2 * 60 * 60_000),
    installerBackupMaxBytes: positiveInteger(env.INSTALLER_BACKUP_MAX_BYTES, 20 * 1024 ** 3),
    apiDocs: env.API_DOCS === '1',
    sessionMaxHours: positiveNumber(env.SESSION_MAX_HOURS, 12),
    serveAdmin: env.SERVE_ADMIN !== '0',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    metricsToken: env.METRICS_TOKEN || undefined,
    loginLockAfterFailures: positiveInteger(env.LOGIN_LOCK_AFTER_FAILURES, 10),
    loginLockMinutes: positiveInteger(env.LOGIN_LOCK_MINUTES, 15),
    jobPollMs: positiveInteger(env.JOB_POLL_MS, 1000),
    jobLeaseMs: positiveInteger(env.JOB_LEASE_MS, 60_000),
    fileOrphanHours: positiveNumber(env.FILE_ORPHAN_HOURS, 24),
    backupRetentionDays: positiveNumber(env.BACKUP_RETENTION_DAYS, 30),
    mailMaxAttempts: positiveInteger(env.MAIL_MAX_ATTEMPTS, 5),
    mailRetryBaseMs: positiveInteger(env.MAIL_RETRY_BASE_MS, 60_000),
    mailRetryMaxMs: positiveInteger(env.MAIL_RETRY_MAX_MS, 60 * 60_000),
    mailPollMs: positiveInteger(env.MAIL_POLL_MS, 15_000),
    mailLeaseMs: positiveInteger(env.MAIL_LEASE_MS, 15 * 60_000),
    scoresSource: parseScoresSource(env.SCORES_SOURCE),
    // At least 2: a migration holds one connection for its lock (server/db/connection.ts).
    pgPoolSize: Math.max(2, positiveInteger(env.PG_POOL_SIZE, DEFAULT_PG_POOL_SIZE)),
  };
}

function positiveNumber(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return value !== undefined && value.trim() !== '' && Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
}

/** SCORES_SOURCE: `platform` (default) or `portal`; anything else stops the start with a Spanish message. */
export function parseScoresSource(value: string | undefined): 'platform' | 'portal' {
  const source = (value ?? '').trim().toLowerCase();
  if (source === '' || source === 'platform') return 'platform';
  if (source === 'portal') return 'portal';
  throw new Error(`SCORES_SOURCE: valor no válido (${value}); usa platform o portal`);
}
