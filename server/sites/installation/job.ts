/**
 * The installation of an approved site request as a job (kind `sites.install`, payload `{ requestId }`; issue 9,
 * spec 01 §4 'Site request', §8 'Approve errors'). The approval (`PUT /siterequests/changestatus/{id}`) queues it;
 * `POST /siterequests/install/{id}` puts a failed one back in the queue.
 *
 * Each step is one job item (./rules.ts INSTALLATION_STEPS) whose effects commit with the item, so a retried or
 * resumed job starts at the first step not finished:
 * 1. `url` — the portal's URL reserved in `site_domains` (its primary key is the uniqueness rule: `SiteUrlAlreadyExists`);
 *    a site without an allowed URL takes the one the request's detail carries.
 * 2. `matomo` — the analytics site registered in Matomo and its id stored as `piwikId` (`PiwikError`); skipped without
 *    MATOMO_URL/MATOMO_TOKEN.
 * 3. `installer` — the portal installer called with a fresh portal key (`InstallerError`, `DataBaseIsAlreadyExists`);
 *    without INSTALLER_URL, the built-in installer, which leaves the portal to be marked installed and active at step 5.
 * 4. `administrators` — the previous main administrators deactivated (never deleted), the legal representative and the
 *    webmaster created from the request's profiles without a password, each e-mailed an activation link (mail outbox).
 * 5. `finish` — the site marked installed and active, only here and only when every other step is finished: a site is
 *    never marked installed half-way.
 * Network calls (Matomo, installer) run outside any transaction; Matomo is asked for an existing site first and the
 * installer receives the same `installationId` on every retry, so a call repeated after a crash does no harm.
 * Every step writes a line in the site's history (audit, resource `sites`), and the request's `detail.installation`
 * says how the installation stands (`queued`, `running`, `retry`, `failed` with the error code and step, `cancelled`, `done`).
 */
import { sql } from 'drizzle-orm';
import { permissionsOverCatalogue } from '../../../resources/people/rules';
import { domainKeys, splitAllowedUrls } from '../../../resources/siteRules';
import { INVITATION_TTL_MINUTES, issuePasswordReset } from '../../auth/passwordResets';
import type { Db } from '../../db/connection';
import { t } from '../../i18n';
import { DEFAULT_RETRY_POLICY, permanentFailure, registerJobKind, temporaryFailure, type JobContext } from '../../jobs';
import { isTemporaryError, JobInterrupted } from '../../jobs/failures';
import { queueMail } from '../../mail/mailLog';
import { issuePortalKey } from '../../portal/keys';
import { domainHeldElsewhere, saveSiteDomains } from '../domains';
import { matomoConfig, MatomoCallError, registerMatomoSite } from '../matomo';
import { callInstaller, installerConfig } from './installer';
import {
  installationSteps,
  profileOf,
  requestedAllowedUrl,
  SITE_URL_MAX,
  type AdministratorProfile,
  type InstallationErrorCode,
  type InstallationStep,
} from './rules';

export const SITE_INSTALL_JOB = 'sites.install';
/** The activation e-mail of a new main administrator (mail log template). */
export const INSTALLATION_ACCESS_MAIL = 'sites.installation_access';
/** History lines: one per step, and `install` when the portal is installed (or its administrators replaced). */
export const INSTALLATION_AUDIT = { step: 'install_step', done: 'install' } as const;

export interface SiteInstallPayload {
  requestId: number;
}

const RETRY = { ...DEFAULT_RETRY_POLICY, maxAttempts: 3, baseDelayMs: 30_000 };

/** A step that cannot go on: the spec's error code, the step, a Spanish message, and whether waiting may help. */
export class InstallationFailure extends Error {
  constructor(
    public readonly code: InstallationErrorCode,
    public readonly step: InstallationStep | null,
    message: string,
    public readonly temporary = false,
  ) {
    super(message);
    this.name = 'InstallationFailure';
  }
}

