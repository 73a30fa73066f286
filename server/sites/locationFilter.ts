/** GET /locations/ query → SQL (spec 01 §3 'Location'): departments under the country root, municipalities under a department. */
import { accentInsensitiveRegex, QueryReader, readPaging, type Paging } from './query';
import type { SqlFragment } from './filter';

export const LOCATION_PAGE_SIZE = 100;
export const LOCATION_MAX_PAGE_SIZE = 2000;

export interface LocationFilter extends Paging {
  parentLocationId?: number;
  search?: string;
  isMunicipality?: boolean;
}

export function parseLocationFilter(query: Record<string, unknown>): LocationFilter {
  const reader = new QueryReader(query);
  const filter: LocationFilter = {
    ...readPaging(reader, { pageSize: LOCATION_PAGE_SIZE, maxPageSize: LOCATION_MAX_PAGE_SIZE }),
    parentLocationId: reader.int('parentLocationId', { min: 1, max: 2_147_483_647, messageKey: 'sites.server.query.id' }),
    search: reader.text('search', 150),
    isMunicipality: reader.bool('isMunicipality'),
  };
  reader.failIfInvalid();
  return filter;
}

/** `where …` over `locations l`; the country root (no parent) is never listed. */
export function locationWhere(filter: LocationFilter): SqlFragment {
  const params: unknown[] = [];
  const add = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const conditions = ['l.parent_location_id is not null'];
  if (filter.parentLocationId !== undefined) conditions.push(`l.parent_location_id = ${add(filter.parentLocationId)}`);
  if (filter.isMunicipality !== undefined) conditions.push(filter.isMunicipality ? 'l.is_municipality' : 'not l.is_municipality');
  if (filter.search) conditions.push(`l.name ~* ${add(accentInsensitiveRegex(filter.search))}`);
  return { text: `where ${conditions.join(' and ')}`, params };
}
