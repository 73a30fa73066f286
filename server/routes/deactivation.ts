/**
 * Hand routes: a job-backed workflow (count, queue, undo). The recent runs (`GET /siteusers/delete/`) and the entity lookup
 * (`GET /siteusers/delete/sites`) are the siteusers declaration's views (server/resources/services/people.ts).
 *
 * Bulk deactivation of administrators (spec 01 §7 POST /siteusers/delete/; server/users/deactivation.ts): the
 * count before confirming, the request that queues the job, the recent runs with their undo, the undo itself and
 * the entity lookup of mode 3. Access: the area of /administradores/eliminar (spec 01 §2 and §6: Settings).
 */
import type { FastifyInstance } from 'fastify';
import { AREAS } from '../../resources/areas';
import { idParam } from '../http/params';
import { apiRoute } from '../http/route';
import {
  countDeactivation,
  parseDeleteRequest,
  requestDeactivation,
  undoDeactivation,
} from '../users/deactivation';

const ACCESS = { permissions: AREAS['users.delete'].permissions };
const TAGS = ['Inactivación masiva de administradores'];

const list = (description: string) => ({ type: 'string', maxLength: 30_000, description: `${description}, separados por comas` });

/** The delete-by-filter request of spec 01 §3: each list comma-separated; the mode follows from which are given. */
const filterSchema = {
  type: 'object',
  properties: {
    locations: list('Códigos DANE de municipios (0 = todos)'),
    parentLocations: list('Códigos DANE de departamentos (0 = todos)'),
    siteTypes: list('Tipos de entidad (modos Total y Segmentada)'),
    sites: list('Entidad (modo Una entidad)'),
    groups: list('Grupos de entidades (modo Grupos)'),
  },
} as const;

const countSchema = {
  type: 'object',
  properties: {
    administrators: { type: 'integer', description: 'Administradores activos que coinciden' },
    portals: { type: 'integer', description: 'Portales alcanzados' },
  },
  required: ['administrators', 'portals'],
} as const;

export function registerDeactivationRoutes(app: FastifyInstance): void {
  const { database } = app.ctx;

  apiRoute(app, {
    method: 'GET',
    url: '/siteusers/delete/count',
    access: ACCESS,
    summary: 'Cuántos administradores activos inactivaría un filtro (el número que se confirma antes de enviar)',
    tags: TAGS,
    schema: { querystring: filterSchema, response: { 200: countSchema } },
    handler: async (request) => countDeactivation(database.db, parseDeleteRequest(request.query)),
  });

  apiRoute(app, {
    method: 'POST',
    url: '/siteusers/delete/',
    access: ACCESS,
    summary: 'Inactivar (nunca eliminar) los administradores activos que coinciden con el filtro: encola un trabajo',
    tags: TAGS,
    schema: {
      body: filterSchema,
      response: {
        202: {
          type: 'object',
          properties: { jobId: { type: 'integer' }, count: { type: 'integer', description: 'Administradores que se inactivarán' } },
          required: ['jobId', 'count'],
        },
      },
    },
    handler: async (request, reply) => reply.status(202).send(await requestDeactivation(database, request)),
  });

  apiRoute(app, {
    method: 'POST',
    url: '/siteusers/delete/:jobId/undo',
    access: ACCESS,
    summary: 'Deshacer una inactivación masiva (una vez, hasta 24 horas después de terminar): reactiva solo los administradores que ella inactivó y nadie cambió después',
    tags: TAGS,
    errorResponses: [409],
    schema: {
      params: { type: 'object', properties: { jobId: { type: 'string', maxLength: 40, description: 'Id del trabajo de inactivación' } } },
      response: { 200: { type: 'object', properties: { restored: { type: 'integer' } }, required: ['restored'] } },
    },
    handler: async (request) => {
      // An id no job can have (not a positive integer of the jobs table) is a job that does not exist.
      return undoDeactivation(database, request, idParam(request, 'jobId'));
    },
  });
}
