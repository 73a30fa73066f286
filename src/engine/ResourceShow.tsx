/**
 * The read-only page of one record: react-admin's `Show` with each list field's cell, labelled by its
 * i18n key (resources.<name>.fields.<source>). A custom show starts from it and adds or replaces fields.
 */
import type { ReactNode } from 'react';
import { Labeled, Show, SimpleShowLayout } from 'react-admin';
import type { ResourceDeclaration } from '../../resources/types';
import { FieldCell } from './ResourceColumns';

export function ResourceShowFields({ declaration }: { declaration: ResourceDeclaration }) {
  return (
    <>
      {declaration.fields
        .filter((field) => field.type !== 'audience')
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
    <Show resource={declaration.name} title={declaration.title}>
      <SimpleShowLayout>{children ?? <ResourceShowFields declaration={declaration} />}</SimpleShowLayout>
    </Show>
  );
}
