/** The 'Administradores' tab of /administradores (spec 01 §2 'Users'): site administrators from the engine's parts. */
import { administratorsResource } from '../../../resources/people/administrators';
import { PeopleTab } from '../shared/PeopleTab';
import { AdministratorEditDialog } from './AdministratorEditDialog';

export function AdministratorsTab() {
  return <PeopleTab declaration={administratorsResource} EditDialog={AdministratorEditDialog} />;
}
