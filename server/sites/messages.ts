/**
 * Translator for the site area's server texts (`sites.server.*`) plus the shared server
 * messages, so that status names and query errors come from i18n/ like every other answer.
 */
import { serverMessages } from '../../i18n/es/server';
import { sites } from '../../i18n/es/sites';
import { createTranslator, type MessageTree } from '../../i18n/translate';

export const tSites = createTranslator({ ...serverMessages, sites } as unknown as MessageTree);
