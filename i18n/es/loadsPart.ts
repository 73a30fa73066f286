/**
 * The messages of the site list's load dialogs (src/sites/loads), the bulk portal file (src/sites/bulkFile) and
 * /actualizar-portales (src/settings/updateSites): a part of its own that those dialogs' and that screen's chunks add
 * with the signed-in part (src/shared/i18nProvider.ts `withMessages`), so the site list's first load does not carry
 * them, only the dialog opened does.
 */
import { bulkFile } from './bulkFile';
import { loads } from './loads';

export const loadsMessages = { bulkFile, loads };
