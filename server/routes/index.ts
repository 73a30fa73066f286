/** Every API route module. A module registers its routes with `apiRoute`, each with its access declaration. */
import type { FastifyInstance } from 'fastify';
import type { ResourceDeclaration } from '../../resources/types';
import { registerResource, registerResourceRoutes } from '../resources/engine';
import { registerAudienceRoutes } from './audience';
import { registerAuditRoutes } from './audit';
import { registerAuthRoutes } from './auth';
import { registerFileRoutes } from './files';
import { registerJobRoutes } from './jobs';
import { registerPortalRoutes } from './portal';
import { registerRealtimeRoutes } from './realtime';
import { registerMailLogRoutes } from './maillog';
import { registerSiteRoutes } from './sites';
import { registerUserRoutes } from './users';

export async function registerApiRoutes(
  app: FastifyInstance,
  options: { extraResources?: readonly ResourceDeclaration[] } = {},
): Promise<void> {
  registerAuthRoutes(app);
  registerUserRoutes(app);
  registerAuditRoutes(app);
  registerSiteRoutes(app);
  registerJobRoutes(app);
  registerAudienceRoutes(app);
  registerFileRoutes(app);
  registerPortalRoutes(app);
  registerRealtimeRoutes(app);
  registerMailLogRoutes(app);
  registerResourceRoutes(app);
  for (const declaration of options.extraResources ?? []) registerResource(app, declaration);
}
