/**
 * The messages of the site detail and the backup download page (src/sites/detail, backups, scores): a part of their
 * own that those screens' chunks add with the signed-in part (src/shared/i18nProvider.ts `withMessages`), so
 * the site list's first load does not carry them (docs/decisions/0022-first-load-budget.md).
 */
import { backups } from './backups';
import { scores } from './scores';
import { siteDetail } from './siteDetail';
import { siteRequests } from './siteRequests';

/**
 * The backup status an older list never shows, only the detail's summary (kept out of the signed-in part's
 * `resources.backups.choices.status`, i18n/es/backupResources.ts): a ready backup whose zip was deleted after
 * BACKUP_RETENTION_DAYS.
 */
// With the site requests' approve/reject texts (the detail's Solicitudes tab; i18n/es/signedInResources.ts leaves them out of
// the signed-in part's `resources.siterequests`).
const detailResourceTexts = { backups: { choices: { status: { expired: 'Vencida: el archivo se eliminó' } } }, siterequests: siteRequests };

export const detailMessages = { backups, scores, siteDetail, resources: detailResourceTexts };
