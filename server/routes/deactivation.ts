/**
 * Hand routes: a job-backed workflow (count, queue, undo); its two GET reads are still to become engine views (issue 22).
 *
 * Bulk deactivation of administrators (spec 01 §7 POST /siteusers/delete/; server/users/deactivation.ts): the
 * count before confirming, the request that queues the job, the recent runs with their undo, the undo itself and
 * the entity lookup of mode 3. Access: the area of /administradores/eliminar (spec 01 §2 and §6: Settings).
 */
import type { FastifyInstance } from 'fastify';
import { AREAS } from '../../resources/areas';
import { ENTITY_SEARCH_MIN_LENGTH } from '../../resources/deactivation';
import { idParam } from '../http/params';
import { apiRoute } from '../http/route';
import {
  countDeactivation,
  parseDeleteRequest,
  recentDeactivations,
  requestDeactivation,
  searchEntities,
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

const dateTime = { type: 'string', format: 'date-time' } as const;
const nullableDateTime = { type: 'string', format: 'date-time', nullable: true } as const;

const runSchema = {
  type: 'object',
  properties: {
    jobId: { type: 'integer' },
    status: { type: 'string' },
    createdAt: dateTime,
    finishedAt: nullableDateTime,
    createdByEmail: { type: 'string', nullable: true },
    matched: { type: 'integer', description: 'Administradores que coincidieron al confirmar' },
    deactivated: { type: 'integer', description: 'Administradores inactivados por el trabajo' },
    undoUntil: { ...nullableDateTime, description: 'Hasta cuándo se puede deshacer' },
    undoneAt: nullableDateTime,
    restored: { type: 'integer', nullable: true, description: 'Administradores reactivados al deshacer' },
    canUndo: { type: 'boolean' },
  },
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
    method: 'GET',
    url: '/siteusers/delete/',
    access: ACCESS,
    summary: 'Inactivaciones masivas de las últimas 24 horas, con su estado y si aún se pueden deshacer',
    tags: TAGS,
    schema: { response: { 200: { type: 'object', properties: { results: { type: 'array', items: runSchema } } } } },
    handler: async () => recentDeactivations(database),
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

  apiRoute(app, {
    method: 'GET',
    url: '/siteusers/delete/sites',
    access: ACCESS,
    summary: `Entidades para el modo Una entidad, por parte del nombre (desde ${ENTITY_SEARCH_MIN_LENGTH} caracteres)`,
    tags: TAGS,
    schema: {
      querystring: { type: 'object', properties: { name: { type: 'string', maxLength: 200, description: 'Parte del nombre' } } },
      response: {
        200: {
          type: 'object',
          properties: {
            results: {
              type: 'array',
              items: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' }, location: { type: 'string', nullable: true } } },
            },
          },
        },
      },
    },
    handler: async (request) => searchEntities(database, (request.query as { name?: string }).name ?? ''),
  });
}
