/**
 * `POST /siterequests/{id}/install` (Sites): retries the installation of an approved request (issue 9, the job in
 * server/sites/installation/job.ts). A failed, cancelled or waiting installation goes back to the queue and resumes at
 * the step where it stopped (its finished steps are kept); an approved request without an installation job gets one.
 * The request's row is locked while deciding, so two retries at once queue one job: the second answers 409.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SITES } from '../../resources/areas';
import { writeAudit } from '../audit/audit';
import { ApiError, notFound } from '../http/errors';
import { apiRoute } from '../http/route';
import { t } from '../i18n';
import { enqueueJob, jobOrigin, requeueJob } from '../jobs';
import { recordState, SITE_INSTALL_JOB } from '../sites/installation/job';

const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];

export function registerInstallationRoutes(app: FastifyInstance): void {
  const { database } = app.ctx;

  apiRoute(app, {
    method: 'POST',
    url: '/siterequests/:id/install',
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
      const raw = (request.params as { id: string }).id;
      const requestId = /^[0-9]{1,10}$/.test(raw) ? Number(raw) : 0;
      if (requestId < 1 || requestId > 2_147_483_647) throw notFound();
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
}
