/**
 * Platform settings (key/value).
 * Part of the schema re-exported by server/db/schema.ts.
 */
import { pgTable, serial, text, varchar } from 'drizzle-orm/pg-core';

export const settings = pgTable('settings', {
  settingId: serial('setting_id').primaryKey(),
  keyWord: varchar('key_word', { length: 100 }).notNull().unique(),
  value: text('value').notNull().default(''),
  label: varchar('label', { length: 200 }),
});
