/**
 * The messages of the audit trail (src/audit, /configuracion/auditoria) and of the mail log (no browser screen yet; the
 * server reads them from server/i18n.ts): a part of its own that the audit screen's chunk and the engine's generated
 * screens add with the signed-in part (src/shared/i18nProvider.ts `withMessages`).
 */
import { audit } from './audit';
import { maillog } from './maillog';

export const auditMessages = { audit, maillog };
