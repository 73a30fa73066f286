/**
 * The update schedule's reminders (spec 03 §2 'Data update times', resources/updateSchedules.ts): the job kind
 * `administrators.update_reminders`, queued by server/main.ts every UPDATE_REMINDER_INTERVAL_MINUTES (never two waiting),
 * one item per schedule. For a schedule by days, every active site administrator of its locations and entity types whose
 * data (`users.modified_date`) is older than the days is asked to update it; by date, from that day on, every one whose
 * data is older than the day. Once per period: the period is the day the data became old (modified day + days) or the
 * scheduled date, and `update_reminders (schedule, user, period)` is the key, so a rerun, a resumed job or a second
 * instance never mails twice, while an administrator who updated and let the data grow old again is asked again.
 * Each message goes through the mail log's outbox (`queueMail`), committed with its reminder row.
 */
import { sql } from 'drizzle-orm';
import { SETTINGS } from '../../resources/areas';
import { MAIL_TEMPLATES } from '../../resources/maillog';
import { formatDate } from '../../resources/dates';
import { todayOf } from '../../resources/policyHistory';
import { clockOf } from '../context';
import type { Db } from '../db/connection';
import { queryRows } from '../db/rows';
import { USER_TYPE } from '../db/schema';
import { t } from '../i18n';
import { enqueueJob, registerJobKind } from '../jobs';
import { queueMail } from '../mail/mailLog';

export const UPDATE_REMINDER_JOB = 'administrators.update_reminders';
export const UPDATE_REMINDER_INTERVAL_MINUTES = 60;

interface Reminded {
  user_id: number;
  period: string;
  email: string;
  name: string;
  site_name: string | null;
  modified: string;
}

/** Records and queues the reminders one schedule owes at `now`; answers how many were queued. */
export async function remindForSchedule(tx: Db, scheduleId: number, now: Date): Promise<number> {
  const today = todayOf(() => now);
  const rows = await queryRows<Reminded>(
    tx,
    sql`with s as (select id, number_days, scheduling_date from update_schedules where id = ${scheduleId}),
         due as (
           select s.id as schedule_id, u.id as user_id,
                  case when s.number_days > 0
                       then ((u.modified_date at time zone 'America/Bogota')::date + s.number_days)
                       else s.scheduling_date end as period
             from s join users u on u.user_type_id = ${USER_TYPE.siteAdministrator} and not u.deleted and u.site_id is not null
            where exists (select 1 from update_schedules_site_types st where st.record_id = s.id and st.target_id = u.site_type_id)
              and exists (select 1 from update_schedules_locations sl where sl.record_id = s.id and sl.target_id in (u.site_parent_location_id, u.site_location_id))
              and case when s.number_days > 0
                       then u.modified_date < ${now.toISOString()}::timestamptz - make_interval(days => s.number_days)
                       else s.scheduling_date <= ${today}::date and u.modified_date < (${today}::date)::timestamp at time zone 'America/Bogota' end),
         inserted as (
           insert into update_reminders (schedule_id, user_id, period)
           select schedule_id, user_id, period from due
           on conflict do nothing
           returning user_id, period)
       select i.user_id, i.period::text as period, u.email, u.name, st.name as site_name, u.modified_date::text as modified
         from inserted i join users u on u.id = i.user_id left join sites st on st.id = u.site_id
        order by i.user_id`,
  );
  for (const row of rows) {
    await queueMail(tx, {
      template: MAIL_TEMPLATES.updateReminder,
      to: row.email,
      subject: t('update_schedules.reminder.subject'),
      text: t('update_schedules.reminder.text', { name: row.name, site: row.site_name ?? '', since: formatDate(row.modified) }),
      related: { resource: 'updateSchedules', id: scheduleId },
    });
  }
  return rows.length;
}

registerJobKind<Record<string, never>>(UPDATE_REMINDER_JOB, {
  permissions: SETTINGS,
  async run(ctx) {
    const schedules = await queryRows<{ id: number }>(ctx.db, sql`select id from update_schedules order by id`);
    await ctx.items(schedules.map((schedule) => String(schedule.id)));
    const now = clockOf(ctx.app)();
    let queued = 0;
    for (const key of await ctx.pendingItems()) {
      await ctx.runItem(key, async (tx) => {
        queued += await remindForSchedule(tx, Number(key), now);
      });
    }
    return { queued };
  },
});

/** Queues the reminders' job unless one is already waiting or running (server/main.ts, on a schedule). */
export async function enqueueUpdateReminders(db: Db): Promise<number | null> {
  const [waiting] = await queryRows<{ id: number }>(db, sql`select id from jobs where kind = ${UPDATE_REMINDER_JOB} and status in ('queued', 'running', 'retry') limit 1`);
  if (waiting) return null;
  return enqueueJob(db, { kind: UPDATE_REMINDER_JOB, payload: {} });
}
