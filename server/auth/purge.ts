/**
 * Deletes what sign-in leaves behind once it can no longer matter, so the tables do not grow forever
 * (issue 5). Each DELETE only removes rows that are already dead, so several instances may run it at once.
 */
import type { Database } from '../db/connection';
import { FAILURE_WINDOW_MINUTES } from './throttleRules';

export const PURGE_INTERVAL_MINUTES = 10;

export interface PurgeSettings {
  sessionMaxHours: number;
  tokenTtlSeconds: number;
}

export interface PurgeCounts {
  sessions: number;
  captchas: number;
  loginAttempts: number;
  passwordResets: number;
}

async function deleteCounting(database: Database, table: string, where: string, params: unknown[] = []): Promise<number> {
  const rows = await database.query<{ n: number }>(
    `with gone as (delete from ${table} where ${where} returning 1) select count(*)::int as n from gone`,
    params,
  );
  return Number(rows[0]?.n ?? 0);
}

export async function purgeExpired(database: Database, settings: PurgeSettings): Promise<PurgeCounts> {
  const ttl = `$1::float8 * interval '1 second'`;
  return {
    // A session is kept until every token naming it has expired (one token lifetime after its revocation or
    // its absolute end), so a late request still gets x-invalid-token rather than a plain 401.
    sessions: await deleteCounting(
      database,
      'sessions',
      `revoked_at < now() - ${ttl} or created_at < now() - $2::float8 * interval '1 hour' - ${ttl}`,
      [settings.tokenTtlSeconds, settings.sessionMaxHours],
    ),
    // Used or expired captchas and reset links are refused anyway.
    captchas: await deleteCounting(database, 'captchas', 'used_at is not null or expires_at < now()'),
    // Failures older than the window no longer count (the next attempt would start from one).
    loginAttempts: await deleteCounting(database, 'login_attempts', `last_failure_at < now() - interval '${FAILURE_WINDOW_MINUTES} minutes' and coalesce(locked_until, '-infinity') < now() and coalesce(next_allowed_at, '-infinity') < now()`),
    passwordResets: await deleteCounting(database, 'password_resets', 'used_at is not null or expires_at < now()'),
  };
}
