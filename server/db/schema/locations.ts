/**
 * Locations: the country root, departments and municipalities; the table is derived from their declaration
 * (resources/locations.ts), plus the indexes the list and the search read.
 * Part of the schema re-exported by server/db/schema.ts.
 */
import { index } from 'drizzle-orm/pg-core';
import { locationsResource } from '../../../resources/locations';
import { resourceTable } from '../resourceTable';
import { spanishOrder, spanishSearchIndex } from '../textKey';

/** Country root, departments and municipalities; ids are the DANE codes, the country root is 170 (see settings). */
export const locations = resourceTable(locationsResource, (t) => [
  index('locations_parent_idx').on(t.parentLocationId, spanishOrder(t.name), t.id),
  index('locations_name_search_idx').using('gin', spanishSearchIndex(t.name)),
]);
