/**
 * Element types: what an upload is for (`POST /uploadfiles/elementType=banner`), and so which extensions,
 * which size cap, which area's permission uploads and reads it, and whether the portals read it without a session.
 * Areas declare theirs with `defineElementType` at module load; the upload route and the file routes both read
 * `permissions` and `publicRead` from here (docs/decisions/0020-files.md).
 */
import { BANNERS, CONTENTS, SETTINGS, SITES } from '../../resources/areas';
import type { PermissionName } from '../../resources/permissions';
import { hasAnyPermission } from '../../resources/permissions';
import { FILE_FORMATS } from './formats';
import { PORTAL_FILE_ELEMENT } from '../../resources/loads';
import { BANNER_IMAGE_RULES, BANNER_MOBILE_IMAGE_RULES, FOOTER_SIGN_RULES, LOGO_IMAGE_RULES, type ImageRules } from '../../resources/imageRules';
import { POLICY_FILE_ELEMENT, POLICY_FILE_EXTENSIONS, POLICY_FILE_MAX_BYTES } from '../../resources/policyHistory';

/** Default cap (spec 01 'Global constants', spec 03 'Uploads'): 10485760 bytes. */
export const DEFAULT_MAX_BYTES = 10 * 1024 * 1024;
export const MEGABYTE = 1024 * 1024;

