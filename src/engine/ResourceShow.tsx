/**
 * The read-only page of one record: react-admin's `Show` with each list field's cell, labelled by its
 * i18n key (resources.<name>.fields.<source>). A custom show starts from it and adds or replaces fields. A declaration
 * with `detailOnly` fields shows the record read on its own (DETAIL_META), with those fields.
 */
import type { ReactNode } from 'react';
import { Labeled, Show, SimpleShowLayout } from 'react-admin';
import { hasDetailOnlyFields, type ResourceDeclaration } from '../../resources/types';
import { DETAIL_META } from './useDetailRecord';
import { FieldCell } from './ResourceColumns';

export function ResourceShowFields({ declaration }: { declaration: ResourceDeclaration }) {
  return (
    <>
      {declaration.fields
        // Neither an audience (its own card) nor a column the API never answers.
        .filter((field) => field.type !== 'audience' && !field.hidden && !field.writeOnly)
        .map((field) => (
          <Labeled key={field.source} source={field.source} label={field.label}>
            <FieldCell field={field} />
          </Labeled>
        ))}
    </>
  );
}

export function ResourceShow({ declaration, children }: { declaration: ResourceDeclaration; children?: ReactNode }) {
  return (
    // A declaration with `detailOnly` fields reads the record under a key no list fills (useDetailRecord), never the list's partial record.
    <Show resource={declaration.name} title={declaration.title} queryOptions={hasDetailOnlyFields(declaration) ? { meta: DETAIL_META } : undefined}>
      <SimpleShowLayout>{children ?? <ResourceShowFields declaration={declaration} />}</SimpleShowLayout>
    </Show>
  );
}
