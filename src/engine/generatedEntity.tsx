/**
 * The screens of an entity folder (`src/<area>/<entity>/index.ts`) built from the generated parts, as
 * react-admin's demo folders export them: `list` (the generated screen), `create` and `edit` (the form
 * dialogs the list opens; a custom list renders them inside EngineStateProvider) and `show`. An entity
 * that needs more replaces one of them with a screen that starts from these parts.
 */
import type { ComponentType } from 'react';
import type { ResourceDeclaration } from '../../resources/types';
import { GeneratedResourcePage } from './GeneratedResourcePage';
import { ResourceCreate, ResourceEdit } from './ResourceFormDialog';
import { ResourceShow } from './ResourceShow';

export interface EntityScreens {
  list: ComponentType<{ title?: string }>;
  create: ComponentType;
  edit: ComponentType;
  show: ComponentType;
}

export function generatedEntity(declaration: ResourceDeclaration): EntityScreens {
  function List() {
    return <GeneratedResourcePage declaration={declaration} />;
  }
  function Show() {
    return <ResourceShow declaration={declaration} />;
  }
  return { list: List, create: ResourceCreate, edit: ResourceEdit, show: Show };
}
