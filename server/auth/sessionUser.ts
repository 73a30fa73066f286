/** Loads the user behind a session in one query: null when the user is gone, 'revoked' after logout. */
import type { Database } from '../db/connection';
import type { AuthUser } from '../context';

export async function loadSessionUser(
  database: Database,
  userId: number,
  sessionId: string,
): Promise<AuthUser | 'revoked' | null> {
  const rows = await database.query<{
    id: number;
    name: string;
    email: string;
    revoked: boolean;
    permissions: string[] | null;
  }>(
    `select u.id, u.name, u.email, (s.revoked_at is not null) as revoked,
            array(select p.name from user_permissions up join permissions p on p.permission_id = up.permission_id
                  where up.user_id = u.id order by p.permission_id) as permissions
       from sessions s join users u on u.id = s.user_id
      where s.id = $1 and u.id = $2 and u.user_type_id = 2 and not u.deleted`,
    [sessionId, userId],
  );
  const row = rows[0];
  if (!row) return null;
  if (row.revoked) return 'revoked';
  return { id: row.id, name: row.name, email: row.email, permissions: row.permissions ?? [], sessionId };
}
