/**
 * All Spanish messages: react-admin's own keys (ra.*) completed, plus every domain text.
 * Translators edit only the files of this folder.
 */
import { audience } from './audience';
import { audit } from './audit';
import { auth } from './auth';
import { engine } from './engine';
import { errors } from './errors';
import { exportTexts } from './exports';
import { files } from './files';
import { jobs } from './jobs';
import { maillog } from './maillog';
import { menu } from './menu';
import { pages } from './pages';
import { ra } from './ra';
import { resources } from './resources';
import { settings } from './settings';
import { sites } from './sites';
import { validation } from './validation';

export const spanishMessages = { ...ra, audience, audit, auth, engine, errors, exports: exportTexts, files, jobs, maillog, menu, pages, resources, settings, sites, validation };
