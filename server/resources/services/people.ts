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
import { ResourceService, type WriteContext } from './base';
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

export class SiteUsersService extends ResourceService {
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
