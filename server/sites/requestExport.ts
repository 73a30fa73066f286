/**
 * GET /sitesrequestexport (spec 01 'Site list', 'Descargar solicitudes'): the requests of the sites the
 * list's filter chooses (the same filters as GET /sites/, on the request's site), newest first, with the
 * site's name, type and location, the request's kind, status and dates.
 */
import type { ListSpec } from '../../resources/listQuery';
import type { ExportBatch, ExportColumn } from '../exports/listExport';
import { listOrderBy, listWhere, type ListQuery } from '../lists/listQuery';
import { t } from '../i18n';
import { SITE_BASE_CONDITIONS, siteListSpec } from './filter';

const { id: _siteIds, ...siteFilters } = siteListSpec.filters;

/** The site list's filters (aliases s, pl, cl, st as there) plus the request's own kind and status. */
export const siteRequestExportSpec: ListSpec = {
  defaultPageSize: siteListSpec.defaultPageSize,
  maxPageSize: siteListSpec.maxPageSize,
  orders: { creationDate: 'r.creation_date', id: 'r.id', processedDate: { sql: 'r.processed_date', nullsLast: true } },
  defaultOrder: '-creationDate',
  tieBreaker: 'r.id',
  filters: {
    ...siteFilters,
    siteId: { kind: 'in', type: 'int', min: 1, sql: 't.id', description: 'Solicitudes de estas entidades (por id)' },
    requestStatus: { kind: 'in', type: 'text', maxLength: 20, sql: 'r.status', description: 'Estado de la solicitud: PendingApproval, Approved o Rejected' },
    requestType: { kind: 'in', type: 'text', maxLength: 20, sql: 'r.kind', description: 'Tipo de solicitud: FirstTime, ChangeAdmin o UserMade' },
  },
};

export type SiteRequestExportRow = {
  id: number;
  siteId: number;
  siteName: string;
  siteType: string | null;
  parentLocation: string | null;
  childLocation: string | null;
  kind: string;
  status: string;
  creationDate: Date;
  processedDate: Date | null;
};

export function siteRequestExportSql(query: ListQuery, batch: ExportBatch): string {
  const where = listWhere(query, batch.params, [...SITE_BASE_CONDITIONS, ...batch.after]);
  return `
    select r.id, t.id as "siteId", t.name as "siteName", st.name as "siteType", pl.name as "parentLocation",
      cl.name as "childLocation", r.kind, r.status, r.creation_date as "creationDate", r.processed_date as "processedDate",
      ${batch.keys}
    from site_requests r join sites t on t.id = r.site_id
      left join locations pl on pl.id = t.parent_location_id
      left join locations cl on cl.id = t.location_id
      left join site_types st on st.id = t.site_type_id
    ${where}
    ${listOrderBy(siteRequestExportSpec, query)}
    ${batch.limit}`;
}

/** A known code's Spanish name, else the code itself. */
function named(prefix: string, code: string): string {
  const key = `${prefix}.${code}`;
  const text = t(key);
  return text === key ? code : text;
}

export const siteRequestExportColumns: ExportColumn<SiteRequestExportRow>[] = [
  { key: 'id', headerKey: 'exports.columns.site_requests.id', width: 10 },
  { key: 'siteId', headerKey: 'exports.columns.site_requests.siteId', width: 10 },
  { key: 'siteName', headerKey: 'exports.columns.site_requests.siteName', width: 40 },
  { key: 'siteType', headerKey: 'exports.columns.site_requests.siteType', width: 24 },
  { key: 'parentLocation', headerKey: 'exports.columns.site_requests.parentLocation' },
  { key: 'childLocation', headerKey: 'exports.columns.site_requests.childLocation' },
  { key: 'kind', headerKey: 'exports.columns.site_requests.kind', value: (row) => named('resources.siterequests.choices.kind', row.kind), width: 24 },
  { key: 'status', headerKey: 'exports.columns.site_requests.status', value: (row) => named('exports.request_status', row.status) },
  { key: 'creationDate', headerKey: 'exports.columns.site_requests.creationDate', value: (row) => new Date(row.creationDate), width: 20 },
  {
    key: 'processedDate',
    headerKey: 'exports.columns.site_requests.processedDate',
    value: (row) => (row.processedDate ? new Date(row.processedDate) : null),
    width: 20,
  },
];
