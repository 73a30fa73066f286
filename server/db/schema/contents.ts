/**
 * Global content (spec 02 §3): pop-ups and news, the global content block's sliders and settings, each derived from its
 * declaration (resources/contents.ts). Part of the schema re-exported by server/db/schema.ts.
 */
import { sql } from 'drizzle-orm';
import { check, index } from 'drizzle-orm/pg-core';
import { contentBlockResource, contentsResource, sliderConfigsResource } from '../../../resources/contents';
import { resourceTable } from '../resourceTable';

export const contents = resourceTable(contentsResource, (t) => [
  // The cards' order (10 a page by displayOrder) and the 'Activos' filter's published rows in that order.
  index('contents_order_idx').on(t.displayOrder, t.contentID),
  index('contents_published_idx').on(t.displayOrder).where(sql`${t.published}`),
  // The delivery's rows that apply now (server/delivery): published and whose dates hold now (a null date: no bound),
  // found without reading the ended or scheduled ones, however many accumulate (tests/api/delivery-plans.test.ts).
  index('contents_now_idx').using('gist', sql`tstzrange(${t.showFromDate}, ${t.showToDate})`).where(sql`${t.published}`),
  // 'La fecha inicial debe ser menor que la fecha final.' holds in the table too.
  check('contents_dates', sql`${t.showFromDate} is null or ${t.showToDate} is null or ${t.showFromDate} < ${t.showToDate}`),
]);

export const sliderConfigs = resourceTable(sliderConfigsResource);

export const contentBlockSettings = resourceTable(contentBlockResource);
