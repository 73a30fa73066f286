/**
 * Hand route: a computation over the audience service (no record of a declaration), answered with its own rules.
 *
 * POST /audience/reach: how many portals and administrators an audience reaches (server/audience, spec 02 §4).
 */
import type { FastifyInstance } from 'fastify';
import { AUDIENCE_MAX_ITEMS } from '../../resources/audience';
import { audienceReach, parseAudience } from '../audience/resolve';
import { apiRoute } from '../http/route';

const idList = (description: string) => ({
  type: 'array',
  maxItems: AUDIENCE_MAX_ITEMS,
  items: { type: 'integer', minimum: 0, maximum: 2_147_483_647 },
  description,
});

export function registerAudienceRoutes(app: FastifyInstance): void {
  apiRoute(app, {
    method: 'POST',
    url: '/audience/reach',
    access: 'authenticated',
    summary: 'Alcance de una segmentación: portales activos y sus administradores activos',
    tags: ['Segmentación'],
    schema: {
      body: {
        type: 'object',
        properties: {
          segment: { type: 'integer', enum: [0, 1, 2], description: '0 todo el país, 1 departamentos y municipios, 2 grupos' },
          departments: idList('Códigos DANE de departamentos (0 = todos)'),
          municipalities: idList('Códigos DANE de municipios (0 = todos)'),
          groups: idList('Grupos de entidades'),
          siteTypes: idList('Tipos de entidad (no aplican a grupos)'),
        },
      },
      response: {
        200: {
          type: 'object',
          properties: { portals: { type: 'integer' }, administrators: { type: 'integer' } },
          required: ['portals', 'administrators'],
        },
      },
    },
    handler: async (request) => audienceReach(app.ctx.database, parseAudience(request.body)),
  });
}
