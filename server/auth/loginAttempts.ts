/** Failed sign-in counters in table login_attempts, one row per key (`email:…`, `ip:…`). */
import type { Database } from '../db/connection';
import { FAILURE_WINDOW_MINUTES } from './throttleRules';

const WINDOW = `interval '${FAILURE_WINDOW_MINUTES} minutes'`;

/** The highest recent failure count among `keys`. */
export async function recentFailures(database: Database, keys: string[]): Promise<number> {
  const rows = await database.query<{ failures: number | null }>(
    `select max(failures)::int as failures from login_attempts
      where key = any($1::text[]) and last_failure_at > now() - ${WINDOW}`,
    [keys],
  );
  return Number(rows[0]?.failures ?? 0);
}

export async function recordFailure(database: Database, keys: string[]): Promise<void> {
  for (const key of keys) {
    await database.query(
      `insert into login_attempts (key, failures, last_failure_at) values ($1, 1, now())
       on conflict (key) do update set
         failures = case when login_attempts.last_failure_at < now() - ${WINDOW} then 1
                         else login_attempts.failures + 1 end,
         last_failure_at = now()`,
      [key],
    );
  }
}

export async function resetFailures(database: Database, keys: string[]): Promise<void> {
  await database.query('delete from login_attempts where key = any($1::text[])', [keys]);
}
