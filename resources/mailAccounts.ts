/**
 * The e-mail accounts of the entities, loaded month by month (spec 01 §2, §9: `POST /emails/`, a job-backed load in
 * server/routes/loads.ts): `GET /emails/` is the engine's read-only list of this declaration (issue 22) over the table
 * `mail_accounts` (server/db/schema/loads.ts), 2000 a page, filtered by year, month and entity; each row with its
 * entity's name. The row's own id orders the list but is not answered (the spec's rows have none).
 */
import { mailAccountsReference } from './references';
import { defineResource } from './types';

/** E-mail accounts list page (spec 01 §9 'e-mail list: 2000'); also the largest page of GET /govindex/{year}. */
export const EMAIL_PAGE_SIZE = 2000;

export interface MailAccountRecord {
  siteId: number;
  siteName: string;
  email: string;
  lastLogin: string | null;
  year: number;
  month: number;
}

export const mailAccountsResource = defineResource<MailAccountRecord>({
  ...mailAccountsReference,
  table: 'mail_accounts',
  fields: [
    { source: 'id', type: 'id', columnType: 'bigint', hidden: true },
    { source: 'siteId', type: 'integer', nullable: false, readOnly: true, filter: false },
    { source: 'siteName', type: 'text', maxLength: 200, readOnly: true, filter: false, computed: { sql: '(select s.name from sites s where s.id = t.site_id)' } },
    { source: 'email', type: 'text', maxLength: 200, readOnly: true, filter: false },
    { source: 'lastLogin', type: 'datetime', readOnly: true, filter: false },
    { source: 'year', type: 'integer', columnType: 'smallint', nullable: false, readOnly: true, filter: false },
    { source: 'month', type: 'integer', columnType: 'smallint', nullable: false, readOnly: true, filter: false },
    // The load (job) that wrote the row.
    { source: 'jobId', type: 'integer', columnType: 'bigint', hidden: true },
  ],
  operations: ['list'],
  listSource: {
    orders: { id: 't.id', email: 't.email', lastLogin: { sql: 't.last_login', nullsLast: true } },
    filters: {
      year: { kind: 'eq', type: 'int', min: 2000, max: 9999, sql: 't.year', description: 'Año de la carga' },
      month: { kind: 'eq', type: 'int', min: 1, max: 12, sql: 't.month', description: 'Mes de la carga (1 a 12)' },
      siteId: { kind: 'in', type: 'int', min: 1, sql: 't.site_id', description: 'Cuentas de estas entidades (por id)' },
    },
  },
  sort: { field: 'id', order: 'ASC' },
  pageSize: EMAIL_PAGE_SIZE,
  maxPageSize: EMAIL_PAGE_SIZE,
  editMode: 'dialog',
});
