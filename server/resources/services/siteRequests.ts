/**
 * Site requests (resources/siteRequests.ts): the `changeStatus` action, `PUT /siterequests/changestatus/{id}` (spec 01
 * §4, §7; issue 9 'Requests'), in the action's transaction with the request locked by the engine:
 * - the status moves from PendingApproval only, in one statement (`update … where status = 'PendingApproval'`): a
 *   request already processed — by an earlier call or a simultaneous one that committed first — answers 409
 *   `RequestAlreadyProcessed`;
 * - the site's `pendingRequest` flag follows its requests still pending;
 * - an approval queues the installation job (`sites.install`, payload `{ requestId }`) and answers its id;
 * - a rejection keeps its reason, queues the rejection e-mail to the applicant (mail log outbox, sent after the
 *   commit by the mail processor) and, for a UserMade request, marks the site the wizard created deleted and frees
 *   its domains, so that the site list's counts and the URL check stay right.
 * The engine writes the audit line (action `changeStatus`, before: the request, after: the answer).
 * And the view `administrator`, `GET /siterequests/administrator/{id}` (spec 01 §7): the administrator profile of a
 * request in the spec's shape (spec 01 §3: the legal representative's fields, the webmaster's prefixed `webMaster`, and
 * the request's files), for the detail's Solicitudes tab; access: reading requests.
 */
import { inArray, sql } from 'drizzle-orm';
import { SITE_REQUEST_MAIL } from '../../../resources/siteRequests';
import {
  administratorProfile,
  PROFILE_FIELDS,
  requestFileIds,
  webMasterKey,
  changeStatusSchema,
  personName,
  rejectionRecipients,
  type ChangeStatusBody,
} from '../../../resources/siteRequestRules';
import type { Db } from '../../db/connection';
import { files } from '../../db/schema';
import { ApiError, notFound } from '../../http/errors';
import { currentUser } from '../../http/route';
import { t } from '../../i18n';
import { enqueueJob, jobOrigin } from '../../jobs';
import { queueMail } from '../../mail/mailLog';
import { arrayOfObjects } from '../openapi';
import { ResourceService, type ActionContext, type CustomActionHandler, type ViewContext, type ViewHandler } from './base';
import { SITE_INSTALL_JOB } from '../../sites/installation/job';
import { queryRows as rows } from '../../db/rows';
import { wizardViews } from '../../newSite/views';

/** The installation job an approval queues, payload `{ requestId }` (registered by server/sites/installation/job.ts). */
export const SITE_INSTALL_JOB_KIND = SITE_INSTALL_JOB;

/** 409 when the request is no longer pending (spec 01 §4: only PendingApproval becomes Approved or Rejected). */
export function alreadyProcessed(): ApiError {
  const message = t('resources.siterequests.errors.already_processed');
  return new ApiError(409, 'RequestAlreadyProcessed', message, [{ code: 'RequestAlreadyProcessed', target: 'status', message }]);
}

interface ProcessedRow {
  id: number;
  site_id: number;
  kind: string;
  status: string;
  response_message: string | null;
  processed_date: string | Date;
  legal_representative: unknown;
  web_master: unknown;
  detail: unknown;
}

/** The site's pending-request flag, from the requests still pending (a new statement: it sees this transaction's update). */
async function refreshPendingFlag(tx: Db, siteId: number): Promise<void> {
  await tx.execute(sql`update sites set pending_request = exists (
      select 1 from site_requests r where r.site_id = ${siteId} and r.status = 'PendingApproval')
    where id = ${siteId}`);
}

/** A rejected UserMade request: the site the wizard created with it is marked deleted and its domains are freed. */
async function dropUserMadeSite(tx: Db, siteId: number): Promise<void> {
  const dropped = await rows<{ id: number }>(
    tx,
    sql`update sites set is_deleted = true, modified_date = now() where id = ${siteId} and user_made and not installed and not is_deleted returning id`,
  );
  if (dropped.length > 0) await tx.execute(sql`delete from site_domains where site_id = ${siteId}`);
}

async function queueRejectionMail(tx: Db, processed: ProcessedRow, createdBy: number | null): Promise<number> {
  const profile = administratorProfile({
    id: processed.id,
    siteId: processed.site_id,
    kind: processed.kind,
    status: processed.status,
    legalRepresentative: processed.legal_representative,
    webMaster: processed.web_master,
  });
  const [site] = await rows<{ name: string }>(tx, sql`select name from sites where id = ${processed.site_id}`);
  const recipients = rejectionRecipients(profile);
  for (const to of recipients) {
    const who = to === profile.email.trim().toLowerCase() ? personName(profile, 'legalRepresentative') : personName(profile, 'webMaster');
    const values = { name: who, site: site?.name ?? '', reason: processed.response_message ?? '' };
    await queueMail(tx, {
      template: SITE_REQUEST_MAIL.rejected,
      to,
      subject: t('resources.siterequests.mail.rejected_subject', values),
      text: t('resources.siterequests.mail.rejected_text', values),
      related: { resource: 'siterequests', id: processed.id },
      createdBy,
    });
  }
  return recipients.length;
}

