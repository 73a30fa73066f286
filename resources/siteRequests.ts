/**
 * Requests of a site (spec 01 §3 'Site request', §4 states): a read-only list for the detail's tabs — Solicitudes
 * (`?siteId=&status=PendingApproval`) and Histórico (`status=Approved,Rejected`), 10 a page (spec 01 §9) — and the
 * `changeStatus` action, `PUT /siterequests/changestatus/{id}` (approve or reject; body rules in
 * resources/siteRequestRules.ts, handler in server/resources/services/siteRequests.ts). The administrator profile,
 * `GET /siterequests/administrator/{id}`, is server/routes/siteRequests.ts.
 */
import { siteRequestsReference } from './references';
import { defineResource } from './types';

export const SITE_REQUEST_STATUSES = ['PendingApproval', 'Approved', 'Rejected'] as const;
export type SiteRequestStatus = (typeof SITE_REQUEST_STATUSES)[number];
/** Site request and history: 10 a page (spec 01 §9). */
export const SITE_REQUEST_PAGE_SIZE = 10;
/** The mail log's template names of the requests' messages (resources/maillog.ts: an area's own `area.name`). */
export const SITE_REQUEST_MAIL = { rejected: 'siterequests.rejected' } as const;

export interface SiteRequestRecord {
  id: number;
  siteId: number;
  kind: 'FirstTime' | 'ChangeAdmin' | 'UserMade';
  status: SiteRequestStatus;
  responseMessage: string | null;
  creationDate: string;
  processedDate: string | null;
  legalRepresentative: Record<string, unknown> | null;
  webMaster: Record<string, unknown> | null;
}

export const siteRequestsResource = defineResource<SiteRequestRecord>({
  ...siteRequestsReference,
  table: 'site_requests',
  fields: [
    { source: 'id', type: 'id', label: 'siteDetail.resources.siterequests.fields.id' },
    { source: 'siteId', type: 'integer', label: 'siteDetail.resources.siterequests.fields.siteId', list: false },
    {
      source: 'kind',
      type: 'enum',
      label: 'siteDetail.resources.siterequests.fields.kind.label',
      choices: [
        { id: 'FirstTime', labelKey: 'sites.request_type.FirstTime' },
        { id: 'ChangeAdmin', labelKey: 'sites.request_type.ChangeAdmin' },
        { id: 'UserMade', labelKey: 'sites.request_type.UserMade' },
      ],
    },
    {
      source: 'status',
      type: 'enum',
      label: 'siteDetail.resources.siterequests.fields.status.label',
      choices: SITE_REQUEST_STATUSES.map((id) => ({ id, labelKey: `siteDetail.resources.siterequests.fields.status.choices.${id}` })),
    },
    { source: 'responseMessage', type: 'text', label: 'siteDetail.resources.siterequests.fields.responseMessage', maxLength: 2000, nullable: true, filter: false },
    { source: 'creationDate', type: 'datetime', label: 'siteDetail.resources.siterequests.fields.creationDate' },
    { source: 'processedDate', type: 'datetime', label: 'siteDetail.resources.siterequests.fields.processedDate' },
    { source: 'legalRepresentative', type: 'json', label: 'siteDetail.resources.siterequests.fields.legalRepresentative', list: false },
    { source: 'webMaster', type: 'json', label: 'siteDetail.resources.siterequests.fields.webMaster', list: false },
  ],
  operations: ['list'],
  actions: [{ name: 'changeStatus', kind: 'custom', method: 'PUT', path: 'changestatus/{id}', scope: 'record' }],
  sort: { field: 'creationDate', order: 'DESC' },
  pageSize: SITE_REQUEST_PAGE_SIZE,
  listMode: 'loadMore',
  editMode: 'dialog',
});
