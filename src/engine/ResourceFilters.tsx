/**
 * The list filters of a declaration: the text search (`q`, sent as `search`) when a field is searchable,
 * then each declared filter field's widgets from its kind (src/engine/fieldKinds.tsx). They are react-admin
 * filter inputs: `<List filters>` draws them in its FilterForm and keeps their values in the address.
 */
import type { ReactElement } from 'react';
import { FilterForm, TextInput } from 'react-admin';
import type { ResourceDeclaration } from '../../resources/types';
import { filterFields, hasSearch } from './declarationFields';
import { kindFilters } from './fieldKinds';

export function resourceFilters(declaration: ResourceDeclaration): ReactElement[] {
  const search = hasSearch(declaration) ? [<TextInput key="q" source="q" label="engine.filters.search" alwaysOn resettable />] : [];
  return [...search, ...filterFields(declaration).flatMap((field) => kindFilters({ field, resource: declaration.name }))];
}

/** The filter form alone, for a custom list layout inside a list context. */
export function ResourceFilters({ declaration }: { declaration: ResourceDeclaration }) {
  return <FilterForm filters={resourceFilters(declaration)} />;
}
