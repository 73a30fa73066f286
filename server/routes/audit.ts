/**
 * The audit screen's user filter, GET /audit/actors/ (docs/decisions.md 'Audit trail'): the superadmins found in the
 * trail. The trail itself (GET /audit/, /audit/{id}, /audit/export) is the engine's (resources/audit.ts); this route
 * has the screen's access (the declaration's read: Settings), so the filter works for everyone who opens the screen.
 */
import type { FastifyInstance } from 'fastify';
import { auditActorListSpec, listAuditActors } from '../auth/auditLog';
import { apiRoute } from '../http/route';
import { resourceAccess } from '../resources/access';
import { listEnvelopeSchema } from '../resources/openapi';
import { listQuerySchema } from '../lists/listQuery';
import { auditResource } from '../../resources/audit';

const actorSchema = {
  type: 'object',
  properties: { id: { type: 'integer' }, name: { type: 'string' }, email: { type: 'string' } },
} as const;

export function registerAuditRoutes(app: FastifyInstance): void {
  apiRoute(app, {
    method: 'GET',
    url: '/audit/actors/',
    etag: true,
    access: resourceAccess(auditResource.permissions.read),
    summary: 'Usuarios del filtro de auditoría: superadministradores con registros en la auditoría, por nombre o correo',
    tags: [auditResource.name],
    schema: { querystring: listQuerySchema(auditActorListSpec) },
    documentedResponses: { 200: listEnvelopeSchema(actorSchema) },
    handler: async (request) => listAuditActors(app, request.query, request.dataVersion),
  });
}
