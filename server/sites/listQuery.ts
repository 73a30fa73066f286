/**
 * The SQL of the site list: one query for the page (joins for the location and type names,
 * a lateral lookup of the latest pending request) and one for the total.
 */
import type { SiteListRecord } from '../../resources/sites';
import { siteOrderBy, siteWhere, type SiteFilter } from './filter';

/** A row as the page query returns it: the list record before its status name is added. */
export type SiteListRow = Omit<SiteListRecord, 'statusName' | 'modifiedDate'> & { modifiedDate: Date | string };

const JOINS = `
  left join locations pl on pl.id = s.parent_location_id
  left join locations cl on cl.id = s.location_id
  left join site_types st on st.id = s.site_type_id`;

/**
 * The page's ids are chosen first (filters, order, limit: served by the indexes on sites), then
 * only those rows are joined with their names and their latest pending request, in the same order.
 */
export function siteListSql(filter: SiteFilter): { page: { text: string; params: unknown[] }; count: { text: string; params: unknown[] } } {
  const where = siteWhere(filter);
  const n = where.params.length;
  const orderBy = siteOrderBy(filter.orderBy);
  const page = `
    with page as (
      select s.id from sites s ${JOINS}
      ${where.text}
      ${orderBy}
      limit $${n + 1} offset $${n + 2}
    )
    select s.id, s.name, s.alias, s.parent_location_id as "parentLocationId", pl.name as "parentLocation",
      s.location_id as "locationId", cl.name as "childLocation", s.site_type_id as "siteTypeId", st.name as "siteType",
      s.order_type as "orderType", s.url, s.allowed_url as "allowedUrl", s.installed, s.status_id as "statusId",
      s.pending_request as "pendingRequest", req.kind as "requestType",
      s.count_users as "countUsers", s.count_emails as "countEmails", s.count_contents as "countContents",
      s.count_comments as "countComments", s.modified_date as "modifiedDate", s.population
    from page join sites s on s.id = page.id ${JOINS}
    left join lateral (
      select r.kind from site_requests r
      where s.pending_request and r.site_id = s.id and r.status = 'PendingApproval'
      order by r.creation_date desc, r.id desc limit 1
    ) req on true
    ${orderBy}`;
  // Filters refer to sites (and group_sites) only, so the total needs no joins.
  const count = `select count(*)::int as total from sites s ${where.text}`;
  return {
    page: { text: page, params: [...where.params, filter.pageSize, (filter.page - 1) * filter.pageSize] },
    count: { text: count, params: where.params },
  };
}
