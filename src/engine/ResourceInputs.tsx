/** The inputs of a declaration's form, one per form field, labelled by the field's i18n key. */
import { BooleanInput, DateInput, NumberInput, TextInput } from 'react-admin';
import type { FieldDeclaration, ResourceDeclaration } from '../../resources/types';
import { formFields } from './declarationFields';

export function FieldInput({ field, compact = false }: { field: FieldDeclaration; compact?: boolean }) {
  const common = { source: field.source, label: field.label, helperText: compact ? false : undefined } as const;
  switch (field.type) {
    case 'boolean':
      return <BooleanInput {...common} />;
    case 'integer':
      return <NumberInput {...common} step={1} />;
    case 'decimal':
      return <NumberInput {...common} step={field.step ?? 0.01} />;
    case 'date':
      return <DateInput {...common} />;
    default:
      return <TextInput {...common} slotProps={{ htmlInput: { maxLength: field.maxLength } }} fullWidth={!compact} />;
  }
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
