/**
 * The SQL of the site exports (the list page itself is the engine's: server/resources/store.ts `resourceListSql`):
 * a keyset batch of the rows with their names and their latest pending request; and the one grouped count of the
 * status tabs. Without a batch it gives one page (ids first, then their names; tests).
 */
import type { SiteListRecord } from '../../resources/sites';
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

const COLUMNS = `t.id, t.name, t.alias, t.parent_location_id as "parentLocationId", pl.name as "parentLocation",
      t.location_id as "locationId", cl.name as "childLocation", t.site_type_id as "siteTypeId", st.name as "siteType",
      t.order_type as "orderType", t.url, t.allowed_url as "allowedUrl", t.installed, t.status_id as "statusId",
      t.pending_request as "pendingRequest", req.kind as "requestType",
      t.count_users as "countUsers", t.count_emails as "countEmails", t.count_contents as "countContents",
      t.count_comments as "countComments", t.modified_date as "modifiedDate", t.population`;

/** The latest pending request of the row `t` (only when its pending flag is set). */
const PENDING_REQUEST = `left join lateral (
      select r.kind from site_requests r
      where t.pending_request and r.site_id = t.id and r.status = 'PendingApproval'
      order by r.creation_date desc, r.id desc limit 1
    ) req on true`;

/**
 * One page: its ids are chosen first (filters, order, limit: served by the indexes on sites), then only those rows are
 * joined with their names and their latest pending request, in the same order. With `batch`: one batch of the export
 * (GET /sitesexport), after the previous one, with its keys, in one level — the order's index read up to the batch's
 * limit with each row joined as it comes. (Chosen first, the batch's 5,000 ids were joined back to the whole table by
 * a hash join, a scan of every site per batch: 61 against 32 ms a batch at 35,000 sites, docs/performance.md.)
 */
export function siteListSql(query: ListQuery, batch?: ExportBatch): { text: string; params: unknown[] } {
  const params = batch?.params ?? new SqlParams();
  const where = listWhere(query, params, [...SITE_BASE_CONDITIONS, ...(batch?.after ?? [])]);
  const orderBy = listOrderBy(siteListSpec, query);
  if (batch) {
    return { text: `select ${COLUMNS}, ${batch.keys} from sites t ${JOINS} ${PENDING_REQUEST} ${where} ${orderBy} ${batch.limit}`, params: params.values };
  }
  const text = `
    with page as (
      select t.id from sites t ${JOINS}
      ${where}
      ${orderBy}
      ${listLimit(query, params)}
    )
    select ${COLUMNS}
    from page join sites t on t.id = page.id ${JOINS}
    ${PENDING_REQUEST}
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
