/**
 * Hand routes: protocol work (portal keys, site-token keys, portal-key callers).
 *
 * Portal keys and site tokens (docs/services.md 'Portal keys'): Sites holders issue (rotate) and revoke a site's
 * key; portals call `access: 'portal'` routes with it; the public keys that verify site tokens are at
 * /.well-known/jwks.json.
 */
import type { FastifyInstance } from 'fastify';
import { sitesResource } from '../../resources/sites';
import { writeAudit } from '../audit/audit';
import { sites } from '../db/schema';
import { ApiError, notFound } from '../http/errors';
import { idParam } from '../http/params';
import { apiRoute, currentPortal, currentUser } from '../http/route';
import { t } from '../i18n';
import { issuePortalKey, livePortalKey, revokePortalKey } from '../portal/keys';
import { applyPortalStats, readPortalStats } from '../portal/stats';
import { siteTokenJwks } from '../portal/siteTokens';
import { publish } from '../realtime/events';
import { eq } from 'drizzle-orm';

const siteIdParams = { type: 'object', properties: { id: { type: 'string', description: 'Id del portal' } } } as const;
/** Issuing and revoking a site's key writes the site: the sites declaration's write permissions. */
const SITES_ACCESS = { permissions: sitesResource.permissions.write };

const issuedKeySchema = {
  type: 'object',
  properties: {
    siteId: { type: 'integer' },
    keyId: { type: 'string' },
    key: { type: 'string', description: 'pk_<keyId>.<secreto>: se muestra una sola vez' },
    createdAt: { type: 'string', format: 'date-time' },
  },
};
const liveKeySchema = {
  type: 'object',
  properties: {
    siteId: { type: 'integer' },
    keyId: { type: 'string', nullable: true },
    createdAt: { type: 'string', format: 'date-time', nullable: true },
  },
};
const whoamiSchema = {
  type: 'object',
  properties: { siteId: { type: 'integer' }, name: { type: 'string' }, alias: { type: 'string', nullable: true }, keyId: { type: 'string' } },
};

export function registerPortalRoutes(app: FastifyInstance): void {
  const { database } = app.ctx;

  apiRoute(app, {
    method: 'POST',
    url: '/sites/:id/portalkey',
    access: SITES_ACCESS,
    summary: 'Emite (o rota) la clave del portal: la respuesta trae la clave completa una sola vez; la anterior queda revocada',
    tags: ['Portales'],
    schema: { params: siteIdParams },
    documentedResponses: { 201: issuedKeySchema },
    handler: async (request, reply) => {
      const siteId = idParam(request);
      const user = currentUser(request);
      const issued = await database.db.transaction(async (tx) => {
        const created = await issuePortalKey(tx, siteId, user.id);
        if (!created) throw notFound();
        // Never the key itself: the trail says which key id replaced which.
        await writeAudit(tx, request, {
          action: 'portal_key_issue',
          resource: 'sites',
          recordId: siteId,
          recordLabel: created.siteName,
          after: { keyId: created.keyId },
        });
        await publish(tx, 'sites', { siteId, change: 'portal_key', keyId: created.keyId });
        return created;
      });
      return reply.status(201).send({ siteId: issued.siteId, keyId: issued.keyId, key: issued.key, createdAt: issued.createdAt.toISOString() });
    },
  });

  apiRoute(app, {
    method: 'GET',
    url: '/sites/:id/portalkey',
    access: SITES_ACCESS,
    summary: 'Clave activa del portal (solo su identificador y fecha; nunca el secreto)',
    tags: ['Portales'],
    schema: { params: siteIdParams },
    documentedResponses: { 200: liveKeySchema },
    handler: async (request) => {
      const siteId = idParam(request);
      const [site] = await database.db.select({ id: sites.id }).from(sites).where(eq(sites.id, siteId));
      if (!site) throw notFound();
      const live = await livePortalKey(database.db, siteId);
      return { siteId, keyId: live?.keyId ?? null, createdAt: live?.createdAt.toISOString() ?? null };
    },
  });

  apiRoute(app, {
    method: 'DELETE',
    url: '/sites/:id/portalkey',
    access: SITES_ACCESS,
    summary: 'Revoca la clave activa del portal',
    tags: ['Portales'],
    schema: { params: siteIdParams },
    documentedResponses: { 204: { description: 'Clave revocada (sin contenido)' } },
    handler: async (request, reply) => {
      const siteId = idParam(request);
      await database.db.transaction(async (tx) => {
        const [site] = await tx.select({ name: sites.name }).from(sites).where(eq(sites.id, siteId));
        if (!site) throw notFound();
        const keyId = await revokePortalKey(tx, siteId);
        if (!keyId) throw new ApiError(404, 'NotFound', t('portal.no_key'));
        await writeAudit(tx, request, { action: 'portal_key_revoke', resource: 'sites', recordId: siteId, recordLabel: site.name, before: { keyId } });
        await publish(tx, 'sites', { siteId, change: 'portal_key', keyId: null });
      });
      return reply.status(204).send();
    },
  });

  apiRoute(app, {
    method: 'GET',
    url: '/portal/whoami',
    access: 'portal',
    summary: 'El portal que llama con su clave: id, nombre y alias',
    tags: ['API de portales'],
    documentedResponses: { 200: whoamiSchema },
    handler: async (request) => {
      const { siteId, keyId } = currentPortal(request);
      const [site] = await database.db.select({ name: sites.name, alias: sites.alias }).from(sites).where(eq(sites.id, siteId));
      if (!site) throw notFound();
      return { siteId, name: site.name, alias: site.alias, keyId };
    },
  });

  apiRoute(app, {
    method: 'PUT',
    url: '/portal/stats',
    access: 'portal',
    summary:
      'El portal informa su número de contenidos (countContents de su entidad); usuarios, correos y comentarios los cuenta la plataforma',
    tags: ['API de portales'],
    schema: {
      body: {
        type: 'object',
        // No `type` on purpose: Ajv's coercion would turn null or true into a number; the handler checks the value itself.
        properties: { contents: { description: 'Contenidos publicados en el portal: entero de 0 a 2147483647 (obligatorio)' } },
      },
    },
    documentedResponses: {
      200: { type: 'object', properties: { siteId: { type: 'integer' }, countContents: { type: 'integer' } } },
    },
    errorResponses: [400],
    handler: async (request) => {
      const { siteId, keyId } = currentPortal(request);
      const stats = readPortalStats(request.body);
      await database.db.transaction(async (tx) => {
        const applied = await applyPortalStats(tx, siteId, stats);
        if (!applied) throw notFound();
        // Who: the portal (no platform user); its key id names which key reported.
        await writeAudit(tx, request, {
          action: 'portal_stats',
          resource: 'sites',
          recordId: siteId,
          recordLabel: applied.name,
          actor: { id: null, email: null },
          before: applied.before,
          after: { ...applied.after, keyId },
        });
        await publish(tx, 'sites', { siteId, change: 'counters' });
      });
      return { siteId, countContents: stats.contents };
    },
  });

  // Outside /api/v1 by convention (RFC 8615); public: portals fetch it to verify site tokens.
  app.get(
    '/.well-known/jwks.json',
    { schema: { hide: true }, config: { access: 'public' } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return siteTokenJwks(database);
    },
  );
}
