/**
 * The oracle of the XLSX exports' text (server/exports/xmlText.ts), written apart from it: the text minus what XML 1.0
 * forbids (control characters but tab, LF and CR; lone surrogates; U+FFFE, U+FFFF) and DEL, which exceljs removed.
 */
export function withoutForbiddenXml(text: string): string {
  return text
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '')
    .replace(/[\x00-\x08\x0B\x0C\x0E-\x1F\x7F\uFFFE\uFFFF]/g, '');
}
