/** Sign-in attempt counters in table login_attempts, one row per key (`email:…`, `ip:…`). */
import type { Database } from '../db/connection';
import { FAILURE_WINDOW_MINUTES } from './throttleRules';

const WINDOW = `interval '${FAILURE_WINDOW_MINUTES} minutes'`;

/**
 * Counts this attempt under every key in one atomic statement, before the credentials are checked,
 * and answers how many unsuccessful attempts came before it (the highest among the keys). Counting
 * first means simultaneous attempts each see the others: none slips past the captcha threshold.
 * A successful sign-in clears the counters (`resetFailures`).
 */
export async function countAttempt(database: Database, keys: string[]): Promise<number> {
  const rows = await database.query<{ failures: number }>(
    `insert into login_attempts (key, failures, last_failure_at)
       select key, 1, now() from unnest($1::text[]) as key
     on conflict (key) do update set
       failures = case when login_attempts.last_failure_at < now() - ${WINDOW} then 1
                       else login_attempts.failures + 1 end,
       last_failure_at = now()
     returning failures`,
    [keys],
  );
  return Math.max(0, ...rows.map((row) => Number(row.failures) - 1));
}

export async function resetFailures(database: Database, keys: string[]): Promise<void> {
  await database.query('delete from login_attempts where key = any($1::text[])', [keys]);
}

/** Takes back an attempt counted by `countAttempt` that never reached the credentials (captcha refused). */
export async function uncountAttempt(database: Database, keys: string[]): Promise<void> {
  await database.query('update login_attempts set failures = greatest(failures - 1, 0) where key = any($1::text[])', [keys]);
}
