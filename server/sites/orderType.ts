/**
 * Entity types of the reference data (spec 01 §4) for the seeds. The order type an entity type imposes (1 and 3
 * departmental, 2 and 4 municipal, others chosen) is the site form's rule, shared with the browser:
 * resources/siteForm.ts `orderTypeForSiteType`.
 */
export { SITE_ORDER_TYPE as ORDER_TYPE, orderTypeForSiteType } from '../../resources/siteForm';

export const SITE_TYPE = {
  governorate: 1,
  mayoralty: 2,
  assembly: 3,
  council: 4,
  otherEntities: 5,
} as const;
