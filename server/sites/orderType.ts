/**
 * Order type of a site from its entity type (spec 01 §4): governorates (1) and assemblies (3)
 * are departmental (0); mayoralties (2) and councils (4) are municipal (1); other types let the
 * user choose (null).
 */
export const ORDER_TYPE = { departmental: 0, municipal: 1 } as const;

export const SITE_TYPE = {
  governorate: 1,
  mayoralty: 2,
  assembly: 3,
  council: 4,
  otherEntities: 5,
} as const;

export function orderTypeForSiteType(siteTypeId: number): 0 | 1 | null {
  if (siteTypeId === SITE_TYPE.governorate || siteTypeId === SITE_TYPE.assembly) return ORDER_TYPE.departmental;
  if (siteTypeId === SITE_TYPE.mayoralty || siteTypeId === SITE_TYPE.council) return ORDER_TYPE.municipal;
  return null;
}
