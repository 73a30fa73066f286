/**
 * Global banners (spec 02 §2 'Banners', §3 'Banner', §5, §9) and their settings record, on the engine.
 *
 * - Lengths (spec 02 §5 gives two readings): the title takes 70 characters (what can be typed; the 140 threshold is
 *   never reached) and the subtitle 60 (both readings refuse more than 60), as input limit and as error alike
 *   (docs/decisions/0030-banners-and-logos.md).
 * - At most 3 banners: each holds one of three `slot`s (a hidden column, unique, 1 to 3, taken on create under a table
 *   lock by server/resources/services/banners.ts), so the database refuses a fourth whatever the timing.
 * - Media: an image (the upload, `image`, and its 4:1 crop at the cover position, `cover`) or a YouTube video, whose
 *   embed url and thumbnail the database computes from the link; an image banner may add a `mobile` image.
 * - `bannerType` (Secondary or Institutional, default Secondary) and `section` (optional text) as spec 02 §3 names them.
 */
import * as yup from 'yup';
import { FIELD_KINDS } from './fieldKinds';
import { bannerSettingsReference, bannersReference } from './references';
import { trimmedString } from './text';
import { defineResource, type FieldDeclaration } from './types';

export const BANNER_MAX = 3;
export const BANNER_TITLE_MAX = 70;
export const BANNER_SUBTITLE_MAX = 60;
export const BANNER_DESCRIPTION_MAX = 250;
export const BANNER_LINK_MAX = 120;
export const BANNER_VIDEO_MAX = 250;
export const BANNER_TOOL_LINK_MAX = 200;
export const BANNER_ROTATION_MAX = 30;
export const BANNER_POSITIONS = [1, 2, 3] as const;
/** Spec 02 §3 'bannerType (Secondary or Institutional)'; a new banner is secondary (docs/decisions/0030). */
export const BANNER_TYPES = ['Secondary', 'Institutional'] as const;
export const BANNER_SECTION_MAX = 100;

