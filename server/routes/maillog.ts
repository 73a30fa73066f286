/**
 * Hand route: still to become an engine list (issue 22: the mail log has no declaration yet).
 *
 * The mail log (docs/services.md 'Mail log'): GET /maillog/, the list the e-mail notification report
 * (/configuracion/exportar-reporte-correos, spec 03: a Settings sub-page) reads, newest first.
 */
import type { FastifyInstance } from 'fastify';
import { AREAS } from '../../resources/areas';
import { MAIL_STATES, mailLogListSpec } from '../../resources/maillog';
import { apiRoute } from '../http/route';
import { listQuerySchema } from '../lists/listQuery';
import { listEnvelopeSchema } from '../resources/openapi';
import { listMailLog } from '../mail/mailLog';

const mailLogLineSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    to: { type: 'string' },
    template: { type: 'string' },
    subject: { type: 'string' },
    relatedResource: { type: 'string', nullable: true },
    relatedId: { type: 'integer', nullable: true },
    state: { type: 'string', enum: [...MAIL_STATES] },
    attempts: { type: 'integer' },
    nextAttemptAt: { type: 'string', format: 'date-time', nullable: true },
    lastError: { type: 'string', nullable: true },
    createdAt: { type: 'string', format: 'date-time' },
    sentAt: { type: 'string', format: 'date-time', nullable: true },
    createdBy: { type: 'integer', nullable: true },
  },
};

export function registerMailLogRoutes(app: FastifyInstance): void {
  apiRoute(app, {
    method: 'GET',
    url: '/maillog/',
    access: { permissions: AREAS['settings.emailReport'].permissions },
    summary: 'Registro de correos enviados por la plataforma: destinatario, plantilla, asunto, registro relacionado, estado y error (más reciente primero)',
    tags: ['Correos'],
    schema: { querystring: listQuerySchema(mailLogListSpec) },
    documentedResponses: { 200: listEnvelopeSchema(mailLogLineSchema) },
    handler: async (request) => listMailLog(app.ctx.database, request.query),
  });
}
