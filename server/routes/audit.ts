/** The audit trail (docs/decisions.md 'Audit trail'): GET /audit/ for holders of Settings. */
import type { FastifyInstance } from 'fastify';
import { listAudit } from '../auth/auditLog';
import { pagingQueryProperties } from '../http/paging';
import { apiRoute } from '../http/route';

export function registerAuditRoutes(app: FastifyInstance): void {
  apiRoute(app, {
    method: 'GET',
    url: '/audit/',
    access: { permissions: ['Settings'] },
    summary: 'Registro de auditoría: quién cambió qué, cuándo y desde dónde (más reciente primero)',
    tags: ['Auditoría'],
    schema: {
      querystring: {
        type: 'object',
        properties: {
          ...pagingQueryProperties({ defaultPageSize: 20, maxPageSize: 100 }),
          userId: { type: 'string', description: 'Id del usuario que actuó' },
          resource: { type: 'string', description: 'Recurso (p. ej. superadmins, auth, sitetypes)' },
          from: { type: 'string', description: 'Desde (fecha u hora ISO 8601)' },
          to: { type: 'string', description: 'Hasta (fecha ISO: incluye el día completo)' },
        },
      },
    },
    handler: async (request) => listAudit(app, request.query),
  });
}
