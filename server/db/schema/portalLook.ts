/**
 * The portals' look (spec 02 §2): the footer's links and signature, the featured menus of the entity types, the
 * suggested links and the shortcuts, each derived from its declaration (resources/portalLook.ts). Part of the schema
 * re-exported by server/db/schema.ts.
 */
import { sql } from 'drizzle-orm';
import { check, foreignKey, index, uniqueIndex } from 'drizzle-orm/pg-core';
import { FOOTER_LIMITS, LAUNCHPAD_LIMITS, featuredMenusResource, footerLinksResource, footerSignResource, launchpadResource, seedLinksResource } from '../../../resources/portalLook';
import { resourceTable } from '../resourceTable';
import { siteTypes } from './catalogues';

/** At most 6 links (spec 02 §5 'Footer'): each holds one of six places; a seventh has none to take. */
export const footerLinks = resourceTable(footerLinksResource, (t) => [
  uniqueIndex('footer_links_slot_unique').on(t.slot),
  check('footer_links_slot_range', sql`${t.slot} is not null and ${t.slot} between 1 and ${sql.raw(String(FOOTER_LIMITS.maxLinks))}`),
]);

export const footerSign = resourceTable(footerSignResource);

/** A menu's items by type, in order; an entity type's removal takes its menu with it. */
export const featuredMenuItems = resourceTable(featuredMenusResource, (t) => [
  foreignKey({ columns: [t.siteTypeMenuID], foreignColumns: [siteTypes.id] }).onDelete('cascade'),
  index('featured_menu_items_menu_idx').on(t.siteTypeMenuID, t.displayOrder),
]);

export const seedLinks = resourceTable(seedLinksResource);

/** At most 24 shortcuts (spec 02 §9), held by a bounded slot like the footer's links. */
export const launchpadLinks = resourceTable(launchpadResource, (t) => [
  uniqueIndex('launchpad_links_slot_unique').on(t.slot),
  check('launchpad_links_slot_range', sql`${t.slot} is not null and ${t.slot} between 1 and ${sql.raw(String(LAUNCHPAD_LIMITS.maxLinks))}`),
  foreignKey({ columns: [t.seedLinkID], foreignColumns: [seedLinks.seedLinkID] }).onDelete('set null'),
]);
