import type { FastifyInstance } from 'fastify';

export function registerAuthRoutes(_app: FastifyInstance): void {}
