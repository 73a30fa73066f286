/**
 * Text inside an XML element of an XLSX part (server/exports/xlsxSheet.ts), written by hand for speed: `& < > "`
 * escaped, CR written as `&#13;` (a parser turns a raw CR into LF), and removed what XML 1.0 cannot hold (control
 * characters other than tab, LF and CR; lone surrogates; U+FFFE and U+FFFF) plus DEL, which exceljs removed too
 * (the values it read back before stay the same).
 */
// Any character that is escaped or removed: most texts have none and are returned as they are.
const SPECIAL = /[&<>"\r\x00-\x08\x0B\x0C\x0E-\x1F\x7F\uD800-\uDFFF\uFFFE\uFFFF]/;

/** Whether the UTF-16 code unit `code` is removed (alone: surrogates are judged in pairs by `xmlText`). */
function isForbiddenXmlChar(code: number): boolean {
  return (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f || code === 0xfffe || code === 0xffff;
}

/** `text` escaped for an element's content (and a double-quoted attribute), without the characters XML forbids. */
export function xmlText(text: string): string {
  if (!SPECIAL.test(text)) return text;
  let out = '';
  let start = 0;
  const length = text.length;
  for (let index = 0; index < length; index += 1) {
    const code = text.charCodeAt(index);
    let replacement: string;
    if (code === 0x26) replacement = '&amp;';
    else if (code === 0x3c) replacement = '&lt;';
    else if (code === 0x3e) replacement = '&gt;';
    else if (code === 0x22) replacement = '&quot;';
    else if (code === 0x0d) replacement = '&#13;';
    else if (code >= 0xd800 && code <= 0xdbff) {
      const next = index + 1 < length ? text.charCodeAt(index + 1) : 0;
      // A well-formed pair is kept as it is.
      if (next >= 0xdc00 && next <= 0xdfff) {
        index += 1;
        continue;
      }
      replacement = '';
    } else if ((code >= 0xdc00 && code <= 0xdfff) || isForbiddenXmlChar(code)) replacement = '';
    else continue;
    out += text.slice(start, index) + replacement;
    start = index + 1;
  }
  return start === 0 ? text : out + text.slice(start);
}
