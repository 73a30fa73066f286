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
/** The kinds of a request (labels: `resources.siterequests.choices.kind.<kind>`). */
export const SITE_REQUEST_KINDS = ['FirstTime', 'ChangeAdmin', 'UserMade'] as const;
export type SiteRequestStatus = (typeof SITE_REQUEST_STATUSES)[number];
/** Site request and history: 10 a page (spec 01 §9). */
export const SITE_REQUEST_PAGE_SIZE = 10;
/** The mail log's template names of the requests' messages (resources/maillog.ts: an area's own `area.name`). */
export const SITE_REQUEST_MAIL = { rejected: 'siterequests.rejected' } as const;

export interface SiteRequestRecord {
  id: number;
  siteId: number;
  kind: (typeof SITE_REQUEST_KINDS)[number];
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
    { source: 'id', type: 'id' },
    { source: 'siteId', type: 'integer', list: false },
    { source: 'kind', type: 'enum', choices: SITE_REQUEST_KINDS.map((id) => ({ id })) },
    { source: 'status', type: 'enum', choices: SITE_REQUEST_STATUSES.map((id) => ({ id })) },
    { source: 'responseMessage', type: 'text', maxLength: 2000, nullable: true, filter: false },
    { source: 'creationDate', type: 'datetime' },
    { source: 'processedDate', type: 'datetime' },
    { source: 'legalRepresentative', type: 'json', list: false },
    { source: 'webMaster', type: 'json', list: false },
  ],
  operations: ['list'],
  actions: [{ name: 'changeStatus', kind: 'custom', method: 'PUT', path: 'changestatus/{id}', scope: 'record' }],
  sort: { field: 'creationDate', order: 'DESC' },
  pageSize: SITE_REQUEST_PAGE_SIZE,
  listMode: 'loadMore',
  editMode: 'dialog',
});
