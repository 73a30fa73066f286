/**
 * Locations (spec 01 §3 'Location'): departments under the country root (id 170) and their
 * municipalities; ids are DANE codes. Read-only, not a screen: feeds filters and forms.
 */
import { EVERYONE, SITES } from './areas';
import { defineCustomResource } from './types';

export interface LocationRecord {
  id: number;
  name: string;
  code: string;
  parentLocationId: number | null;
  isMunicipality: boolean;
  latitude: number | null;
  longitude: number | null;
}

/** Id of the country root; departments are its children (setting Location.CountryRootId). */
export const COUNTRY_ROOT_LOCATION_ID = 170;

export const locationsResource = defineCustomResource({
  name: 'locations',
  apiPath: '/locations/',
  idField: 'id',
  table: 'locations',
  title: 'sites.resources.locations.title',
  fields: [
    { source: 'id', type: 'id', label: 'sites.resources.locations.fields.id' },
    { source: 'name', type: 'text', label: 'sites.resources.locations.fields.name', maxLength: 150, searchable: true },
    { source: 'code', type: 'text', label: 'sites.resources.locations.fields.code', maxLength: 5 },
    { source: 'isMunicipality', type: 'boolean', label: 'sites.resources.locations.fields.isMunicipality' },
  ],
  permissions: { read: EVERYONE, write: SITES },
  routes: 'custom',
});
