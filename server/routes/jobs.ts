/**
 * Following background jobs: state, progress and per-item results, and cancellation. Routes are open to
 * any signed-in superadmin; each job then checks its kind's permissions (server/jobs/view.ts).
 */
import type { FastifyInstance } from 'fastify';
import { listQuerySchema } from '../lists/listQuery';
import { apiRoute, currentUser } from '../http/route';
import { cancelJob, jobItemListSpec, listJobItems, readJobView } from '../jobs/view';

const idParams = { type: 'object', properties: { id: { type: 'string', description: 'Id del trabajo' } } } as const;

export function registerJobRoutes(app: FastifyInstance): void {
  const { database } = app.ctx;
  apiRoute(app, {
    method: 'GET',
    url: '/jobs/:id',
    access: 'authenticated',
    summary: 'Estado de un trabajo en segundo plano: progreso, conteo por estado de sus elementos, error y resultado (permisos del tipo de trabajo)',
    tags: ['Trabajos'],
    schema: { params: idParams },
    handler: async (request) => readJobView(database, currentUser(request), (request.params as { id: string }).id),
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
    handler: async (request) => listJobItems(database, currentUser(request), (request.params as { id: string }).id, request.query),
  });
  apiRoute(app, {
    method: 'POST',
    url: '/jobs/:id/cancel',
    access: 'authenticated',
    summary: 'Cancela un trabajo: en cola, de inmediato; en ejecución, antes de su siguiente elemento (permisos del tipo de trabajo)',
    tags: ['Trabajos'],
    schema: { params: idParams },
    handler: async (request) => cancelJob(database, currentUser(request), (request.params as { id: string }).id),
  });
}
