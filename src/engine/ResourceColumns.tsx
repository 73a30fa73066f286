/** The list cell of a declared field: text, number (Spanish format), yes/no or date. */
import { BooleanField, DateField, NumberField, TextField } from 'react-admin';
import type { FieldDeclaration } from '../../resources/types';

export const LOCALE = 'es-CO';

export function FieldCell({ field }: { field: FieldDeclaration }) {
  switch (field.type) {
    case 'id':
    case 'integer':
      return <NumberField source={field.source} locales={LOCALE} options={{ useGrouping: false }} />;
    case 'decimal':
      return <NumberField source={field.source} locales={LOCALE} options={{ maximumFractionDigits: 2 }} />;
    case 'boolean':
      return <BooleanField source={field.source} />;
    case 'date':
      return <DateField source={field.source} locales={LOCALE} />;
    default:
      return <TextField source={field.source} />;
  }
}