/** A YouTube link (watch, youtu.be, embed or shorts) and its 11-character video code (group 1). */
export const YOUTUBE_PATTERN = /^(?:https?:\/\/)?(?:www\.|m\.)?(?:youtube\.com\/(?:watch\?(?:.*&)?v=|embed\/|shorts\/)|youtu\.be\/)([A-Za-z0-9_-]{11})(?:[?&#][^\s]*)?$/;
/** The same code as the database reads it (the computed `embedUrl` and `videoThumbnail`). */
const YOUTUBE_CODE_SQL = `substring(t.url_video from '(?:v=|embed/|shorts/|youtu\\.be/)([A-Za-z0-9_-]{11})')`;

export function youtubeCode(url: string | null | undefined): string | null {
  return (url && YOUTUBE_PATTERN.exec(url.trim())?.[1]) || null;
}
export const youtubeEmbedUrl = (code: string) => `https://www.youtube.com/embed/${code}`;
export const youtubeThumbnail = (code: string) => `https://img.youtube.com/vi/${code}/hqdefault.jpg`;

export interface BannerRecord {
  bannerID: number;
  title: string;
  subtitle: string;
  description: string;
  link: string | null;
  bannerType: (typeof BANNER_TYPES)[number];
  section: string | null;
  image: unknown;
  cover: unknown;
  mobile: unknown;
  positionX: number;
  positionY: number;
  urlVideo: string | null;
  embedUrl: string | null;
  videoThumbnail: string | null;
  showText: boolean;
  styleCenter: boolean;
  isRequired: boolean;
  audience: unknown;
  displayOrder: number;
}

const imageField = { source: 'image', type: 'image', elementType: 'banner', list: false } as const satisfies Omit<FieldDeclaration, 'label'>;
const hasValue = (value: unknown) => value !== null && value !== undefined && value !== '';
const percent = () => yup.number().typeError('validation.field.integer').integer('validation.field.integer').min(0, 'banners.validation.position').max(100, 'banners.validation.position');

export const bannerSchema = yup.object({
  title: trimmedString()
    .required('banners.validation.title_required')
    .max(BANNER_TITLE_MAX, 'validation.field.too_long')
    .matches(/^[^\r\n]*$/, 'banners.validation.title_line_breaks'),
  subtitle: trimmedString().required('banners.validation.subtitle_required').max(BANNER_SUBTITLE_MAX, 'validation.field.too_long'),
  description: trimmedString().required('banners.validation.description_required').max(BANNER_DESCRIPTION_MAX, 'validation.field.too_long'),
  urlVideo: trimmedString()
    .nullable()
    .max(BANNER_VIDEO_MAX, 'validation.field.too_long')
    .test('youtube', 'banners.validation.youtube', (value) => !value || youtubeCode(value) !== null),
  // An image or a video (spec 02 §5). A body that names neither (a partial update) keeps what is stored; the service
  // checks the stored record after every write.
  image: FIELD_KINDS.image
    .rule({ ...imageField, label: '' })
    .nullable()
    .test('media', 'banners.validation.media_required', function media(this: yup.TestContext, value: unknown) {
      const video = (this.parent as Record<string, unknown>).urlVideo;
      if (value === undefined && video === undefined) return true;
      return hasValue(value) || hasValue(video);
    }),
  positionX: percent(),
  positionY: percent(),
});

export const bannersResource = defineResource<BannerRecord>({
  ...bannersReference,
  table: 'banners',
  fields: [
    { source: 'bannerID', type: 'id', list: false },
    { source: 'cover', type: 'image', elementType: 'banner' },
    { source: 'bannerType', type: 'enum', choices: BANNER_TYPES.map((id) => ({ id })), defaultValue: 'Secondary', nullable: false },
    // Where on the portal the banner goes (free text, optional: the spec names the field only).
    { source: 'section', type: 'text', maxLength: BANNER_SECTION_MAX, nullable: true, list: false },
    { source: 'title', type: 'text', maxLength: BANNER_TITLE_MAX, required: true, searchable: true },
    { source: 'subtitle', type: 'text', maxLength: BANNER_SUBTITLE_MAX, required: true },
    { source: 'description', type: 'text', maxLength: BANNER_DESCRIPTION_MAX, required: true, list: false },
    { source: 'link', type: 'url', maxLength: BANNER_LINK_MAX, list: false },
    imageField,
    // The image narrow screens show instead (spec 02 §3 `body.mobile`): optional, its own rules (resources/imageRules.ts).
    { source: 'mobile', type: 'image', elementType: 'bannerMobile', nullable: true, list: false },
    { source: 'positionX', type: 'integer', columnType: 'smallint', defaultValue: 50, nullable: false, list: false },
    { source: 'positionY', type: 'integer', columnType: 'smallint', defaultValue: 50, nullable: false, list: false },
    { source: 'urlVideo', type: 'url', maxLength: BANNER_VIDEO_MAX, list: false },
    { source: 'embedUrl', type: 'text', readOnly: true, nullable: true, list: false, computed: { sql: `case when ${YOUTUBE_CODE_SQL} is null then null else 'https://www.youtube.com/embed/' || ${YOUTUBE_CODE_SQL} end` } },
    { source: 'videoThumbnail', type: 'text', readOnly: true, nullable: true, list: false, computed: { sql: `case when ${YOUTUBE_CODE_SQL} is null then null else 'https://img.youtube.com/vi/' || ${YOUTUBE_CODE_SQL} || '/hqdefault.jpg' end` } },
    { source: 'showText', type: 'boolean', defaultValue: true, list: false },
    { source: 'styleCenter', type: 'boolean', defaultValue: false, list: false },
    { source: 'isRequired', type: 'boolean', defaultValue: false },
    { source: 'audience', type: 'audience', wire: 'banner', required: true, list: false },
    { source: 'displayOrder', type: 'integer', readOnly: true, nullable: false, defaultValue: 0 },
    // Which of the three places the banner holds (unique, 1–3): the database's own bound on the number of banners.
    { source: 'slot', type: 'integer', columnType: 'smallint', hidden: true, nullable: false },
  ],
  schema: bannerSchema,
  sort: { field: 'displayOrder', order: 'ASC' },
  // Spec 02 §9: 10 a page (the spec's page 0 is the API's page 1, docs/decisions/0002-api-conventions.md).
  pageSize: 10,
  editMode: 'dialog',
  messages: {
    created: 'banners.messages.created',
    updated: 'banners.messages.updated',
    deleted: 'banners.messages.deleted',
    confirmDelete: 'banners.messages.confirm_delete',
    empty: 'banners.messages.empty',
  },
  actions: [{ name: 'sort', kind: 'sort', method: 'PUT', path: 'sort', scope: 'collection', field: 'displayOrder' }],
  // Portals receive every banner whose audience reaches them, in order (no publication state: a banner applies while it exists).
  delivery: {
    key: 'banners',
    audience: 'audience',
    fields: ['bannerID', 'bannerType', 'section', 'title', 'subtitle', 'description', 'link', 'image', 'cover', 'mobile', 'positionX', 'positionY', 'urlVideo', 'embedUrl', 'videoThumbnail', 'showText', 'styleCenter', 'isRequired', 'displayOrder'],
  },
});

/**
 * The banners' settings (spec 02 §2, §3 'Banner settings'): the secondary banner's position (Banner.Position: 1 first,
 * 2 second, 3 last), the rotation (Banner.Rotation, 0 to 30 seconds) and the two suggested-tool links, whose path the
 * spec does not show: one record at `GET`/`PUT /banners/settings`.
 */
export interface BannerSettingsRecord {
  id: number;
  /** '1' first, '2' second, '3' last (an enum's value is its text). */
  position: string;
  rotation: number;
  linkVideoTutorial: string | null;
  linkHerramientaDiseno: string | null;
}

export const bannerSettingsResource = defineResource<BannerSettingsRecord>({
  ...bannerSettingsReference,
  table: 'banner_settings',
  fields: [
    { source: 'id', type: 'id', list: false },
    { source: 'position', type: 'enum', choices: BANNER_POSITIONS.map((id) => ({ id: String(id) })), defaultValue: '1', nullable: false },
    { source: 'rotation', type: 'integer', columnType: 'smallint', defaultValue: 5, nullable: false },
    { source: 'linkVideoTutorial', type: 'url', maxLength: BANNER_TOOL_LINK_MAX },
    { source: 'linkHerramientaDiseno', type: 'url', maxLength: BANNER_TOOL_LINK_MAX },
  ],
  schema: yup.object({
    rotation: yup
      .number()
      .typeError('validation.field.integer')
      .integer('validation.field.integer')
      .min(0, 'banners.validation.rotation')
      .max(BANNER_ROTATION_MAX, 'banners.validation.rotation')
      .required('validation.field.required'),
  }),
  sort: { field: 'id', order: 'ASC' },
  pageSize: 1,
  editMode: 'dialog',
  singleton: true,
  messages: { updated: 'banners.messages.settings_saved' },
  // Every portal receives how its banners turn: the secondary banner's position and the rotation in seconds.
  delivery: { key: 'bannerSettings', fields: ['position', 'rotation'] },
});