const changeStatus: CustomActionHandler = {
  summary: 'Aprobar o rechazar una solicitud pendiente (status Approved o Rejected; responseMessage, el motivo, obligatorio al rechazar: 50 a 2000 caracteres). Aprobar encola la instalación y responde su jobId',
  schema: changeStatusSchema,
  bodySchema: {
    type: 'object',
    properties: {
      status: { description: 'Approved o Rejected' },
      responseMessage: { description: 'Motivo del rechazo (50 a 2000 caracteres; obligatorio al rechazar)' },
    },
  },
  responseSchema: {
    type: 'object',
    properties: {
      id: { type: 'integer' },
      siteId: { type: 'integer' },
      kind: { type: 'string' },
      status: { type: 'string', enum: ['Approved', 'Rejected'] },
      responseMessage: { type: 'string', nullable: true },
      processedDate: { type: 'string', format: 'date-time' },
      jobId: { type: 'integer', nullable: true, description: 'El trabajo de instalación (GET /jobs/{id}) de una aprobación; null al rechazar' },
    },
  },
  // 409 RequestAlreadyProcessed.
  errorResponses: [409],
  async run({ tx, request, record, body }: ActionContext) {
    const { status, responseMessage } = body as ChangeStatusBody;
    const requestId = Number(record!.id);
    const reason = status === 'Rejected' ? (responseMessage ?? null) : (responseMessage || null);
    // The rule lives in the statement: whatever the code read before, only a pending row changes.
    const [processed] = await rows<ProcessedRow>(
      tx,
      sql`update site_requests set status = ${status}, response_message = ${reason}, processed_date = now()
        where id = ${requestId} and status = 'PendingApproval'
        returning id, site_id, kind, status, response_message, processed_date, legal_representative, web_master, detail`,
    );
    if (!processed) throw alreadyProcessed();
    const siteId = Number(processed.site_id);
    await refreshPendingFlag(tx, siteId);
    let jobId: number | null = null;
    if (status === 'Approved') {
      // The installation job (server/sites/installation/job.ts registers the kind); without it nothing is approved.
      jobId = await enqueueJob(tx, { kind: SITE_INSTALL_JOB_KIND, payload: { requestId }, ...jobOrigin(request) });
    } else {
      if (processed.kind === 'UserMade') await dropUserMadeSite(tx, siteId);
      await queueRejectionMail(tx, processed, currentUser(request).id);
    }
    return {
      id: requestId,
      siteId,
      kind: processed.kind,
      status: processed.status,
      responseMessage: processed.response_message,
      processedDate: new Date(processed.processed_date).toISOString(),
      jobId,
    };
  },
};

const profileText = { type: 'string' } as const;

/** The view `administrator`, `GET /siterequests/administrator/{id}`: the profile in the spec's shape (spec 01 §3). */
const administrator: ViewHandler = {
  summary: 'Perfil del administrador de una solicitud: representante legal, webmaster (campos con prefijo webMaster) y archivos',
  responseSchema: {
    type: 'object',
    properties: {
      id: { type: 'integer' },
      siteId: { type: 'integer' },
      kind: { type: 'string', enum: ['FirstTime', 'ChangeAdmin', 'UserMade'] },
      status: { type: 'string', enum: ['PendingApproval', 'Approved', 'Rejected'] },
      ...Object.fromEntries(PROFILE_FIELDS.flatMap((field) => [[field, profileText], [webMasterKey(field), profileText]])),
      files: arrayOfObjects({
        fileID: { type: 'string', nullable: true },
        name: { type: 'string' },
        filePath: { type: 'string', nullable: true },
        owner: { type: 'string', nullable: true, enum: ['legalRepresentative', 'webMaster', null] },
      }),
    },
  },
  async run({ db, id }: ViewContext) {
    const [row] = await rows<Omit<ProcessedRow, 'response_message' | 'processed_date'>>(
      db,
      sql`select r.id, r.site_id, r.kind, r.status, r.legal_representative, r.web_master, r.detail
        from site_requests r join sites s on s.id = r.site_id where r.id = ${id}`,
    );
    if (!row) throw notFound();
    const ids = requestFileIds(row.detail).filter((fileId) => /^[0-9a-f-]{36}$/i.test(fileId));
    const stored = ids.length > 0 ? await db.select({ id: files.id, name: files.name }).from(files).where(inArray(files.id, ids)) : [];
    return administratorProfile(
      {
        id: Number(row.id),
        siteId: Number(row.site_id),
        kind: row.kind,
        status: row.status,
        legalRepresentative: row.legal_representative,
        webMaster: row.web_master,
        detail: row.detail,
      },
      new Map(stored.map((file) => [file.id, file.name])),
    );
  },
};

export class SiteRequestsService extends ResourceService {
  override readonly actions: Record<string, CustomActionHandler> = { changeStatus };
  override readonly views: Record<string, ViewHandler> = { administrator, ...wizardViews };
}
