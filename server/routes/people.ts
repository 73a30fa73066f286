/**
 * `PUT /siteusers/{alias}/{id}` (spec 01 §7): the administrator update as the spec's client calls it, with the site's
 * alias in the path. The same write as the engine's `PUT /usermain/{id}` (validation, hooks, audit: `updateRecord`),
 * scoped to the site: an administrator of another site, or an unknown or deleted site, is not found (404).
 * The other people routes are the engine's (resources/people/, docs/decisions.md 'Administrators and site users').
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { administratorsResource } from '../../resources/people/administrators';
import { notFound } from '../http/errors';
import { textParam } from '../http/params';
import { apiRoute } from '../http/route';
import { resourceRouteContext } from '../resources/engine';
import { bodySchema, recordSchema } from '../resources/openapi';
import { recordIdParam } from '../resources/scope';
import { translateDatabaseError, updateRecord, validateBody } from '../resources/writes';
import { queryRows } from '../db/rows';

const SITE_ALIAS = /^[A-Za-z0-9_-]{1,220}$/;

export function registerPeopleRoutes(app: FastifyInstance): void {
  const declaration = administratorsResource;
  const context = resourceRouteContext(app, declaration);
  apiRoute(app, {
    method: 'PUT',
    url: '/siteusers/:alias/:id',
    access: context.write,
    summary: `${context.title}: modificar el administrador {id} del portal {alias} (lo mismo que PUT /usermain/{id})`,
    operationId: 'updateAdministratorOfSite',
    tags: context.tags,
    schema: {
      params: { type: 'object', properties: { alias: { type: 'string', description: 'Alias del portal' }, id: { type: 'string' } } },
      body: bodySchema(declaration),
      response: { 200: recordSchema(declaration) },
    },
    handler: async (request) => {
      const id = recordIdParam(declaration, request);
      const alias = textParam(request, 'alias');
      // A text no alias can be (spec 01 §5: letters, digits, '_' or '-', up to 220) names no site.
      if (!SITE_ALIAS.test(alias)) throw notFound();
      return context
        .database()
        .transaction(async (tx) => {
          const [site] = await queryRows<{ id: number }>(tx, sql`select id from sites where alias = ${alias} and not is_deleted for key share`);
          const before = site ? await context.store.find(tx, id, { lock: true }) : null;
          if (!before || Number(before.siteId) !== Number(site!.id)) throw notFound();
          return updateRecord(context, tx, request, before, await validateBody(declaration, request.body, 'update'));
        })
        .catch((error: unknown) => translateDatabaseError(declaration, error));
    },
  });
}
