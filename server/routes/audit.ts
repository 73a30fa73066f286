/**
 * The audit trail (docs/decisions.md 'Audit trail'): GET /audit/ and the users of its filter
 * (GET /audit/actors/), both with the screen's own access (Settings), so the screen works for
 * everyone who can open it.
 */
import type { FastifyInstance } from 'fastify';
import { listAudit, listAuditActors } from '../auth/auditLog';
import { pagingQueryProperties } from '../http/paging';
import { apiRoute } from '../http/route';
import { auditResource } from '../../resources/audit';

/** Who opens /configuracion/auditoria: every call the screen makes needs exactly that. */
const SCREEN_ACCESS = { permissions: auditResource.routeAccess };

export function registerAuditRoutes(app: FastifyInstance): void {
  apiRoute(app, {
    method: 'GET',
    url: '/audit/',
    access: SCREEN_ACCESS,
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

  apiRoute(app, {
    method: 'GET',
    url: '/audit/actors/',
    access: SCREEN_ACCESS,
    summary: 'Usuarios del filtro de auditoría: superadministradores con registros en la auditoría, por nombre o correo',
    tags: ['Auditoría'],
    schema: {
      querystring: {
        type: 'object',
        properties: {
          ...pagingQueryProperties({ defaultPageSize: 20, maxPageSize: 100 }),
          search: { type: 'string', description: 'Texto buscado en el nombre o el correo' },
          q: { type: 'string', description: 'Igual que search' },
        },
      },
    },
    handler: async (request) => listAuditActors(app, request.query),
  });
}
