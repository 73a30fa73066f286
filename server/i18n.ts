/**
 * The server's one translator: Spanish texts from i18n/ for every key the API answers with (`validation` and
 * `resources` joined across the area files by i18n/es/index.ts).
 */
import { audience } from '../i18n/es/audience';
import { audit } from '../i18n/es/audit';
import { backups } from '../i18n/es/backups';
import { banners, logos } from '../i18n/es/banners';
import { deactivation } from '../i18n/es/deactivation';
import { bulkFile } from '../i18n/es/bulkFile';
import { contents } from '../i18n/es/contents';
import { exportTexts } from '../i18n/es/exports';
import { errors } from '../i18n/es/errors';
import { files } from '../i18n/es/files';
import { jobs } from '../i18n/es/jobs';
import { loads } from '../i18n/es/loads';
import { installation, lists, openapi, portal, realtime, serverAuth, serverStartup } from '../i18n/es/server';
import { maillog } from '../i18n/es/maillog';
import { people } from '../i18n/es/users';
import { resources, validation } from '../i18n/es/index';
import { siteGroups } from '../i18n/es/siteGroups';
import { sites } from '../i18n/es/sites';
import { createTranslator, type MessageTree } from '../i18n/translate';
import { siteDetail } from '../i18n/es/siteDetail';
import { newSite } from '../i18n/es/newSite';
import { updateSchedules } from '../i18n/es/policies';
import { scores } from '../i18n/es/scores';

export const t = createTranslator({ errors, validation, audience, audit, backups, banners, bulkFile, contents, deactivation, exports: exportTexts, files, installation, jobs, lists, loads, logos, maillog, openapi, people, portal, realtime, resources, serverAuth, serverStartup, siteDetail, siteGroups, sites, scores, newSite, update_schedules: updateSchedules } as unknown as MessageTree);
