/**
 * The mail log (docs/services.md 'Mail log'): GET /maillog/, the list the e-mail notification report
 * (/configuracion/exportar-reporte-correos, spec 03: a Settings sub-page) reads, newest first.
 */
import type { FastifyInstance } from 'fastify';
import { MAIL_STATES, mailLogFilterSchema } from '../../resources/maillog';
import { pagingQueryProperties } from '../http/paging';
import { apiRoute } from '../http/route';
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
    access: { permissions: ['Settings'] },
    summary: 'Registro de correos enviados por la plataforma: destinatario, plantilla, asunto, registro relacionado, estado y error (más reciente primero)',
    tags: ['Correos'],
    schema: {
      querystring: {
        type: 'object',
        properties: {
          ...pagingQueryProperties({ defaultPageSize: 20, maxPageSize: 100 }),
          template: { type: 'string', description: 'Plantilla (p. ej. auth.recovery, auth.invitation)' },
          state: { type: 'string', description: `Estado: ${MAIL_STATES.join(', ')}` },
          recipient: { type: 'string', description: 'Parte de la dirección del destinatario' },
          relatedResource: { type: 'string', description: 'Recurso del registro relacionado (p. ej. superadmins)' },
          relatedId: { type: 'string', description: 'Id (entero) del registro relacionado' },
          from: { type: 'string', description: 'Creado desde (fecha u hora ISO 8601)' },
          to: { type: 'string', description: 'Creado hasta (fecha ISO: incluye el día completo)' },
        },
      },
    },
    documentedResponses: { 200: listEnvelopeSchema(mailLogLineSchema) },
    handler: async (request) => {
      const raw = (request.query ?? {}) as Record<string, unknown>;
      const filter = await mailLogFilterSchema.validate(raw, { abortEarly: false, stripUnknown: true });
      return listMailLog(app.ctx.database, filter, raw.to);
    },
  });
}
