/**
 * The mail log as the API shows it (GET /maillog/, the engine's list of the declaration `mailLogResource` over the
 * table `mail_log` written by server/mail/mailLog.ts): states, template names and the list's query string. Pure data
 * and functions, read by the server and by the browser (the e-mail notification report, the mass e-mail history).
 */
import type { ListSpec } from './listQuery';
import { mailLogReference } from './references';
import { addMonths } from './policyHistory';
import { defineResource } from './types';

/** queued → sending → sent; a temporary failure waits in `retrying`; a permanent one (or the last attempt) ends `failed`. */
export const MAIL_STATES = ['queued', 'sending', 'retrying', 'sent', 'failed'] as const;
export type MailState = (typeof MAIL_STATES)[number];

/** The name of each message the platform sends (its Spanish label: i18n/es/maillog.ts `templates`). */
export const MAIL_TEMPLATES = {
  recovery: 'account.recovery',
  invitation: 'account.invitation',
  lock: 'account.lock',
  emailChanged: 'account.email_changed',
  /** The update schedule's reminder to a site administrator (server/users/updateReminders.ts). */
  updateReminder: 'administrators.update_reminder',
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

/** GET /maillog/: its page sizes, order and filters, on the one list-query module (the declaration's `listSource`). */
export const mailLogListSpec: ListSpec = {
  defaultPageSize: 20,
  maxPageSize: 100,
  orders: { createdAt: 't.created_at', id: 't.id' },
  defaultOrder: '-createdAt',
  tieBreaker: 't.id',
  filters: {
    id: { kind: 'in', type: 'int', min: 1, sql: 't.id', description: 'Correos por id' },
    template: { kind: 'eq', type: 'text', maxLength: 60, sql: 't.template', description: 'Plantilla (p. ej. account.recovery, account.invitation)' },
    state: {
      kind: 'choice',
      choices: Object.fromEntries(MAIL_STATES.map((state) => [state, `t.state = '${state}'`])),
      description: `Estado: ${MAIL_STATES.join(', ')}`,
    },
    recipient: { kind: 'search', sql: ['t.recipient'], maxLength: 320, description: 'Parte de la dirección del destinatario' },
    relatedResource: { kind: 'eq', type: 'text', maxLength: 100, sql: 't.related_resource', description: 'Recurso del registro relacionado (p. ej. superadmins)' },
    // Record ids are integers, like every `…Id` filter of the API; the column keeps them as text.
    relatedId: { kind: 'eq', type: 'int', min: 1, sql: (placeholder) => `t.related_id = (${placeholder})::text`, description: 'Id del registro relacionado' },
    from: { kind: 'range', type: 'date', bound: 'from', sql: 't.created_at', description: 'Creado desde (fecha u hora ISO 8601)' },
    to: { kind: 'range', type: 'date', bound: 'to', sql: 't.created_at', description: 'Creado hasta (fecha ISO: incluye el día completo)' },
    // The spec's report filter names the range fromDate/toDate (spec 03 §3 'Report filter'): the e-mail report's.
    fromDate: { kind: 'range', type: 'date', bound: 'from', sql: 't.created_at', description: 'Igual que from' },
    // The screen's range inputs (the engine's `<field>From`/`<field>To` of a date field).
    createdAtFrom: { kind: 'range', type: 'date', bound: 'from', sql: 't.created_at', description: 'Igual que from' },
    createdAtTo: { kind: 'range', type: 'date', bound: 'to', sql: 't.created_at', description: 'Igual que to' },
    toDate: { kind: 'range', type: 'date', bound: 'to', sql: 't.created_at', description: 'Igual que to' },
  },
};

/**
 * GET /maillog/ (issue 22): a read-only list on the engine, newest first, 20 a page (100 at most), with the filters of
 * `mailLogListSpec` (the fields filter nothing by themselves: `listSource` names every filter and order). The table is
 * the mail service's (server/db/schema/mail.ts); only the service writes it.
 */
export const mailLogResource = defineResource<MailLogRecord>({
  ...mailLogReference,
  table: 'mail_log',
  fields: [
    { source: 'id', type: 'id', columnType: 'bigint' },
    { source: 'to', type: 'text', column: 'recipient', maxLength: 320, readOnly: true, filter: false },
    { source: 'template', type: 'text', maxLength: 60, readOnly: true, filter: false },
    { source: 'subject', type: 'text', maxLength: 300, readOnly: true, filter: false },
    // The bodies, kept only while the message may still be sent (server/mail/mailLog.ts).
    { source: 'textBody', type: 'text', columnType: 'text', nullable: true, hidden: true },
    { source: 'htmlBody', type: 'text', columnType: 'text', nullable: true, hidden: true },
    { source: 'relatedResource', type: 'text', maxLength: 100, nullable: true, readOnly: true, filter: false },
    // Kept as text by the column (the id of any resource); its filter compares it as an integer (listSource).
    { source: 'relatedId', type: 'text', maxLength: 100, nullable: true, readOnly: true, filter: false },
    { source: 'state', type: 'text', maxLength: 10, defaultValue: 'queued', readOnly: true, filter: false },
    { source: 'attempts', type: 'integer', nullable: false, defaultValue: 0, readOnly: true, filter: false },
    { source: 'nextAttemptAt', type: 'datetime', nullable: false, readOnly: true, filter: false },
    // While `sending`: after this moment another processor may take the message over (its sender died).
    { source: 'lockedUntil', type: 'datetime', hidden: true },
    { source: 'lastError', type: 'text', columnType: 'text', maxLength: 2000, nullable: true, readOnly: true, filter: false },
    { source: 'createdAt', type: 'datetime', readOnly: true, nullable: false, filter: false },
    { source: 'sentAt', type: 'datetime', readOnly: true, filter: false },
    { source: 'createdBy', type: 'integer', readOnly: true, filter: false },
  ],
  operations: ['list'],
  listSource: { orders: mailLogListSpec.orders, filters: mailLogListSpec.filters },
  sort: { field: 'createdAt', order: 'DESC' },
  // The report's screen (/configuracion/exportar-reporte-correos): the range, last month to today by default (spec 03 §5).
  filters: ['createdAt'],
  filterDefaults: (today) => ({ createdAtFrom: addMonths(today, -1), createdAtTo: today }),
  pageSize: mailLogListSpec.defaultPageSize,
  maxPageSize: mailLogListSpec.maxPageSize,
  editMode: 'dialog',
  /**
   * The e-mail notification report (spec 03 §2, §7 `GET /emailnotificationsexport`, /configuracion/exportar-reporte-correos):
   * every message the platform sent or tried in the date range (`from`/`to` or `fromDate`/`toDate`, Colombian days),
   * streamed, newest first (docs/decisions/0034-policy-histories-and-update-schedule.md).
   */
  exports: [
    {
      path: '/emailnotificationsexport',
      formats: ['csv', 'xlsx'],
      fileName: 'exports.files.email_notifications',
      fields: ['createdAt', 'sentAt', 'to', 'template', 'subject', 'state', 'attempts', 'relatedResource', 'relatedId', 'lastError'],
    },
  ],
});
