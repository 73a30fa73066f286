/**
 * Every validation text but the sign-in part's (authValidation.ts), for the server and the tests: the signed-in part's
 * (signedInValidation.ts) and the superadmin ones, the people part's (superadminValidation.ts). The browser imports
 * each file with its part, never this join (a module shared by two parts would be a chunk both load).
 */
import { signedInValidation } from './signedInValidation';
import { superadminValidation } from './superadminValidation';

export const validation = { ...signedInValidation, superadmin: { ...signedInValidation.superadmin, ...superadminValidation } } as const;