/** Extension groups of the spec's general upload rules (spec 02 'Uploads generally', spec 03 'Uploads'). */
export const FILE_KINDS = {
  document: ['doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'odt', 'ods', 'pdf'],
  image: ['jpg', 'jpeg', 'gif'],
  audio: ['mp3'],
  excel: ['xls', 'xlsx'],
  text: ['txt', 'csv'],
} as const satisfies Record<string, readonly string[]>;
export type FileKind = keyof typeof FILE_KINDS;

export interface ElementTypeOptions {
  /**
   * The area that owns the records using these files: holding one of these permissions uploads a file of this type
   * (`POST /uploadfiles/…`) and reads one back (`GET /files/{id}`) — the latter by anyone when `publicRead`.
   */
  permissions: readonly PermissionName[];
  /** Extension groups accepted; `extensions` adds to them (e.g. png, svg). */
  kinds?: readonly FileKind[];
  extensions?: readonly string[];
  /** Size cap in bytes (default 10 MB). */
  maxBytes?: number;
  /** Message key for a file over the cap, when the spec words it for this element (else the general rule). */
  tooBigMessage?: string;
  /**
   * Files served without signing in because the portals show them (banners, logos, gallery and content images);
   * otherwise reading one needs a superadmin holding one of `permissions`. Ids are random UUIDs either way.
   */
  publicRead?: boolean;
  /**
   * Declared image rules (resources/imageRules.ts, also read by the browser): their extensions and size replace
   * `kinds`/`extensions`/`maxBytes`, and the decoded image's dimensions are checked on upload.
   */
  imageRules?: ImageRules;
}

export interface ElementType {
  name: string;
  permissions: readonly PermissionName[];
  extensions: readonly string[];
  maxBytes: number;
  tooBigMessage: string | undefined;
  publicRead: boolean;
  imageRules: ImageRules | undefined;
}

const registry = new Map<string, ElementType>();

export function defineElementType(name: string, options: ElementTypeOptions): ElementType {
  const rules = options.imageRules;
  const extensions = [...new Set(rules ? rules.extensions : [...(options.kinds ?? []).flatMap((kind) => FILE_KINDS[kind]), ...(options.extensions ?? [])])];
  const unknown = extensions.filter((extension) => !FILE_FORMATS[extension]);
  if (unknown.length) throw new Error(`Tipo de elemento ${name}: extensiones sin formato conocido (${unknown.join(', ')})`);
  if (extensions.length === 0) throw new Error(`Tipo de elemento ${name}: ninguna extensión permitida`);
  if (options.permissions.length === 0) throw new Error(`Tipo de elemento ${name}: ningún permiso declarado`);
  const elementType: ElementType = {
    name,
    permissions: options.permissions,
    extensions,
    maxBytes: rules?.maxBytes ?? options.maxBytes ?? DEFAULT_MAX_BYTES,
    tooBigMessage: rules?.tooBigMessage ?? options.tooBigMessage,
    publicRead: options.publicRead ?? false,
    imageRules: rules,
  };
  registry.set(name.toLowerCase(), elementType);
  return elementType;
}

/** The element type by name (case-insensitive), or undefined. */
export function elementTypeNamed(name: string): ElementType | undefined {
  return registry.get(name.toLowerCase());
}

export function elementTypes(): readonly ElementType[] {
  return [...registry.values()];
}

/** Whether a superadmin holding `held` may upload a file of `elementType`, or read one that is not public. */
export function mayHandleFiles(held: readonly string[], elementType: Pick<ElementType, 'permissions'>): boolean {
  return hasAnyPermission(held, elementType.permissions);
}

/**
 * The Spanish message for a file over `elementType`'s cap: the element's own wording, the default cap's
 * sentence at 10 MB, otherwise 'Sube archivos de menos de {n} Mb' (spec 02 'Uploads generally').
 */
export function tooBigMessage(elementType: Pick<ElementType, 'maxBytes' | 'tooBigMessage'>): { key: string; values: { n: number } } {
  const n = Math.round((elementType.maxBytes / MEGABYTE) * 100) / 100;
  if (elementType.tooBigMessage) return { key: elementType.tooBigMessage, values: { n } };
  return { key: elementType.maxBytes === DEFAULT_MAX_BYTES ? 'files.errors.too_big_default' : 'files.errors.too_big', values: { n } };
}

// ── The element types known so far ──────────────────────────────────────────────────────────────
// Permissions: the area whose records use the files (resources/areas.ts). The general kinds (document, image, audio:
// spec 02/03 'Uploads generally') belong to the content and settings areas; an area whose files are personal declares
// its own kind (siteRequest, siteComment) so that no other area reads them.
/** General documents of the content and settings areas. */
export const documentElement = defineElementType('document', { kinds: ['document'], permissions: [...CONTENTS, ...SETTINGS] });
/** Images the portals show (contents, gallery): public. */
export const imageElement = defineElementType('image', { kinds: ['image'], extensions: ['png'], publicRead: true, permissions: [...CONTENTS, ...SETTINGS] });
/** Global banners (spec 02 'Banner'): gif, jpg, jpeg, png or bmp, 2 MB, 1200×300 to 10000×10000; shown on the portals, public. */
export const bannerElement = defineElementType('banner', { imageRules: BANNER_IMAGE_RULES, publicRead: true, permissions: BANNERS });
/** A banner's mobile image: the banner's formats and weight, 600×300 minimum, no crop; public. */
export const bannerMobileElement = defineElementType('bannerMobile', { imageRules: BANNER_MOBILE_IMAGE_RULES, publicRead: true, permissions: BANNERS });
/** Global and content logos (spec 02 'Global logos', a settings page): jpg, jpeg or png, exactly 200×200, 5 MB with their own message; public. */
export const logoElement = defineElementType('logo', { imageRules: LOGO_IMAGE_RULES, publicRead: true, permissions: SETTINGS });
/** The footer's signature (spec 02 §5 'Footer'): an SVG, sanitised, ≤ 5 KB, exactly 16×16; shown on the portals, public. */
export const footerSignElement = defineElementType('footerSign', { imageRules: FOOTER_SIGN_RULES, publicRead: true, permissions: SETTINGS });
export const audioElement = defineElementType('audio', { kinds: ['audio'], permissions: [...CONTENTS, ...SETTINGS] });
/** Annotations on a site (comments with attachments, resources/siteComments.ts): 5242880 bytes. */
export const siteCommentElement = defineElementType('siteComment', { kinds: ['document', 'image'], extensions: ['png'], maxBytes: 5 * MEGABYTE, permissions: SITES });
/**
 * Files of a site request (legal documents of the requesting entity): uploaded by the public wizard
 * (POST /newsite/uploadfiles/, no session) and read by the portal area that reviews requests.
 */
export const siteRequestElement = defineElementType('siteRequest', { kinds: ['document', 'image'], extensions: ['png'], permissions: SITES });
/** Bulk updates from a spreadsheet (spec 03 'Uploads'; the site loads of the portal area): xls or xlsx, 5 MB. */
export const bulkExcelElement = defineElementType('bulkExcel', { kinds: ['excel'], maxBytes: 5 * MEGABYTE, permissions: SITES });
/** The new-entity (portal) load file: txt or csv (spec 01 'Uploads'). */
export const portalFileElement = defineElementType(PORTAL_FILE_ELEMENT, { kinds: ['text'], permissions: SITES });
/** The GOV.CO bar's logo (spec 03 §5 'Gov.co'): gif, jpg, jpeg, png or bmp up to 1 MB; portals show it. */
export const govcoLogoElement = defineElementType('govcoLogo', { kinds: ['image'], extensions: ['png', 'bmp'], maxBytes: 1 * MEGABYTE, publicRead: true, permissions: SETTINGS });
/** The public site-request page's banner and logos (`/settings/siterequest`): images the wizard shows without a session. */
export const siteRequestTextElement = defineElementType('siteRequestText', { kinds: ['image'], extensions: ['png'], publicRead: true, permissions: SETTINGS });
/**
 * Policy and terms versions (spec 03 'Policy versions', settings): its own extensions and a 30 MB cap (this element
 * type only); public, since the portals link the current versions (`GET /dataprocessinghistories/GetExternal`).
 */
export const policyFileElement = defineElementType(POLICY_FILE_ELEMENT, {
  extensions: POLICY_FILE_EXTENSIONS,
  maxBytes: POLICY_FILE_MAX_BYTES,
  publicRead: true,
  permissions: SETTINGS,
});
