/**
 * POST /newsite/ (spec 01 'New-entity request wizard', issue 9): a public site request. The captcha first (used up
 * either way), then in one transaction: the location, type and site checked against the wizard's rules
 * (resources/newSiteRequest.ts), a `user_made` site created when a new one is requested, the request PendingApproval,
 * the site flagged pending (the site list's Pendiente tab counts it), the documents attached, the acceptances recorded
 * with their versions, the applicant's acknowledgement queued in the mail log and an audit line (actor 'anónimo'). One pending request
 * per site is the database's rule (unique index `site_requests_one_pending`): the loser of a race gets 409.
 */
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  canAddNewSite,
  flowProblem,
  newSiteRequestSchema,
  requestKind,
  siteSelectable,
  type NewSiteData,
  type NewSiteRequestBody,
  type SiteChoice,
  type WizardSite,
} from '../../resources/newSiteRequest';
import { domainKeys } from '../../resources/siteRules';
import { orderTypeForSiteType } from '../../resources/siteForm';
import { writeAudit } from '../audit/audit';
import { verifyCaptcha } from '../auth/captcha';
import type { AppContext } from '../context';
import type { Db } from '../db/connection';
import { siteRequests, sites, termsAcceptances } from '../db/schema';
import { attachFiles, claimSessionFiles } from '../files';
import { ApiError, badArgument } from '../http/errors';
import { t } from '../i18n';
import { queueMail } from '../mail/mailLog';
import { UNIQUE_VIOLATION, postgresConstraint, postgresErrorCode } from '../resources/dbErrors';
import { slugify } from '../sites/alias';
import { domainHeldElsewhere } from '../sites/domains';
import { readRequestTerms, TERMS_SETTINGS } from './terms';
import { queryRows as rows } from '../db/rows';

export const SITE_REQUEST_FILES_RESOURCE = 'siterequests';
export const NEW_SITE_MAIL_TEMPLATE = 'siterequests.received';

const conflict = (code: string, key: string, target: string) => {
  const message = t(key);
  return new ApiError(409, code, message, [{ code, target, message }]);
};

/** The sites of a location (a municipality, or a department for its departmental sites) and an entity type, for the wizard. */
export function wizardSitesSql(locationId: number, siteTypeId: number) {
  return sql`select id, name, installed, pending_request as "pendingRequest" from sites
    where not is_deleted and site_type_id = ${siteTypeId}
      and (location_id = ${locationId} or (location_id is null and parent_location_id = ${locationId}))
    order by name_key collate "C", id`;
}

/** An alias free for a new site: the name's slug, with -2, -3… when taken (spec 01 §5: unique, 3 to 220). */
async function freeAlias(tx: Db, name: string): Promise<string> {
  const base = (slugify(name) || 'entidad').slice(0, 200).padEnd(3, '0');
  const taken = await rows<{ alias: string }>(tx, sql`select lower(alias) as alias from sites where lower(alias) like ${`${base}%`}`);
  const used = new Set(taken.map((row) => row.alias));
  if (!used.has(base)) return base;
  for (let n = 2; ; n += 1) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}

export interface SubmittedRequest {
  id: number;
  siteId: number;
  kind: 'FirstTime' | 'ChangeAdmin' | 'UserMade';
  status: 'PendingApproval';
}

