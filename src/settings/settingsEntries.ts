/**
 * The rows of the settings index (spec 03 §2 'Settings index and sub-routes') and the 'Atrás' of its sub-pages,
 * derived from the area table (resources/areas.ts): a new settings screen is an area with a `settings` row.
 */
import { AREA_LIST, AREAS, parentPathOf, settingsAreas, type KeyedArea } from '../../resources/areas';
import { resourceReferences } from '../../resources/references';
import { isGeneratedReference, type ResourceReference } from '../../resources/types';

export const SETTINGS_ROUTE = AREAS.settings.path;

export interface SettingsEntry {
  route: string;
  /** i18n keys. */
  title: string;
  description: string;
}

export function settingsEntries(areas: readonly KeyedArea[] = AREA_LIST): SettingsEntry[] {
  return settingsAreas(areas).map((area) => ({ route: area.path, title: area.settings!.title, description: area.settings!.description }));
}

/**
 * The index a settings sub-page goes back to: its area's parent (/configuracion for every sub-page, those that live
 * elsewhere such as /administradores/eliminar included); undefined for a page without a parent.
 */
export function settingsParentOf(pathname: string): string | undefined {
  return parentPathOf(pathname);
}

/** The generated declarations that name the settings area itself: edited inline in the index (the shortcuts). */
export function inlineSettingsResources(references: readonly ResourceReference[] = resourceReferences): string[] {
  return references.filter((reference) => reference.area === 'settings' && isGeneratedReference(reference)).map((reference) => reference.name);
}
