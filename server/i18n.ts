/** The server's translator: Spanish texts from i18n/ for error and validation keys. */
import { resources } from '../i18n/es/resources';
import { serverMessages } from '../i18n/es/server';
import { serverAuth } from '../i18n/es/serverAuth';
import { createTranslator, type MessageTree } from '../i18n/translate';

export const t = createTranslator({ ...serverMessages, resources, serverAuth } as MessageTree);
