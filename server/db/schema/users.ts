/**
 * Users and their permissions; sessions, sign-in protection and password recovery.
 * Part of the schema re-exported by server/db/schema.ts.
 */
import { sql, type SQL } from 'drizzle-orm';
import { foreignKey, index, integer, pgTable, primaryKey, timestamp, unique, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { keyOrder } from '../textKey';
import { resourceTable, sharedResourceTable } from '../resourceTable';
import { superadminsResource } from '../../../resources/superadmins';
import { administratorsResource } from '../../../resources/people/administrators';
import { siteUsersResource } from '../../../resources/people/siteUsers';
import { permissionsResource } from '../../../resources/permissionCatalogue';
import { sitePermissionsResource } from '../../../resources/people/sitePermissions';
import { sites } from './sites';

// ── Reference data ─────────────────────────────────────────────────────────────────
/** The superadmin permission catalogue, derived from its declaration (resources/permissionCatalogue.ts); names are unique as written. */
export const permissions = resourceTable(permissionsResource, (t) => [unique('permissions_name_unique').on(t.name)]);

/** The site-level permissions administrators and site users hold (`users.site_permissions` lists their ids). */
export const sitePermissions = resourceTable(sitePermissionsResource);

// ── Users ──────────────────────────────────────────────────────────────────────────
/** User kinds (spec 01 §3, user filter userTypeId): 1 site administrator, 2 superadmin, 3 site user. */
export const USER_TYPE = { siteAdministrator: 1, superadmin: 2, siteUser: 3 } as const;

/** The users' copies of their site's place and type the people lists filter by (resources/people/userFilters.ts). */
const USER_PLACE_FILTERS = [
  ['site_type', 'siteTypeId'],
  ['parent_location', 'siteParentLocationId'],
  ['location', 'siteLocationId'],
] as const;

/** The columns as the server's code writes them (the record types' and the hidden ones; dates as Date). */
interface UserColumns {
  id: number;
  userTypeId: number;
  name: string;
  email: string;
  passwordHash: string | null;
  siteId: number | null;
  adminType: string | null;
  isGuest: boolean;
  deleted: boolean;
  genderId: number | null;
  birthDate: string | null;
  loa: number | null;
  permissions: unknown;
  lastLogin: Date | null;
  deactivatedByJob: number | null;
  createdDate: Date;
  modifiedDate: Date;
  siteParentLocationId: number | null;
  siteLocationId: number | null;
  siteTypeId: number | null;
  nameKey: string | null;
  emailKey: string | null;
}

/**
 * Superadmins, site administrators and site users, the union of their declarations' columns (resourceTable.ts
 * `sharedResourceTable`); each declaration's rows are those of its user type (`listWhere`).
 */
export const users = sharedResourceTable<UserColumns>([superadminsResource, administratorsResource, siteUsersResource], (t) => [
  foreignKey({ columns: [t.siteId], foreignColumns: [sites.id] }).onDelete('cascade'),
  uniqueIndex('users_superadmin_email_unique').on(sql`lower(${t.email})`).where(sql`${t.userTypeId} = 2`),
  index('users_email_idx').on(sql`lower(${t.email})`),
  index('users_type_site_idx').on(t.userTypeId, t.siteId, t.createdDate, t.id),
  // The lists' default order, with what a searched walk tests (site, name and e-mail keys): that walk reads no table row.
  index('users_type_created_idx').on(t.userTypeId, t.createdDate, t.id, t.siteId, t.nameKey, t.emailKey),
  index('users_type_parent_location_idx').on(t.userTypeId, t.siteParentLocationId, t.createdDate, t.id),
  index('users_type_location_idx').on(t.userTypeId, t.siteLocationId, t.createdDate, t.id),
  index('users_type_site_type_idx').on(t.userTypeId, t.siteTypeId, t.createdDate, t.id),
  // An index per order of the people lists (issue 23): a page reads it and stops, instead of sorting the type's rows.
  index('users_type_name_idx').on(t.userTypeId, keyOrder(t.nameKey), t.id),
  index('users_type_email_idx').on(t.userTypeId, keyOrder(t.emailKey), t.id),
  index('users_type_last_login_idx').on(t.userTypeId, t.lastLogin, t.id),
  index('users_type_loa_idx').on(t.userTypeId, t.loa, t.id),
  // Each site filter of the people lists in each of their orders (issue 23): a filtered page reads its range and stops,
  // whether the filter keeps 50 users or 500,000 (the date order has its index above).
  ...USER_PLACE_FILTERS.flatMap(([filter, column]) =>
    [
      ['name', keyOrder(t.nameKey)],
      ['email', keyOrder(t.emailKey)],
      ['loa', t.loa],
      ['last_login', t.lastLogin],
    ].map(([order, key]) => index(`users_type_${filter}_${order as string}_idx`).on(t.userTypeId, t[column], key as SQL, t.id)),
  ),
  // Administrators' own orders (a partial index: 3% of the rows).
  index('users_admin_type_idx').on(t.adminType, t.id).where(sql`${t.userTypeId} = 1`),
  index('users_admin_guest_idx').on(t.isGuest, t.id).where(sql`${t.userTypeId} = 1`),
  // Trigram indexes per listed user type (issue 23): a searched page's candidates are of its list's type only (an
  // administrators' search no longer reads the site users' matches, 30 times as many).
  index('users_name_search_idx').using('gin', sql`${t.nameKey} gin_trgm_ops`).where(sql`${t.userTypeId} = 3`),
  index('users_email_search_idx').using('gin', sql`${t.emailKey} gin_trgm_ops`).where(sql`${t.userTypeId} = 3`),
  index('users_admin_name_search_idx').using('gin', sql`${t.nameKey} gin_trgm_ops`).where(sql`${t.userTypeId} = 1`),
  index('users_admin_email_search_idx').using('gin', sql`${t.emailKey} gin_trgm_ops`).where(sql`${t.userTypeId} = 1`),
  index('users_deactivated_by_job_idx').on(t.deactivatedByJob).where(sql`${t.deactivatedByJob} is not null`),
]);

export const userPermissions = pgTable(
  'user_permissions',
  {
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    permissionId: integer('permission_id').notNull().references(() => permissions.permissionID),
  },
  (t) => [primaryKey({ columns: [t.userId, t.permissionId] })],
);

// ── Sessions, sign-in protection, recovery ─────────────────────────────────────────
/** One row per issued session; tokens carry its id so that logout revokes them on every instance. */
export const sessions = pgTable(
  'sessions',
  {
    id: varchar('id', { length: 64 }).primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const captchas = pgTable('captchas', {
  id: varchar('id', { length: 64 }).primaryKey(),
  answerHash: varchar('answer_hash', { length: 128 }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/**
 * Failed sign-ins per key (`email:…` or `ip:…`), for demanding the captcha, delaying the account's
 * next attempt and locking it for a while (server/auth/throttleRules.ts).
 */
export const loginAttempts = pgTable('login_attempts', {
  key: varchar('key', { length: 250 }).primaryKey(),
  failures: integer('failures').notNull().default(0),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull().defaultNow(),
  nextAllowedAt: timestamp('next_allowed_at', { withTimezone: true }),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

export const passwordResets = pgTable(
  'password_resets',
  {
    tokenHash: varchar('token_hash', { length: 128 }).primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);