interface RequestRow {
  id: number;
  siteId: number;
  kind: string;
  status: string;
  legalRepresentative: unknown;
  webMaster: unknown;
  detail: unknown;
}

interface SiteRow {
  id: number;
  name: string;
  alias: string;
  url: string | null;
  allowedUrl: string | null;
  installed: boolean;
  isDeleted: boolean;
  piwikId: number | null;
  siteTypeId: number;
  orderType: number;
  parentLocationId: number;
  locationId: number | null;
}

const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];

const SITE_COLUMNS = sql`id, name, alias, url, allowed_url as "allowedUrl", installed, is_deleted as "isDeleted", piwik_id as "piwikId",
  site_type_id as "siteTypeId", order_type as "orderType", parent_location_id as "parentLocationId", location_id as "locationId"`;

async function readRequest(db: Db, requestId: number): Promise<RequestRow | null> {
  const [row] = rowsOf<RequestRow>(
    await db.execute(sql`select id, site_id as "siteId", kind, status, legal_representative as "legalRepresentative",
      web_master as "webMaster", detail from site_requests where id = ${requestId}`),
  );
  return row ? { ...row, id: Number(row.id), siteId: Number(row.siteId) } : null;
}

/** The request's site, row-locked for the step's transaction (two installations of one site queue). */
async function lockSite(tx: Db, siteId: number, step: InstallationStep): Promise<SiteRow> {
  const [site] = rowsOf<SiteRow>(await tx.execute(sql`select ${SITE_COLUMNS} from sites where id = ${siteId} for update`));
  if (!site || site.isDeleted) throw new InstallationFailure('InstallationRequestInvalid', step, t('installation.errors.site_deleted'));
  return site;
}

async function readSite(db: Db, siteId: number, step: InstallationStep | null): Promise<SiteRow> {
  const [site] = rowsOf<SiteRow>(await db.execute(sql`select ${SITE_COLUMNS} from sites where id = ${siteId}`));
  if (!site || site.isDeleted) throw new InstallationFailure('InstallationRequestInvalid', step, t('installation.errors.site_deleted'));
  return site;
}

/** Writes `detail.installation` of the request (how its installation stands), keeping the rest of the detail. */
export async function recordState(db: Db, requestId: number, state: Record<string, unknown>): Promise<void> {
  const value = JSON.stringify({ ...state, at: new Date().toISOString() });
  await db.execute(
    sql`update site_requests set detail = jsonb_set(case when jsonb_typeof(detail) = 'object' then detail else '{}'::jsonb end,
      '{installation}', ${value}::jsonb) where id = ${requestId}`,
  );
}

const isUniqueViolation = (error: unknown): boolean => {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
};

type Ctx = JobContext<SiteInstallPayload>;

function stepLine(ctx: Ctx, tx: Db, site: Pick<SiteRow, 'id' | 'name'>, step: InstallationStep, after: Record<string, unknown>, before?: unknown) {
  return ctx.audit(tx, {
    action: INSTALLATION_AUDIT.step,
    resource: 'sites',
    recordId: site.id,
    recordLabel: site.name,
    before,
    after: { step, requestId: ctx.job.payload.requestId, ...after },
  });
}

const skippedInstalled = () => ({ state: 'skipped' as const, message: t('installation.skipped.installed') });

