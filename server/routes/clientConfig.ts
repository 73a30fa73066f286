/**
 * Hand route: server settings, not data of any declaration.
 *
 * GET /clientconfig/: the server settings the browser needs at run time, so one build serves any deployment
 * (docs/decisions/0026-client-conventions.md). Public: the site-request wizard has a map too, and nothing in it is secret —
 * the tile server is also named in the Content-Security-Policy of every answer.
 */
import type { FastifyInstance } from 'fastify';
import { apiRoute } from '../http/route';

export interface ClientConfig {
  /** Leaflet tile template ({z}/{x}/{y}, optional {s}) from TILE_URL. */
  tileUrl: string;
}

export function registerClientConfigRoutes(app: FastifyInstance): void {
  apiRoute(app, {
    method: 'GET',
    url: '/clientconfig/',
    access: 'public',
    // Public: capped per address like the other public reads (answered 429 in Spanish).
    rateLimit: { max: 120, timeWindow: '1 minute' },
    summary: 'Configuración que la interfaz lee del servidor: la plantilla del servidor de teselas de los mapas (TILE_URL)',
    tags: ['Configuración'],
    schema: {
      response: {
        200: {
          type: 'object',
          required: ['tileUrl'],
          properties: { tileUrl: { type: 'string', description: 'Plantilla de teselas de Leaflet ({z}/{x}/{y}, {s} opcional)' } },
        },
      },
    },
    handler: async (): Promise<ClientConfig> => ({ tileUrl: app.ctx.config.tileUrl }),
  });
}
