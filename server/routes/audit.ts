import type { FastifyInstance } from 'fastify';

export function registerAuditRoutes(_app: FastifyInstance): void {}
