/**
 * The domain rules of administrators and site users beyond their declarations (resources/people/): run inside each
 * write's transaction by the engine.
 * - Site permissions: every id must be in the catalogue (`site_permissions`); the stored list is the whole catalogue
 *   with the user's flags, so a read shows each permission with its `enabled` flag.
 * - Administrators: a password, when sent, is stored as its argon2 hash (an empty one keeps the current hash).
 * - Site users: the site must exist (not deleted); the sites' `countUsers` is recounted for the site a user leaves and
 *   the one it joins, after locking those site rows in id order, so two writes on one site queue instead of counting
 *   past each other.
 */
import { sql } from 'drizzle-orm';
import { permissionsOverCatalogue, type UserSitePermission } from '../../../resources/people/rules';
import { hashPassword } from '../../auth/passwords';
import type { Db } from '../../db/connection';
import { badArgument } from '../../http/errors';
import { ENTITY_SEARCH_MIN_LENGTH } from '../../../resources/deactivation';
import { recentDeactivations, searchEntities } from '../../users/deactivation';
import { resultsSchema } from '../openapi';
import { ResourceService, type ViewHandler, type WriteContext } from './base';
import { queryRows as rows } from '../../db/rows';

type Row = Record<string, unknown>;

/** The permissions as stored: the catalogue with the user's flags; an id outside the catalogue → 400. */
async function normalisePermissions(tx: Db, values: Row): Promise<void> {
  if (values.permissions === undefined) return;
  const sent = (values.permissions ?? []) as UserSitePermission[];
  const catalogue = await rows<{ sitePermissionID: number; name: string }>(
    tx,
    sql`select site_permission_id as "sitePermissionID", name from site_permissions order by site_permission_id`,
  );
  const known = new Set(catalogue.map((entry) => Number(entry.sitePermissionID)));
  if (sent.some((permission) => !known.has(Number(permission.sitePermissionID)))) throw badArgument('permissions', 'people.validation.permissions_unknown');
  values.permissions = permissionsOverCatalogue(
    catalogue.map((entry) => ({ sitePermissionID: Number(entry.sitePermissionID), name: entry.name })),
    sent.map((permission) => ({ ...permission, sitePermissionID: Number(permission.sitePermissionID) })),
  );
}

export class AdministratorsService extends ResourceService {
  override async beforeWrite(context: WriteContext): Promise<void> {
    if (context.operation === 'delete') return;
    const { values } = context;
    if (typeof values.password === 'string' && values.password !== '') values.password = await hashPassword(values.password);
    else delete values.password;
    await normalisePermissions(context.tx, values);
  }
}

/** The site ids a write touches: the one the user leaves and the one it joins. */
const touchedSites = (context: WriteContext): number[] =>
  [...new Set([context.before?.siteId, context.values.siteId ?? context.before?.siteId].filter((id): id is number => typeof id === 'number'))].sort(
    (a, b) => a - b,
  );

const dateTime = { type: 'string', format: 'date-time' } as const;
const nullableDateTime = { type: 'string', format: 'date-time', nullable: true } as const;

/** The bulk deactivation's recent runs, `GET /siteusers/delete/` (server/users/deactivation.ts; the workflow: server/routes/deactivation.ts). */
const deactivations: ViewHandler = {
  summary: 'Inactivaciones masivas de las últimas 24 horas, con su estado y si aún se pueden deshacer',
  serialize: true,
  responseSchema: resultsSchema({
    jobId: { type: 'integer' },
    status: { type: 'string' },
    createdAt: dateTime,
    finishedAt: nullableDateTime,
    createdByEmail: { type: 'string', nullable: true },
    matched: { type: 'integer', description: 'Administradores que coincidieron al confirmar' },
    deactivated: { type: 'integer', description: 'Administradores inactivados por el trabajo' },
    undoUntil: { ...nullableDateTime, description: 'Hasta cuándo se puede deshacer' },
    undoneAt: nullableDateTime,
    restored: { type: 'integer', nullable: true, description: 'Administradores reactivados al deshacer' },
    canUndo: { type: 'boolean' },
  }),
  run: async ({ app }) => recentDeactivations(app.ctx.database),
};

/** The bulk deactivation's entity lookup (mode Una entidad), `GET /siteusers/delete/sites`: no administrator data. */
const deactivationSites: ViewHandler = {
  summary: `Entidades para el modo Una entidad, por parte del nombre (desde ${ENTITY_SEARCH_MIN_LENGTH} caracteres)`,
  serialize: true,
  querySchema: { type: 'object', properties: { name: { type: 'string', maxLength: 200, description: 'Parte del nombre' } } },
  responseSchema: resultsSchema({ id: { type: 'integer' }, name: { type: 'string' }, location: { type: 'string', nullable: true } }),
  run: async ({ app, request }) => searchEntities(app.ctx.database, (request.query as { name?: string }).name ?? ''),
};

export class SiteUsersService extends ResourceService {
  override readonly views: Record<string, ViewHandler> = { deactivations, deactivationSites };

  override async beforeWrite(context: WriteContext): Promise<void> {
    if (context.operation === 'delete') return;
    const { tx, values } = context;
    const siteIds = touchedSites(context);
    if (siteIds.length > 0) {
      // Locked in id order (no deadlock between two moves); the countUsers recount of afterWrite then sees every commit.
      const locked = await rows<{ id: number; isDeleted: boolean }>(
        tx,
        sql`select id, is_deleted as "isDeleted" from sites where id in ${sql.raw(`(${siteIds.map(Number).join(', ')})`)} order by id for update`,
      );
      const target = values.siteId;
      if (typeof target === 'number' && !locked.some((site) => Number(site.id) === target && !site.isDeleted)) {
        throw badArgument('siteId', 'people.validation.site_unknown');
      }
    }
    await normalisePermissions(tx, values);
  }

  override async afterWrite(context: WriteContext): Promise<void> {
    const siteIds = [...new Set([context.before?.siteId, context.after?.siteId].filter((id): id is number => typeof id === 'number'))];
    if (siteIds.length === 0) return;
    await context.tx.execute(
      sql`update sites s set count_users = (select count(*)::int from users u where u.site_id = s.id and u.user_type_id = 3 and not u.deleted)
          where s.id in ${sql.raw(`(${siteIds.map(Number).join(', ')})`)}`,
    );
  }
}
