/**
 * The site list's order toggle (spec 01 'Site list', §9: 'Default site order by name, toggle to ranking'): by name
 * (the default) or by ranking — the latest score, best first, unscored sites last (server order `-score`).
 */
import { DEFAULT_SITE_SORT, RANKING_SORT_FIELD, type SiteSort } from '../siteListRules';

export type ListOrderChoice = 'name' | 'ranking';

export const RANKING_SITE_SORT: SiteSort = { field: RANKING_SORT_FIELD, order: 'DESC' };

/** The toggle's pressed button for the list's order; null when a column header chose another order. */
export function listOrderChoice(sort: SiteSort): ListOrderChoice | null {
  if (sort.field === RANKING_SORT_FIELD) return 'ranking';
  if (sort.field === DEFAULT_SITE_SORT.field && sort.order === DEFAULT_SITE_SORT.order) return 'name';
  return null;
}

export function sortForChoice(choice: ListOrderChoice): SiteSort {
  return choice === 'ranking' ? RANKING_SITE_SORT : DEFAULT_SITE_SORT;
}
