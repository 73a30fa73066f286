/**
 * The data version of the lists' tables: one row, bumped by the database in every transaction that
 * writes one of them (deferred triggers of migration 0012_list_order_indexes), read with each request's
 * session, so that a list's ETag changes with any write committed since (server/http/etag.ts).
 * Part of the schema re-exported by server/db/schema.ts.
 */
import { sql } from 'drizzle-orm';
import { bigint, check, pgTable, smallint } from 'drizzle-orm/pg-core';

export const dataVersion = pgTable(
  'data_version',
  {
    id: smallint('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('data_version_one_row', sql`${t.id} = 1`)],
);
