/**
 * The first superadministrator: created when the database holds none, with all nine permissions,
 * from ADMIN_EMAIL / ADMIN_PASSWORD. Without ADMIN_PASSWORD a random password is generated and
 * printed once (with the e-mail) through `log`.
 */
import { eq } from 'drizzle-orm';
import { PERMISSIONS } from '../../resources/permissions';
import { hashPassword, randomPassword } from '../auth/passwords';
import type { ServerConfig } from '../config';
import type { Database } from '../db/connection';
import { auditLog, permissions, userPermissions, users, USER_TYPE } from '../db/schema';
import { t } from '../i18n';

export const DEFAULT_ADMIN_EMAIL = 'admin@portales.gov.co';

/** Returns the e-mail of the superadmin created, or null when one already existed. */
export async function bootstrapSuperadmin(
  database: Database,
  config: Pick<ServerConfig, 'adminEmail' | 'adminPassword'>,
  log: (line: string) => void,
): Promise<string | null> {
  const { db } = database;
  await db
    .insert(permissions)
    .values(PERMISSIONS.map((p) => ({ permissionID: p.permissionID, name: p.name })))
    .onConflictDoNothing();

  const existing = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.userTypeId, USER_TYPE.superadmin))
    .limit(1);
  if (existing.length > 0) return null;

  const email = (config.adminEmail ?? DEFAULT_ADMIN_EMAIL).trim().toLowerCase();
  const generated = config.adminPassword ? null : randomPassword();
  const passwordHash = await hashPassword(config.adminPassword ?? generated!);
  try {
    await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ userTypeId: USER_TYPE.superadmin, name: t('serverAuth.bootstrap.name'), email, passwordHash })
        .returning({ id: users.id });
      await tx.insert(userPermissions).values(PERMISSIONS.map((p) => ({ userId: user!.id, permissionId: p.permissionID })));
      await tx.insert(auditLog).values({
        action: 'create',
        resource: 'superadmins',
        recordId: String(user!.id),
        recordLabel: email,
        after: { email, permissions: PERMISSIONS.map((p) => p.name) },
      });
    });
  } catch (error) {
    // Another instance created it at the same moment (unique e-mail): nothing left to do.
    const again = await db.select({ id: users.id }).from(users).where(eq(users.userTypeId, USER_TYPE.superadmin)).limit(1);
    if (again.length > 0) return null;
    throw error;
  }
  log(
    generated
      ? t('serverAuth.bootstrap.generated_password', { email, password: generated })
      : t('serverAuth.bootstrap.created', { email }),
  );
  return email;
}
