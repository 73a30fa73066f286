/**
 * Global logos and content logos (spec 02 §2 'Global logos and content logos', §3 'Global logo', §5 'Global logos'):
 * two declarations over one table `global_logos`, told apart by `logoType` (0 global, 1 content), each a list with
 * up/down reordering (`POST …/{id}/sort/{nextId}`: the spec's sort sends the id and the next id), a create form and an
 * edit dialog. Global logos at `/globallogo/` carry a url; content logos at `/globallogo/content/` carry none and are at
 * most 3, held by a hidden `slot` (unique, 1–3) the service takes under a table lock, so the database refuses a fourth.
 */
import * as yup from 'yup';
import { URL_PATTERN } from './fieldKinds';
import { contentLogosReference, globalLogosReference } from './references';
import { trimmedString } from './text';
import { defineResource, type DeclaredField, type ResourceAction } from './types';

export const LOGO_TYPE = { global: 0, content: 1 } as const;
export const LOGO_NAME_MAX = 80;
export const LOGO_URL_MAX = 200;
export const CONTENT_LOGO_MAX = 3;

export interface LogoRecord {
  globalLogoId: number;
  name: string;
  image: unknown;
  url?: string | null;
  audience: unknown;
  position: number;
}

const commonFields = (type: number): DeclaredField[] => [
  { source: 'globalLogoId', type: 'id', column: 'global_logo_id', list: false },
  { source: 'image', type: 'image', elementType: 'logo', required: true },
  { source: 'name', type: 'text', maxLength: LOGO_NAME_MAX, required: true, searchable: true },
  { source: 'audience', type: 'audience', wire: 'logo', required: true, list: false },
  { source: 'position', type: 'integer', readOnly: true, nullable: false, defaultValue: 0, list: false },
  { source: 'logoType', type: 'integer', columnType: 'smallint', hidden: true, nullable: false, defaultValue: type },
];

const nameRule = trimmedString().required('logos.validation.name_required').max(LOGO_NAME_MAX, 'validation.field.too_long');
const sortAction: ResourceAction = { name: 'sort', kind: 'sort', method: 'POST', path: '{id}/sort/{targetId}', scope: 'record', field: 'position' };
const messages = (kind: 'global' | 'content') => ({
  created: `logos.messages.${kind}.created`,
  updated: `logos.messages.${kind}.updated`,
  deleted: `logos.messages.${kind}.deleted`,
  confirmDelete: 'logos.messages.confirm_delete',
  empty: 'logos.messages.empty',
});

export const globalLogosResource = defineResource<LogoRecord>({
  ...globalLogosReference,
  table: 'global_logos',
  fields: [
    ...commonFields(LOGO_TYPE.global),
    // Required here, empty for content logos: the shared column is nullable.
    { source: 'url', type: 'url', maxLength: LOGO_URL_MAX, required: true, nullable: true },
  ],
  schema: yup.object({
    name: nameRule,
    url: trimmedString()
      .required('logos.validation.url_invalid')
      .max(LOGO_URL_MAX, 'logos.validation.url_invalid')
      .matches(URL_PATTERN, 'logos.validation.url_invalid'),
  }),
  listWhere: `t.logo_type = ${LOGO_TYPE.global}`,
  sort: { field: 'position', order: 'ASC' },
  // Spec 02 §7: fetched 500 at a time.
  pageSize: 500,
  editMode: 'dialog',
  messages: messages('global'),
  actions: [sortAction],
  delivery: { key: 'globalLogos', audience: 'audience', fields: ['globalLogoId', 'name', 'image', 'url', 'position'] },
});

export const contentLogosResource = defineResource<LogoRecord>({
  ...contentLogosReference,
  table: 'global_logos',
  fields: [
    ...commonFields(LOGO_TYPE.content),
    // Which of the three places the content logo holds (unique, 1–3); null on global logos.
    { source: 'slot', type: 'integer', columnType: 'smallint', hidden: true, nullable: true },
  ],
  schema: yup.object({ name: nameRule }),
  listWhere: `t.logo_type = ${LOGO_TYPE.content}`,
  sort: { field: 'position', order: 'ASC' },
  pageSize: 500,
  editMode: 'dialog',
  messages: messages('content'),
  actions: [sortAction],
  delivery: { key: 'contentLogos', audience: 'audience', fields: ['globalLogoId', 'name', 'image', 'position'] },
});
