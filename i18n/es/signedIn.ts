/**
 * The messages of the signed-in areas, in a chunk of their own that the i18nProvider adds when the layout loads
 * (src/shared/i18nProvider.ts `loadSignedInMessages`). A new area's messages file is added here (docs/adding-a-resource.md);
 * the site detail's are in detail.ts, the bulk deactivation page's in deactivationPart.ts, the public wizard's in wizard.ts, the server's own (installation, lists…) in server/i18n.ts.
 */
import { audience } from './audience';
import { audit } from './audit';
import { bulkFile } from './bulkFile';
import { engine } from './engine';
import { exportTexts } from './exports';
import { files } from './files';
import { jobs } from './jobs';
import { loads } from './loads';
import { maillog } from './maillog';
import { people } from './people';
import { resources } from './resources';
import { settings } from './settings';
import { siteGroups } from './siteGroups';
import { sites } from './sites';
import { users } from './users';
import { validation } from './validation';

export const signedInMessages = { audience, audit, bulkFile, engine, exports: exportTexts, files, jobs, loads, maillog, people, resources, settings, siteGroups, sites, users, validation };
