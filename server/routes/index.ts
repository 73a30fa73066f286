/** Every API route module. A module registers its routes with `apiRoute`, each with its access declaration. */
import type { FastifyInstance } from 'fastify';
import { registerResourceRoutes } from '../resources/engine';
import { registerAuditRoutes } from './audit';
import { registerAuthRoutes } from './auth';
import { registerLocationRoutes } from './locations';
import { registerSiteRoutes } from './sites';
import { registerUserRoutes } from './users';

export async function registerApiRoutes(app: FastifyInstance): Promise<void> {
  registerAuthRoutes(app);
  registerUserRoutes(app);
  registerAuditRoutes(app);
  registerLocationRoutes(app);
  registerSiteRoutes(app);
  registerResourceRoutes(app);
}