/** 1. The URL, reserved for the site in `site_domains` (the primary key refuses a domain another site holds). */
async function reserveUrl(ctx: Ctx, request: RequestRow): Promise<void> {
  const step = 'url';
  const taken = () => new InstallationFailure('SiteUrlAlreadyExists', step, t('installation.errors.SiteUrlAlreadyExists'));
  try {
    await ctx.runItem(step, async (tx) => {
      const site = await lockSite(tx, request.siteId, step);
      if (site.installed) return skippedInstalled();
      const url = requestedAllowedUrl(site.allowedUrl, request.detail);
      if (!url) throw new InstallationFailure('InstallationRequestInvalid', step, t('installation.errors.url_missing'));
      const keys = domainKeys(url);
      if ((await domainHeldElsewhere(tx, keys, site.id)) !== null) throw taken();
      await saveSiteDomains(tx, site.id, keys);
      await tx.execute(sql`update sites set allowed_url = ${url}, modified_date = now() where id = ${site.id}`);
      await stepLine(ctx, tx, site, step, { allowedUrl: url }, { allowedUrl: site.allowedUrl });
    });
  } catch (error) {
    // Another site took the domain between the check and the insert: its primary key refused ours.
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}

/** 2. The analytics site in Matomo (found or added outside any transaction), its id stored as `piwikId`. */
async function registerAnalytics(ctx: Ctx, request: RequestRow): Promise<void> {
  const step = 'matomo';
  const config = matomoConfig(ctx.app.config);
  const site = await readSite(ctx.db, request.siteId, step);
  if (!config || site.installed || site.piwikId !== null) {
    const message = !config ? 'installation.skipped.matomo_off' : site.installed ? 'installation.skipped.installed' : 'installation.skipped.piwik_kept';
    await ctx.runItem(step, async () => ({ state: 'skipped', message: t(message) }));
    return;
  }
  let piwikId: number;
  try {
    piwikId = await registerMatomoSite(config, { name: site.name, allowedUrl: site.allowedUrl });
  } catch (error) {
    const temporary = error instanceof MatomoCallError ? error.temporary : true;
    throw new InstallationFailure('PiwikError', step, t('installation.errors.PiwikError'), temporary);
  }
  await ctx.runItem(step, async (tx) => {
    const locked = await lockSite(tx, request.siteId, step);
    if (locked.piwikId !== null) return { state: 'skipped', message: t('installation.skipped.piwik_kept') };
    await tx.execute(sql`update sites set piwik_id = ${piwikId}, modified_date = now() where id = ${locked.id}`);
    await stepLine(ctx, tx, locked, step, { piwikId }, { piwikId: null });
  });
}

/** 3. The portal installer (INSTALLER_URL) with a fresh portal key, or the built-in one. */
async function installPortal(ctx: Ctx, request: RequestRow): Promise<void> {
  const step = 'installer';
  const { config } = ctx.app;
  const installer = installerConfig(config);
  const site = await readSite(ctx.db, request.siteId, step);
  const urls = splitAllowedUrls(site.allowedUrl);
  // The portal's address: its own, else its first allowed URL when it fits the `url` column.
  const address = site.url || (urls[0] && urls[0].length <= SITE_URL_MAX ? urls[0] : null);
  if (site.installed) {
    await ctx.runItem(step, async () => skippedInstalled());
    return;
  }
  if (!installer) {
    await ctx.runItem(step, async (tx) => {
      const locked = await lockSite(tx, request.siteId, step);
      if (!locked.url && address) await tx.execute(sql`update sites set url = ${address}, modified_date = now() where id = ${locked.id}`);
      await stepLine(ctx, tx, locked, step, { installer: 'builtin', url: locked.url || address });
      return { message: t('installation.skipped.builtin') };
    });
    return;
  }
  // The key is committed before it is handed over (the portal never holds a key the platform does not know); a retry
  // issues another one, which revokes this one.
  const issued = await ctx.db.transaction((tx) => issuePortalKey(tx, site.id, ctx.job.createdBy));
  if (!issued) throw new InstallationFailure('InstallationRequestInvalid', step, t('installation.errors.site_deleted'));
  const outcome = await callInstaller(installer, {
    installationId: `site-request-${request.id}`,
    requestId: request.id,
    kind: request.kind,
    site: {
      id: site.id,
      name: site.name,
      alias: site.alias,
      url: address ?? '',
      allowedUrls: urls,
      siteTypeId: site.siteTypeId,
      orderType: site.orderType,
      parentLocationId: site.parentLocationId,
      locationId: site.locationId,
      piwikId: site.piwikId,
    },
    portalKey: issued.key,
    platform: { url: config.publicUrl, apiUrl: `${config.publicUrl}/api/v1`, jwksUrl: `${config.publicUrl}/.well-known/jwks.json` },
  });
  if (!outcome.ok) {
    const message = outcome.message ?? t(`installation.errors.${outcome.code}`);
    throw new InstallationFailure(outcome.code, step, message, outcome.temporary);
  }
  await ctx.runItem(step, async (tx) => {
    const locked = await lockSite(tx, request.siteId, step);
    const url = outcome.url ?? (locked.url || address);
    if (url !== locked.url) await tx.execute(sql`update sites set url = ${url}, modified_date = now() where id = ${locked.id}`);
    await stepLine(ctx, tx, locked, step, { installer: 'external', url, portalKeyId: issued.keyId });
  });
}

/** 4. The main administrators: the previous ones deactivated, the request's two created and e-mailed an activation link. */
async function replaceAdministrators(ctx: Ctx, request: RequestRow): Promise<void> {
  const step = 'administrators';
  const profiles = [profileOf(request.legalRepresentative, 'LegalRepresentative'), profileOf(request.webMaster, 'WebMaster')];
  const missing = profiles.findIndex((profile) => profile === null);
  if (missing >= 0) {
    const role = t(`installation.roles.${missing === 0 ? 'LegalRepresentative' : 'WebMaster'}`);
    throw new InstallationFailure('InstallationRequestInvalid', step, t('installation.errors.profile_missing', { role }));
  }
  const { config } = ctx.app;
  await ctx.runItem(step, async (tx) => {
    const site = await lockSite(tx, request.siteId, step);
    const deactivated = rowsOf<{ id: number; email: string; adminType: string }>(
      await tx.execute(sql`update users set deleted = true, modified_date = now()
        where site_id = ${site.id} and user_type_id = 1 and admin_type in ('LegalRepresentative', 'WebMaster') and not deleted
        returning id, email, admin_type as "adminType"`),
    );
    const catalogue = rowsOf<{ sitePermissionID: number; name: string }>(
      await tx.execute(sql`select site_permission_id as "sitePermissionID", name from site_permissions order by site_permission_id`),
    ).map((entry) => ({ sitePermissionID: Number(entry.sitePermissionID), name: entry.name }));
    // Main administrators hold every site permission of the catalogue.
    const permissions = permissionsOverCatalogue(catalogue, catalogue.map((entry) => ({ ...entry, enabled: true })));
    const created: Array<{ id: number; email: string; adminType: string }> = [];
    for (const profile of profiles as AdministratorProfile[]) {
      const [user] = rowsOf<{ id: number }>(
        await tx.execute(sql`insert into users (user_type_id, name, email, site_id, admin_type, gender_id, site_permissions)
          values (1, ${profile.name}, ${profile.email}, ${site.id}, ${profile.adminType}, ${profile.genderId}, ${JSON.stringify(permissions)}::jsonb)
          returning id`),
      );
      const userId = Number(user!.id);
      const token = await issuePasswordReset(tx, userId, INVITATION_TTL_MINUTES);
      const portal = (site.url || splitAllowedUrls(site.allowedUrl)[0] || config.publicUrl).replace(/\/+$/, '');
      const role = t(`installation.roles.${profile.adminType}`);
      await queueMail(tx, {
        template: INSTALLATION_ACCESS_MAIL,
        to: profile.email,
        subject: t('installation.mail.access_subject', { site: site.name }),
        text: t('installation.mail.access_text', {
          name: profile.name,
          role,
          site: site.name,
          link: `${portal}/administrador/activar#token=${token}`,
          hours: INVITATION_TTL_MINUTES / 60,
        }),
        related: { resource: 'administrators', id: userId },
        createdBy: ctx.job.createdBy,
      });
      created.push({ id: userId, email: profile.email, adminType: profile.adminType });
    }
    await stepLine(ctx, tx, site, step, { created, deactivated }, deactivated.length ? { administrators: deactivated } : undefined);
  });
}

/** 5. The site installed and active — only when every other step of the job is finished. */
async function finish(ctx: Ctx, request: RequestRow): Promise<void> {
  const step = 'finish';
  await ctx.runItem(step, async (tx) => {
    const [open] = rowsOf<{ count: number }>(
      await tx.execute(sql`select count(*)::int as count from job_items
        where job_id = ${ctx.job.id} and item_key <> ${step} and state not in ('done', 'skipped')`),
    );
    if (Number(open?.count ?? 0) > 0) throw new InstallationFailure('InstallerError', step, t('installation.errors.steps_pending'));
    const site = await lockSite(tx, request.siteId, step);
    await tx.execute(sql`update sites set installed = true, status_id = 1, modified_date = now(),
      pending_request = exists (select 1 from site_requests r where r.site_id = ${site.id} and r.status = 'PendingApproval')
      where id = ${site.id}`);
    await ctx.audit(tx, {
      action: INSTALLATION_AUDIT.done,
      resource: 'sites',
      recordId: site.id,
      recordLabel: site.name,
      before: { installed: site.installed },
      after: { installed: true, statusId: 1, requestId: request.id, kind: request.kind, piwikId: site.piwikId, url: site.url },
    });
    await recordState(tx, request.id, { jobId: ctx.job.id, status: 'done' });
  });
}

const STEP_RUNNERS: Record<InstallationStep, (ctx: Ctx, request: RequestRow) => Promise<void>> = {
  url: reserveUrl,
  matomo: registerAnalytics,
  installer: installPortal,
  administrators: replaceAdministrators,
  finish,
};

registerJobKind<SiteInstallPayload>(SITE_INSTALL_JOB, {
  permissions: ['Sites'],
  retry: RETRY,
  async run(ctx) {
    const requestId = Number(ctx.job.payload?.requestId);
    let step: InstallationStep | null = null;
    let request: RequestRow | null = null;
    try {
      request = Number.isSafeInteger(requestId) ? await readRequest(ctx.db, requestId) : null;
      if (!request) throw new InstallationFailure('InstallationRequestInvalid', null, t('installation.errors.request_missing'));
      if (request.status !== 'Approved') throw new InstallationFailure('InstallationRequestInvalid', null, t('installation.errors.not_approved'));
      const site = await readSite(ctx.db, request.siteId, null);
      await recordState(ctx.db, request.id, { jobId: ctx.job.id, status: 'running' });
      await ctx.items(installationSteps(site.installed));
      for (const key of await ctx.pendingItems()) {
        step = key as InstallationStep;
        const runner = STEP_RUNNERS[step];
        if (runner) await runner(ctx, request);
      }
      return { requestId: request.id, siteId: request.siteId, installed: true };
    } catch (error) {
      if (error instanceof JobInterrupted) {
        // Cancelled from the wait screen: the request says so (a retry puts it back); a handover says nothing.
        if (error.reason === 'cancelled' && request) await recordState(ctx.db, request.id, { jobId: ctx.job.id, status: 'cancelled', step }).catch(() => undefined);
        throw error;
      }
      const failure = error instanceof InstallationFailure ? error : null;
      const temporary = failure ? failure.temporary : isTemporaryError(error);
      const retrying = temporary && ctx.job.attempt < RETRY.maxAttempts;
      const message = failure?.message ?? t(temporary ? 'jobs.errors.temporary' : 'jobs.errors.unexpected');
      if (request) {
        await recordState(ctx.db, request.id, {
          jobId: ctx.job.id,
          status: retrying ? 'retry' : 'failed',
          step: failure?.step ?? step,
          code: failure?.code ?? null,
          message,
        }).catch(() => undefined);
      }
      if (!failure) throw error;
      throw temporary ? temporaryFailure(message) : permanentFailure(message);
    }
  },
});
