/** The list cell of a declared field: its kind's cell (src/engine/fieldKinds.tsx). */
import { useResourceContext } from 'react-admin';
import type { FieldDeclaration } from '../../resources/types';
import { KindCell } from './fieldKinds';

export { LOCALE } from './fieldKinds';

export function FieldCell({ field }: { field: FieldDeclaration }) {
  const resource = useResourceContext() ?? '';
  return <KindCell field={field} resource={resource} />;
}
