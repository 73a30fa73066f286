/**
 * The site list's query (spec 01 §3 'Site filter'): the engine's ListSpec of the sites declaration (its list source:
 * resources/sites.ts), over the row aliased `t`, shared by the list, the tab counts and the two exports.
 */
import { SITE_STATUS_BUCKETS, SITE_TAB_FILTERS, sitesResource } from '../../resources/sites';
import type { ListSpec } from '../../resources/listQuery';
import { readConditions } from '../resources/readSql';
import { resourceListSpec } from '../resources/listSpec';

export { SITE_STATUS_BUCKETS, SITE_TAB_FILTERS };

export const siteListSpec: ListSpec = resourceListSpec(sitesResource);

/** Rows every site query leaves out (the declaration's `listWhere`). */
export const SITE_BASE_CONDITIONS: readonly string[] = readConditions(sitesResource);
