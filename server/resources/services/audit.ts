/**
 * The audit trail (resources/audit.ts): the view `actors`, `GET /audit/actors/` (docs/decisions/0010-audit-trail.md), the
 * screen's user filter: the superadmins found in the trail, by name or e-mail, with the declaration's read access, so
 * the filter works for everyone who opens the screen.
 */
import { auditActorListSpec, listAuditActors } from '../../auth/auditLog';
import { listQuerySchema } from '../../lists/listQuery';
import { listEnvelopeSchema } from '../openapi';
import { ResourceService, type ViewHandler } from './base';

const actors: ViewHandler = {
  summary: 'Usuarios del filtro de auditoría: superadministradores con registros en la auditoría, por nombre o correo',
  querySchema: listQuerySchema(auditActorListSpec),
  responseSchema: listEnvelopeSchema({
    type: 'object',
    properties: { id: { type: 'integer' }, name: { type: 'string' }, email: { type: 'string' } },
  }),
  run: async ({ app, request }) => listAuditActors(app, request.query),
};

export class AuditService extends ResourceService {
  override readonly views: Record<string, ViewHandler> = { actors };
}
