/**
 * Locations (spec 01 §3 'Location'): departments under the country root (id 170) and their
 * municipalities; ids are DANE codes. Read-only, not a screen: feeds filters and forms. Any signed-in
 * superadmin reads them (`GET /locations/`, spec filters parentLocationId, search, isMunicipality; id for getMany).
 */
import { locationsReference } from './references';
import { defineResource } from './types';

export interface LocationRecord {
  id: number;
  name: string;
  code: string;
  parentLocationId: number | null;
  isMunicipality: boolean;
  latitude: number | null;
  longitude: number | null;
}

/** Id of the country root; departments are its children (setting Location.CountryRootId). The one copy of 170. */
export const COUNTRY_ROOT_LOCATION_ID = 170;

export const locationsResource = defineResource<LocationRecord>({
  ...locationsReference,
  table: 'locations',
  fields: [
    // The DANE code as an integer (department 5 = '05', municipality 5001 = '05001'), given by the DIVIPOLA seed.
    { source: 'id', type: 'id', assigned: true },
    { source: 'name', type: 'text', maxLength: 150, searchable: true, filter: false },
    { source: 'code', type: 'text', maxLength: 5, filter: false },
    { source: 'parentLocationId', type: 'integer', readOnly: true },
    { source: 'isMunicipality', type: 'boolean', readOnly: true },
    { source: 'latitude', type: 'decimal', readOnly: true, filter: false },
    { source: 'longitude', type: 'decimal', readOnly: true, filter: false },
    // A municipality's population, written by the population load (server/loads/loads.ts); the API does not answer it.
    { source: 'population', type: 'integer', hidden: true },
  ],
  operations: ['list', 'read'],
  sort: { field: 'name', order: 'ASC' },
  // Every municipality of the country in one page (docs/decisions/0002-api-conventions.md).
  pageSize: 100,
  maxPageSize: 2000,
  // The country root is never listed: departments are the top of every choice.
  listWhere: 't.parent_location_id is not null',
  editMode: 'dialog',
});
