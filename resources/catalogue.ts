/**
 * A catalogue of the settings area is one declaration (resources/catalogues/<name>.ts): its reference, its page under
 * /configuracion with its row in the index, and its model. `npm run db:generate` (scripts/generate-declarations.ts)
 * writes from these declarations what the first chunk, resources/index.ts and the schema read, so no hand-kept list
 * names a catalogue (docs/adding-a-resource.md).
 */
import type { AnyObject } from 'yup';
import { EVERYONE, resourceSettingsPage, screenOf, SETTINGS, type AreaKey } from './areas';
import { resourceTitleKey, withFieldLabels, type Declared, type ResourceDeclaration, type ResourcePermissions, type ResourceReference } from './types';

/** Every superadmin reads a catalogue (forms and filters look them up); Settings changes it. */
export const CATALOGUE_ACCESS: ResourcePermissions = { read: EVERYONE, write: SETTINGS };

/** The catalogue's page under /configuracion and the position of its row in the settings index (spec 03 §2). */
export interface SettingsPage {
  path: string;
  position: number;
}

export interface CatalogueDeclaration<TRecord extends AnyObject = AnyObject> extends ResourceDeclaration<TRecord> {
  area: AreaKey;
  settingsPage: SettingsPage;
}

type CatalogueInput<TRecord extends AnyObject> = Omit<Declared<ResourceDeclaration<TRecord>>, 'area' | 'title' | 'permissions'> & {
  /** Its key in the area table, e.g. `settings.siteTypes` (the generated row). */
  area: `settings.${string}`;
  settingsPage: SettingsPage;
  /** Default: CATALOGUE_ACCESS. */
  permissions?: ResourcePermissions;
};

export function defineCatalogue<TRecord extends AnyObject>(declaration: CatalogueInput<TRecord>): CatalogueDeclaration<TRecord> {
  const { area, permissions = CATALOGUE_ACCESS, fields, ...rest } = declaration;
  return {
    ...rest,
    // The key exists in AREAS once the row is generated; the screen facts come from the row itself, so this holds before.
    area: area as AreaKey,
    title: resourceTitleKey(rest.name),
    permissions,
    fields: withFieldLabels(rest.name, fields),
    ...screenOf(catalogueArea(declaration)),
  };
}

export function isCatalogue(value: unknown): value is CatalogueDeclaration {
  return typeof value === 'object' && value !== null && 'settingsPage' in value && 'fields' in value;
}

/** Its row of the area table: the settings sub-page, its index row and its 'Atrás'. */
export function catalogueArea(declaration: Pick<CatalogueDeclaration, 'name' | 'settingsPage'>) {
  return resourceSettingsPage(declaration.settingsPage.path, declaration.name, declaration.settingsPage.position);
}

/** What resources/references.ts gives defineReference for it (the reference part, without what that derives). */
export function catalogueReference(declaration: CatalogueDeclaration): Omit<ResourceReference, 'title' | 'route' | 'routeAccess' | 'parentRoute'> {
  const { name, apiPath, idField, itemPath, area, permissions } = declaration;
  return { name, apiPath, idField, ...(itemPath === undefined ? {} : { itemPath }), area, permissions };
}
