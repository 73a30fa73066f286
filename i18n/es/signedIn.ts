/**
 * The messages of the layout and of the site list (/portales, the signed-in first screen, with the shared components
 * every area renders: engine, exports, jobs, files), in a chunk of their own that the i18nProvider adds when the layout
 * loads (src/shared/i18nProvider.ts `loadSignedInMessages`). Every other area's texts are in a part its screen's chunk
 * waits for (`withMessages`): audiencePart.ts, peoplePart.ts, auditPart.ts, loadsPart.ts, detail.ts, deactivationPart.ts,
 * wizard.ts. A new area's messages file goes into its own part, here only if the site list or the layout uses it
 * (docs/adding-a-resource.md; i18n/split.test.ts checks it); the server's own (installation, lists…) are in server/i18n.ts.
 */
import { engine } from './engine';
import { exportTexts } from './exports';
import { files } from './files';
import { jobs } from './jobs';
import { signedInResources } from './signedInResources';
import { settings } from './settings';
import { siteGroups } from './siteGroups';
import { sites } from './sites';
import { signedInValidation } from './signedInValidation';

export const signedInMessages = { engine, exports: exportTexts, files, jobs, resources: signedInResources, settings, siteGroups, sites, validation: signedInValidation };
