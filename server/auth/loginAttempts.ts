/**
 * Sign-in attempt counters in table login_attempts, one row per key (`email:…`, `ip:…`).
 * `claimAttempt` reads both rows under a row lock and stores the decision in the same transaction,
 * so simultaneous attempts on one account are decided one after the other: none slips past the
 * captcha threshold, the account's delay or its lock (docs/decisions/0006-sign-in-abuse-and-captcha.md).
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/connection';
import { decideAttempt, type AttemptCounter, type AttemptDecision, type AttemptKeys, type LockPolicy } from './throttleRules';

interface CounterRow {
  key: string;
  failures: number;
  last_failure_at: Date | string | null;
  next_allowed_at: Date | string | null;
  locked_until: Date | string | null;
  now: Date | string;
}

const asDate = (value: Date | string | null): Date | null => (value == null ? null : new Date(value));

function toCounter(row: CounterRow | undefined): AttemptCounter | undefined {
  if (!row) return undefined;
  return {
    failures: Number(row.failures),
    lastFailureAt: asDate(row.last_failure_at),
    nextAllowedAt: asDate(row.next_allowed_at),
    lockedUntil: asDate(row.locked_until),
  };
}

/**
 * Decides an attempt and, when its password may be checked, counts it as a failure under both keys
 * before the check (a successful sign-in then clears them with `resetFailures`).
 */
export async function claimAttempt(
  database: Database,
  keys: AttemptKeys,
  captchaSolved: boolean,
  policy: LockPolicy,
): Promise<AttemptDecision> {
  return database.db.transaction(async (tx) => {
    // Rows are created and locked in key order ('email:' < 'ip:'), so two attempts never wait on each other in a cycle.
    await tx.execute(sql`
      insert into login_attempts (key, failures, last_failure_at)
      values (${keys.account}, 0, now()), (${keys.address}, 0, now())
      on conflict (key) do nothing`);
    const result = await tx.execute(sql`
      select key, failures, last_failure_at, next_allowed_at, locked_until, now() as now
        from login_attempts where key in (${keys.account}, ${keys.address})
       order by key for update`);
    const rows = (result as unknown as { rows: CounterRow[] }).rows;
    const byKey = new Map(rows.map((row) => [row.key, row]));
    const now = new Date(rows[0]?.now ?? Date.now());
    const decision = decideAttempt({
      account: toCounter(byKey.get(keys.account)),
      address: toCounter(byKey.get(keys.address)),
      captchaSolved,
      now,
      policy,
    });
    if (decision.kind === 'check') {
      for (const [key, counter] of [
        [keys.account, decision.account],
        [keys.address, decision.address],
      ] as const) {
        await tx.execute(sql`
          update login_attempts
             set failures = ${counter.failures},
                 last_failure_at = ${counter.lastFailureAt?.toISOString() ?? null}::timestamptz,
                 next_allowed_at = ${counter.nextAllowedAt?.toISOString() ?? null}::timestamptz,
                 locked_until = ${counter.lockedUntil?.toISOString() ?? null}::timestamptz
           where key = ${key}`);
      }
    }
    return decision;
  });
}

/** Clears the counters (a successful sign-in; a completed recovery clears the account's, lock included). */
export async function resetFailures(database: Database, keys: string[]): Promise<void> {
  await database.query('delete from login_attempts where key = any($1::text[])', [keys]);
}
