/**
 * The SQL of the site list: one query for the page (joins for the location and type names, a lateral
 * lookup of the latest pending request), `pageSize + 1` rows so that no count is needed; and the one
 * grouped count of the status tabs.
 */
import type { SiteListRecord } from '../../resources/sites';
import { ORDER_KEY, TIE_KEY } from '../exports/keyset';
import type { ExportBatch } from '../exports/listExport';
import { countColumns, listLimit, listOrderBy, listWhere, SqlParams, type ListQuery } from '../lists/listQuery';
import { SITE_BASE_CONDITIONS, SITE_STATUS_BUCKETS, SITE_TAB_FILTERS, siteListSpec } from './filter';

/** A row as the page query returns it: the list record before its status name is added. */
export type SiteListRow = Omit<SiteListRecord, 'statusName' | 'modifiedDate'> & { modifiedDate: Date | string };

export type SiteStatusCounts = Record<keyof typeof SITE_STATUS_BUCKETS, number>;

const JOINS = `
  left join locations pl on pl.id = s.parent_location_id
  left join locations cl on cl.id = s.location_id
  left join site_types st on st.id = s.site_type_id`;

/**
 * The page's ids are chosen first (filters, order, limit: served by the indexes on sites), then
 * only those rows are joined with their names and their latest pending request, in the same order.
 * With `batch`: one batch of the export (GET /sitesexport), after the previous one, with its keys.
 */
export function siteListSql(query: ListQuery, batch?: ExportBatch): { text: string; params: unknown[] } {
  const params = batch?.params ?? new SqlParams();
  const where = listWhere(query, params, [...SITE_BASE_CONDITIONS, ...(batch?.after ?? [])]);
  const orderBy = listOrderBy(siteListSpec, query);
  const text = `
    with page as (
      select s.id${batch ? `, ${batch.keys}` : ''} from sites s ${JOINS}
      ${where}
      ${orderBy}
      ${batch ? batch.limit : listLimit(query, params)}
    )
    select s.id, s.name, s.alias, s.parent_location_id as "parentLocationId", pl.name as "parentLocation",
      s.location_id as "locationId", cl.name as "childLocation", s.site_type_id as "siteTypeId", st.name as "siteType",
      s.order_type as "orderType", s.url, s.allowed_url as "allowedUrl", s.installed, s.status_id as "statusId",
      s.pending_request as "pendingRequest", req.kind as "requestType",
      s.count_users as "countUsers", s.count_emails as "countEmails", s.count_contents as "countContents",
      s.count_comments as "countComments", s.modified_date as "modifiedDate", s.population${batch ? `, page."${ORDER_KEY}", page."${TIE_KEY}"` : ''}
    from page join sites s on s.id = page.id ${JOINS}
    left join lateral (
      select r.kind from site_requests r
      where s.pending_request and r.site_id = s.id and r.status = 'PendingApproval'
      order by r.creation_date desc, r.id desc limit 1
    ) req on true
    ${orderBy}`;
  return { text, params: params.values };
}

/** The totals of the status tabs for the same search, in one scan (the tab filters themselves are left out). */
export function siteStatusCountsSql(query: ListQuery): { text: string; params: unknown[] } {
  const params = new SqlParams();
  // Filters refer to sites (and group_sites) only, so the counts need no joins.
  const where = listWhere(query, params, SITE_BASE_CONDITIONS, SITE_TAB_FILTERS);
  return { text: `select ${countColumns(SITE_STATUS_BUCKETS)} from sites s ${where}`, params: params.values };
}
