/**
 * The administrators' data update schedule (spec 03 §2 'Data update times page', §3 'Update schedule', §4, §5 'Update
 * schedule', §7 `/settingupdateadministrators/`): for chosen locations (departments or municipalities) and entity
 * types, either a number of days (at least 30: administrators whose data is older are asked to update it, once per
 * period) or a date (numberDays 0: on that day they are all asked once).
 *
 * - The spec's calls: `GET /settingupdateadministrators/`, `POST …/post` (create), `PUT …/put` (update, the id in the
 *   body): the engine's `writePaths`.
 * - A configuration is its set of locations and entity types: the same sets again are refused with 'La configuración
 *   ingresada ya se encuentra en el sistema' (a unique index over the hidden `configKey` the service writes, so two
 *   simultaneous saves cannot both pass); the answer names the stored record (`details[0].id`) and the screen asks
 *   whether to overwrite its days (docs/decisions/0034-policy-histories-and-update-schedule.md).
 * - The reminders: server/users/updateReminders.ts (a job kind, run on a schedule by server/main.ts).
 */
import * as yup from 'yup';
import { isDay } from './policyHistory';
import { updateSchedulesReference } from './references';
import { defineResource } from './types';

export const UPDATE_DAYS_MIN = 30;
export const UPDATE_DAYS_MAX_DIGITS = 3;

export const UPDATE_SCHEDULE_MESSAGES = {
  daysMin: 'validation.update_schedules.days_min',
  daysRequired: 'validation.update_schedules.days_required',
  daysInvalid: 'validation.update_schedules.days_invalid',
  dateRequired: 'validation.update_schedules.date_required',
  locationsRequired: 'validation.update_schedules.locations_required',
  siteTypesRequired: 'validation.update_schedules.site_types_required',
  duplicate: 'validation.update_schedules.duplicate',
} as const;

export interface UpdateScheduleRecord {
  id: number;
  /** 0: by date (`schedulingDate`); else every this many days. */
  numberDays: number;
  schedulingDate: string | null;
  locations: number[];
  siteTypes: number[];
}

/** Why a days value is refused (an i18n key), or null: digits only, at most 3, at least 30. */
export function daysError(value: unknown): string | null {
  if (value === undefined || value === null || value === '') return UPDATE_SCHEDULE_MESSAGES.daysRequired;
  const text = String(value).trim();
  if (!/^\d+$/.test(text) || text.length > UPDATE_DAYS_MAX_DIGITS) return UPDATE_SCHEDULE_MESSAGES.daysInvalid;
  if (Number(text) < UPDATE_DAYS_MIN) return UPDATE_SCHEDULE_MESSAGES.daysMin;
  return null;
}

/** The key of a configuration: its sorted, distinct locations and entity types (what makes two configurations the same). */
export function configurationKey(locations: readonly number[], siteTypes: readonly number[]): string {
  const sorted = (ids: readonly number[]) => [...new Set(ids.map(Number))].sort((a, b) => a - b).join(',');
  return `l:${sorted(locations)}|t:${sorted(siteTypes)}`;
}

/** By date when a scheduling date is given and no days (numberDays 0 or none). */
export const isByDate = (record: { numberDays?: unknown; schedulingDate?: unknown }): boolean =>
  (record.numberDays === undefined || record.numberDays === null || record.numberDays === '' || Number(record.numberDays) === 0) &&
  record.schedulingDate !== undefined &&
  record.schedulingDate !== null &&
  record.schedulingDate !== '';

const ids = (message: string) =>
  yup
    .array()
    .of(yup.number().typeError('validation.field.integer').integer('validation.field.integer').min(1, 'validation.field.integer'))
    .typeError('validation.field.integer')
    .min(1, message);

export const updateScheduleSchema = yup.object({
  numberDays: yup.mixed().nullable().test('days', function days(this: yup.TestContext, value: unknown) {
    const parent = this.parent as Record<string, unknown>;
    if (value === undefined && (this.options.context as { operation?: string } | undefined)?.operation === 'update') return true;
    if (isByDate({ numberDays: value, schedulingDate: parent.schedulingDate })) return true;
    const error = daysError(value);
    return error === null || this.createError({ message: error });
  }),
  schedulingDate: yup
    .mixed()
    .nullable()
    .test('date', UPDATE_SCHEDULE_MESSAGES.dateRequired, function date(this: yup.TestContext, value: unknown) {
      const parent = this.parent as Record<string, unknown>;
      const days = parent.numberDays;
      // By days: no date needed; by date (days 0): a real day.
      if (days !== undefined && days !== null && days !== '' && Number(days) !== 0) return value === undefined || value === null || value === '' || isDay(value);
      if (value === undefined && days === undefined) return true;
      return isDay(value);
    }),
  locations: ids(UPDATE_SCHEDULE_MESSAGES.locationsRequired),
  siteTypes: ids(UPDATE_SCHEDULE_MESSAGES.siteTypesRequired),
});

export const updateSchedulesResource = defineResource<UpdateScheduleRecord>({
  ...updateSchedulesReference,
  table: 'update_schedules',
  fields: [
    { source: 'id', type: 'id', list: false },
    { source: 'numberDays', type: 'integer', columnType: 'smallint', nullable: false, defaultValue: 0 },
    { source: 'schedulingDate', type: 'date', nullable: true },
    { source: 'locations', type: 'manyToMany', reference: { resource: 'locations', display: 'name' }, required: true },
    { source: 'siteTypes', type: 'manyToMany', reference: { resource: 'sitetypes', display: 'name' }, required: true },
    // The configuration's sets as one text (configurationKey), unique: the database refuses a duplicate.
    { source: 'configKey', type: 'text', columnType: 'text', hidden: true, nullable: false },
  ],
  schema: updateScheduleSchema,
  sort: { field: 'id', order: 'DESC' },
  pageSize: 20,
  editMode: 'dialog',
  operations: ['list', 'read', 'create', 'update', 'delete'],
  updateInBody: true,
  writePaths: { create: 'post', update: 'put' },
  messages: {
    created: 'update_schedules.saved',
    updated: 'update_schedules.saved',
    deleted: 'update_schedules.deleted',
    confirmDelete: 'update_schedules.confirm_delete',
    empty: 'update_schedules.empty',
  },
});
