/** Superadministrators and password recovery (spec 01 §7: /users/, /users/{id}, /users/passwordreset/). */
import { resourceAccess } from '../resources/access';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { checkRecoveryToken, completeRecovery, requestRecovery } from '../auth/recovery';
import { createSuperadmin, listSuperadminPage, readSuperadmin, updateSuperadmin } from '../auth/superadmins';
import { apiRoute } from '../http/route';
import { listEnvelopeSchema } from '../resources/openapi';
import { userViewSchema } from './auth';
import { listQuerySchema } from '../lists/listQuery';
import { superadminListSpec } from '../auth/superadminStore';
import { superadminsResource } from '../../resources/superadmins';

const RECOVERY_TAGS = ['Recuperación de contraseña'];
const TAGS = ['Superadministradores'];
const READERS = resourceAccess(superadminsResource.permissions.read);
const WRITERS = resourceAccess(superadminsResource.permissions.write);

const tokenParam = (request: FastifyRequest) => (request.params as { token: string }).token;
const idParam = (request: FastifyRequest) => (request.params as { id: string }).id;

const superadminBodySchema = {
  type: 'object',
  properties: {
    name: { type: 'string', description: '5 a 200 caracteres' },
    email: { type: 'string', description: 'Correo en minúsculas, máximo 200' },
    permissions: {
      type: 'array',
      items: { description: '{ permissionID, name } (o solo el permissionID), p. ej. { "permissionID": 5, "name": "Users" }' },
      description: 'Al menos un permiso',
    },
    deleted: { type: 'boolean', description: 'Inactivo' },
  },
} as const;

/** A superadmin as GET /users/ and /users/{id} answer it (documented only: server/auth/superadminStore.ts SuperadminView). */
const superadminSchema = {
  type: 'object',
  properties: {
    ...userViewSchema.properties,
    deleted: { type: 'boolean', description: 'Inactivo' },
    isGuest: { type: 'boolean', description: 'Externo (para servicios web)' },
    lastLogin: { type: 'string', format: 'date-time', nullable: true, description: 'Último inicio de sesión' },
    createdDate: { type: 'string', format: 'date-time', description: 'Fecha de creación' },
  },
} as const;

const messageSchema = { type: 'object', properties: { message: { type: 'string' } } } as const;

export function registerUserRoutes(app: FastifyInstance): void {
  apiRoute(app, {
    method: 'POST',
    url: '/users/passwordreset/',
    access: 'public',
    rateLimit: { max: 30, timeWindow: '1 minute' },
    summary: 'Solicitar el enlace de recuperación de contraseña (la respuesta es la misma exista o no el correo)',
    tags: RECOVERY_TAGS,
    schema: { body: { type: 'object', properties: { email: { type: 'string' } } }, response: { 200: messageSchema } },
    handler: async (request, reply) => requestRecovery(app, request, reply),
  });

  apiRoute(app, {
    method: 'GET',
    url: '/users/passwordreset/:token',
    access: 'public',
    summary: 'Validar el enlace de recuperación',
    tags: RECOVERY_TAGS,
    schema: {
      params: { type: 'object', properties: { token: { type: 'string' } } },
      response: { 200: { type: 'object', properties: { valid: { type: 'boolean' }, email: { type: 'string' } } } },
    },
    handler: async (request) => checkRecoveryToken(app, tokenParam(request)),
  });

  apiRoute(app, {
    method: 'PUT',
    url: '/users/passwordreset/:token',
    access: 'public',
    summary: 'Guardar la nueva contraseña con el enlace de recuperación',
    tags: RECOVERY_TAGS,
    schema: {
      params: { type: 'object', properties: { token: { type: 'string' } } },
      body: { type: 'object', properties: { password: { type: 'string' }, confirmPassword: { type: 'string' } } },
      response: { 200: messageSchema },
    },
    handler: async (request) => completeRecovery(app, request, tokenParam(request)),
  });

  apiRoute(app, {
    method: 'GET',
    url: '/users/',
    access: READERS,
    summary: 'Superadministradores: página, búsqueda por nombre o correo y orden',
    tags: TAGS,
    schema: { querystring: listQuerySchema(superadminListSpec) },
    documentedResponses: { 200: listEnvelopeSchema(superadminSchema) },
    handler: async (request) => listSuperadminPage(app, request.query, request.dataVersion),
  });

  apiRoute(app, {
    method: 'POST',
    url: '/users/',
    access: WRITERS,
    summary:
      'Crear un superadministrador con sus permisos, solo los que tiene quien lo crea (su contraseña la asigna con la invitación que recibe por correo)',
    tags: TAGS,
    schema: { body: superadminBodySchema },
    documentedResponses: { 201: superadminSchema },
    handler: async (request, reply) => {
      const created = await createSuperadmin(app, request);
      return reply.status(201).send(created);
    },
  });

  apiRoute(app, {
    method: 'GET',
    url: '/users/:id',
    access: READERS,
    summary: 'Un superadministrador',
    tags: TAGS,
    schema: { params: { type: 'object', properties: { id: { type: 'string' } } } },
    documentedResponses: { 200: superadminSchema },
    handler: async (request) => readSuperadmin(app, idParam(request)),
  });

  apiRoute(app, {
    method: 'PUT',
    url: '/users/:id',
    access: WRITERS,
    summary:
      'Modificar un superadministrador cuyos permisos tiene todos quien lo modifica (nombre, correo, permisos, inactivo; nunca los propios permisos ni una contraseña). Un correo nuevo cierra sus sesiones, anula sus enlaces pendientes y avisa al correo anterior',
    tags: TAGS,
    schema: { params: { type: 'object', properties: { id: { type: 'string' } } }, body: superadminBodySchema },
    documentedResponses: { 200: superadminSchema },
    handler: async (request) => updateSuperadmin(app, request, idParam(request)),
  });
}
