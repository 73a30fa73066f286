import type { FastifyInstance } from 'fastify';

export function registerSiteRoutes(_app: FastifyInstance): void {}
