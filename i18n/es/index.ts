/**
 * All Spanish messages: react-admin's own keys (ra.*) completed, plus every domain text.
 * Translators edit only the files of this folder.
 */
import { audience } from './audience';
import { audit } from './audit';
import { deactivation } from './deactivation';
import { bulkFile } from './bulkFile';
import { auth } from './auth';
import { backups } from './backups';
import { engine } from './engine';
import { errors } from './errors';
import { exportTexts } from './exports';
import { files } from './files';
import { jobs } from './jobs';
import { loads } from './loads';
import { maillog } from './maillog';
import { menu } from './menu';
import { pages } from './pages';
import { people } from './people';
import { ra } from './ra';
import { resources } from './resources';
import { settings } from './settings';
import { siteGroups } from './siteGroups';
import { sites } from './sites';
import { users } from './users';
import { validation } from './validation';
import { siteDetail } from './siteDetail';
import { newSite } from './newSite';

export const spanishMessages = { ...ra, audience, audit, auth, backups, bulkFile, deactivation, engine, errors, exports: exportTexts, files, jobs, loads, maillog, menu, pages, people, resources, settings, siteDetail, siteGroups, sites, users, validation, newSite };

