/**
 * Loads the user behind a session in one query: null when the user is gone, 'revoked' after logout or
 * once the session outlived its absolute lifetime (SESSION_MAX_HOURS from sign-in; refresh never extends it).
 */
import type { Database } from '../db/connection';
import type { AuthUser } from '../context';

export interface LoadedSession {
  user: AuthUser;
  /** The session's absolute end, seconds since the epoch: no token may outlive it. */
  endsAt: number;
  /** The data version at the start of the request (server/db/schema/dataVersion.ts), read in the same statement. */
  dataVersion: string | null;
}

export async function loadSessionUser(
  database: Database,
  userId: number,
  sessionId: string,
  maxHours: number,
): Promise<LoadedSession | 'revoked' | null> {
  const rows = await database.query<{
    id: number;
    name: string;
    email: string;
    revoked: boolean;
    ends_at: number | string;
    permissions: string[] | null;
    data_version: string | null;
  }>(
    `select u.id, u.name, u.email,
            (s.revoked_at is not null or s.created_at + $3::float8 * interval '1 hour' <= now()) as revoked,
            extract(epoch from s.created_at + $3::float8 * interval '1 hour')::float8 as ends_at,
            array(select p.name from user_permissions up join permissions p on p.permission_id = up.permission_id
                  where up.user_id = u.id order by p.permission_id) as permissions,
            (select v.version::text from data_version v where v.id = 1) as data_version
       from sessions s join users u on u.id = s.user_id
      where s.id = $1 and u.id = $2 and u.user_type_id = 2 and not u.deleted`,
    [sessionId, userId, maxHours],
  );
  const row = rows[0];
  if (!row) return null;
  if (row.revoked) return 'revoked';
  return {
    user: { id: row.id, name: row.name, email: row.email, permissions: row.permissions ?? [], sessionId },
    endsAt: Number(row.ends_at),
    dataVersion: row.data_version ?? null,
  };
}
