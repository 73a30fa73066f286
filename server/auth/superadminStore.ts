/**
 * Reading superadministrators (users.user_type_id = 2) with their permissions, each in one query
 * (the permissions are aggregated in the same statement: no query per row).
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database, Db } from '../db/connection';
import { userPermissions, users, USER_TYPE } from '../db/schema';
import type { Permission } from '../../resources/permissions';

/** The signed-in user as GET /auth/ and POST /auth/ answer it. */
export interface UserView {
  id: number;
  name: string;
  email: string;
  permissions: Permission[];
}

/** A superadmin as sign-in and recovery read it (the API's /users/ is the engine's: resources/superadmins.ts). */
export interface SuperadminView extends UserView {
  deleted: boolean;
  isGuest: boolean;
  lastLogin: Date | null;
  createdDate: Date;
}

const PERMISSIONS_OF_U = `coalesce((select json_agg(json_build_object('permissionID', p.permission_id, 'name', p.name) order by p.permission_id)
             from user_permissions up join permissions p on p.permission_id = up.permission_id
            where up.user_id = u.id), '[]'::json) as permissions`;

const SUPERADMIN_COLUMNS = `u.id, u.name, u.email, u.deleted, u.is_guest as "isGuest", u.last_login as "lastLogin",
       u.created_date as "createdDate", ${PERMISSIONS_OF_U}`;

function toDate(value: unknown): Date | null {
  if (value == null) return null;
  return value instanceof Date ? value : new Date(String(value));
}

function parsePermissions(value: unknown): Permission[] {
  const list = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  return Array.isArray(list) ? (list as Permission[]) : [];
}

function toSuperadminView(row: Record<string, unknown>): SuperadminView {
  return {
    id: Number(row.id),
    name: String(row.name),
    email: String(row.email),
    deleted: Boolean(row.deleted),
    isGuest: Boolean(row.isGuest),
    permissions: parsePermissions(row.permissions),
    lastLogin: toDate(row.lastLogin),
    createdDate: toDate(row.createdDate) ?? new Date(0),
  };
}

export function toUserView(superadmin: SuperadminView): UserView {
  return { id: superadmin.id, name: superadmin.name, email: superadmin.email, permissions: superadmin.permissions };
}

export async function getSuperadmin(database: Database, id: number): Promise<SuperadminView | null> {
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return null;
  const rows = await database.query<Record<string, unknown>>(
    `select ${SUPERADMIN_COLUMNS} from users u where u.id = $1 and u.user_type_id = ${USER_TYPE.superadmin}`,
    [id],
  );
  return rows[0] ? toSuperadminView(rows[0]) : null;
}

export interface SuperadminCredentials extends SuperadminView {
  passwordHash: string | null;
}

/** The superadmin with this e-mail (case-insensitive), deleted or not. */
export async function findSuperadminByEmail(database: Database, email: string): Promise<SuperadminCredentials | null> {
  const rows = await database.query<Record<string, unknown>>(
    `select ${SUPERADMIN_COLUMNS}, u.password_hash as "passwordHash"
       from users u where lower(u.email) = lower($1) and u.user_type_id = ${USER_TYPE.superadmin}`,
    [email],
  );
  const row = rows[0];
  return row ? { ...toSuperadminView(row), passwordHash: (row.passwordHash as string | null) ?? null } : null;
}

/** A superadmin as a change sees it once its row is locked. */
export interface LockedSuperadmin {
  id: number;
  name: string;
  email: string;
  deleted: boolean;
  permissionIds: number[];
}

/**
 * Locks the rows of these superadmins (`for update`, in id order so that two changes never wait on each other)
 * and reads them with their permissions, inside `tx`. Every change of a superadmin takes its row lock, so
 * the permissions read here stay true until `tx` ends: a concurrent grant or removal waits for it.
 */
export async function lockSuperadmins(tx: Db, ids: readonly number[]): Promise<Map<number, LockedSuperadmin>> {
  const wanted = [...new Set(ids)].sort((a, b) => a - b);
  const result = new Map<number, LockedSuperadmin>();
  if (wanted.length === 0) return result;
  const rows = await tx
    .select({ id: users.id, name: users.name, email: users.email, deleted: users.deleted })
    .from(users)
    .where(and(inArray(users.id, wanted), eq(users.userTypeId, USER_TYPE.superadmin)))
    .orderBy(asc(users.id))
    .for('update');
  const held = await tx
    .select({ userId: userPermissions.userId, permissionId: userPermissions.permissionId })
    .from(userPermissions)
    .where(inArray(userPermissions.userId, wanted))
    .orderBy(asc(userPermissions.permissionId));
  for (const row of rows) {
    result.set(row.id, { ...row, permissionIds: held.filter((p) => p.userId === row.id).map((p) => p.permissionId) });
  }
  return result;
}
