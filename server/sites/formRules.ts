/**
 * The site form's server rules that need the stored site or the database (spec 01 §4–5) as pure functions; the sites
 * service (server/resources/services/sites.ts) applies them in each write's transaction. The body's own rules and their
 * messages are the form's schema (resources/siteForm.ts `siteFormSchema`, the declaration's `schema`).
 */
import { orderTypeForSiteType } from '../../resources/siteForm';
import { SITE_STATUS, type SiteStatusId } from './status';

/**
 * The order type to store: the entity type's own (types 1 and 3 departmental, 2 and 4 municipal, whatever the body
 * says), otherwise the one the user chose.
 */
export function orderTypeToStore(siteTypeId: number, chosen: number | null | undefined): number | null {
  return orderTypeForSiteType(siteTypeId) ?? chosen ?? null;
}

/** The alias is locked once the site is installed (its portal answers under it): a different alias is refused. */
export function aliasChangeRefused(before: { installed: boolean; alias: string } | null, alias: unknown): boolean {
  return before !== null && before.installed && typeof alias === 'string' && alias.toLowerCase() !== before.alias.toLowerCase();
}

/** The municipality must hang under the chosen department. */
export function municipalityInDepartment(municipality: { parentLocationId: number | null } | null, departmentId: number): boolean {
  return municipality !== null && municipality.parentLocationId === departmentId;
}

/**
 * Spec 01 §4: an installed site can be activated when inactive and inactivated when active; the refusal's i18n key,
 * or null when the change applies. (A site that is not installed is refused before, by the action's `when`.)
 */
export function statusChangeRefusal(site: { installed: boolean; statusId: number }, target: SiteStatusId): string | null {
  if (!site.installed) return 'sites.server.not_installed';
  if (site.statusId === target) return target === SITE_STATUS.active ? 'sites.server.already_active' : 'sites.server.already_inactive';
  return null;
}
