/**
 * The SQL of the site exports (the list page itself is the engine's: server/resources/store.ts `resourceListSql`):
 * the rows chosen first (filters, order, keyset batch), then joined with their names and their latest pending
 * request; and the one grouped count of the status tabs. Without a batch it gives one page the same way (tests).
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
  left join locations pl on pl.id = t.parent_location_id
  left join locations cl on cl.id = t.location_id
  left join site_types st on st.id = t.site_type_id`;

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
      select t.id${batch ? `, ${batch.keys}` : ''} from sites t ${JOINS}
      ${where}
      ${orderBy}
      ${batch ? batch.limit : listLimit(query, params)}
    )
    select t.id, t.name, t.alias, t.parent_location_id as "parentLocationId", pl.name as "parentLocation",
      t.location_id as "locationId", cl.name as "childLocation", t.site_type_id as "siteTypeId", st.name as "siteType",
      t.order_type as "orderType", t.url, t.allowed_url as "allowedUrl", t.installed, t.status_id as "statusId",
      t.pending_request as "pendingRequest", req.kind as "requestType",
      t.count_users as "countUsers", t.count_emails as "countEmails", t.count_contents as "countContents",
      t.count_comments as "countComments", t.modified_date as "modifiedDate", t.population${batch ? `, page."${ORDER_KEY}", page."${TIE_KEY}"` : ''}
    from page join sites t on t.id = page.id ${JOINS}
    left join lateral (
      select r.kind from site_requests r
      where t.pending_request and r.site_id = t.id and r.status = 'PendingApproval'
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
  return { text: `select ${countColumns(SITE_STATUS_BUCKETS)} from sites t ${where}`, params: params.values };
}
