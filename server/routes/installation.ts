/**
 * Hand routes: a job-backed workflow (requeue the installation job, own audit action `install_retry`) and portal-key activation.
 *
 * `POST /siterequests/install/{id}` (Sites): retries the installation of an approved request (issue 9, the job in
 * server/sites/installation/job.ts). A failed, cancelled or waiting installation goes back to the queue and resumes at
 * the step where it stopped (its finished steps are kept); an approved request without an installation job gets one.
 * The request's row is locked while deciding, so two retries at once queue one job: the second answers 409.
 *
 * `POST /portal/administrators/activate` (portal key): the portal redeems the activation link e-mailed to a new main
 * administrator (`<portal>/administrador/activar#token=…`) with the password the administrator chose; the token is
 * single use, expires with the invitations (INVITATION_TTL_MINUTES) and only opens an administrator of that portal.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SITES } from '../../resources/areas';
import { writeAudit } from '../audit/audit';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../resources/people/rules';
import { writeAuditAs } from '../audit/audit';
import { sha256 } from '../auth/digest';
import { hashPassword } from '../auth/passwords';
import { ApiError, badArgument, notFound } from '../http/errors';
import { clientAddress } from '../http/clientAddress';
import { idParam } from '../http/params';
import { apiRoute, currentPortal } from '../http/route';
import { t } from '../i18n';
import { enqueueJob, jobOrigin, requeueJob } from '../jobs';
import { recordState, SITE_INSTALL_JOB } from '../sites/installation/job';

const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];

export function registerInstallationRoutes(app: FastifyInstance): void {
  const { database } = app.ctx;

  apiRoute(app, {
    method: 'POST',
    url: '/siterequests/install/:id',
    access: { permissions: SITES },
    summary: 'Reintentar la instalación de una solicitud aprobada: continúa desde el paso en que se detuvo',
    tags: ['Solicitudes'],
    errorResponses: [409],
    schema: {
      params: { type: 'object', required: ['id'], properties: { id: { type: 'string', maxLength: 40, description: 'Id de la solicitud' } } },
      response: {
        202: {
          type: 'object',
          properties: { jobId: { type: 'integer', description: 'Trabajo de instalación (GET /jobs/{id})' } },
          required: ['jobId'],
        },
      },
    },
    handler: async (request, reply) => {
      const requestId = idParam(request);
      const jobId = await database.db.transaction(async (tx) => {
        const [siteRequest] = rowsOf<{ id: number; status: string; siteId: number }>(
          await tx.execute(sql`select id, status, site_id as "siteId" from site_requests where id = ${requestId} for update`),
        );
        if (!siteRequest) throw notFound();
        if (siteRequest.status !== 'Approved') throw new ApiError(409, 'RequestNotApproved', t('installation.errors.not_approved'));
        const [job] = rowsOf<{ id: number; status: string }>(
          await tx.execute(sql`select id, status from jobs where kind = ${SITE_INSTALL_JOB} and payload->>'requestId' = ${String(requestId)}
            order by id desc limit 1`),
        );
        let id: number;
        if (!job) {
          id = await enqueueJob(tx, { kind: SITE_INSTALL_JOB, payload: { requestId }, ...jobOrigin(request) });
        } else if (job.status === 'done') {
          throw new ApiError(409, 'InstallationDone', t('installation.errors.done'));
        } else if (await requeueJob(tx, Number(job.id))) {
          id = Number(job.id);
        } else {
          throw new ApiError(409, 'InstallationInProgress', t('installation.errors.in_progress'));
        }
        await recordState(tx, requestId, { jobId: id, status: 'queued' });
        await writeAudit(tx, request, { action: 'install_retry', resource: 'siterequests', recordId: requestId, after: { jobId: id, siteId: siteRequest.siteId } });
        return id;
      });
      return reply.status(202).send({ jobId });
    },
  });

  apiRoute(app, {
    method: 'POST',
    url: '/portal/administrators/activate',
    access: 'portal',
    summary: 'El portal activa la cuenta de un administrador principal con el enlace que recibió por correo y la contraseña que eligió',
    tags: ['API de portales'],
    schema: {
      body: {
        type: 'object',
        properties: {
          token: { type: 'string', description: 'El token del enlace de activación' },
          password: { type: 'string', description: `La contraseña elegida (${PASSWORD_MIN} a ${PASSWORD_MAX} caracteres)` },
        },
      },
    },
    documentedResponses: {
      200: {
        type: 'object',
        properties: { userId: { type: 'integer' }, name: { type: 'string' }, email: { type: 'string' }, adminType: { type: 'string', nullable: true } },
      },
    },
    handler: async (request) => {
      const { siteId } = currentPortal(request);
      const body = (request.body ?? {}) as { token?: unknown; password?: unknown };
      if (typeof body.token !== 'string' || body.token.length === 0 || body.token.length > 200) throw badArgument('token', 'installation.errors.activation_invalid');
      if (typeof body.password !== 'string' || body.password.length < PASSWORD_MIN) throw badArgument('password', 'people.validation.password_min');
      if (body.password.length > PASSWORD_MAX) throw badArgument('password', 'people.validation.password_max');
      const passwordHash = await hashPassword(body.password);
      const tokenHash = sha256(body.token);
      return database.db.transaction(async (tx) => {
        // One use: only the first conditional update finds the link unused, unexpired and of this portal's administrator.
        const [user] = rowsOf<{ id: number; name: string; email: string; adminType: string | null }>(
          await tx.execute(sql`update password_resets pr set used_at = now() from users u
            where pr.token_hash = ${tokenHash} and pr.used_at is null and pr.expires_at > now()
              and u.id = pr.user_id and u.user_type_id = 1 and u.site_id = ${siteId} and not u.deleted
            returning u.id, u.name, u.email, u.admin_type as "adminType"`),
        );
        if (!user) throw badArgument('token', 'installation.errors.activation_invalid');
        await tx.execute(sql`update users set password_hash = ${passwordHash}, modified_date = now() where id = ${user.id}`);
        await writeAuditAs(tx, { actor: { id: Number(user.id), email: user.email }, address: clientAddress(request) }, {
          action: 'activate',
          resource: 'administrators',
          recordId: user.id,
          recordLabel: user.email,
          after: { siteId, adminType: user.adminType },
        });
        return { userId: Number(user.id), name: user.name, email: user.email, adminType: user.adminType };
      });
    },
  });
}
