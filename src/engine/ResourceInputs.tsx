/** The inputs of a declaration's form, one per form field (its kind's input), labelled by the field's i18n key. */
import { useResourceContext } from 'react-admin';
import type { FieldDeclaration, ResourceDeclaration } from '../../resources/types';
import { formFields } from './declarationFields';
import { KindInput } from './fieldKinds';

export function FieldInput({ field, compact = false }: { field: FieldDeclaration; compact?: boolean }) {
  const resource = useResourceContext() ?? '';
  return <KindInput field={field} resource={resource} compact={compact} />;
}

export function ResourceInputs({ declaration, compact = false }: { declaration: ResourceDeclaration; compact?: boolean }) {
  return (
    <>
      {formFields(declaration).map((field) => (
        <FieldInput key={field.source} field={field} compact={compact} />
      ))}
    </>
  );
}
