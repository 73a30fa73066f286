/**
 * Hand routes: the jobs service (progress, items, cancellation), each job checked against its kind.
 *
 * Following background jobs: state, progress and per-item results, and cancellation. Routes are open to
 * any signed-in superadmin; each job then checks its kind's permissions (server/jobs/view.ts).
 */
import type { FastifyInstance } from 'fastify';
import { JOB_ITEM_STATES, JOB_STATUSES } from '../../resources/jobs';
import { idParam } from '../http/params';
import { apiRoute, currentUser } from '../http/route';
import { listEnvelopeSchema } from '../resources/openapi';
import { listQuerySchema } from '../lists/listQuery';
import { cancelJob, jobItemListSpec, listJobItems, readJobView } from '../jobs/view';

const idParams = { type: 'object', properties: { id: { type: 'string', description: 'Id del trabajo' } } } as const;

/** A job as GET /jobs/{id} answers it (documented only: resources/jobs.ts JobView). */
const jobViewSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    kind: { type: 'string', description: 'Tipo de trabajo' },
    status: { type: 'string', enum: [...JOB_STATUSES], description: 'Estado del trabajo' },
    progress: {
      type: 'object',
      properties: { done: { type: 'integer' }, total: { type: 'integer', nullable: true }, percent: { type: 'integer', minimum: 0, maximum: 100 } },
    },
    counts: {
      type: 'object',
      description: 'Elementos por estado',
      properties: Object.fromEntries(JOB_ITEM_STATES.map((state) => [state, { type: 'integer' }])),
    },
    error: { type: 'string', nullable: true, description: 'Mensaje del último fallo' },
    result: { type: 'object', nullable: true, additionalProperties: true, description: 'Resultado, según el tipo de trabajo' },
    attempts: { type: 'integer' },
    cancelRequested: { type: 'boolean' },
    createdBy: { type: 'integer', nullable: true },
    createdAt: { type: 'string', format: 'date-time' },
    startedAt: { type: 'string', format: 'date-time', nullable: true },
    finishedAt: { type: 'string', format: 'date-time', nullable: true },
    runAfter: { type: 'string', format: 'date-time', description: 'Cuándo vuelve a ejecutarse un trabajo en reintento' },
  },
};

const jobItemSchema = {
  type: 'object',
  properties: {
    key: { type: 'string' },
    state: { type: 'string', enum: [...JOB_ITEM_STATES] },
    message: { type: 'string', nullable: true },
    finishedAt: { type: 'string', format: 'date-time', nullable: true },
  },
};

export function registerJobRoutes(app: FastifyInstance): void {
  const { database } = app.ctx;
  apiRoute(app, {
    method: 'GET',
    url: '/jobs/:id',
    access: 'authenticated',
    summary: 'Estado de un trabajo en segundo plano: progreso, conteo por estado de sus elementos, error y resultado (permisos del tipo de trabajo)',
    tags: ['Trabajos'],
    schema: { params: idParams },
    documentedResponses: { 200: jobViewSchema },
    // 403: the job's kind needs a permission the caller lacks.
    errorResponses: [403],
    handler: async (request) => readJobView(database, currentUser(request), idParam(request)),
  });
  apiRoute(app, {
    method: 'GET',
    url: '/jobs/:id/items',
    access: 'authenticated',
    summary: 'Elementos de un trabajo con su estado y mensaje, paginados (permisos del tipo de trabajo)',
    tags: ['Trabajos'],
    schema: {
      params: idParams,
      querystring: listQuerySchema(jobItemListSpec),
    },
    documentedResponses: { 200: listEnvelopeSchema(jobItemSchema) },
    errorResponses: [403],
    handler: async (request) => listJobItems(database, currentUser(request), idParam(request), request.query),
  });
  apiRoute(app, {
    method: 'POST',
    url: '/jobs/:id/cancel',
    access: 'authenticated',
    summary: 'Cancela un trabajo: en cola, de inmediato; en ejecución, antes de su siguiente elemento (permisos del tipo de trabajo)',
    tags: ['Trabajos'],
    schema: { params: idParams },
    documentedResponses: { 200: jobViewSchema },
    // 409: the job has already finished.
    errorResponses: [403, 409],
    handler: async (request) => cancelJob(database, currentUser(request), idParam(request)),
  });
}
