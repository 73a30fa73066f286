/**
 * Global content (spec 02): banners, their settings record, global and content logos, each derived from its declaration
 * (resources/banners.ts, resources/logos.ts). Part of the schema re-exported by server/db/schema.ts.
 */
import { sql } from 'drizzle-orm';
import { check, index, uniqueIndex } from 'drizzle-orm/pg-core';
import { bannerSettingsResource, bannersResource, BANNER_MAX } from '../../../resources/banners';
import { CONTENT_LOGO_MAX, contentLogosResource, globalLogosResource, LOGO_TYPE } from '../../../resources/logos';
import { resourceTable, sharedResourceTable } from '../resourceTable';

/** At most 3 banners (spec 02 §5): each holds one of three places; a fourth has none to take. */
export const banners = resourceTable(bannersResource, (t) => [
  uniqueIndex('banners_slot_unique').on(t.slot),
  check('banners_slot_range', sql`${t.slot} between 1 and ${sql.raw(String(BANNER_MAX))}`),
  check('banners_cover_position', sql`${t.positionX} between 0 and 100 and ${t.positionY} between 0 and 100`),
  index('banners_order_idx').on(t.displayOrder, t.bannerID),
]);

export const bannerSettings = resourceTable(bannerSettingsResource, (t) => [
  check('banner_settings_rotation_range', sql`${t.rotation} between 0 and 30`),
]);

/** Global (logoType 0) and content (1) logos; content logos hold one of three places, global logos none. */
export const globalLogos = sharedResourceTable([globalLogosResource, contentLogosResource], (t) => [
  uniqueIndex('global_logos_slot_unique').on(t.slot),
  check(
    'global_logos_slot_by_type',
    sql`case when ${t.logoType} = ${sql.raw(String(LOGO_TYPE.content))} then ${t.slot} is not null and ${t.slot} between 1 and ${sql.raw(String(CONTENT_LOGO_MAX))} else ${t.slot} is null end`,
  ),
  index('global_logos_type_order_idx').on(t.logoType, t.position, t.globalLogoId),
]);
