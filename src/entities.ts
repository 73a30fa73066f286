/**
 * The entity folders by resource name: each folder's screens (`{ list, create, edit, show, icon }`), loaded
 * lazily so /login stays light, each folder's chunk with the message parts of the engine's screens (every
 * declaration's texts: src/shared/i18nProvider.ts `ENGINE_PARTS`). The route table takes an entity's `list` from here when it has one
 * (src/routes/appRoutes.ts `declarationRoute`); a resource without a folder gets the generated screen.
 */
import type { SvgIconComponent } from '@mui/icons-material';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { chatCategoriesReference, documentTypesReference, groupsReference, procedureTypesReference, siteTypesReference } from '../resources/references';
import type { Screen } from './routes/lazyScreen';
import { ENGINE_PARTS, withMessages } from './shared/i18nProvider';
import { icon as chatCategoriesIcon } from './settings/chatCategories/icon';
import { icon as documentTypesIcon } from './settings/documentTypes/icon';
import { icon as procedureTypesIcon } from './settings/procedureTypes/icon';
import { icon as siteTypesIcon } from './settings/siteTypes/icon';
import { icon as groupsIcon } from './sites/groups/icon';

export interface Entity {
  list: LazyExoticComponent<Screen>;
  create: LazyExoticComponent<ComponentType>;
  edit: LazyExoticComponent<ComponentType>;
  show: LazyExoticComponent<ComponentType>;
  icon: SvgIconComponent;
}

type EntityModule = { list: Screen; create: ComponentType; edit: ComponentType; show: ComponentType };

/** One folder's screens, each its own lazy component over the folder's one chunk. */
function lazyEntity(load: () => Promise<EntityModule>, icon: SvgIconComponent): Entity {
  return {
    list: lazy(() => load().then((module) => ({ default: module.list }))),
    create: lazy(() => load().then((module) => ({ default: module.create }))),
    edit: lazy(() => load().then((module) => ({ default: module.edit }))),
    show: lazy(() => load().then((module) => ({ default: module.show }))),
    icon,
  };
}

export const entities: Readonly<Record<string, Entity>> = {
  [siteTypesReference.name]: lazyEntity(withMessages(ENGINE_PARTS, () => import('./settings/siteTypes')), siteTypesIcon),
  [procedureTypesReference.name]: lazyEntity(withMessages(ENGINE_PARTS, () => import('./settings/procedureTypes')), procedureTypesIcon),
  [documentTypesReference.name]: lazyEntity(withMessages(ENGINE_PARTS, () => import('./settings/documentTypes')), documentTypesIcon),
  [chatCategoriesReference.name]: lazyEntity(withMessages(ENGINE_PARTS, () => import('./settings/chatCategories')), chatCategoriesIcon),
  [groupsReference.name]: lazyEntity(withMessages(ENGINE_PARTS, () => import('./sites/groups')), groupsIcon),
};

/** The list screen of a resource's entity folder, if it has one. */
export function entityList(resource: string): LazyExoticComponent<Screen> | undefined {
  return entities[resource]?.list;
}
