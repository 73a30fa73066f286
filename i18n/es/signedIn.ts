/**
 * The messages of the signed-in areas, in a chunk of their own that the i18nProvider adds when the layout loads
 * (src/shared/i18nProvider.ts `loadSignedInMessages`). A new area's messages file is added here (docs/adding-a-resource.md).
 */
import { audience } from './audience';
import { audit } from './audit';
import { backups } from './backups';
import { bulkFile } from './bulkFile';
import { deactivation } from './deactivation';
import { engine } from './engine';
import { exportTexts } from './exports';
import { files } from './files';
import { installation } from './installation';
import { jobs } from './jobs';
import { loads } from './loads';
import { maillog } from './maillog';
import { newSite } from './newSite';
import { people } from './people';
import { resources } from './resources';
import { scores } from './scores';
import { settings } from './settings';
import { siteDetail } from './siteDetail';
import { siteGroups } from './siteGroups';
import { sites } from './sites';
import { users } from './users';
import { validation } from './validation';

export const signedInMessages = { audience, audit, backups, bulkFile, deactivation, engine, exports: exportTexts, files, installation, jobs, loads, maillog, newSite, people, resources, scores, settings, siteDetail, siteGroups, sites, users, validation };
