/** Reads the environment once. Every setting the server honours is here, with its default. */
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
  /** API_DOCS=1 serves the API reference at /api/docs and the OpenAPI document without signing in. */
  apiDocs: boolean;
  /** Background jobs (server/jobs): wait between looks at an empty queue, and the lease after which another instance resumes a job. */
  jobPollMs: number;
  jobLeaseMs: number;
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
    apiDocs: env.API_DOCS === '1',
    jobPollMs: Number(env.JOB_POLL_MS ?? 1000),
    jobLeaseMs: Number(env.JOB_LEASE_MS ?? 60_000),
  };
}
