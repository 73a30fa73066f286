/** The 'Usuarios' tab of /administradores (spec 01 §2 'Users'): site users from the engine's parts, exported by a job. */
import { siteUsersResource } from '../../../resources/people/siteUsers';
import { PeopleTab } from '../shared/PeopleTab';
import { SiteUserEditDialog } from './SiteUserEditDialog';

export function SiteUsersTab() {
  return <PeopleTab declaration={siteUsersResource} EditDialog={SiteUserEditDialog} />;
}