export async function submitNewSiteRequest(ctx: AppContext, request: FastifyRequest, rawBody: unknown): Promise<SubmittedRequest> {
  const body: NewSiteRequestBody = await newSiteRequestSchema.validate(rawBody, { abortEarly: false, stripUnknown: true });
  if (!(await verifyCaptcha(ctx.database, body.captchaId, body.reCaptcha))) throw badArgument('reCaptcha', 'newSite.server.captcha_invalid');
  const terms = await readRequestTerms(ctx.database);
  if (body.termsVersion !== terms.terms.version || body.dataTreatmentVersion !== terms.dataTreatment.version) {
    throw conflict('TermsChanged', 'newSite.server.terms_changed', 'termsAccepted');
  }
  const flow = body.requestType as 'FirstTime' | 'ChangeAdmin';
  const choice: SiteChoice = body.siteId ?? 'new';
  const newSite = (body.site ?? null) as NewSiteData | null;

  try {
    return await ctx.database.db.transaction(async (tx) => {
      // Location: a department (child of the country) and optionally one of its municipalities.
      const [department] = await rows<{ id: number }>(tx, sql`select id from locations where id = ${body.parentLocationId} and not is_municipality`);
      if (!department) throw badArgument('parentLocationId', 'newSite.rules.location_invalid');
      if (body.locationId != null) {
        const [municipality] = await rows<{ id: number }>(
          tx,
          sql`select id from locations where id = ${body.locationId} and is_municipality and parent_location_id = ${body.parentLocationId}`,
        );
        if (!municipality) throw badArgument('locationId', 'newSite.rules.location_invalid');
      }
      const [siteType] = await rows<{ id: number }>(tx, sql`select id from site_types where id = ${body.siteTypeId}`);
      if (!siteType) throw badArgument('siteTypeId', 'newSite.rules.site_type_invalid');
      const place = body.locationId ?? body.parentLocationId;
      const listed = await rows<WizardSite>(tx, wizardSitesSql(place, body.siteTypeId));

      const problem = flowProblem(flow, body.siteTypeId, listed);
      if (problem) throw badArgument('requestType', problem);

      let siteId: number;
      let siteName: string;
      if (choice === 'new') {
        if (!canAddNewSite(flow, body.siteTypeId, listed)) throw badArgument('siteId', 'newSite.rules.new_site_not_allowed');
        if (!newSite) throw badArgument('site', 'validation.site.name_required');
        if (await domainHeldElsewhere(tx, domainKeys(newSite.allowedUrl), null)) throw badArgument('allowedUrl', 'newSite.server.url_used');
        const orderType = orderTypeForSiteType(body.siteTypeId) ?? (body.locationId == null ? 0 : 1);
        // A user_made site: not installed, inactive, its domain reserved when the request is approved (installation).
        const [created] = await tx
          .insert(sites)
          .values({
            name: newSite.name,
            alias: await freeAlias(tx, newSite.name),
            parentLocationId: body.parentLocationId,
            locationId: body.locationId ?? null,
            siteTypeId: body.siteTypeId,
            orderType,
            address: newSite.address,
            siteLatitude: newSite.latitude,
            siteLongitude: newSite.longitude,
            installed: false,
            statusId: 2,
            userMade: true,
          })
          .returning({ id: sites.id, name: sites.name });
        siteId = created!.id;
        siteName = created!.name;
      } else {
        const site = listed.find((candidate) => candidate.id === choice);
        if (!site) throw badArgument('siteId', 'newSite.rules.site_mismatch');
        if (site.pendingRequest) throw conflict('RequestAlreadyPending', 'newSite.server.pending_exists', 'siteId');
        if (!siteSelectable(flow, site)) throw badArgument('siteId', 'newSite.rules.site_not_selectable');
        siteId = site.id;
        siteName = site.name;
      }

      const kind = requestKind(flow, choice);
      // Only documents this wizard session uploaded and no record uses yet, each once (the schema refuses repeats):
      // claiming them ends the session's hold, so no other request can take them (docs/decisions/0015-site-requests-and-installation.md).
      const files = body.files.map((id) => id.toLowerCase());
      const claimed = new Set(await claimSessionFiles(tx, body.uploadSession, files));
      if (files.some((id) => !claimed.has(id))) throw badArgument('files', 'newSite.server.files_invalid');
      const found = await rows<{ id: string; name: string }>(
        tx,
        sql`select id::text as id, name from files where id::text in (${sql.join(files.map((id) => sql`${id}`), sql`, `)})
          and element_type = 'siteRequest'`,
      );
      const byId = new Map(found.map((file) => [file.id, file]));
      if (files.some((id) => !byId.has(id))) throw badArgument('files', 'newSite.server.files_invalid');
      const stored = files.map((id) => byId.get(id)!);

      const [created] = await tx
        .insert(siteRequests)
        .values({
          siteId,
          kind,
          status: 'PendingApproval',
          legalRepresentative: body.legalRepresentative,
          webMaster: body.webMaster,
          detail: {
            requestType: flow,
            parentLocationId: body.parentLocationId,
            locationId: body.locationId ?? null,
            siteTypeId: body.siteTypeId,
            ...(newSite ? { site: newSite, allowedUrl: newSite.allowedUrl } : {}),
            files: stored.map((file) => ({ fileID: file.id, name: file.name, filePath: `/api/v1/files/${file.id}` })),
            terms: { termsVersion: terms.terms.version, dataTreatmentVersion: terms.dataTreatment.version },
          },
        })
        .returning({ id: siteRequests.id });
      const requestId = created!.id;
      await tx.execute(sql`update sites set pending_request = true, modified_date = now() where id = ${siteId}`);
      await attachFiles(tx, { resource: SITE_REQUEST_FILES_RESOURCE, recordId: requestId }, stored.map((file) => file.id));

      const applicant = body.legalRepresentative as Record<string, string>;
      await tx.insert(termsAcceptances).values([
        { kind: TERMS_SETTINGS.terms.kind, version: terms.terms.version, siteRequestId: requestId, email: applicant.email! },
        { kind: TERMS_SETTINGS.dataTreatment.kind, version: terms.dataTreatment.version, siteRequestId: requestId, email: applicant.email! },
      ]);
      const values = {
        name: applicant.name,
        id: requestId,
        kind: t(`newSite.mail.kinds.${kind}`),
        site: siteName,
        termsVersion: terms.terms.version,
        dataTreatmentVersion: terms.dataTreatment.version,
      };
      await queueMail(tx, {
        to: applicant.email!,
        template: NEW_SITE_MAIL_TEMPLATE,
        subject: t('newSite.mail.received_subject', values),
        text: t('newSite.mail.received_text', values),
        related: { resource: SITE_REQUEST_FILES_RESOURCE, id: requestId },
        createdBy: null,
      });
      await writeAudit(tx, request, {
        action: 'create',
        resource: SITE_REQUEST_FILES_RESOURCE,
        recordId: requestId,
        recordLabel: siteName,
        // The applicant is not a user: the actor is 'anónimo' (with the request's address); the e-mail they typed is
        // part of the record, not an identity.
        after: { siteId, kind, status: 'PendingApproval', applicantEmail: applicant.email! },
        actor: { id: null, email: t('newSite.server.anonymous_actor') },
      });
      return { id: requestId, siteId, kind, status: 'PendingApproval' as const };
    });
  } catch (error) {
    // The unique index `site_requests_one_pending`: another request for this site won the race.
    if (postgresErrorCode(error) === UNIQUE_VIOLATION && postgresConstraint(error) === 'site_requests_one_pending') throw conflict('RequestAlreadyPending', 'newSite.server.pending_exists', 'siteId');
    throw error;
  }
}
