/**
 * Secrets shared by every API instance.
 * Part of the schema re-exported by server/db/schema.ts.
 */
import { pgTable, text, varchar } from 'drizzle-orm/pg-core';

/** Secrets shared by every API instance (the token signing key when TOKEN_SECRET is unset). */
export const serverSecrets = pgTable('server_secrets', {
  name: varchar('name', { length: 50 }).primaryKey(),
  value: text('value').notNull(),
});
