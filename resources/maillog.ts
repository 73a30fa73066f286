/**
 * The mail log as the API shows it (GET /maillog/, server/mail/mailLog.ts): states, template names and the list's
 * query string. Pure data and functions, read by the server and by the browser (the e-mail notification report,
 * the mass e-mail history).
 */
import type { ListSpec } from './listQuery';

/** queued → sending → sent; a temporary failure waits in `retrying`; a permanent one (or the last attempt) ends `failed`. */
export const MAIL_STATES = ['queued', 'sending', 'retrying', 'sent', 'failed'] as const;
export type MailState = (typeof MAIL_STATES)[number];

/** The name of each message the platform sends (its Spanish label: i18n/es/maillog.ts `templates`). */
export const MAIL_TEMPLATES = {
  recovery: 'account.recovery',
  invitation: 'account.invitation',
  lock: 'account.lock',
  emailChanged: 'account.email_changed',
} as const;
export type MailTemplate = (typeof MAIL_TEMPLATES)[keyof typeof MAIL_TEMPLATES];

export interface MailLogRecord {
  id: number;
  to: string;
  template: string;
  subject: string;
  relatedResource: string | null;
  relatedId: string | null;
  state: MailState;
  attempts: number;
  /** When a `queued` or `retrying` message is (re)tried. */
  nextAttemptAt: string;
  /** The last failure (kept once sent after a retry). */
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
  createdBy: number | null;
}

/** GET /maillog/ (server/mail/mailLog.ts): its page sizes, order and filters, on the one list-query module. */
export const mailLogListSpec: ListSpec = {
  defaultPageSize: 20,
  maxPageSize: 100,
  orders: { createdAt: 'm.created_at', id: 'm.id' },
  defaultOrder: '-createdAt',
  tieBreaker: 'm.id',
  filters: {
    id: { kind: 'in', type: 'int', min: 1, sql: 'm.id', description: 'Correos por id' },
    template: { kind: 'eq', type: 'text', maxLength: 60, sql: 'm.template', description: 'Plantilla (p. ej. account.recovery, account.invitation)' },
    state: {
      kind: 'choice',
      choices: Object.fromEntries(MAIL_STATES.map((state) => [state, `m.state = '${state}'`])),
      description: `Estado: ${MAIL_STATES.join(', ')}`,
    },
    recipient: { kind: 'search', sql: ['m.recipient'], maxLength: 320, description: 'Parte de la dirección del destinatario' },
    relatedResource: { kind: 'eq', type: 'text', maxLength: 100, sql: 'm.related_resource', description: 'Recurso del registro relacionado (p. ej. superadmins)' },
    // Record ids are integers, like every `…Id` filter of the API; the column keeps them as text.
    relatedId: { kind: 'eq', type: 'int', min: 1, sql: (placeholder) => `m.related_id = (${placeholder})::text`, description: 'Id del registro relacionado' },
    from: { kind: 'range', type: 'date', bound: 'from', sql: 'm.created_at', description: 'Creado desde (fecha u hora ISO 8601)' },
    to: { kind: 'range', type: 'date', bound: 'to', sql: 'm.created_at', description: 'Creado hasta (fecha ISO: incluye el día completo)' },
  },
};
