/**
 * The audit trail (docs/decisions.md 'Audit trail'): GET /audit/ and the users of its filter
 * (GET /audit/actors/), both with the screen's own access (Settings), so the screen works for
 * everyone who can open it.
 */
import type { FastifyInstance } from 'fastify';
import { auditActorListSpec, auditListSpec, listAudit, listAuditActors } from '../auth/auditLog';
import { apiRoute } from '../http/route';
import { listQuerySchema } from '../lists/listQuery';
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
    schema: { querystring: listQuerySchema(auditListSpec) },
    handler: async (request) => listAudit(app, request.query),
  });

  apiRoute(app, {
    method: 'GET',
    url: '/audit/actors/',
    access: SCREEN_ACCESS,
    summary: 'Usuarios del filtro de auditoría: superadministradores con registros en la auditoría, por nombre o correo',
    tags: ['Auditoría'],
    schema: { querystring: listQuerySchema(auditActorListSpec) },
    handler: async (request) => listAuditActors(app, request.query),
  });
}
