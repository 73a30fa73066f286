/**
 * The messages a signed-out visitor needs, loaded with the first page (sign-in, recovery, terms, not found, react-admin's
 * own pages and the errors every request may answer). The messages of the signed-in areas are in signedIn.ts, loaded
 * with the layout after sign-in (src/shared/i18nProvider.ts; docs/decisions/0022-first-load-budget.md).
 */
import { auth } from './auth';
import { authValidation } from './authValidation';
import { errors } from './errors';
import { menu } from './menu';
import { pages } from './pages';
import { ra } from './ra';

export const signInMessages = { ...ra, auth, errors, menu, pages, validation: authValidation };
