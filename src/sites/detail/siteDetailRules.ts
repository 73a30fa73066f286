/**
 * Pure rules of the site detail (spec 01 §2 'Site detail', §4 states, §5 annotation limit): which tabs a user sees and
 * where the detail opens, which options the menu offers for a site, and the annotation counter.
 */
import { SITE_COMMENT_MAX_LENGTH } from '../../../resources/siteComments';

export type DetailTab = 'info' | 'requests' | 'history' | 'comments' | 'administrators';

export interface DetailSite {
  id: number;
  installed: boolean;
  statusId: number;
}

/**
 * Sites holders see Información, Solicitudes, Histórico and Anotaciones (request lists and annotations need Sites,
 * spec 01 §6) and open on Información; without Sites the detail opens on the administrator information.
 */
export function detailTabsFor(held: readonly string[]): { tabs: DetailTab[]; initial: DetailTab } {
  if (held.includes('Sites')) return { tabs: ['info', 'requests', 'history', 'comments', 'administrators'], initial: 'info' };
  return { tabs: ['administrators', 'info'], initial: 'administrators' };
}

export type DetailOption = 'edit' | 'delete' | 'disable' | 'enable' | 'backup' | 'impersonate';

/**
 * The options menu (spec 01 §2 actions, §4): Editar and Eliminar with Sites; Inactivar for an installed active site and
 * Activar for an installed inactive one, with Sites; 'Solicitar copia de seguridad' with Sites for any site (its
 * platform data are worth keeping installed or not), offered just before Eliminar, whose warning recommends one;
 * Administrar with Impersonate on an installed, active site.
 */
export function detailOptionsFor(site: DetailSite, held: readonly string[]): DetailOption[] {
  const options: DetailOption[] = [];
  const sitesHolder = held.includes('Sites');
  const active = site.installed && site.statusId === 1;
  if (sitesHolder) {
    options.push('edit');
    if (site.installed) options.push(active ? 'disable' : 'enable');
    options.push('backup', 'delete');
  }
  if (held.includes('Impersonate') && active) options.push('impersonate');
  return options;
}

/** Characters left of an annotation (spec 01 §5: max 540 with a remaining counter); negative when over. */
export function remainingCharacters(text: string, max = SITE_COMMENT_MAX_LENGTH): number {
  return max - text.length;
}

export { isValidReason } from '../../../resources/impersonation';
