/**
 * What the loads of the site list write (spec 01 §2 'Cargar correos', 'Cargar índice de gobierno'; server/loads):
 * the e-mail accounts of each site by month, and the digital-government index of each site by year.
 * Part of the schema re-exported by server/db/schema.ts.
 */
import { bigint, doublePrecision, foreignKey, index, integer, pgTable, primaryKey, smallint, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { mailAccountsResource } from '../../../resources/mailAccounts';
import { resourceTable } from '../resourceTable';
import { sites } from './sites';

/** The e-mail accounts of each site by month, derived from their declaration (resources/mailAccounts.ts); a load of (year, month) replaces that month's rows. */
export const mailAccounts = resourceTable(mailAccountsResource, (t) => [
  foreignKey({ columns: [t.siteId], foreignColumns: [sites.id] }).onDelete('cascade'),
  uniqueIndex('mail_accounts_period_site_email_idx').on(t.year, t.month, t.siteId, sql`lower(${t.email})`),
  index('mail_accounts_site_idx').on(t.siteId),
]);

/** The four values of the digital-government index of a site in a year (their names are not in the spec). */
export const govIndex = pgTable(
  'gov_index',
  {
    siteId: integer('site_id').notNull().references(() => sites.id, { onDelete: 'cascade' }),
    year: smallint('year').notNull(),
    index1: doublePrecision('index1').notNull(),
    index2: doublePrecision('index2').notNull(),
    index3: doublePrecision('index3').notNull(),
    index4: doublePrecision('index4').notNull(),
    jobId: bigint('job_id', { mode: 'number' }),
  },
  (t) => [primaryKey({ columns: [t.year, t.siteId] }), index('gov_index_site_idx').on(t.siteId)],
);
