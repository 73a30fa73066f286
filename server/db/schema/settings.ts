/**
 * Platform settings (resources/platformSettings.ts): the key/value settings, the terms and data-treatment texts, the
 * procedure and site-request texts, the GOV.CO bar, the PQRDS variables and the help tooltips, each derived from its
 * declaration. Part of the schema re-exported by server/db/schema.ts.
 */
import { sql } from 'drizzle-orm';
import { check, unique } from 'drizzle-orm/pg-core';
import {
  dataTreatmentTermsResource,
  govcoResource,
  platformSettingsResource,
  pqrdsResource,
  PQRDS_SIZE,
  procedureTextsResource,
  siteRequestTextResource,
  termsResource,
  tooltipsResource,
} from '../../../resources/platformSettings';
import { resourceTable } from '../resourceTable';

/** One row per key (`key_word` unique): the generic settings, read by key (`GET /settings/get?Key=`). */
export const settings = resourceTable(platformSettingsResource, (t) => [unique('settings_key_word_unique').on(t.keyWord)]);

export const termsTexts = resourceTable(termsResource);
export const dataTreatmentTexts = resourceTable(dataTreatmentTermsResource);
export const procedureTexts = resourceTable(procedureTextsResource);
export const siteRequestTexts = resourceTable(siteRequestTextResource);
export const govcoSettings = resourceTable(govcoResource);
export const pqrdsSettings = resourceTable(pqrdsResource, (t) => [
  check('pqrds_settings_size_range', sql`${t.maxFileSizeMb} between ${sql.raw(String(PQRDS_SIZE.min))} and ${sql.raw(String(PQRDS_SIZE.max))}`),
]);
export const siteTooltips = resourceTable(tooltipsResource);
