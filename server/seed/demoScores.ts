/**
 * Demo scores (issue 8 'Scores': the platform's score tables filled by the demo data until the reports work computes
 * them): each installed demo site gets a score in every indicator for the last DEMO_SCORE_MONTHS full months, and its
 * monthly total is their average. Deterministic (hashes of site, indicator and month, no generator state) and written
 * by two set-based statements, so seeding stays fast; the site's latest score follows through the trigger of
 * migration 0020_scores.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/connection';

export const DEMO_SCORE_MONTHS = 6;

/** The full months before `now`'s month, oldest first, as `{ year, month, step }` (step 0 = oldest). */
export function demoScoreMonths(now: number, count = DEMO_SCORE_MONTHS): Array<{ year: number; month: number; step: number }> {
  const current = new Date(now);
  const months: Array<{ year: number; month: number; step: number }> = [];
  for (let back = count; back >= 1; back -= 1) {
    const date = new Date(Date.UTC(current.getUTCFullYear(), current.getUTCMonth() - back, 1));
    months.push({ year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, step: count - back });
  }
  return months;
}

/**
 * An indicator score: a base per site and indicator (35 to 94), a slow improvement month after month and a little
 * noise (−5 to +6), kept within 0 and 100.
 */
const INDICATOR_SCORE = `least(100, greatest(0, round((
    35 + abs(hashtext('b' || s.id || '-' || i.indicator_id)) % 60
    + m.step * 1.2
    + (abs(hashtext('n' || s.id || '-' || i.indicator_id || '-' || m.year || '-' || m.month)) % 1100) / 100.0 - 5
  )::numeric, 2)))`;

export async function seedDemoScores(tx: Db, now: number): Promise<void> {
  const months = JSON.stringify(demoScoreMonths(now));
  await tx.execute(sql`
    insert into site_scores (site_id, year, month, site_type_id, score)
    select s.id, m.year, m.month, s.site_type_id, round(avg(${sql.raw(INDICATOR_SCORE)}), 2)
      from sites s
      cross join json_to_recordset(${months}::json) as m(year smallint, month smallint, step int)
      cross join indicators i
     where s.installed and not s.is_deleted
     group by s.id, m.year, m.month, s.site_type_id`);
  await tx.execute(sql`
    insert into site_indicator_scores (site_id, year, month, indicator_id, score)
    select s.id, m.year, m.month, i.indicator_id, ${sql.raw(INDICATOR_SCORE)}
      from sites s
      cross join json_to_recordset(${months}::json) as m(year smallint, month smallint, step int)
      cross join indicators i
     where s.installed and not s.is_deleted`);
}
