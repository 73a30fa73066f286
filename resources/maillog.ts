/**
 * The mail log as the API shows it (GET /maillog/, server/mail/mailLog.ts): states, template names and the list's
 * query string. Pure data and functions, read by the server and by the browser (the e-mail notification report,
 * the mass e-mail history).
 */
import * as yup from 'yup';
import { optionalDate } from './audit';
import { INTEGER_MAX } from './limits';
import { pagingFields } from './paging';

/** queued → sending → sent; a temporary failure waits in `retrying`; a permanent one (or the last attempt) ends `failed`. */
export const MAIL_STATES = ['queued', 'sending', 'retrying', 'sent', 'failed'] as const;
export type MailState = (typeof MAIL_STATES)[number];

/** The name of each message the platform sends (its Spanish label: i18n/es/maillog.ts `templates`). */
export const MAIL_TEMPLATES = {
  recovery: 'auth.recovery',
  invitation: 'auth.invitation',
  lock: 'auth.lock',
  emailChanged: 'auth.email_changed',
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

const optionalText = (max: number) => yup.string().trim().max(max, 'validation.invalid').optional();

/** GET /maillog/: every filter optional; `to` as a bare date includes that whole day. */
export const mailLogFilterSchema = yup.object({
  ...pagingFields({ defaultPageSize: 20, maxPageSize: 100 }),
  template: optionalText(60),
  state: yup.string().oneOf([...MAIL_STATES, undefined], 'maillog.validation.state_invalid').optional(),
  recipient: optionalText(320),
  relatedResource: optionalText(100),
  /** Record ids are integers, like every `…Id` filter of the API. */
  relatedId: yup
    .number()
    .transform((value: unknown, original: unknown) => (original === '' || original == null ? undefined : value))
    .typeError('validation.invalid')
    .integer('validation.invalid')
    .min(1, 'validation.invalid')
    .max(INTEGER_MAX, 'validation.invalid')
    .optional(),
  from: optionalDate(),
  to: optionalDate().test('range', 'maillog.validation.range_invalid', function (to) {
    const { from } = this.parent as { from?: Date };
    return !from || !to || from.getTime() <= to.getTime();
  }),
});
export type MailLogFilter = yup.InferType<typeof mailLogFilterSchema>;
