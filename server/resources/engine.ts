import type { FastifyInstance } from 'fastify';

export function registerResourceRoutes(_app: FastifyInstance): void {}
