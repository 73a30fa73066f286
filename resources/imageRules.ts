/**
 * Declared image rules of an upload's element type (spec 02 §5 'Banner', 'Global logos'): size, formats, and the
 * dimensions an image must have. One declaration read on both sides: the browser checks a chosen file before uploading
 * it (src/engine/FileFieldParts.tsx, from the field's `elementType`), the server checks the decoded file's real
 * dimensions again (server/files/upload.ts, the element type's `imageRules`). Pure data and rules.
 */

export interface ImageRules {
  /** Accepted extensions (the server checks the content matches one). */
  extensions: readonly string[];
  maxBytes: number;
  /** i18n key for a file over `maxBytes` (values `{ n }` in MB). */
  tooBigMessage?: string;
  minWidth?: number;
  minHeight?: number;
  maxWidth?: number;
  maxHeight?: number;
  /** Width and height exactly these (logos: 200×200). */
  exactWidth?: number;
  exactHeight?: number;
  /** Width ÷ height of the stored crop (POST /uploadfiles/{id}/crop): the cover cropper's frame. */
  cropAspectRatio?: number;
}

export interface ImageRuleFailure {
  /** i18n key. */
  key: string;
  values: Record<string, number>;
}

const MEGABYTE = 1024 * 1024;

/** Global banners (spec 02 §5 'Banner'): ≤ 2 MB, 1200×300 minimum, 10000×10000 maximum, cropped 4:1. */
export const BANNER_IMAGE_RULES: ImageRules = {
  extensions: ['gif', 'jpg', 'jpeg', 'png', 'bmp'],
  maxBytes: 2 * MEGABYTE,
  minWidth: 1200,
  minHeight: 300,
  maxWidth: 10_000,
  maxHeight: 10_000,
  cropAspectRatio: 4,
};

/**
 * The banner's mobile image (spec 02 §3 Banner `body.mobile`; rules not in the spec, docs/decisions/0030): the banner's
 * formats and weight, 600×300 minimum, no crop (shown whole on narrow screens).
 */
export const BANNER_MOBILE_IMAGE_RULES: ImageRules = {
  extensions: ['gif', 'jpg', 'jpeg', 'png', 'bmp'],
  maxBytes: 2 * MEGABYTE,
  minWidth: 600,
  minHeight: 300,
  maxWidth: 10_000,
  maxHeight: 10_000,
};

/** Global and content logos (spec 02 §5 'Global logos'): jpg, jpeg or png, exactly 200×200, ≤ 5 MB. */
export const LOGO_IMAGE_RULES: ImageRules = {
  extensions: ['jpg', 'jpeg', 'png'],
  maxBytes: 5 * MEGABYTE,
  tooBigMessage: 'files.errors.too_big_logo',
  exactWidth: 200,
  exactHeight: 200,
};

/** The footer's signature (spec 02 §5 'Footer'): an SVG of at most 5 KB drawn at exactly 16×16 (sanitised on upload). */
export const FOOTER_SIGN_RULES: ImageRules = {
  extensions: ['svg'],
  maxBytes: 5 * 1024,
  tooBigMessage: 'files.errors.too_big_footer_sign',
  exactWidth: 16,
  exactHeight: 16,
};

/** The image rules of each element type that declares them (server/files/elementTypes.ts reads the same entries). */
export const IMAGE_RULES: Readonly<Record<string, ImageRules>> = {
  banner: BANNER_IMAGE_RULES,
  bannermobile: BANNER_MOBILE_IMAGE_RULES,
  logo: LOGO_IMAGE_RULES,
  footersign: FOOTER_SIGN_RULES,
};

export function imageRulesOf(elementType: string | undefined): ImageRules | undefined {
  return elementType ? IMAGE_RULES[elementType.toLowerCase()] : undefined;
}

/** The first rule a file's size breaks, or null (checked before its content). */
export function imageSizeFailure(rules: ImageRules, bytes: number): ImageRuleFailure | null {
  if (bytes <= rules.maxBytes) return null;
  return { key: rules.tooBigMessage ?? 'files.errors.too_big', values: { n: Math.round((rules.maxBytes / MEGABYTE) * 100) / 100 } };
}

/**
 * The first dimension rule an image of `width`×`height` breaks, or null. Spec 02 §5's messages: 'Debes subir una imagen
 * mas ancha' / 'mas alta' with 'Te recomendamos subir una imagen de mínimo Wpx x Hpx'.
 */
export function imageDimensionFailure(rules: ImageRules, width: number, height: number): ImageRuleFailure | null {
  if (rules.exactWidth !== undefined && rules.exactHeight !== undefined && (width !== rules.exactWidth || height !== rules.exactHeight)) {
    return { key: 'files.errors.image_exact', values: { w: rules.exactWidth, h: rules.exactHeight } };
  }
  const min = { w: rules.minWidth ?? 0, h: rules.minHeight ?? 0 };
  if (width < min.w) return { key: 'files.errors.image_wider', values: min };
  if (height < min.h) return { key: 'files.errors.image_taller', values: min };
  if ((rules.maxWidth !== undefined && width > rules.maxWidth) || (rules.maxHeight !== undefined && height > rules.maxHeight)) {
    return { key: 'files.errors.image_too_large', values: { w: rules.maxWidth ?? width, h: rules.maxHeight ?? height } };
  }
  return null;
}

/**
 * The crop of an image at a cover position: the largest `ratio` (width ÷ height) window inside `width`×`height`, placed
 * at `positionX`/`positionY` percent of the free room (0 = left/top, 100 = right/bottom), as CSS `object-position` does.
 */
export function coverCrop(width: number, height: number, ratio: number, positionX: number, positionY: number): { left: number; top: number; width: number; height: number } {
  const cropWidth = Math.min(width, Math.round(height * ratio));
  const cropHeight = Math.min(height, Math.round(cropWidth / ratio));
  const clamp = (value: number) => Math.min(100, Math.max(0, value));
  return {
    left: Math.round(((width - cropWidth) * clamp(positionX)) / 100),
    top: Math.round(((height - cropHeight) * clamp(positionY)) / 100),
    width: cropWidth,
    height: cropHeight,
  };
}
