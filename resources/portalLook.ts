/**
 * The portals' look (spec 02 §2 'Footer', 'Featured menu', 'Shortcuts (launchpad)', §3, §5 'Footer', 'Other'): the
 * footer's links (`GET`/`PUT /footerContent`, the whole ordered list, at most 6) and its signature (text, url and a
 * 16×16 SVG ≤ 5 KB, `GET`/`PUT /footerContent/sign`), the featured menu of each entity type
 * (`GET`/`PUT /featuredsitemenu/{siteTypeMenuID}/`, the menu of a type named by the type's id; `GET /sitetypemenu/`
 * every menu) and the shortcuts (`/launchpad/`, at most 24, re-ordered by `PUT /launchpad/order`; `GET /seedlink` the
 * suggested links). All of them reach the portals through the delivery API (docs/decisions/0032-portal-look.md).
 */
import * as yup from 'yup';
import { URL_PATTERN } from './fieldKinds';
import { featuredMenusReference, footerLinksReference, footerSignReference, launchpadReference, seedLinksReference } from './references';
import { trimmedString } from './text';
import { defineResource, type FieldChoice } from './types';

export const FOOTER_LIMITS = { nameMax: 150, urlMax: 150, textMax: 150, maxLinks: 6 } as const;
export const FEATURED_MENU_NAME_MAX = 150;
export const LAUNCHPAD_LIMITS = { titleMax: 21, urlMax: 250, maxLinks: 24 } as const;

/** The 24 selectable icons of a shortcut (spec 02 §2, §9): Material icon names the portals draw. */
export const LAUNCHPAD_ICONS = [
  'home', 'search', 'phone', 'email', 'calendar', 'location', 'document', 'folder',
  'person', 'group', 'news', 'info', 'help', 'settings', 'star', 'favorite',
  'shopping', 'payment', 'school', 'health', 'work', 'transport', 'security', 'gavel',
] as const;
export type LaunchpadIcon = (typeof LAUNCHPAD_ICONS)[number];
const iconChoices: readonly FieldChoice[] = LAUNCHPAD_ICONS.map((id) => ({ id }));
const ICON_MAX = Math.max(...LAUNCHPAD_ICONS.map((icon) => icon.length));

const required = (key: string) => trimmedString().required(key);
const urlRule = (max: number, key: string) => required(key).max(max, 'validation.field.too_long').matches(URL_PATTERN, 'validation.portalLook.url_invalid');

export interface FooterLinkRecord {
  footerContentID: number;
  name: string;
  url: string;
  displayOrder: number;
}

/** The footer's links: one ordered list saved whole (`PUT /footerContent`), at most 6 (a bounded `slot` in the table). */
export const footerLinksResource = defineResource<FooterLinkRecord>({
  ...footerLinksReference,
  table: 'footer_links',
  fields: [
    { source: 'footerContentID', type: 'id', column: 'footer_content_id' },
    { source: 'name', type: 'text', maxLength: FOOTER_LIMITS.nameMax, required: true },
    { source: 'url', type: 'url', maxLength: FOOTER_LIMITS.urlMax, required: true },
    { source: 'displayOrder', type: 'integer', form: false, list: false, nullable: false, defaultValue: 0 },
    // Which of the 6 places the link holds (unique, 1–6): the database refuses a seventh.
    { source: 'slot', type: 'integer', columnType: 'smallint', hidden: true, nullable: true },
  ],
  schema: yup.object({
    name: required('validation.portalLook.name_required').max(FOOTER_LIMITS.nameMax, 'validation.field.too_long'),
    url: urlRule(FOOTER_LIMITS.urlMax, 'validation.portalLook.url_required'),
  }),
  sort: { field: 'displayOrder', order: 'ASC' },
  pageSize: 100,
  editMode: 'inline',
  operations: ['list'],
  collectionUpdate: true,
  collectionOrder: 'displayOrder',
  maxRecords: { count: FOOTER_LIMITS.maxLinks, message: 'validation.portalLook.footer_max_links' },
  alongside: ['footerSign'],
  messages: { updated: 'portalLook.saved' },
  delivery: { key: 'footerLinks', fields: ['name', 'url', 'displayOrder'] },
});

export interface FooterSignRecord {
  id: number;
  text: string;
  url: string;
  svg: unknown;
}

/** The footer's signature: one record (`GET`/`PUT /footerContent/sign`); its SVG sanitised and checked by the files service. */
export const footerSignResource = defineResource<FooterSignRecord>({
  ...footerSignReference,
  table: 'footer_sign',
  fields: [
    { source: 'id', type: 'id', list: false },
    { source: 'text', type: 'text', maxLength: FOOTER_LIMITS.textMax, required: true },
    { source: 'url', type: 'url', maxLength: FOOTER_LIMITS.urlMax, required: true },
    { source: 'svg', type: 'image', elementType: 'footerSign', required: true },
  ],
  schema: yup.object({
    text: required('validation.portalLook.text_required').max(FOOTER_LIMITS.textMax, 'validation.field.too_long'),
    url: urlRule(FOOTER_LIMITS.urlMax, 'validation.portalLook.url_required'),
  }),
  sort: { field: 'id', order: 'ASC' },
  pageSize: 1,
  editMode: 'dialog',
  singleton: true,
  operations: ['read', 'update'],
  messages: { updated: 'portalLook.saved' },
  delivery: { key: 'footerSign', fields: ['text', 'url', 'svg'] },
});

