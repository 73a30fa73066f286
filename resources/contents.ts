/**
 * Pop-ups and news (spec 02 §2 '/contenidos', §3 'Content', §4 'Content lifecycle', §5 'Content'), the sliders of the
 * global content block (§3 'Slider config') and the block's own settings, on the engine. The content's audience is the
 * engine's `audience` field (resources/audience.ts); what a portal receives of it is declared in `delivery`
 * (server/delivery). The scheduling label is the pure `contentSchedule`, read by the cards and the tests with a clock.
 */
import * as yup from 'yup';
import { FIELD_KINDS, URL_PATTERN } from './fieldKinds';
import { contentBlockReference, contentsReference, sliderConfigsReference } from './references';
import { trimmedString } from './text';
import { defineResource } from './types';
import type { Audience } from './audience';

/** Spec 02 §5 'Content' and §9. */
export const CONTENT_LIMITS = {
  nameMin: 4,
  nameMax: 120,
  bodyMin: 20,
  bodyMax: 400,
  linkMax: 250,
  buttonMax: 20,
  pageSize: 10,
  /** Delays of the screen (spec 02 §9): search 200 ms, crawl 1000 ms. */
  searchDelayMs: 200,
  crawlDelayMs: 1000,
} as const;

/** showMode: 1 pop-up (modal news), 2 news; showForTypeUserId: 1 administrators, 2 citizens (spec 02 §3, §6). */
export const SHOW_MODES = ['1', '2'] as const;
export const USER_TYPES = ['1', '2'] as const;

export interface ContentRecord {
  contentID: number;
  name: string;
  body: string;
  externalLink: string | null;
  nameButtonUrl: string | null;
  showMode: '1' | '2';
  showForTypeUserId: '1' | '2';
  isRequired: boolean;
  published: boolean;
  showFromDate: string | null;
  showToDate: string | null;
  image: { fileID: string; filePath: string } | string | null;
  displayOrder: number;
  audience: Audience;
}

