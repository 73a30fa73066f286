/** The server's one translator: Spanish texts from i18n/ for every key the API answers with. */
import { audience } from '../i18n/es/audience';
import { exportTexts } from '../i18n/es/exports';
import { files } from '../i18n/es/files';
import { jobs } from '../i18n/es/jobs';
import { openapi } from '../i18n/es/openapi';
import { portal, realtime } from '../i18n/es/realtime';
import { maillog } from '../i18n/es/maillog';
import { lists } from '../i18n/es/lists';
import { resources } from '../i18n/es/resources';
import { serverMessages } from '../i18n/es/server';
import { serverAuth } from '../i18n/es/serverAuth';
import { serverStartup } from '../i18n/es/serverStartup';
import { sites } from '../i18n/es/sites';
import { createTranslator, type MessageTree } from '../i18n/translate';

export const t = createTranslator({ ...serverMessages, audience, exports: exportTexts, files, jobs, lists, maillog, openapi, portal, realtime, resources, serverAuth, serverStartup, sites } as unknown as MessageTree);
