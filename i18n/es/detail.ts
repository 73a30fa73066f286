/**
 * The messages of the site detail and the backup download page (src/sites/detail, backups, scores): a part of their
 * own that those screens' chunks add with the signed-in part (src/shared/i18nProvider.ts `loadDetailMessages`), so
 * the site list's first load does not carry them (docs/decisions.md 'First-load budget').
 */
import { backups } from './backups';
import { scores } from './scores';
import { siteDetail } from './siteDetail';

export const detailMessages = { backups, scores, siteDetail };
