/**
 * Element types: what an upload is for (`POST /uploadfiles/elementType=banner`), and so which extensions,
 * which size cap and who may read it. Areas declare theirs with `defineElementType` at module load.
 */
import { FILE_FORMATS } from './formats';
import { PORTAL_FILE_ELEMENT } from '../../resources/loads';

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
  /** Extension groups accepted; `extensions` adds to them (e.g. png, svg). */
  kinds?: readonly FileKind[];
  extensions?: readonly string[];
  /** Size cap in bytes (default 10 MB). */
  maxBytes?: number;
  /** Message key for a file over the cap, when the spec words it for this element (else the general rule). */
  tooBigMessage?: string;
  /**
   * Files served without signing in (images shown on the public portals); otherwise reading one needs a
   * signed-in superadmin. Ids are random UUIDs either way.
   */
  publicRead?: boolean;
}

export interface ElementType {
  name: string;
  extensions: readonly string[];
  maxBytes: number;
  tooBigMessage: string | undefined;
  publicRead: boolean;
}

const registry = new Map<string, ElementType>();

export function defineElementType(name: string, options: ElementTypeOptions): ElementType {
  const extensions = [...new Set([...(options.kinds ?? []).flatMap((kind) => FILE_KINDS[kind]), ...(options.extensions ?? [])])];
  const unknown = extensions.filter((extension) => !FILE_FORMATS[extension]);
  if (unknown.length) throw new Error(`Tipo de elemento ${name}: extensiones sin formato conocido (${unknown.join(', ')})`);
  if (extensions.length === 0) throw new Error(`Tipo de elemento ${name}: ninguna extensión permitida`);
  const elementType: ElementType = {
    name,
    extensions,
    maxBytes: options.maxBytes ?? DEFAULT_MAX_BYTES,
    tooBigMessage: options.tooBigMessage,
    publicRead: options.publicRead ?? false,
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
// BMP (banner and logo formats in spec 02) is not accepted: the image library cannot decode it to clean it.
export const documentElement = defineElementType('document', { kinds: ['document'] });
export const imageElement = defineElementType('image', { kinds: ['image'], extensions: ['png'], publicRead: true });
export const bannerElement = defineElementType('banner', { kinds: ['image'], extensions: ['png', 'svg'], publicRead: true });
/** Global logos (spec 02 'Global logos'): jpg, jpeg or png, 5 MB with their own message. */
export const logoElement = defineElementType('logo', {
  extensions: ['jpg', 'jpeg', 'png'],
  maxBytes: 5 * MEGABYTE,
  tooBigMessage: 'files.errors.too_big_logo',
  publicRead: true,
});
export const audioElement = defineElementType('audio', { kinds: ['audio'] });
/** Annotations on a site (comments with attachments): 5242880 bytes. */
export const siteCommentElement = defineElementType('siteComment', { kinds: ['document', 'image'], extensions: ['png'], maxBytes: 5 * MEGABYTE });
/** Files of a site request (legal documents of the requesting entity). */
export const siteRequestElement = defineElementType('siteRequest', { kinds: ['document', 'image'], extensions: ['png'] });
/** Bulk updates from a spreadsheet (spec 03 'Uploads'): xls or xlsx, 5 MB. */
export const bulkExcelElement = defineElementType('bulkExcel', { kinds: ['excel'], maxBytes: 5 * MEGABYTE });
/** The new-entity (portal) load file: txt or csv (spec 01 'Uploads'). */
export const portalFileElement = defineElementType(PORTAL_FILE_ELEMENT, { kinds: ['text'] });
/** Policy and terms versions (spec 03 'Policy versions'): 30 MB. */
export const policyFileElement = defineElementType('policyFile', {
  extensions: ['doc', 'txt', 'xls', 'xlsx', 'docx', 'pdf', 'zip', 'rar'],
  maxBytes: 30 * MEGABYTE,
});
