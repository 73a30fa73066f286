/**
 * Locations: the country root, departments and municipalities.
 * Part of the schema re-exported by server/db/schema.ts.
 */
import { boolean, doublePrecision, index, integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import { spanishOrder, spanishSearchIndex } from '../textKey';

/**
 * Country root, departments and municipalities. Ids are the DANE codes as integers
 * (department 5 = '05', municipality 5001 = '05001'); the country root is 170 (see settings).
 */
export const locations = pgTable(
  'locations',
  {
    id: integer('id').primaryKey(),
    code: varchar('code', { length: 5 }).notNull(),
    name: varchar('name', { length: 150 }).notNull(),
    parentLocationId: integer('parent_location_id'),
    isMunicipality: boolean('is_municipality').notNull().default(false),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    population: integer('population'),
  },
  (t) => [
    index('locations_parent_idx').on(t.parentLocationId, spanishOrder(t.name), t.id),
    index('locations_name_search_idx').using('gin', spanishSearchIndex(t.name)),
  ],
);
