import type { FastifyInstance } from 'fastify';

export function registerLocationRoutes(_app: FastifyInstance): void {}
