/** Every API route module. A module registers its routes with `apiRoute`, each with its access declaration. */
import type { FastifyInstance } from 'fastify';
import type { ResourceDeclaration } from '../../resources/types';
import { registerResource, registerResourceRoutes } from '../resources/engine';
import { registerAudienceRoutes } from './audience';
import { registerContentRoutes } from './contents';
import { registerBackupRoutes } from './backups';
import { registerAuthRoutes } from './auth';
import { registerDeactivationRoutes } from './deactivation';
import { registerClientConfigRoutes } from './clientConfig';
import { registerFileRoutes } from './files';
import { registerInstallationRoutes } from './installation';
import { registerJobRoutes } from './jobs';
import { registerLoadRoutes } from './loads';
import { registerPortalRoutes } from './portal';
import { registerRealtimeRoutes } from './realtime';
import { registerSiteDetailRoutes } from './siteDetail';
import { registerScoreRoutes } from './scores';
import { registerSiteRoutes } from './sites';
import { registerSitesFileRoutes } from './sitesFile';
import { registerUserRoutes } from './users';
import { registerNewSiteRoutes } from '../newSite/routes';

export async function registerApiRoutes(
  app: FastifyInstance,
  options: { extraResources?: readonly ResourceDeclaration[] } = {},
): Promise<void> {
  registerAuthRoutes(app);
  registerClientConfigRoutes(app);
  registerUserRoutes(app);
  registerSiteRoutes(app);
  registerSitesFileRoutes(app);
  registerSiteDetailRoutes(app);
  registerScoreRoutes(app);
  registerJobRoutes(app);
  registerLoadRoutes(app);
  registerAudienceRoutes(app);
  registerContentRoutes(app);
  registerDeactivationRoutes(app);
  registerFileRoutes(app);
  registerPortalRoutes(app);
  registerRealtimeRoutes(app);
  registerBackupRoutes(app);
  registerInstallationRoutes(app);
  registerNewSiteRoutes(app);
  registerResourceRoutes(app);
  for (const declaration of options.extraResources ?? []) registerResource(app, declaration);
}
