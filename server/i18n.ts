/** The server's one translator: Spanish texts from i18n/ for every key the API answers with. */
import { jobs } from '../i18n/es/jobs';
import { lists } from '../i18n/es/lists';
import { resources } from '../i18n/es/resources';
import { serverMessages } from '../i18n/es/server';
import { serverAuth } from '../i18n/es/serverAuth';
import { serverStartup } from '../i18n/es/serverStartup';
import { sites } from '../i18n/es/sites';
import { createTranslator, type MessageTree } from '../i18n/translate';

export const t = createTranslator({ ...serverMessages, jobs, lists, resources, serverAuth, serverStartup, sites } as unknown as MessageTree);
