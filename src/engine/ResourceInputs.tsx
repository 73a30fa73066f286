/** The inputs of a declaration's form, one per form field (its kind's input), labelled by the field's i18n key. */
import { Fragment, type ReactNode } from 'react';
import { useResourceContext } from 'react-admin';
import type { FieldDeclaration, ResourceDeclaration } from '../../resources/types';
import { formFields } from './declarationFields';
import { KindInput } from './fieldKinds';

export function FieldInput({ field, compact = false }: { field: FieldDeclaration; compact?: boolean }) {
  const resource = useResourceContext() ?? '';
  return <KindInput field={field} resource={resource} compact={compact} />;
}

/** The declaration's inputs in order; `after` puts a screen's own part right under one input (a link's preview). */
export function ResourceInputs({ declaration, compact = false, after = {} }: { declaration: ResourceDeclaration; compact?: boolean; after?: Record<string, ReactNode> }) {
  return (
    <>
      {formFields(declaration).map((field) => (
        <Fragment key={field.source}>
          <FieldInput field={field} compact={compact} />
          {after[field.source]}
        </Fragment>
      ))}
    </>
  );
}