/** The text a rich body shows, for its length rule: tags dropped, entities read as one character, blanks collapsed. */
export function plainText(html: string | null | undefined): string {
  return (html ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&[a-zA-Z]+;|&#\d+;|&#x[0-9a-fA-F]+;/g, '_')
    .replace(/\s+/g, ' ')
    .trim();
}

/** 'scheduled' while the start is in the future, 'expired' once the end has passed, else null (spec 02 §2, §4). */
export type ContentSchedule = 'scheduled' | 'expired' | null;

export function contentSchedule(record: Pick<ContentRecord, 'showFromDate' | 'showToDate'>, now: Date = new Date()): ContentSchedule {
  const at = now.getTime();
  if (record.showToDate && Date.parse(record.showToDate) <= at) return 'expired';
  if (record.showFromDate && Date.parse(record.showFromDate) > at) return 'scheduled';
  return null;
}

/** Activate and Inactivate are not offered on an expired content (spec 02 §2); the server refuses them with 409. */
export const contentTogglable = (record: Pick<ContentRecord, 'showFromDate' | 'showToDate'>, now: Date = new Date()): boolean =>
  contentSchedule(record, now) !== 'expired';

export const CONTENT_MESSAGES = {
  nameRequired: 'contents.validation.name_required',
  nameLength: 'contents.validation.name_length',
  bodyRequired: 'contents.validation.body_required',
  bodyLength: 'contents.validation.body_length',
  link: 'contents.validation.link',
  linkLength: 'contents.validation.link_length',
  button: 'contents.validation.button_length',
  dates: 'contents.validation.dates',
  imageRequired: 'contents.validation.image_required',
  showMode: 'contents.validation.show_mode',
  userType: 'contents.validation.user_type',
  audienceEmpty: 'contents.validation.audience_empty',
  expired: 'contents.validation.expired',
} as const;

const optionalText = () => trimmedString().nullable().transform((value: string | null) => (value === '' ? null : value));

/** The rules of spec 02 §5 'Content' the field kinds do not express; messages are i18n keys (i18n/es/contents.ts). */
export const contentSchema = yup.object({
  name: trimmedString()
    .required(CONTENT_MESSAGES.nameRequired)
    .min(CONTENT_LIMITS.nameMin, CONTENT_MESSAGES.nameLength)
    .max(CONTENT_LIMITS.nameMax, CONTENT_MESSAGES.nameLength),
  body: yup
    .string()
    .typeError(CONTENT_MESSAGES.bodyRequired)
    .required(CONTENT_MESSAGES.bodyRequired)
    .test('body-length', CONTENT_MESSAGES.bodyLength, (value) => {
      const length = plainText(value).length;
      return length === 0 || (length >= CONTENT_LIMITS.bodyMin && length <= CONTENT_LIMITS.bodyMax);
    })
    .test('body-present', CONTENT_MESSAGES.bodyRequired, (value) => plainText(value).length > 0),
  externalLink: optionalText()
    .max(CONTENT_LIMITS.linkMax, CONTENT_MESSAGES.linkLength)
    .matches(URL_PATTERN, { message: CONTENT_MESSAGES.link, excludeEmptyString: true }),
  nameButtonUrl: optionalText().max(CONTENT_LIMITS.buttonMax, CONTENT_MESSAGES.button),
  showMode: yup.string().typeError(CONTENT_MESSAGES.showMode).oneOf([...SHOW_MODES], CONTENT_MESSAGES.showMode).required(CONTENT_MESSAGES.showMode),
  showForTypeUserId: yup.string().typeError(CONTENT_MESSAGES.userType).oneOf([...USER_TYPES], CONTENT_MESSAGES.userType).required(CONTENT_MESSAGES.userType),
  // Publishing needs an image: the server checks the stored record (a body may leave the image out); the browser form
  // (context `form`, src/engine/yupValidate.ts) says it before sending: a new content is created published.
  image: FIELD_KINDS.image
    .rule({ source: 'image', type: 'image', elementType: 'image', label: '' })
    .nullable()
    .test('image-to-publish', CONTENT_MESSAGES.imageRequired, function (this: yup.TestContext, value: unknown) {
      if (!(this.options.context as { form?: boolean } | undefined)?.form) return true;
      const published = (this.parent as { published?: boolean }).published;
      return published === false || (value !== null && value !== undefined && value !== '');
    }),
  showToDate: yup
    .string()
    .nullable()
    .test('dates', CONTENT_MESSAGES.dates, function (to) {
      const from = (this.parent as { showFromDate?: string | null }).showFromDate;
      return !from || !to || Date.parse(from) < Date.parse(to);
    }),
});

export const contentsResource = defineResource<ContentRecord>({
  ...contentsReference,
  table: 'contents',
  fields: [
    { source: 'contentID', type: 'id', column: 'content_id', list: false },
    { source: 'name', type: 'text', maxLength: CONTENT_LIMITS.nameMax, searchable: true, required: true },
    { source: 'body', type: 'richText', required: true, list: false },
    { source: 'externalLink', type: 'url', maxLength: CONTENT_LIMITS.linkMax, nullable: true, list: false },
    { source: 'nameButtonUrl', type: 'text', maxLength: CONTENT_LIMITS.buttonMax, nullable: true, list: false },
    { source: 'showMode', type: 'enum', choices: SHOW_MODES.map((id) => ({ id })), required: true, defaultValue: '1' },
    { source: 'showForTypeUserId', type: 'enum', choices: USER_TYPES.map((id) => ({ id })), required: true, defaultValue: '1' },
    { source: 'isRequired', type: 'boolean', defaultValue: false },
    // New content is created published (spec 02 §4); enable / disable change it.
    { source: 'published', type: 'boolean', readOnly: true, defaultValue: true },
    { source: 'showFromDate', type: 'datetime', nullable: true },
    { source: 'showToDate', type: 'datetime', nullable: true },
    // Publishing needs an image ('Debes cargar una imagen…'): checked by the service on the stored values, since a body
    // may leave the field out; the kind's own rule reads the upload's answer back as its fileID.
    { source: 'image', type: 'image', elementType: 'image', column: 'file_id', nullable: true },
    // The place in the cards: a new content goes last (the service); sort moves it.
    { source: 'displayOrder', type: 'integer', readOnly: true, nullable: false, defaultValue: 0, filter: false },
    { source: 'audience', type: 'audience', wire: 'content', required: true, nullable: false },
    { source: 'createdDate', type: 'datetime', nullable: false, hidden: true },
  ],
  schema: contentSchema,
  sort: { field: 'displayOrder', order: 'ASC' },
  pageSize: CONTENT_LIMITS.pageSize,
  maxPageSize: 500,
  filters: ['published'],
  editMode: 'dialog',
  operations: ['list', 'read', 'create', 'update'],
  actions: [
    { name: 'enable', kind: 'enable', method: 'POST', path: '{id}/enable', scope: 'record', field: 'published', when: (record) => contentTogglable(record) },
    {
      name: 'disable',
      kind: 'disable',
      method: 'POST',
      path: '{id}/disable',
      scope: 'record',
      field: 'published',
      confirm: 'contents.confirm_disable',
      when: (record) => contentTogglable(record),
    },
    { name: 'sort', kind: 'sort', method: 'POST', path: '{id}/sort/{targetId}', scope: 'record', field: 'displayOrder' },
  ],
  // GET /contents/validate/{id}/{flag}: what activating (flag true) or inactivating would meet (server/resources/services/contents.ts).
  views: [{ name: 'validate', path: '/contents/validate/{contentID}/{flag}', scope: 'collection' }],
  delivery: {
    key: 'contents',
    audience: 'audience',
    // Published, started and not ended (a null date: no bound): the same dates as `contentSchedule`, read by the
    // database's clock; the GiST index contents_now_idx finds exactly these rows.
    appliesNow: 't.published and tstzrange(t.show_from_date, t.show_to_date) @> {now}',
    userType: 'showForTypeUserId',
    fields: ['contentID', 'name', 'body', 'externalLink', 'nameButtonUrl', 'showMode', 'showForTypeUserId', 'isRequired', 'showFromDate', 'showToDate', 'image', 'displayOrder'],
  },
  messages: { created: 'contents.created', updated: 'contents.updated', empty: 'contents.empty' },
});

export interface SliderConfigRecord {
  sliderConfigId: number;
  nameSlider: string;
  url: string | null;
  active: boolean;
}

export const SLIDER_LIMITS = { nameMax: 100, urlMax: 250 } as const;

/** The sliders of the global content block (spec 02 §2, §3 'Slider config'): `GET`/`PUT /sliderconfglobal`, the whole list. */
export const sliderConfigsResource = defineResource<SliderConfigRecord>({
  ...sliderConfigsReference,
  table: 'slider_configs',
  fields: [
    { source: 'sliderConfigId', type: 'id', column: 'slider_config_id' },
    { source: 'nameSlider', type: 'text', maxLength: SLIDER_LIMITS.nameMax, required: true },
    { source: 'url', type: 'url', maxLength: SLIDER_LIMITS.urlMax, nullable: true },
    { source: 'active', type: 'boolean', defaultValue: true },
  ],
  sort: { field: 'sliderConfigId', order: 'ASC' },
  pageSize: 100,
  editMode: 'inline',
  collectionUpdate: true,
  operations: ['list'],
});

export interface ContentBlockRecord {
  id: number;
  title: string;
  color: string | null;
}

/** The global content block's title and color (spec 02 §2): one record, `GET`/`POST /settings/content/settingcontentglobal`. */
export const contentBlockResource = defineResource<ContentBlockRecord>({
  ...contentBlockReference,
  table: 'content_block_settings',
  fields: [
    { source: 'id', type: 'id', list: false },
    { source: 'title', type: 'text', maxLength: 100, required: true, defaultValue: 'Contenidos' },
    { source: 'color', type: 'color', nullable: true },
  ],
  sort: { field: 'id', order: 'ASC' },
  pageSize: 1,
  editMode: 'dialog',
  singleton: true,
  singletonWrite: 'POST',
  operations: ['read', 'update'],
});
