/**
 * Site status rules (spec 01 §3–4): statusId 1 active, 2 inactive; a site that is not installed
 * is never active. The list filter `status` 1 means "active and installed", 2 everything else.
 */
export const SITE_STATUS = { active: 1, inactive: 2 } as const;
export type SiteStatusId = (typeof SITE_STATUS)[keyof typeof SITE_STATUS];

/** i18n key of the status name shown for a site. */
export function statusNameKey(site: { statusId: number; installed: boolean }): string {
  return isActive(site) ? 'sites.server.status.active' : 'sites.server.status.inactive';
}

export function isActive(site: { statusId: number; installed: boolean }): boolean {
  return site.installed && site.statusId === SITE_STATUS.active;
}