export interface FeaturedMenuRecord {
  featuredMenuID: number;
  siteTypeMenuID: number;
  name: string;
  displayOrder: number;
}

/**
 * The featured menu of an entity type: its items, one ordered list saved whole under the type
 * (`PUT /featuredsitemenu/{siteTypeMenuID}/`, the menu of a type named by the type's id). A portal receives its type's.
 */
export const featuredMenusResource = defineResource<FeaturedMenuRecord>({
  ...featuredMenusReference,
  table: 'featured_menu_items',
  parent: { param: 'siteTypeMenuID', field: 'siteTypeMenuID', resource: 'sitetypes', display: 'name' },
  fields: [
    { source: 'featuredMenuID', type: 'id', column: 'featured_menu_id' },
    { source: 'siteTypeMenuID', type: 'integer', column: 'site_type_menu_id', readOnly: true, nullable: false, list: false },
    { source: 'name', type: 'text', maxLength: FEATURED_MENU_NAME_MAX, required: true },
    { source: 'displayOrder', type: 'integer', form: false, list: false, nullable: false, defaultValue: 0 },
  ],
  schema: yup.object({ name: required('validation.portalLook.name_required').max(FEATURED_MENU_NAME_MAX, 'validation.field.too_long') }),
  sort: { field: 'displayOrder', order: 'ASC' },
  pageSize: 100,
  editMode: 'inline',
  operations: ['list'],
  collectionUpdate: true,
  collectionOrder: 'displayOrder',
  messages: { updated: 'portalLook.saved' },
  // `GET /sitetypemenu/`: every entity type's menu with its items (server/resources/services/portalLook.ts).
  views: [{ name: 'menus', path: '/sitetypemenu/', scope: 'collection', etag: true }],
  delivery: { key: 'featuredMenu', site: 't.site_type_menu_id = s.site_type_id', fields: ['featuredMenuID', 'name', 'displayOrder'] },
});

export interface SeedLinkRecord {
  seedLinkID: number;
  title: string;
  url: string;
  icon: string;
}

/** The suggested shortcuts (`GET /seedlink`): read-only reference data the launchpad starts from. */
export const seedLinksResource = defineResource<SeedLinkRecord>({
  ...seedLinksReference,
  table: 'seed_links',
  fields: [
    { source: 'seedLinkID', type: 'id', column: 'seed_link_id' },
    { source: 'title', type: 'text', maxLength: LAUNCHPAD_LIMITS.titleMax, required: true },
    { source: 'url', type: 'url', maxLength: LAUNCHPAD_LIMITS.urlMax, required: true },
    // One of LAUNCHPAD_ICONS (reference data, never written through the API).
    { source: 'icon', type: 'text', maxLength: ICON_MAX, required: true },
  ],
  sort: { field: 'seedLinkID', order: 'ASC' },
  pageSize: 100,
  editMode: 'dialog',
  operations: ['list', 'read'],
});

export interface LaunchpadRecord {
  launchPadID: number;
  title: string;
  url: string;
  icon: LaunchpadIcon;
  order: number;
  seedLinkID: number | null;
}

/** The shortcuts of the portals (launchpad): at most 24, each a title ≤ 21, a link and one of the 24 icons. */
export const launchpadResource = defineResource<LaunchpadRecord>({
  ...launchpadReference,
  table: 'launchpad_links',
  fields: [
    { source: 'launchPadID', type: 'id', column: 'launch_pad_id', list: false },
    { source: 'title', type: 'text', maxLength: LAUNCHPAD_LIMITS.titleMax, required: true },
    { source: 'url', type: 'url', maxLength: LAUNCHPAD_LIMITS.urlMax, required: true },
    { source: 'icon', type: 'enum', choices: iconChoices, required: true },
    { source: 'order', type: 'integer', column: 'sort_order', readOnly: true, nullable: false, defaultValue: 0, list: false },
    { source: 'seedLinkID', type: 'reference', column: 'seed_link_id', reference: { resource: 'seedlinks', display: 'title' }, nullable: true, list: false },
    // Which of the 24 places the shortcut holds (unique, 1–24): the database refuses a 25th.
    { source: 'slot', type: 'integer', columnType: 'smallint', hidden: true, nullable: true },
  ],
  schema: yup.object({
    title: required('validation.portalLook.title_required').max(LAUNCHPAD_LIMITS.titleMax, 'validation.portalLook.title_too_long'),
    url: urlRule(LAUNCHPAD_LIMITS.urlMax, 'validation.portalLook.link_required'),
  }),
  sort: { field: 'order', order: 'ASC' },
  pageSize: LAUNCHPAD_LIMITS.maxLinks,
  editMode: 'dialog',
  maxRecords: { count: LAUNCHPAD_LIMITS.maxLinks, message: 'validation.portalLook.launchpad_max_links' },
  messages: { created: 'portalLook.saved', updated: 'portalLook.saved', deleted: 'portalLook.deleted', confirmDelete: 'portalLook.confirm_delete' },
  // Spec 02 §7 `PUT /launchpad/order` (launchPadID and order), sent after each move.
  actions: [{ name: 'sort', kind: 'sort', method: 'PUT', path: 'order', scope: 'collection', field: 'order' }],
  // `GET /launchpad/cache`: the shortcuts as the portals receive them, with an ETag (decision 0032).
  views: [{ name: 'cache', path: 'cache', scope: 'collection', etag: true }],
  delivery: { key: 'launchpad', fields: ['launchPadID', 'title', 'url', 'icon', 'order'] },
});
