/**
 * Cleans the name a browser sent with an upload: it is shown to people and put in Content-Disposition,
 * never used as a path (objects are stored under generated keys).
 */

/** Longest name kept (the extension is preserved when a name is cut). */
export const MAX_NAME_LENGTH = 150;
const FALLBACK_NAME = 'archivo';

/**
 * The last path segment, NFC, without control or format characters (NUL, newlines, bidi overrides),
 * without characters reserved by file systems, whitespace collapsed, no leading dots (hidden files, `..`).
 */
export function sanitizeFileName(raw: string): string {
  const lastSegment = raw.split(/[\\/]/).pop() ?? '';
  let name = lastSegment
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, '')
    .replace(/[<>:"|?*]/g, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s]+/, '')
    .replace(/[.\s]+$/, '');
  if (name.length > MAX_NAME_LENGTH) {
    const extension = fileExtension(name);
    const keep = extension && extension.length < 12 ? `.${extension}` : '';
    name = [...name.slice(0, name.length - keep.length)].slice(0, MAX_NAME_LENGTH - keep.length).join('').trimEnd() + keep;
  }
  return name || FALLBACK_NAME;
}

/** The extension of a (sanitised) name, lower case, without the dot; '' when there is none. */
export function fileExtension(name: string): string {
  const match = /\.([^.]+)$/.exec(name);
  return match ? match[1]!.toLowerCase() : '';
}

/**
 * The Content-Disposition header for a (sanitised) name: an ASCII fallback `filename` for old clients and the
 * exact name in `filename*` (RFC 6266 / RFC 8187).
 */
export function contentDisposition(type: 'inline' | 'attachment', name: string): string {
  const fallback = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
