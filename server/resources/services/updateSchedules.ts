/**
 * The administrators' update schedule (resources/updateSchedules.ts): a configuration is its set of locations and
 * entity types, written as `configKey` (unique in the database). Under the table's lock a write first looks for another
 * configuration with the same sets and refuses with 409 'La configuración ingresada ya se encuentra en el sistema',
 * naming that record (`details[0].value`: its id) so the screen can offer to overwrite its days (`PUT …/put`); a write
 * that raced past the check meets the unique index, answered the same. By days clears the date; by date stores 0 days.
 */
import { sql } from 'drizzle-orm';
import { configurationKey, isByDate, UPDATE_SCHEDULE_MESSAGES } from '../../../resources/updateSchedules';
import { queryRows } from '../../db/rows';
import { ApiError } from '../../http/errors';
import { t } from '../../i18n';
import { postgresConstraint, postgresErrorCode, UNIQUE_VIOLATION } from '../dbErrors';
import { ResourceService, type PrepareContext, type WriteContext } from './base';

const DUPLICATE_CODE = 'DuplicateConfiguration';

function duplicate(existingId?: number): ApiError {
  const message = t(UPDATE_SCHEDULE_MESSAGES.duplicate);
  return new ApiError(409, DUPLICATE_CODE, message, [{ code: DUPLICATE_CODE, target: 'locations', message, ...(existingId ? { value: String(existingId) } : {}) }]);
}

const idsOf = (value: unknown): number[] => (Array.isArray(value) ? value.map((item) => Number(typeof item === 'object' && item !== null ? (item as { id?: unknown }).id : item)) : []);

export class UpdateSchedulesService extends ResourceService {
  override readonly errorResponses = { create: [409] as const, update: [409] as const };

  override async prepareWrite({ tx, operation }: PrepareContext): Promise<void> {
    if (operation !== 'delete') await tx.execute(sql`lock table update_schedules in share row exclusive mode`);
  }

  override async beforeWrite({ tx, operation, before, values }: WriteContext): Promise<void> {
    if (operation === 'delete') return;
    const merged = { ...(before ?? {}), ...values };
    if (isByDate(merged)) values.numberDays = 0;
    else values.schedulingDate = null;
    const key = configurationKey(idsOf(merged.locations), idsOf(merged.siteTypes));
    values.configKey = key;
    const [other] = await queryRows<{ id: number }>(
      tx,
      sql`select id from update_schedules where config_key = ${key} ${before ? sql`and id <> ${before.id}` : sql``} limit 1`,
    );
    if (other) throw duplicate(other.id);
  }

  override translateError(error: unknown): ApiError | undefined {
    if (postgresErrorCode(error) === UNIQUE_VIOLATION && postgresConstraint(error) === 'update_schedules_config_unique') return duplicate();
    return undefined;
  }
}
