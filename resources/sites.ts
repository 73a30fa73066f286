/**
 * Sites (entity portals, spec 01 §2 '/portales', §3 'Site'). Routes and screens are hand-written
 * (server/routes/sites.ts); this declaration gives the dataProvider its path and id.
 */
import { sitesReference } from './references';
import { defineCustomResource } from './types';

export interface SiteListRecord {
  id: number;
  name: string;
  alias: string;
  parentLocationId: number;
  parentLocation: string | null;
  locationId: number | null;
  childLocation: string | null;
  siteTypeId: number;
  siteType: string | null;
  orderType: number;
  url: string | null;
  allowedUrl: string | null;
  installed: boolean;
  statusId: number;
  statusName: string;
  pendingRequest: boolean;
  /** Kind of the latest pending request: FirstTime, ChangeAdmin or UserMade. */
  requestType: string | null;
  countUsers: number;
  countEmails: number;
  countContents: number;
  countComments: number;
  modifiedDate: string;
  population: number | null;
}

export const sitesResource = defineCustomResource({
  ...sitesReference,
  table: 'sites',
  fields: [
    { source: 'id', type: 'id', label: 'sites.resources.sites.fields.id', list: false },
    { source: 'name', type: 'text', label: 'sites.resources.sites.fields.name', maxLength: 200, searchable: true },
    { source: 'alias', type: 'text', label: 'sites.resources.sites.fields.alias', maxLength: 220, list: false },
    { source: 'siteType', type: 'text', label: 'sites.resources.sites.fields.siteType', readOnly: true },
    { source: 'parentLocation', type: 'text', label: 'sites.resources.sites.fields.parentLocation', readOnly: true },
    { source: 'childLocation', type: 'text', label: 'sites.resources.sites.fields.childLocation', readOnly: true },
    { source: 'url', type: 'text', label: 'sites.resources.sites.fields.url', maxLength: 200, list: false },
    { source: 'countUsers', type: 'integer', label: 'sites.resources.sites.fields.countUsers', readOnly: true },
    { source: 'countEmails', type: 'integer', label: 'sites.resources.sites.fields.countEmails', readOnly: true },
    { source: 'countContents', type: 'integer', label: 'sites.resources.sites.fields.countContents', readOnly: true },
    { source: 'countComments', type: 'integer', label: 'sites.resources.sites.fields.countComments', readOnly: true },
    { source: 'modifiedDate', type: 'datetime', label: 'sites.resources.sites.fields.modifiedDate', readOnly: true },
    { source: 'population', type: 'integer', label: 'sites.resources.sites.fields.population', readOnly: true },
    { source: 'statusName', type: 'text', label: 'sites.resources.sites.fields.statusName', readOnly: true },
  ],
});
