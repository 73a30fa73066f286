/**
 * Policy version histories and the administrators' update schedule (spec 03), derived from their declarations
 * (resources/policyHistories.ts, resources/updateSchedules.ts), and the reminders sent for a schedule (hand-written:
 * no declaration reads them). Part of the schema re-exported by server/db/schema.ts.
 */
import { sql } from 'drizzle-orm';
import { check, date, foreignKey, index, integer, pgTable, primaryKey, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { locationsResource } from '../../../resources/locations';
import { siteTypesResource } from '../../../resources/catalogues/sitetypes';
import { dataProcessingHistoriesResource, termsConditionHistoriesResource } from '../../../resources/policyHistories';
import { updateSchedulesResource, UPDATE_DAYS_MIN } from '../../../resources/updateSchedules';
import { junctionTable, resourceTable } from '../resourceTable';
import { users } from './users';

/** One open version (no end date: 'Vigente') per history, whatever the timing of two additions. */
export const dataProcessingHistories = resourceTable(dataProcessingHistoriesResource, (t) => [
  uniqueIndex('data_processing_histories_current_unique').on(sql`(${t.endDate} is null)`).where(sql`${t.endDate} is null`),
]);

export const termsConditionHistories = resourceTable(termsConditionHistoriesResource, (t) => [
  uniqueIndex('terms_condition_histories_current_unique').on(sql`(${t.endDate} is null)`).where(sql`${t.endDate} is null`),
]);

/** A configuration (its locations and entity types) once; days 0 (by date) or at least 30, a date when by date. */
export const updateSchedules = resourceTable(updateSchedulesResource, (t) => [
  uniqueIndex('update_schedules_config_unique').on(t.configKey),
  check('update_schedules_days', sql`${t.numberDays} = 0 and ${t.schedulingDate} is not null or ${t.numberDays} between ${sql.raw(String(UPDATE_DAYS_MIN))} and 999`),
]);

const scheduleField = (source: string) => updateSchedulesResource.fields.find((field) => field.source === source)!;
export const updateSchedulesLocations = junctionTable(updateSchedulesResource, scheduleField('locations'), locationsResource);
export const updateSchedulesSiteTypes = junctionTable(updateSchedulesResource, scheduleField('siteTypes'), siteTypesResource);

/**
 * The reminders a schedule sent (server/users/updateReminders.ts): one per administrator and period (the period's first
 * day: the schedule's date, or the day the administrator's data became older than the days), so a rerun of the job, or
 * two instances, never mail twice.
 */
export const updateReminders = pgTable(
  'update_reminders',
  {
    scheduleId: integer('schedule_id').notNull(),
    userId: integer('user_id').notNull(),
    period: date('period', { mode: 'string' }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'update_reminders_pk', columns: [t.scheduleId, t.userId, t.period] }),
    index('update_reminders_user_idx').on(t.userId),
    foreignKey({ name: 'update_reminders_schedule_fk', columns: [t.scheduleId], foreignColumns: [updateSchedules.id] }).onDelete('cascade'),
    foreignKey({ name: 'update_reminders_user_fk', columns: [t.userId], foreignColumns: [users.id] }).onDelete('cascade'),
  ],
);
