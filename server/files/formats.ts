/**
 * The file formats an upload may be, by extension, and how each is recognised from its content (magic bytes
 * through file-type; plain text and SVG by parsing). The name's extension only says what the file claims to
 * be: the content must be that format, or the upload is refused (a PNG named .pdf, an .exe named .pdf, an
 * HTML page named .jpg).
 */
import fs from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';

/** Images are decoded and re-encoded (server/files/images.ts); SVG is sanitised first (server/files/svg.ts). */
export type ImageFormat = 'jpeg' | 'png' | 'gif' | 'svg' | 'bmp';

export interface FileFormat {
  mime: string;
  /**
   * What file-type answers for this content (any one), or `text` (plain text: no binary signature, decodes as
   * UTF-8 or Latin-1 without control characters) or `svg` (XML text, checked by the SVG sanitiser).
   */
  signature: readonly string[] | 'text' | 'svg';
  image?: ImageFormat;
}

const OOXML = 'application/vnd.openxmlformats-officedocument';

/** Every extension an element type may accept (spec 02 'Uploads', spec 03 'Uploads' and 'Policy versions'). */
export const FILE_FORMATS: Readonly<Record<string, FileFormat>> = {
  jpg: { mime: 'image/jpeg', signature: ['jpg'], image: 'jpeg' },
  jpeg: { mime: 'image/jpeg', signature: ['jpg'], image: 'jpeg' },
  png: { mime: 'image/png', signature: ['png'], image: 'png' },
  gif: { mime: 'image/gif', signature: ['gif'], image: 'gif' },
  svg: { mime: 'image/svg+xml', signature: 'svg', image: 'svg' },
  // Stored as PNG: server/files/bmp.ts decodes it (the image library reads no BMP).
  bmp: { mime: 'image/bmp', signature: ['bmp'], image: 'bmp' },
  pdf: { mime: 'application/pdf', signature: ['pdf'] },
  // Legacy Office files are all Compound File Binary containers: the content cannot tell them apart.
  doc: { mime: 'application/msword', signature: ['cfb'] },
  xls: { mime: 'application/vnd.ms-excel', signature: ['cfb'] },
  ppt: { mime: 'application/vnd.ms-powerpoint', signature: ['cfb'] },
  docx: { mime: `${OOXML}.wordprocessingml.document`, signature: ['docx'] },
  xlsx: { mime: `${OOXML}.spreadsheetml.sheet`, signature: ['xlsx'] },
  pptx: { mime: `${OOXML}.presentationml.presentation`, signature: ['pptx'] },
  odt: { mime: 'application/vnd.oasis.opendocument.text', signature: ['odt'] },
  ods: { mime: 'application/vnd.oasis.opendocument.spreadsheet', signature: ['ods'] },
  mp3: { mime: 'audio/mpeg', signature: ['mp3'] },
  zip: { mime: 'application/zip', signature: ['zip'] },
  rar: { mime: 'application/vnd.rar', signature: ['rar'] },
  txt: { mime: 'text/plain; charset=utf-8', signature: 'text' },
  csv: { mime: 'text/csv; charset=utf-8', signature: 'text' },
};

/** Control characters that never appear in a text file (tab, line feed, form feed and carriage return do). */
const isForbiddenControl = (code: number) => (code < 0x20 && ![0x09, 0x0a, 0x0c, 0x0d].includes(code)) || code === 0x7f;
/** Bytes Windows-1252 leaves undefined: a file holding them is binary, not a text exported by a spreadsheet. */
const UNDEFINED_IN_WINDOWS_1252 = new Set([0x81, 0x8d, 0x8f, 0x90, 0x9d]);

/** Plain text: valid UTF-8, or else Windows-1252/Latin-1 (CSV exported by Excel), without NUL or other control characters. */
export function looksLikeText(bytes: Uint8Array): boolean {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return bytes.every((byte) => !isForbiddenControl(byte) && !UNDEFINED_IN_WINDOWS_1252.has(byte));
  }
  for (const char of text) if (isForbiddenControl(char.codePointAt(0)!)) return false;
  return true;
}

/** Whether the file at `filePath` really is `format`, judged by its content alone. */
export async function contentMatches(filePath: string, format: FileFormat): Promise<boolean> {
  const sniffed = await fileTypeFromFile(filePath);
  if (Array.isArray(format.signature)) return sniffed !== undefined && format.signature.includes(sniffed.ext);
  // Text and SVG carry no magic bytes: anything with a binary signature is refused (XML is SVG's own).
  if (sniffed && !(format.signature === 'svg' && sniffed.ext === 'xml')) return false;
  if (format.signature === 'svg') return true;
  return looksLikeText(await fs.readFile(filePath));
}
