/**
 * Requests of a site (spec 01 §3 'Site request', §4 states): the list for the detail's tabs — Solicitudes
 * (`?siteId=&status=PendingApproval`) and Histórico (`status=Approved,Rejected`), 10 a page (spec 01 §9) —, one request
 * (`GET /siterequests/{id}`, with its files and the rest of its submission), its correction while pending (`PUT /siterequests/{id}`: the
 * legal representative and the webmaster, with the wizard's rules; a processed request is locked, 409) and the
 * `changeStatus` action, `PUT /siterequests/changestatus/{id}` (approve or reject; body rules in
 * resources/siteRequestRules.ts, handler in server/resources/services/siteRequests.ts) and the `administrator` view,
 * `GET /siterequests/administrator/{id}` (the administrator profile, same service); the submission, `POST /siterequests/`, is the
 * public wizard's (server/newSite).
 */
import * as yup from 'yup';
import { NEW_SITE_RATE_LIMITS } from './limits';
import { siteRequestsReference } from './references';
import { legalRepresentativeSchema, webMasterSchema } from './requestProfile';
import { defineResource } from './types';

export const SITE_REQUEST_STATUSES = ['PendingApproval', 'Approved', 'Rejected'] as const;
/** The kinds of a request (labels: `resources.siterequests.choices.kind.<kind>`). */
export const SITE_REQUEST_KINDS = ['FirstTime', 'ChangeAdmin', 'UserMade'] as const;
export type SiteRequestStatus = (typeof SITE_REQUEST_STATUSES)[number];
/** Site request and history: 10 a page (spec 01 §9). */
export const SITE_REQUEST_PAGE_SIZE = 10;
/** The mail log's template names of the requests' messages (resources/maillog.ts: an area's own `area.name`). */
export const SITE_REQUEST_MAIL = { rejected: 'siterequests.rejected' } as const;

/**
 * The public reads of the request wizard (spec 01 §7, issue 9: `/newsite/*`, no session, capped per address): views of
 * this declaration on paths of their own, whose answers server/newSite/views.ts computes and serialises.
 */
const wizardView = (name: string, path: string) => ({ name, path, scope: 'collection' as const, access: 'public' as const, rateLimit: NEW_SITE_RATE_LIMITS.read });

export interface SiteRequestRecord {
  id: number;
  siteId: number;
  kind: (typeof SITE_REQUEST_KINDS)[number];
  status: SiteRequestStatus;
  /** The status's Spanish name (spec 01 §3 statusName). */
  statusName: string;
  responseMessage: string | null;
  creationDate: string;
  processedDate: string | null;
  legalRepresentative: Record<string, unknown> | null;
  webMaster: Record<string, unknown> | null;
  /** Read with one request only (detailOnly). */
  files?: unknown[];
  submission?: Record<string, unknown> | null;
}

export const siteRequestsResource = defineResource<SiteRequestRecord>({
  ...siteRequestsReference,
  table: 'site_requests',
  fields: [
    { source: 'id', type: 'id' },
    // Set by the submission and by changeStatus only: a correction (PUT) changes the two profiles, nothing else.
    { source: 'siteId', type: 'integer', nullable: false, list: false, readOnly: true },
    { source: 'kind', type: 'enum', choices: SITE_REQUEST_KINDS.map((id) => ({ id })), columnLength: 20, nullable: false, readOnly: true },
    {
      source: 'status',
      type: 'enum',
      choices: SITE_REQUEST_STATUSES.map((id) => ({ id })),
      columnLength: 20,
      nullable: false,
      defaultValue: 'PendingApproval',
      readOnly: true,
    },
    {
      source: 'statusName',
      type: 'text',
      list: false,
      readOnly: true,
      computed: { sql: `'resources.siterequests.choices.status.' || t.status`, translated: true },
    },
    { source: 'responseMessage', type: 'text', columnType: 'text', maxLength: 2000, nullable: true, filter: false, readOnly: true },
    { source: 'creationDate', type: 'datetime', nullable: false, readOnly: true },
    { source: 'processedDate', type: 'datetime', readOnly: true },
    { source: 'legalRepresentative', type: 'json', list: false },
    { source: 'webMaster', type: 'json', list: false },
    // The submission as the wizard stored it (server/newSite), answered by the two fields below.
    { source: 'detail', type: 'json', hidden: true },
    // The supporting documents ({ fileID, name, filePath }) and the rest of the submission (place, type, new site, terms).
    { source: 'files', type: 'json', list: false, readOnly: true, detailOnly: true, computed: { sql: `coalesce(t.detail->'files', '[]'::jsonb)` } },
    { source: 'submission', type: 'json', list: false, readOnly: true, detailOnly: true, computed: { sql: 't.detail' } },
  ],
  operations: ['list', 'read', 'update'],
  // A correction sends either profile or both (an absent one is kept), each whole and checked as the wizard checks it.
  schema: yup.object({
    legalRepresentative: legalRepresentativeSchema.default(undefined).optional().nonNullable('validation.field.json').typeError('validation.field.json'),
    webMaster: webMasterSchema.default(undefined).optional().nonNullable('validation.field.json').typeError('validation.field.json'),
  }),
  // Only a pending request is corrected (spec 01 §4: PendingApproval becomes Approved or Rejected, then it is history).
  rules: { canEdit: (request) => request.status === 'PendingApproval' },
  messages: { locked: 'resources.siterequests.errors.already_processed' },
  actions: [{ name: 'changeStatus', kind: 'custom', method: 'PUT', path: 'changestatus/{id}', scope: 'record' }],
  views: [
    { name: 'administrator', path: 'administrator/{id}', scope: 'record' },
    wizardView('wizardLocations', '/newsite/locations/'),
    wizardView('wizardSiteTypes', '/newsite/sitetypes/'),
    wizardView('wizardSites', '/newsite/sites/'),
    wizardView('wizardTerms', '/newsite/terms/'),
  ],
  sort: { field: 'creationDate', order: 'DESC' },
  pageSize: SITE_REQUEST_PAGE_SIZE,
  listMode: 'loadMore',
  editMode: 'dialog',
});
