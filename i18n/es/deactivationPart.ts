/**
 * The messages of the bulk deactivation page (/administradores/eliminar, src/users/deactivation): a part of its own
 * that the page's chunk adds with the signed-in part (src/shared/i18nProvider.ts `withMessages`).
 */
import { deactivation } from './deactivation';

export const deactivationMessages = { deactivation };
