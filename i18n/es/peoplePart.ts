/**
 * The messages of /administradores (src/users) and of the people declarations (administrators, site users, site
 * permissions, superadmins): a part of its own that those screens' chunks add with the signed-in part
 * (src/shared/i18nProvider.ts `withMessages`), so the site list's first load does not carry them.
 */
import { people } from './people';
import { users } from './users';
import { superadminValidation } from './superadminValidation';

export const peopleMessages = { people, users, validation: { superadmin: superadminValidation } };
